#include "util/strings.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace cplan {

std::vector<std::string> split(std::string_view s, char sep)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        std::size_t pos = s.find(sep, start);
        out.emplace_back(s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
        if (pos == std::string_view::npos)
            break;
        start = pos + 1;
    }
    return out;
}

std::string_view trim(std::string_view s)
{
    const auto ws = " \t\r\n";
    std::size_t b = s.find_first_not_of(ws);
    if (b == std::string_view::npos)
        return {};
    std::size_t e = s.find_last_not_of(ws);
    return s.substr(b, e - b + 1);
}

std::optional<long long> parseInt(std::string_view s)
{
    s = trim(s);
    long long v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty())
        return std::nullopt;
    return v;
}

std::optional<double> parseDouble(std::string_view s)
{
    s = trim(s);
    double v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::optional<double> parseByteSize(std::string_view s)
{
    s = trim(s);
    std::size_t i = 0;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.' || s[i] == 'e' || s[i] == 'E'))
        ++i;
    auto num = parseDouble(s.substr(0, i));
    if (!num || *num < 0)
        return std::nullopt;
    std::string unit(trim(s.substr(i)));
    for (auto &c : unit)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    double mul = 1;
    if (unit.empty() || unit == "B")
        mul = 1;
    else if (unit == "K" || unit == "KIB")
        mul = 1024.0;
    else if (unit == "M" || unit == "MIB")
        mul = 1024.0 * 1024;
    else if (unit == "G" || unit == "GIB")
        mul = 1024.0 * 1024 * 1024;
    else if (unit == "KB")
        mul = 1e3;
    else if (unit == "MB")
        mul = 1e6;
    else if (unit == "GB")
        mul = 1e9;
    else
        return std::nullopt;
    return *num * mul;
}

std::string formatDouble(double v)
{
    // Shortest text that reads back to the same double; plain notation for everyday values.
    char buf[64];
    const bool plain = v == 0 || (std::fabs(v) >= 1e-4 && std::fabs(v) < 1e15);
    auto res = plain ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed)
                     : std::to_chars(buf, buf + sizeof buf, v);
    if (plain) {
        // fixed without precision is the shortest round-trip fixed form.
        return std::string(buf, res.ptr);
    }
    return std::string(buf, res.ptr);
}

std::string formatThousands(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, std::fabs(v));
    std::string s(buf);
    std::size_t dot = s.find('.');
    std::size_t intEnd = dot == std::string::npos ? s.size() : dot;
    std::string out;
    for (std::size_t i = 0; i < intEnd; ++i) {
        out += s[i];
        std::size_t rest = intEnd - i - 1;
        if (rest > 0 && rest % 3 == 0)
            out += ',';
    }
    out += s.substr(intEnd);
    return (v < 0 ? "-" : "") + out;
}

} // namespace cplan
