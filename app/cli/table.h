#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cplan::cli {

// A plain text table for terminals: columns sized to their widest cell (in characters, not
// bytes: "≥" and "×" take one column), numbers right-aligned.
class Table
{
public:
    explicit Table(std::vector<std::string> header) : m_header(std::move(header)) {}
    void addRow(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }
    void addSeparator() { m_rows.emplace_back(); }
    // Right-aligns every cell of a column, figures with units and "≥" too, not only bare numbers.
    void alignRight(std::size_t column) { m_right.push_back(column); }
    void print(std::ostream &out) const;

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
    std::vector<std::size_t> m_right;
};

} // namespace cplan::cli
