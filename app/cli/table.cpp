#include "cli/table.h"

#include <utf8.h>

#include <algorithm>
#include <ostream>

namespace cplan::cli {

static bool looksNumeric(const std::string &s)
{
    return !s.empty() && (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '$') &&
           std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == ',' || c == '.' || c == '-' || c == '$' || c == '%'; });
}

// Terminal columns a cell takes: its characters (the tables hold no wide CJK text; the cells are
// valid UTF-8, which every reader checks).
static std::size_t columns(const std::string &s)
{
    return std::size_t(utf8::unchecked::distance(s.begin(), s.end()));
}

void Table::print(std::ostream &out) const
{
    std::vector<std::size_t> width(m_header.size(), 0);
    for (std::size_t i = 0; i < m_header.size(); ++i)
        width[i] = columns(m_header[i]);
    for (const auto &row : m_rows)
        for (std::size_t i = 0; i < row.size() && i < width.size(); ++i)
            width[i] = std::max(width[i], columns(row[i]));
    auto line = [&](const std::vector<std::string> &row, bool header) {
        for (std::size_t i = 0; i < width.size(); ++i) {
            const std::string cell = i < row.size() ? row[i] : std::string();
            const std::string pad(width[i] - std::min(width[i], columns(cell)), ' ');
            const bool right = std::find(m_right.begin(), m_right.end(), i) != m_right.end();
            if (i)
                out << "  ";
            if (right || (!header && looksNumeric(cell)))
                out << pad << cell;
            else if (i + 1 == width.size())
                out << cell;
            else
                out << cell << pad;
        }
        out << '\n';
    };
    line(m_header, true);
    std::size_t total = 0;
    for (std::size_t w : width)
        total += w + 2;
    const std::string rule(total > 2 ? total - 2 : 0, '-');
    out << rule << '\n';
    for (const auto &row : m_rows) {
        if (row.empty())
            out << rule << '\n';
        else
            line(row, false);
    }
}

} // namespace cplan::cli
