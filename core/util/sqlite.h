#pragma once

// Small RAII helpers over SQLite's C API, shared by the catalog's user store and the
// scheduler's run store.
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>

namespace cplan {

struct SqliteCloser
{
    void operator()(sqlite3 *db) const { sqlite3_close(db); }
};
using SqliteDb = std::unique_ptr<sqlite3, SqliteCloser>;

// A prepared statement that finalizes itself. Binds chain: st.bind(1, a).bind(2, b).
class SqlStatement
{
public:
    SqlStatement(sqlite3 *db, const char *sql) { m_rc = sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr); }
    ~SqlStatement() { sqlite3_finalize(m_stmt); }
    SqlStatement(const SqlStatement &) = delete;
    SqlStatement &operator=(const SqlStatement &) = delete;

    bool ok() const { return m_rc == SQLITE_OK; }
    SqlStatement &bind(int i, const std::string &s)
    {
        sqlite3_bind_text(m_stmt, i, s.c_str(), int(s.size()), SQLITE_TRANSIENT);
        return *this;
    }
    SqlStatement &bind(int i, double d)
    {
        sqlite3_bind_double(m_stmt, i, d);
        return *this;
    }
    SqlStatement &bindInt(int i, int v)
    {
        sqlite3_bind_int(m_stmt, i, v);
        return *this;
    }
    SqlStatement &bind64(int i, std::int64_t v)
    {
        sqlite3_bind_int64(m_stmt, i, v);
        return *this;
    }
    SqlStatement &null(int i)
    {
        sqlite3_bind_null(m_stmt, i);
        return *this;
    }
    int step() { return sqlite3_step(m_stmt); }
    void reset()
    {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }
    std::string text(int col) const
    {
        const auto *p = sqlite3_column_text(m_stmt, col);
        return p ? reinterpret_cast<const char *>(p) : std::string();
    }
    double real(int col) const { return sqlite3_column_double(m_stmt, col); }
    int integer(int col) const { return sqlite3_column_int(m_stmt, col); }
    std::int64_t int64(int col) const { return sqlite3_column_int64(m_stmt, col); }

private:
    sqlite3_stmt *m_stmt = nullptr;
    int m_rc = SQLITE_ERROR;
};

} // namespace cplan
