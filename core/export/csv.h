#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cplan {

// RFC 4180 CSV: a field is quoted when it holds a comma, a quote or a line break; quotes
// inside are doubled. Lines end with "\n".
std::string csvField(std::string_view text);
std::string csvLine(const std::vector<std::string> &fields);

// One record of a CSV file and the line it starts on (1-based; a quoted field may span lines).
struct CsvRecord
{
    int line = 0;
    std::vector<std::string> fields;
};

// Reads RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks; lines
// end with "\n" or "\r\n"; a UTF-8 byte-order mark at the start is skipped. A quote that is
// never closed takes the rest of the text; `unterminatedLine` (when given) then holds the line
// it opened on, else 0.
std::vector<CsvRecord> readCsvRecords(std::string_view text, int *unterminatedLine = nullptr);

// Splits CSV text into rows of fields (quoted fields may hold commas, quotes and newlines).
// A trailing "\r" of a line is dropped. For tests and for reading our own files back.
std::vector<std::vector<std::string>> parseCsv(std::string_view text);

} // namespace cplan
