#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cplan {

// RFC 4180 CSV: a field is quoted when it holds a comma, a quote or a line break; quotes
// inside are doubled. Lines end with "\n".
std::string csvField(std::string_view text);
std::string csvLine(const std::vector<std::string> &fields);

// Splits CSV text into rows of fields (quoted fields may hold commas, quotes and newlines).
// A trailing "\r" of a line is dropped. For tests and for reading our own files back.
std::vector<std::vector<std::string>> parseCsv(std::string_view text);

} // namespace cplan
