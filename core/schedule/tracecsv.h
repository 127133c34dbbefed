#pragma once

// Internal to the trace and node-list readers (traces.cpp): CSV records, a header's columns and
// a row's fields with file:line:column errors, and a table read row by row.

#include "util/error.h"
#include "util/strings.h"

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cplan::tracecsv {

inline std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// One CSV record: comma separated, optional double quotes ("" inside quotes is a quote).
// Returns false on an unterminated quote.
inline bool splitCsv(std::string_view line, std::vector<std::string> &fields)
{
    fields.clear();
    std::string cur;
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < line.size() && line[i + 1] == '"') {
                    cur += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                cur += c;
            }
        } else if (c == '"' && trim(cur).empty()) {
            quoted = wasQuoted = true;
            cur.clear();
        } else if (c == ',') {
            fields.push_back(wasQuoted ? cur : std::string(trim(cur)));
            cur.clear();
            wasQuoted = false;
        } else {
            cur += c;
        }
    }
    if (quoted)
        return false;
    fields.push_back(wasQuoted ? cur : std::string(trim(cur)));
    return true;
}

// Blank lines and '#' comments.
inline bool skippable(std::string_view line)
{
    std::string_view t = trim(line);
    return t.empty() || t.front() == '#';
}

// Column lookup of a header.
class Header
{
public:
    Status parse(const std::vector<std::string> &fields, const std::string &file, int line,
                 const std::set<std::string> &known, const std::vector<std::string> &required)
    {
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const std::string name = lower(fields[i]);
            if (!known.empty() && !known.count(name)) {
                std::string list;
                for (const std::string &k : known)
                    list += (list.empty() ? "" : ", ") + k;
                return makeError(file, line, int(i + 1), "unknown column '" + fields[i] + "' (known: " + list + ")");
            }
            if (m_index.count(name))
                return makeError(file, line, int(i + 1), "column '" + fields[i] + "' appears twice");
            m_index[name] = int(i);
        }
        for (const std::string &r : required)
            if (!m_index.count(r))
                return makeError(file, line, 0, "missing column '" + r + "'");
        m_columns = fields.size();
        return Ok{};
    }
    int index(const std::string &name) const
    {
        auto it = m_index.find(name);
        return it == m_index.end() ? -1 : it->second;
    }
    bool has(const std::string &name) const { return m_index.count(name) != 0; }
    std::size_t columns() const { return m_columns; }

private:
    std::map<std::string, int> m_index;
    std::size_t m_columns = 0;
};

// Field access with file:line:column errors.
struct Row
{
    const std::vector<std::string> &fields;
    const Header &header;
    const std::string &file;
    int line;

    const std::string *get(const std::string &name) const
    {
        const int i = header.index(name);
        if (i < 0 || std::size_t(i) >= fields.size())
            return nullptr;
        return &fields[std::size_t(i)];
    }
    int column(const std::string &name) const { return header.index(name) + 1; }
    Error error(const std::string &name, const std::string &message) const
    {
        return makeError(file, line, column(name), message);
    }
    // A finite number in [lo, hi]; `fallback` when the column is absent or the field empty.
    Result<double> number(const std::string &name, double lo, double hi, std::optional<double> fallback) const
    {
        const std::string *f = get(name);
        if (!f || f->empty()) {
            if (fallback)
                return *fallback;
            return error(name, "'" + name + "' is empty");
        }
        auto v = parseDouble(*f);
        if (!v || !std::isfinite(*v))
            return error(name, "'" + name + "' must be a number, got '" + *f + "'");
        if (*v < lo || *v > hi)
            return error(name, "'" + name + "' = " + *f + " is out of range [" + formatDouble(lo) + ", " + formatDouble(hi) + "]");
        return *v;
    }
    Result<long long> integer(const std::string &name, long long lo, long long hi, std::optional<long long> fallback) const
    {
        const std::string *f = get(name);
        if (!f || f->empty()) {
            if (fallback)
                return *fallback;
            return error(name, "'" + name + "' is empty");
        }
        auto v = parseInt(*f);
        if (!v)
            return error(name, "'" + name + "' must be a whole number, got '" + *f + "'");
        if (*v < lo || *v > hi)
            return error(name, "'" + name + "' = " + *f + " is out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
        return *v;
    }
};

inline std::vector<std::string> splitList(const std::string &text)
{
    std::vector<std::string> out;
    for (const std::string &item : split(text, '|')) {
        std::string t(trim(item));
        if (!t.empty())
            out.push_back(t);
    }
    return out;
}

// A CSV table with a header line: skips blank and comment lines, checks the header against
// the known and required columns, checks each row's field count, and hands each data row to
// `onRow` (which returns an error to stop). `emptyMessage` is the error for a file without a
// header line.
template<class OnRow>
Status readCsvTable(std::string_view text, const std::string &file, Header &header, const std::set<std::string> &known,
                    const std::vector<std::string> &required, const char *emptyMessage, OnRow onRow)
{
    LineReader reader{text};
    std::string_view line;
    std::vector<std::string> fields;
    bool haveHeader = false;
    while (reader.next(line)) {
        if (skippable(line))
            continue;
        if (!splitCsv(line, fields))
            return makeError(file, reader.number, 0, "unterminated quote");
        if (!haveHeader) {
            if (auto st = header.parse(fields, file, reader.number, known, required); !st)
                return st.error();
            haveHeader = true;
            continue;
        }
        if (fields.size() != header.columns())
            return makeError(file, reader.number, 0,
                             "expected " + std::to_string(header.columns()) + " fields, found " + std::to_string(fields.size()));
        Row row{fields, header, file, reader.number};
        if (auto st = onRow(row); !st)
            return st.error();
    }
    if (!haveHeader)
        return makeError(file, 0, 0, emptyMessage);
    return Ok{};
}

} // namespace cplan::tracecsv
