// `cplan catalog import-prices`, `set-rate` and the BOM they complete, as a user runs them, each
// test with its own temporary store. The quotes under tests/data/prices are test data.
#include "quotexlsx.h"
#include "export/csv.h"
#include "testmain.h"

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <map>
#include <string>
#include <vector>

class TestCliPrices : public QObject
{
    Q_OBJECT

private:
    struct Run
    {
        int code = -1;
        QByteArray out, err;
    };

    static Run cplan(const QTemporaryDir &store, const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CPLAN_STORE"), store.filePath(QStringLiteral("store.sqlite")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(CPLAN_EXECUTABLE), args);
        if (!p.waitForFinished(120000))
            qFatal("cplan did not finish");
        return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
    }

    static QString quote(const char *name) { return QStringLiteral(CPLAN_TEST_DATA "/prices/") + QLatin1String(name); }
    static QString superPod() { return QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-4su.cluster.yaml"); }

    static QJsonObject bomJson(const QTemporaryDir &store)
    {
        const Run r = cplan(store, {QStringLiteral("bom"), superPod(), QStringLiteral("--json")});
        if (r.code != 0)
            qWarning("%s", r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    }

private slots:
    // The quote prices every unknown line; the rack is quoted in EUR, so the BOM (in USD) is
    // complete once an EUR rate is set, and says which rate it used.
    void quoteCompletesBom()
    {
        QTemporaryDir store;
        QVERIFY(store.isValid());
        const QJsonObject before = bomJson(store);
        QCOMPARE(before[QStringLiteral("totals")].toObject()[QStringLiteral("capex_complete")].toBool(), false);
        QVERIFY(before[QStringLiteral("unknown")].toObject()[QStringLiteral("price")].toArray().size() >= 10);

        const Run imported = cplan(store, {QStringLiteral("catalog"), QStringLiteral("import-prices"), quote("dgx-h100-4su-quote.csv")});
        QVERIFY2(imported.code == 0, imported.err.constData());
        QVERIFY2(imported.out.contains("imported 10 price(s)"), imported.out.constData());

        // No EUR rate yet: the rack's price cannot be counted in USD.
        QJsonObject bom = bomJson(store);
        QCOMPARE(bom[QStringLiteral("totals")].toObject()[QStringLiteral("capex_complete")].toBool(), false);
        QCOMPARE(bom[QStringLiteral("unknown")].toObject()[QStringLiteral("price")].toArray(), QJsonArray{QStringLiteral("rack-42u")});
        QCOMPARE(bom[QStringLiteral("unknown")].toObject()[QStringLiteral("exchange_rate")].toArray(), QJsonArray{QStringLiteral("EUR")});

        const Run rate = cplan(store, {QStringLiteral("catalog"), QStringLiteral("set-rate"), QStringLiteral("EUR"), QStringLiteral("1.08"),
                                       QStringLiteral("--date"), QStringLiteral("2026-11-30"), QStringLiteral("--source"),
                                       QStringLiteral("test rate")});
        QVERIFY2(rate.code == 0, rate.err.constData());

        bom = bomJson(store);
        const QJsonObject totals = bom[QStringLiteral("totals")].toObject();
        QCOMPARE(totals[QStringLiteral("capex_complete")].toBool(), true);
        QVERIFY(bom[QStringLiteral("unknown")].toObject()[QStringLiteral("price")].toArray().isEmpty());
        // The test-data prices, in USD (the rack: 1,800 EUR at 1.08). Each line is quantity x price.
        const QMap<QString, double> quoted = {
            {QStringLiteral("mma4z00-ns"), 1100.0},           {QStringLiteral("mma4z00-ns400"), 790.0},
            {QStringLiteral("ndr-dac-split-osfp-2p5m"), 270.0}, {QStringLiteral("ndr-dac-split-osfp-3m"), 260.0},
            {QStringLiteral("ndr-fiber-mm-3m"), 70.0},         {QStringLiteral("ndr-fiber-mm-5m"), 75.0},
            {QStringLiteral("ndr-fiber-mm-10m"), 85.0},        {QStringLiteral("ndr-fiber-mm-15m"), 95.0},
            {QStringLiteral("rack-42u"), 1800.0 * 1.08},      {QStringLiteral("ufm-appliance"), 30000.0}};
        double added = 0;
        int pricedLines = 0;
        for (const QJsonValue &line : bom[QStringLiteral("lines")].toArray()) {
            const QString part = line[QStringLiteral("part")].toString();
            if (!quoted.contains(part))
                continue;
            ++pricedLines;
            const double qty = line[QStringLiteral("quantity")].toDouble();
            QVERIFY2(qAbs(line[QStringLiteral("unit_price")].toDouble() - quoted[part]) < 1e-9, qPrintable(part));
            QVERIFY2(qAbs(line[QStringLiteral("total")].toDouble() - qty * quoted[part]) < 1e-6, qPrintable(part));
            added += qty * quoted[part];
        }
        QCOMPARE(pricedLines, int(quoted.size()));
        const double capexBefore = before[QStringLiteral("totals")].toObject()[QStringLiteral("capex")].toDouble();
        QVERIFY2(qAbs(totals[QStringLiteral("capex")].toDouble() - (capexBefore + added)) < 0.01,
                 qPrintable(QString::number(totals[QStringLiteral("capex")].toDouble(), 'f', 2)));
        const QJsonArray conversions = bom[QStringLiteral("conversions")].toArray();
        QCOMPARE(conversions.size(), 1);
        const QJsonObject eur = conversions[0].toObject();
        QCOMPARE(eur[QStringLiteral("from")].toString(), QStringLiteral("EUR"));
        QCOMPARE(eur[QStringLiteral("to")].toString(), QStringLiteral("USD"));
        QCOMPARE(eur[QStringLiteral("rates")].toString(), QStringLiteral("1 EUR = 1.08 USD (2026-11-30, test rate)"));
        for (const QJsonValue &line : bom[QStringLiteral("lines")].toArray())
            if (line[QStringLiteral("part")].toString() == QStringLiteral("rack-42u")) {
                QCOMPARE(line[QStringLiteral("quoted_unit_price")].toDouble(), 1800.0);
                QCOMPARE(line[QStringLiteral("quoted_currency")].toString(), QStringLiteral("EUR"));
                QVERIFY(qAbs(line[QStringLiteral("unit_price")].toDouble() - 1944.0) < 1e-9);
            }
        // power_complete stays false, and only for want of the switches' and the UFM appliance's
        // power: no public source for them was found (README, Limits); every other line has one.
        QCOMPARE(totals[QStringLiteral("power_complete")].toBool(), false);
        QCOMPARE(bom[QStringLiteral("unknown")].toObject()[QStringLiteral("power")].toArray(),
                 (QJsonArray{QStringLiteral("qm9700"), QStringLiteral("ufm-appliance")}));

        // `catalog show` lists the price with its source, date and line.
        const Run show = cplan(store, {QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("mma4z00-ns"), QStringLiteral("--json")});
        QCOMPARE(show.code, 0);
        const QJsonArray history = QJsonDocument::fromJson(show.out).object()[QStringLiteral("price_history")].toArray();
        QCOMPARE(history.size(), 1);
        QCOMPARE(history[0][QStringLiteral("unit_price")].toDouble(), 1100.0);
        QCOMPARE(history[0][QStringLiteral("source")].toString(), QStringLiteral("TEST DATA - not a real quote"));
        QCOMPARE(history[0][QStringLiteral("date")].toString(), QStringLiteral("2026-11-20"));
        QCOMPARE(history[0][QStringLiteral("valid_until")].toString(), QStringLiteral("2026-12-31"));
        QCOMPARE(history[0][QStringLiteral("line")].toInt(), 2);

        // A later price wins; the earlier stays in the history.
        const Run set = cplan(store, {QStringLiteral("catalog"), QStringLiteral("set-price"), QStringLiteral("mma4z00-ns"),
                                      QStringLiteral("1000"), QStringLiteral("--source"), QStringLiteral("test: later quote")});
        QCOMPARE(set.code, 0);
        const Run again = cplan(store, {QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("mma4z00-ns")});
        QCOMPARE(again.code, 0);
        QVERIFY2(again.out.contains("test: later quote") && again.out.contains("TEST DATA - not a real quote"), again.out.constData());
        QVERIFY2(again.out.indexOf("test: later quote") < again.out.indexOf("TEST DATA"), again.out.constData());
    }

    // One unknown part refuses the whole quote: exit 2, file:line:column named, the store and
    // the BOM as they were.
    void unknownPartRefusesQuote()
    {
        QTemporaryDir store;
        QVERIFY(store.isValid());
        const QJsonObject before = bomJson(store);
        const QString file = quote("dgx-h100-4su-quote-unknown-part.csv");
        const Run r = cplan(store, {QStringLiteral("catalog"), QStringLiteral("import-prices"), file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains((file + QStringLiteral(":9:1:")).toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("unknown part 'MPO-OM4-20M-XX'"), r.err.constData());
        QVERIFY2(r.err.contains("column 'Part Number'"), r.err.constData());
        QCOMPARE(bomJson(store), before);
        const Run show = cplan(store, {QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("mma4z00-ns"), QStringLiteral("--json")});
        QVERIFY(QJsonDocument::fromJson(show.out).object()[QStringLiteral("price_history")].toArray().isEmpty());
    }

    // The same quote as an XLSX workbook (written here from the CSV: numbers and dates as
    // number and date cells) completes the BOM's prices the same way; with one unknown part it
    // is refused whole, naming the sheet and the cell.
    void xlsxQuote()
    {
        QTemporaryDir store;
        QVERIFY(store.isValid());
        const QJsonObject before = bomJson(store);
        const QString bad = store.filePath(QStringLiteral("unknown-part.xlsx"));
        QCOMPARE(QString::fromStdString(cplan::test::writeQuoteXlsx(quote("dgx-h100-4su-quote-unknown-part.csv").toStdString(),
                                                                    bad.toStdString())),
                 QString());
        const Run refused = cplan(store, {QStringLiteral("catalog"), QStringLiteral("import-prices"), bad});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains((bad + QStringLiteral(":Sheet1!A8: column 'Part Number': unknown part 'MPO-OM4-20M-XX'")).toUtf8()),
                 refused.err.constData());
        QCOMPARE(bomJson(store), before);

        const QString good = store.filePath(QStringLiteral("quote.xlsx"));
        cplan::test::QuoteXlsxOptions options;
        options.sheet = "Quote 2026-11";
        options.notesSheetFirst = true;
        QCOMPARE(QString::fromStdString(cplan::test::writeQuoteXlsx(quote("dgx-h100-4su-quote.csv").toStdString(), good.toStdString(), options)),
                 QString());
        const Run imported = cplan(store, {QStringLiteral("catalog"), QStringLiteral("import-prices"), good, QStringLiteral("--sheet"),
                                           QStringLiteral("Quote 2026-11")});
        QVERIFY2(imported.code == 0, imported.err.constData());
        QVERIFY2(imported.out.contains("imported 10 price(s)"), imported.out.constData());
        QCOMPARE(cplan(store, {QStringLiteral("catalog"), QStringLiteral("set-rate"), QStringLiteral("EUR"), QStringLiteral("1.08")}).code, 0);
        const QJsonObject bom = bomJson(store);
        QCOMPARE(bom[QStringLiteral("totals")].toObject()[QStringLiteral("capex_complete")].toBool(), true);
        QVERIFY(bom[QStringLiteral("unknown")].toObject()[QStringLiteral("price")].toArray().isEmpty());
        // The quote with spares and discount, as the workbook and the report compute it.
        const Run quoted = cplan(store, {QStringLiteral("bom"), superPod(), QStringLiteral("--json"), QStringLiteral("--spares"),
                                         QStringLiteral("5"), QStringLiteral("--discount"), QStringLiteral("10")});
        QCOMPARE(quoted.code, 0);
        const QJsonObject withTerms = QJsonDocument::fromJson(quoted.out).object();
        double hardware = 0, spared = 0;
        for (const QJsonValue &line : withTerms[QStringLiteral("lines")].toArray()) {
            const double total = line[QStringLiteral("total")].toDouble();
            hardware += total;
            const QString category = line[QStringLiteral("category")].toString();
            if (category == QStringLiteral("cable") || category == QStringLiteral("transceiver"))
                spared += total;
        }
        const QJsonObject q = withTerms[QStringLiteral("quote")].toObject();
        QCOMPARE(q[QStringLiteral("spares_percent")].toDouble(), 5.0);
        QCOMPARE(q[QStringLiteral("discount_percent")].toDouble(), 10.0);
        QVERIFY(qAbs(q[QStringLiteral("hardware")].toDouble() - hardware) < 0.01);
        QVERIFY(qAbs(q[QStringLiteral("spares")].toDouble() - spared * 0.05) < 0.01);
        QVERIFY(qAbs(q[QStringLiteral("total")].toDouble() - (hardware + spared * 0.05) * 0.9) < 0.01);
        QCOMPARE(q[QStringLiteral("complete")].toBool(), true);
        // One cost per GPU: the quote's (spares, discount), as the window and the report show it;
        // CAPEX per GPU is its own figure (issue 27: cost_per_gpu was capex / GPUs here).
        const QJsonObject totals = withTerms[QStringLiteral("totals")].toObject();
        const double gpus = totals[QStringLiteral("gpus")].toDouble();
        QVERIFY(qAbs(totals[QStringLiteral("cost_per_gpu")].toDouble() - q[QStringLiteral("total")].toDouble() / gpus) < 0.01);
        QVERIFY(qAbs(totals[QStringLiteral("capex_per_gpu")].toDouble() - totals[QStringLiteral("capex")].toDouble() / gpus) < 0.01);
        QVERIFY(qAbs(totals[QStringLiteral("cost_per_gpu")].toDouble() - totals[QStringLiteral("capex_per_gpu")].toDouble()) > 1);
        const QJsonObject coverage = withTerms[QStringLiteral("price_coverage")].toObject();
        QCOMPARE(coverage[QStringLiteral("priced_lines")].toInt(), coverage[QStringLiteral("lines")].toInt());

        const Run show = cplan(store, {QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("rack-42u"), QStringLiteral("--json")});
        const QJsonArray history = QJsonDocument::fromJson(show.out).object()[QStringLiteral("price_history")].toArray();
        QCOMPARE(history.size(), 1);
        QCOMPARE(history[0][QStringLiteral("date")].toString(), QStringLiteral("2026-11-20"));
        QCOMPARE(history[0][QStringLiteral("line")].toInt(), 5);
        QCOMPARE(history[0][QStringLiteral("currency")].toString(), QStringLiteral("EUR"));
    }

    // `cplan bom --format csv` ends with the quote's rows, the same figures as --json's "quote"
    // with the same --spares/--discount: with the whole quote imported, with only the catalog's
    // prices (a lower bound), and with no price at all (empty fields, never 0).
    void csvQuoteEqualsJson_data()
    {
        QTest::addColumn<QString>("design");
        QTest::addColumn<bool>("importQuote");
        QTest::newRow("4-SU with the quote") << superPod() << true;
        QTest::newRow("4-SU, catalog prices") << superPod() << false;
        QTest::newRow("HDR, no price") << QStringLiteral(CPLAN_SOURCE_DIR "/samples/hdr-2to1-520gpu.cluster.yaml") << false;
    }
    void csvQuoteEqualsJson()
    {
        QFETCH(QString, design);
        QFETCH(bool, importQuote);
        QTemporaryDir store;
        QVERIFY(store.isValid());
        if (importQuote) {
            QCOMPARE(cplan(store, {QStringLiteral("catalog"), QStringLiteral("import-prices"), quote("dgx-h100-4su-quote.csv")}).code, 0);
            QCOMPARE(cplan(store, {QStringLiteral("catalog"), QStringLiteral("set-rate"), QStringLiteral("EUR"), QStringLiteral("1.08")}).code, 0);
        }
        const QStringList terms = {QStringLiteral("--spares"), QStringLiteral("5"), QStringLiteral("--discount"), QStringLiteral("10")};
        const Run json = cplan(store, QStringList{QStringLiteral("bom"), design, QStringLiteral("--json")} + terms);
        const Run csv = cplan(store, QStringList{QStringLiteral("bom"), design, QStringLiteral("--format"), QStringLiteral("csv")} + terms);
        QVERIFY2(json.code == 0 && csv.code == 0, (json.err + csv.err).constData());
        const QJsonObject bom = QJsonDocument::fromJson(json.out).object();
        const QJsonObject q = bom[QStringLiteral("quote")].toObject();
        const auto rows = cplan::parseCsv(csv.out.toStdString());
        QVERIFY(rows.size() > 5);
        QCOMPARE(rows[0][6], std::string("total"));
        // The lines first (one row each), then the five quote rows.
        QCOMPARE(rows.size(), std::size_t(1 + bom[QStringLiteral("lines")].toArray().size() + 5));
        std::map<std::string, std::vector<std::string>> quoted;
        for (std::size_t r = rows.size() - 5; r < rows.size(); ++r) {
            QCOMPARE(rows[r].size(), std::size_t(9));
            QCOMPARE(rows[r][0], std::string("quote"));
            QCOMPARE(rows[r][7], bom[QStringLiteral("currency")].toString().toStdString());
            quoted[rows[r][1]] = rows[r];
        }
        for (const char *key : {"hardware", "spares", "discount", "total", "total_per_gpu"}) {
            QVERIFY2(quoted.count(key), key);
            const QJsonValue want = q[QLatin1String(key)];
            const std::string &got = quoted[key][6];
            if (want.isNull()) {
                QVERIFY2(got.empty(), (std::string(key) + " = " + got).c_str());
            } else {
                QVERIFY2(!got.empty(), key);
                QVERIFY2(qAbs(std::stod(got) - want.toDouble()) <= 1e-9 * qMax(1.0, qAbs(want.toDouble())),
                         (std::string(key) + " = " + got).c_str());
            }
        }
        // The total says when it misses prices, as the JSON's "complete" does.
        const bool partial = quoted["total"][2].find("incomplete") != std::string::npos ||
                             quoted["total"][2].find("unknown") != std::string::npos;
        QCOMPARE(partial, !q[QStringLiteral("complete")].toBool());
        QVERIFY(quoted["spares"][2].find("5%") != std::string::npos && quoted["discount"][2].find("10%") != std::string::npos);
    }

    void badInputExit2()
    {
        QTemporaryDir store;
        QVERIFY(store.isValid());
        const QString missing = store.filePath(QStringLiteral("nope.csv"));
        QCOMPARE(cplan(store, {QStringLiteral("catalog"), QStringLiteral("import-prices"), missing}).code, 2);
        const Run xls = cplan(store, {QStringLiteral("catalog"), QStringLiteral("import-prices"), store.filePath(QStringLiteral("q.xls"))});
        QCOMPARE(xls.code, 2);
        QVERIFY2(xls.err.contains("save the sheet as XLSX or as CSV"), xls.err.constData());
        const Run xlsx = cplan(store, {QStringLiteral("catalog"), QStringLiteral("import-prices"), store.filePath(QStringLiteral("q.xlsx"))});
        QCOMPARE(xlsx.code, 2);
        QVERIFY2(xlsx.err.contains("no such file"), xlsx.err.constData());
        QCOMPARE(cplan(store, {QStringLiteral("catalog"), QStringLiteral("set-rate"), QStringLiteral("EURO"), QStringLiteral("1.1")}).code, 2);
        QCOMPARE(cplan(store, {QStringLiteral("catalog"), QStringLiteral("set-rate"), QStringLiteral("EUR"), QStringLiteral("0")}).code, 2);
        QCOMPARE(cplan(store, {QStringLiteral("catalog"), QStringLiteral("set-rate"), QStringLiteral("EUR"), QStringLiteral("1.1"),
                               QStringLiteral("--date"), QStringLiteral("2026-02-30")})
                     .code,
                 2);
    }
};

CPLAN_TEST_GUILESS_MAIN(TestCliPrices)
#include "tst_cli_prices.moc"
