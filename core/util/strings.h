#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

std::vector<std::string> split(std::string_view s, char sep);
std::string_view trim(std::string_view s);
std::optional<long long> parseInt(std::string_view s);
std::optional<double> parseDouble(std::string_view s);
// "1M", "64KiB", "1048576", "1GB" -> bytes
std::optional<double> parseByteSize(std::string_view s);
// Shortest text that reads back to the same double ("%.17g" trimmed): used for stable files.
std::string formatDouble(double v);
// Fixed decimals with thousands separators, for tables: 1234567.8 -> "1,234,568".
std::string formatThousands(double v, int decimals = 0);

} // namespace cplan
