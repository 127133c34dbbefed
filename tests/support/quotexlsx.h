// Writes a CSV quote (tests/data/prices) as an XLSX workbook with libxlsxwriter, the way a
// spreadsheet holds it: numbers as number cells, YYYY-MM-DD days as date cells (a date number
// format), everything else as text. For the XLSX quote tests of the core and of cplan.
#pragma once

#include <string>

namespace cplan::test {

struct QuoteXlsxOptions
{
    std::string sheet = "Sheet1";   // the quote's sheet
    bool notesSheetFirst = false;   // a "Notes" sheet before it (the quote is then not the first)
    bool inlineStrings = false;     // libxlsxwriter's constant_memory mode: inline strings, not shared
    std::string dateFormat = "yyyy-mm-dd";
};

// Empty on success, else what went wrong.
std::string writeQuoteXlsx(const std::string &csvPath, const std::string &xlsxPath, const QuoteXlsxOptions &options = {});

} // namespace cplan::test
