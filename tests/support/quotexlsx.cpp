#include "quotexlsx.h"

#include "catalog/pricequote.h"
#include "export/csv.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <xlsxwriter.h>

namespace cplan::test {

namespace {

bool plainNumber(const std::string &text)
{
    return !text.empty() && text.find_first_not_of("0123456789.") == std::string::npos && parseDouble(text).has_value();
}

void writeCell(lxw_worksheet *ws, lxw_row_t row, lxw_col_t col, const std::string &text, lxw_format *dateFormat)
{
    if (text.empty())
        return;
    if (isIsoDate(text)) {
        lxw_datetime day{std::stoi(text.substr(0, 4)), std::stoi(text.substr(5, 2)), std::stoi(text.substr(8, 2)), 0, 0, 0};
        worksheet_write_datetime(ws, row, col, &day, dateFormat);
    } else if (plainNumber(text)) {
        worksheet_write_number(ws, row, col, *parseDouble(text), nullptr);
    } else {
        worksheet_write_string(ws, row, col, text.c_str(), nullptr);
    }
}

} // namespace

std::string writeQuoteXlsx(const std::string &csvPath, const std::string &xlsxPath, const QuoteXlsxOptions &options)
{
    auto text = readFile(csvPath);
    if (!text)
        return text.error().toString();
    int unterminated = 0;
    const std::vector<CsvRecord> records = readCsvRecords(*text, &unterminated);
    if (unterminated)
        return csvPath + ": unterminated quote";
    lxw_workbook_options wbOptions{};
    wbOptions.constant_memory = options.inlineStrings ? LXW_TRUE : LXW_FALSE;
    lxw_workbook *wb = workbook_new_opt(xlsxPath.c_str(), &wbOptions);
    if (!wb)
        return "cannot create " + xlsxPath;
    if (options.notesSheetFirst) {
        lxw_worksheet *notes = workbook_add_worksheet(wb, "Notes");
        worksheet_write_string(notes, 0, 0, "Prices are on the next sheet.", nullptr);
    }
    lxw_worksheet *ws = workbook_add_worksheet(wb, options.sheet.c_str());
    lxw_format *dateFormat = workbook_add_format(wb);
    format_set_num_format(dateFormat, options.dateFormat.c_str());
    for (std::size_t r = 0; r < records.size(); ++r)
        for (std::size_t c = 0; c < records[r].fields.size(); ++c)
            writeCell(ws, lxw_row_t(r), lxw_col_t(c), records[r].fields[c], dateFormat);
    const lxw_error err = workbook_close(wb);
    return err == LXW_NO_ERROR ? std::string() : std::string("libxlsxwriter: ") + lxw_strerror(err);
}

} // namespace cplan::test
