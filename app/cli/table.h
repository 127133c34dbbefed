#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cplan::cli {

// A plain text table for terminals: columns sized to their widest cell, numbers right-aligned.
class Table
{
public:
    explicit Table(std::vector<std::string> header) : m_header(std::move(header)) {}
    void addRow(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }
    void addSeparator() { m_rows.emplace_back(); }
    void print(std::ostream &out) const;

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
};

} // namespace cplan::cli
