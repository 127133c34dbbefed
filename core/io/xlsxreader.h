#pragma once

#include "util/error.h"

#include <string>
#include <vector>

namespace cplan {

// One row of a worksheet: its number (1-based, as the sheet shows it) and its cells' text by
// column (A = 0; a column without a cell is empty).
struct SheetRow
{
    int row = 0;
    std::vector<std::string> cells;
};

// The cell values of one worksheet, as text: shared and inline strings as written, numbers as
// stored ("1100", "0.5"), a number in a date format as its day (YYYY-MM-DD, the workbook's
// 1900 or 1904 date system), booleans TRUE/FALSE, a formula's cached result, error values as
// shown ("#N/A"). Rows without any cell are left out.
struct XlsxSheet
{
    std::string name;
    std::vector<SheetRow> rows;
};

// Reads one worksheet of an Office Open XML workbook (.xlsx): the first sheet, or the one named
// `sheetName`. The zip is read with minizip and the XML with expat (no Qt in core). Errors name
// the file and, for a damaged part, the part inside the zip.
Result<XlsxSheet> readXlsxSheet(const std::string &file, const std::string &sheetName = {});

// "C5" for row 5, column 2 (A = 0).
std::string xlsxCellName(int row, int column);

} // namespace cplan
