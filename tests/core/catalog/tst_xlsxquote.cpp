// XLSX price quotes: the sheet reader (shared and inline strings, numbers, date cells, a named
// sheet) and the quote rules on top of it (the CSV's header matching, all or nothing, errors
// naming file:sheet!cell). The workbooks are written here with libxlsxwriter from the test
// quotes under tests/data/prices (test data, not real prices), or by hand with minizip when
// they must be broken.
#ifndef Q_MOC_RUN
#include "catalog/catalog.h"
#include "catalog/pricequote.h"
#include "io/xlsxreader.h"
#endif

#include "fixtures.h"
#include "quotexlsx.h"
#include "testmain.h"

#include <QtTest>

#include <minizip/zip.h>
#include <xlsxwriter.h>

#include <fstream>

namespace {

using namespace cplan;

std::string tempPath(const QTemporaryDir &dir, const char *name)
{
    return QDir(dir.path()).filePath(QLatin1String(name)).toStdString();
}

std::string quoteCsv(const char *name)
{
    return test::testDataPath(std::string("prices/") + name);
}

// A zip holding the given parts (name, content), for workbooks that are broken on purpose.
void writeZip(const std::string &path, const std::vector<std::pair<std::string, std::string>> &parts)
{
    zipFile zip = zipOpen64(path.c_str(), APPEND_STATUS_CREATE);
    QVERIFY(zip);
    for (const auto &[name, content] : parts) {
        QCOMPARE(zipOpenNewFileInZip64(zip, name.c_str(), nullptr, nullptr, 0, nullptr, 0, nullptr, Z_DEFLATED, Z_DEFAULT_COMPRESSION, 0),
                 ZIP_OK);
        QCOMPARE(zipWriteInFileInZip(zip, content.data(), unsigned(content.size())), ZIP_OK);
        QCOMPARE(zipCloseFileInZip(zip), ZIP_OK);
    }
    QCOMPARE(zipClose(zip, nullptr), ZIP_OK);
}

const char *const kWorkbookXml = "<?xml version=\"1.0\"?>\n"
    "<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"\n"
    " xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">\n"
    "<workbookPr date1904=\"1\"/><sheets><sheet name=\"Q\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>";
const char *const kRelsXml = "<?xml version=\"1.0\"?>\n"
    "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\n"
    "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"/xl/worksheets/q.xml\"/>\n"
    "</Relationships>";

} // namespace

class TestXlsxQuote : public QObject
{
    Q_OBJECT

private slots:
    void cellNames()
    {
        QCOMPARE(xlsxCellName(5, 2), std::string("C5"));
        QCOMPARE(xlsxCellName(1, 25), std::string("Z1"));
        QCOMPARE(xlsxCellName(7, 26), std::string("AA7"));
        QCOMPARE(xlsxCellName(1, 16383), std::string("XFD1"));
    }

    // Shared strings, numbers, date cells in two formats, a formula's cached value, a gap column.
    void sheetValues()
    {
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "values.xlsx");
        lxw_workbook *wb = workbook_new(path.c_str());
        lxw_worksheet *ws = workbook_add_worksheet(wb, "Prices");
        lxw_format *iso = workbook_add_format(wb), *dmy = workbook_add_format(wb), *money = workbook_add_format(wb);
        format_set_num_format(iso, "yyyy-mm-dd");
        format_set_num_format(dmy, "d mmm yyyy");
        format_set_num_format(money, "#,##0.00 [$USD]");
        worksheet_write_string(ws, 0, 0, "OPN", nullptr);
        worksheet_write_string(ws, 0, 2, "Unit Price", nullptr);
        worksheet_write_string(ws, 0, 3, "Quote Date", nullptr);
        worksheet_write_string(ws, 1, 0, "MMA4Z00-NS", nullptr);
        worksheet_write_number(ws, 1, 2, 1100.5, money);
        lxw_datetime leap{2028, 2, 29, 0, 0, 0}, early{1900, 1, 15, 0, 0, 0};
        worksheet_write_datetime(ws, 1, 3, &leap, iso);
        worksheet_write_string(ws, 2, 0, "rack-42u", nullptr);
        worksheet_write_formula_num(ws, 2, 2, "=900*2", nullptr, 1800);
        worksheet_write_datetime(ws, 2, 3, &early, dmy);
        worksheet_write_boolean(ws, 3, 1, 1, nullptr);
        QCOMPARE(workbook_close(wb), LXW_NO_ERROR);

        auto sheet = readXlsxSheet(path);
        QVERIFY2(sheet, sheet ? "" : sheet.error().toString().c_str());
        QCOMPARE(sheet->name, std::string("Prices"));
        QCOMPARE(sheet->rows.size(), std::size_t(4));
        QCOMPARE(sheet->rows[0].cells, (std::vector<std::string>{"OPN", "", "Unit Price", "Quote Date"}));
        QCOMPARE(sheet->rows[1].row, 2);
        QCOMPARE(sheet->rows[1].cells, (std::vector<std::string>{"MMA4Z00-NS", "", "1100.5", "2028-02-29"}));
        QCOMPARE(sheet->rows[2].cells, (std::vector<std::string>{"rack-42u", "", "1800", "1900-01-15"}));
        QCOMPARE(sheet->rows[3].cells, (std::vector<std::string>{"", "TRUE"}));
    }

    // The 4-SU test quote as a workbook: the same prices as from the CSV, whether the strings
    // are shared or inline and whether the quote is the first sheet or a named one.
    void quoteAsCsv_data()
    {
        QTest::addColumn<bool>("inlineStrings");
        QTest::addColumn<bool>("notesFirst");
        QTest::addColumn<QString>("dateFormat");
        QTest::newRow("shared strings") << false << false << QStringLiteral("yyyy-mm-dd");
        QTest::newRow("inline strings") << true << false << QStringLiteral("dd/mm/yyyy");
        QTest::newRow("named sheet") << false << true << QStringLiteral("d mmm yyyy");
    }

    void quoteAsCsv()
    {
        QFETCH(bool, inlineStrings);
        QFETCH(bool, notesFirst);
        QFETCH(QString, dateFormat);
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "quote.xlsx");
        test::QuoteXlsxOptions options;
        options.sheet = "Price list";
        options.inlineStrings = inlineStrings;
        options.notesSheetFirst = notesFirst;
        options.dateFormat = dateFormat.toStdString();
        const std::string written = test::writeQuoteXlsx(quoteCsv("dgx-h100-4su-quote.csv"), path, options);
        QVERIFY2(written.empty(), written.c_str());

        const Catalog &catalog = test::builtinCatalog();
        auto csv = readPriceQuoteFile(quoteCsv("dgx-h100-4su-quote.csv"), catalog);
        QVERIFY(csv);
        QuoteDefaults defaults;
        defaults.sheet = notesFirst ? "Price list" : "";
        auto xlsx = readPriceQuoteFile(path, catalog, defaults);
        QVERIFY2(xlsx, xlsx ? "" : xlsx.error().toString().c_str());
        QCOMPARE(xlsx->size(), csv->size());
        for (std::size_t i = 0; i < csv->size(); ++i) {
            const PriceOverride &a = (*csv)[i], &b = (*xlsx)[i];
            QCOMPARE(b.partId, a.partId);
            QCOMPARE(b.unitPrice, a.unitPrice);
            QCOMPARE(b.currency, a.currency);
            QCOMPARE(b.source, a.source);
            QCOMPARE(b.date, a.date);
            QCOMPARE(b.validUntil, a.validUntil);
            QCOMPARE(b.sourceFile, path);
            QCOMPARE(b.sourceLine, int(i) + 2);   // the sheet's row (the CSV's two-line description is one row)
        }
        if (notesFirst) {
            // The first sheet is the notes: no part column there.
            auto first = readPriceQuoteFile(path, catalog);
            QVERIFY(!first);
            QVERIFY2(first.error().toString().find(path + ":Notes row 1: the header has no part column") == 0,
                     first.error().toString().c_str());
        }
    }

    // One unknown part refuses the whole workbook, naming the sheet and the cell.
    void errorsNameTheCell_data()
    {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown part") << QStringLiteral("dgx-h100-4su-quote-unknown-part.csv") << QStringLiteral(":'Price list'!A8: ")
                                      << QStringLiteral("column 'Part Number': unknown part 'MPO-OM4-20M-XX'");
    }

    void errorsNameTheCell()
    {
        QFETCH(QString, csv);
        QFETCH(QString, where);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "bad.xlsx");
        test::QuoteXlsxOptions options;
        options.sheet = "Price list";
        const std::string written = test::writeQuoteXlsx(quoteCsv(csv.toUtf8().constData()), path, options);
        QVERIFY2(written.empty(), written.c_str());
        auto r = readPriceQuoteFile(path, test::builtinCatalog());
        QVERIFY(!r);
        const std::string text = r.error().toString();
        QVERIFY2(text.find(path + where.toStdString() + message.toStdString()) == 0, text.c_str());
    }

    // A price that is text in a number column, and a date cell with a bad text, name their cells.
    void badCells()
    {
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "cells.xlsx");
        lxw_workbook *wb = workbook_new(path.c_str());
        lxw_worksheet *ws = workbook_add_worksheet(wb, "Sheet1");
        worksheet_write_string(ws, 0, 1, "SKU", nullptr);
        worksheet_write_string(ws, 0, 2, "Price", nullptr);
        worksheet_write_string(ws, 0, 3, "Date", nullptr);
        worksheet_write_string(ws, 1, 1, "qm9700", nullptr);
        worksheet_write_number(ws, 1, 2, 20000, nullptr);
        worksheet_write_string(ws, 2, 1, "qm8700", nullptr);
        worksheet_write_string(ws, 2, 2, "TBD", nullptr);
        QCOMPARE(workbook_close(wb), LXW_NO_ERROR);
        auto r = readPriceQuoteFile(path, test::builtinCatalog());
        QVERIFY(!r);
        QCOMPARE(r.error().toString(), path + ":Sheet1!C3: column 'Price': 'TBD' is not a price (a number >= 0)");
    }

    // Broken files: each is an error naming the file (and the part), never a crash.
    void malformed()
    {
        QTemporaryDir dir;
        const Catalog &catalog = test::builtinCatalog();
        auto expectError = [&](const std::string &path, const std::string &text, const QuoteDefaults &defaults = {}) {
            auto r = readPriceQuoteFile(path, catalog, defaults);
            QVERIFY2(!r, path.c_str());
            const std::string got = r.error().toString();
            QVERIFY2(got.find(text) != std::string::npos, got.c_str());
            QVERIFY2(got.find(path) == 0, got.c_str());
        };
        const std::string notZip = tempPath(dir, "text.xlsx");
        std::ofstream(notZip) << "part,price\nqm9700,1\n";
        expectError(notZip, "not a zip archive");
        expectError(tempPath(dir, "missing.xlsx"), "no such file");

        const std::string noWorkbook = tempPath(dir, "noworkbook.xlsx");
        writeZip(noWorkbook, {{"hello.txt", "hi"}});
        expectError(noWorkbook, "no xl/workbook.xml inside");

        const std::string badXml = tempPath(dir, "badxml.xlsx");
        writeZip(badXml, {{"xl/workbook.xml", "<workbook><sheets><sheet name='a'"}});
        expectError(badXml, "part 'xl/workbook.xml' is not well-formed XML (line 1");

        const std::string noSheetPart = tempPath(dir, "nosheet.xlsx");
        writeZip(noSheetPart, {{"xl/workbook.xml", kWorkbookXml}, {"xl/_rels/workbook.xml.rels", kRelsXml}});
        expectError(noSheetPart, "part 'xl/worksheets/q.xml' missing");

        const std::string badString = tempPath(dir, "badstring.xlsx");
        writeZip(badString, {{"xl/workbook.xml", kWorkbookXml},
                             {"xl/_rels/workbook.xml.rels", kRelsXml},
                             {"xl/worksheets/q.xml", "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">\n"
    "<sheetData><row r=\"1\"><c r=\"A1\" t=\"s\"><v>7</v></c></row></sheetData></worksheet>"}});
        expectError(badString, "cell A1 naming shared string '7', which does not exist");

        const std::string badRef = tempPath(dir, "badref.xlsx");
        writeZip(badRef, {{"xl/workbook.xml", kWorkbookXml},
                          {"xl/_rels/workbook.xml.rels", kRelsXml},
                          {"xl/worksheets/q.xml", "<worksheet><sheetData><row><c r=\"ZZZZ1\"><v>1</v></c></row></sheetData></worksheet>"}});
        expectError(badRef, "a cell with a bad reference 'ZZZZ1'");

        // A good workbook cut in half: the zip directory is gone.
        const std::string good = tempPath(dir, "good.xlsx");
        QVERIFY(test::writeQuoteXlsx(quoteCsv("dgx-h100-4su-quote.csv"), good).empty());
        QFile f(QString::fromStdString(good));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const std::string cut = tempPath(dir, "cut.xlsx");
        QFile out(QString::fromStdString(cut));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.left(bytes.size() / 2));
        out.close();
        expectError(cut, "not a zip archive");

        QuoteDefaults named;
        named.sheet = "Nope";
        expectError(good, "no sheet named 'Nope' (the workbook has: Sheet1)", named);
        expectError(quoteCsv("dgx-h100-4su-quote.csv"), "not an XLSX workbook", named);
    }

    // A 1904-system workbook (old Mac Excel): serial 0 is 1904-01-01.
    void date1904()
    {
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "mac.xlsx");
        writeZip(path, {{"xl/workbook.xml", kWorkbookXml},
                        {"xl/_rels/workbook.xml.rels", kRelsXml},
                        {"xl/styles.xml", "<styleSheet><numFmts count=\"1\"><numFmt numFmtId=\"164\" formatCode=\"yyyy\\-mm\\-dd\"/></numFmts>\n"
    "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\"/></cellStyleXfs><cellXfs count=\"2\"><xf numFmtId=\"0\"/><xf numFmtId=\"164\"/></cellXfs></styleSheet>"},
                        {"xl/worksheets/q.xml", "<worksheet><sheetData><row r=\"3\"><c r=\"B3\" s=\"1\"><v>45262.75</v></c><c s=\"0\"><v>45262</v></c>\n"
    "<c t=\"inlineStr\"><is><r><t>rich </t></r><r><t>text</t></r><rPh><t>ignored</t></rPh></is></c></row></sheetData></worksheet>"}});
        auto sheet = readXlsxSheet(path);
        QVERIFY2(sheet, sheet ? "" : sheet.error().toString().c_str());
        QCOMPARE(sheet->name, std::string("Q"));
        QCOMPARE(sheet->rows.size(), std::size_t(1));
        QCOMPARE(sheet->rows[0].row, 3);
        QCOMPARE(sheet->rows[0].cells, (std::vector<std::string>{"", "2027-12-03", "45262", "rich text"}));
    }
};

CPLAN_TEST_APPLESS_MAIN(TestXlsxQuote)
#include "tst_xlsxquote.moc"
