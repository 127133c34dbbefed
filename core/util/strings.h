#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

// Reads a text line by line, without copying it; strips a trailing '\r'. `number` is the
// 1-based number of the line last returned, for error messages.
struct LineReader
{
    std::string_view text;
    std::size_t pos = 0;
    int number = 0;
    bool next(std::string_view &line)
    {
        if (pos >= text.size())
            return false;
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        line = text.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        pos = end + 1;
        ++number;
        return true;
    }
};

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
