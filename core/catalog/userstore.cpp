#include "catalog/userstore.h"

#include "util/sqlite.h"

#include "catalog/catalog.h"
#include "util/atomicfile.h"

#include <sqlite3.h>

#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>

namespace cplan {

namespace {

namespace fs = std::filesystem;

// "CPLN": marks the file as ours, so that we never migrate somebody else's database.
constexpr int kApplicationId = 0x43504C4E;

struct Migration
{
    int version;
    const char *description;
    const char *sql;
};

// Append-only: a released step is never edited, a new schema is a new step.
const Migration kMigrations[] = {
    {1, "user parts and price overrides",
     "CREATE TABLE user_parts("
     "  id TEXT PRIMARY KEY,"
     "  kind TEXT NOT NULL,"
     "  yaml TEXT NOT NULL,"          // a one-part catalog document (carries its format version)
     "  source_file TEXT NOT NULL DEFAULT '',"
     "  imported_at TEXT NOT NULL);"
     "CREATE TABLE price_overrides("
     "  part_id TEXT PRIMARY KEY,"
     "  unit_price REAL NOT NULL,"
     "  currency TEXT NOT NULL,"
     "  source TEXT NOT NULL DEFAULT '',"
     "  set_at TEXT NOT NULL);"},
};

std::string nowUtc()
{
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

int pragmaInt(sqlite3 *db, const char *pragma)
{
    SqlStatement st(db, pragma);
    if (st.ok() && st.step() == SQLITE_ROW)
        return st.integer(0);
    return -1;
}

} // namespace

void UserStore::Closer::operator()(sqlite3 *db) const
{
    sqlite3_close(db);
}

std::string UserStore::defaultPath()
{
    if (const char *p = std::getenv("CPLAN_STORE"); p && *p)
        return p;
    if (const char *xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
        return (fs::path(xdg) / "cluster-planner" / "store.sqlite").string();
    const char *home = std::getenv("HOME");
    return (fs::path(home && *home ? home : ".") / ".local" / "share" / "cluster-planner" / "store.sqlite").string();
}

UserStore::UserStore(std::string path, sqlite3 *db) : m_path(std::move(path)), m_db(db) {}
UserStore::UserStore(UserStore &&) noexcept = default;
UserStore &UserStore::operator=(UserStore &&) noexcept = default;
UserStore::~UserStore() = default;

Result<UserStore> UserStore::open(const std::string &pathIn)
{
    const std::string path = pathIn.empty() ? defaultPath() : pathIn;
    std::error_code ec;
    const fs::path parent = fs::path(path).parent_path();
    if (!parent.empty()) {
        fs::create_directories(parent, ec);
        if (ec)
            return makeError(path, 0, 0, "cannot create the store's folder: " + ec.message());
    }
    sqlite3 *raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    UserStore store(path, raw);   // owns `raw` from here on, even on failure
    if (rc != SQLITE_OK)
        return store.dbError("cannot open the store");
    sqlite3_busy_timeout(raw, 5000);
    sqlite3_extended_result_codes(raw, 1);

    // Reading the header tells a foreign or damaged file before anything is written to it.
    const int appId = pragmaInt(raw, "PRAGMA application_id");
    const int version = pragmaInt(raw, "PRAGMA user_version");
    if (appId < 0 || version < 0)
        return makeError(path, 0, 0, "not a Cluster Planner store (not an SQLite database, or damaged)");
    if (version > 0 && appId != kApplicationId)
        return makeError(path, 0, 0, "not a Cluster Planner store (another program's SQLite database)");
    if (version > kSchemaVersion)
        return makeError(path, 0, 0,
                         "this store was written by a newer Cluster Planner (schema " + std::to_string(version)
                             + "); this version knows schema " + std::to_string(kSchemaVersion));
    if (version == 0) {
        SqlStatement tables(raw, "SELECT count(*) FROM sqlite_master");
        if (tables.ok() && tables.step() == SQLITE_ROW && tables.integer(0) > 0 && appId != kApplicationId)
            return makeError(path, 0, 0, "not a Cluster Planner store (another program's SQLite database)");
    }

    if (auto st = store.exec("PRAGMA journal_mode=WAL"); !st)
        return st.error();
    if (auto st = store.migrate(); !st)
        return st.error();
    return store;
}

Error UserStore::dbError(const std::string &what) const
{
    std::string msg = what;
    if (m_db)
        msg += std::string(": ") + sqlite3_errmsg(m_db.get());
    return makeError(m_path, 0, 0, msg);
}

Status UserStore::exec(const std::string &sql)
{
    char *err = nullptr;
    if (sqlite3_exec(m_db.get(), sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        return makeError(m_path, 0, 0, "store: " + msg);
    }
    return Ok{};
}

int UserStore::schemaVersion() const
{
    return pragmaInt(m_db.get(), "PRAGMA user_version");
}

Status UserStore::migrate()
{
    for (const auto &m : kMigrations) {
        if (schemaVersion() >= m.version)
            continue;
        if (auto st = exec("BEGIN IMMEDIATE"); !st)
            return st;
        // Another process may have migrated while we waited for the lock.
        if (schemaVersion() >= m.version) {
            exec("ROLLBACK");
            continue;
        }
        auto step = [&]() -> Status {
            if (auto st = exec("CREATE TABLE IF NOT EXISTS migrations(version INTEGER PRIMARY KEY,"
                               " description TEXT NOT NULL, applied_at TEXT NOT NULL)");
                !st)
                return st;
            if (auto st = exec(m.sql); !st)
                return st;
            SqlStatement ins(m_db.get(), "INSERT INTO migrations(version, description, applied_at) VALUES(?, ?, ?)");
            ins.bindInt(1, m.version);
            ins.bind(2, std::string(m.description));
            ins.bind(3, nowUtc());
            if (!ins.ok() || ins.step() != SQLITE_DONE)
                return dbError("cannot record migration " + std::to_string(m.version));
            if (auto st = exec("PRAGMA application_id=" + std::to_string(kApplicationId)); !st)
                return st;
            return exec("PRAGMA user_version=" + std::to_string(m.version));
        };
        if (auto st = step(); !st) {
            exec("ROLLBACK");
            return makeError(m_path, 0, 0,
                             "cannot upgrade the store to schema " + std::to_string(m.version) + ": " + st.error().message);
        }
        if (auto st = exec("COMMIT"); !st)
            return st;
    }
    return Ok{};
}

Status UserStore::setPrice(const std::string &partId, double price, const std::string &currency,
                           const std::string &source)
{
    if (partId.empty())
        return makeError(m_path, 0, 0, "set-price: empty part id");
    if (!std::isfinite(price) || price < 0)
        return makeError(m_path, 0, 0, "set-price: the price must be a number >= 0");
    if (currency.empty())
        return makeError(m_path, 0, 0, "set-price: empty currency");
    SqlStatement st(m_db.get(),
                 "INSERT INTO price_overrides(part_id, unit_price, currency, source, set_at) VALUES(?, ?, ?, ?, ?)"
                 " ON CONFLICT(part_id) DO UPDATE SET unit_price=excluded.unit_price, currency=excluded.currency,"
                 " source=excluded.source, set_at=excluded.set_at");
    st.bind(1, partId);
    st.bind(2, price);
    st.bind(3, currency);
    st.bind(4, source);
    st.bind(5, nowUtc());
    if (!st.ok() || st.step() != SQLITE_DONE)
        return dbError("cannot store the price of '" + partId + "'");
    return Ok{};
}

Status UserStore::clearPrice(const std::string &partId)
{
    SqlStatement st(m_db.get(), "DELETE FROM price_overrides WHERE part_id = ?");
    st.bind(1, partId);
    if (!st.ok() || st.step() != SQLITE_DONE)
        return dbError("cannot clear the price of '" + partId + "'");
    return Ok{};
}

std::vector<PriceOverride> UserStore::prices() const
{
    std::vector<PriceOverride> out;
    SqlStatement st(m_db.get(), "SELECT part_id, unit_price, currency, source, set_at FROM price_overrides ORDER BY part_id");
    while (st.ok() && st.step() == SQLITE_ROW)
        out.push_back(PriceOverride{st.text(0), st.real(1), st.text(2), st.text(3), st.text(4)});
    return out;
}

Result<int> UserStore::importYaml(const std::string &file, const Catalog *against)
{
    auto text = readFile(file, std::size_t(64) << 20);
    if (!text)
        return text.error();
    return importYamlText(*text, file, against);
}

Result<int> UserStore::importYamlText(const std::string &text, const std::string &fileName, const Catalog *against)
{
    Catalog fileParts;
    if (auto st = fileParts.overlayYaml(text, fileName); !st)
        return st.error();
    if (against) {
        Catalog merged = *against;
        if (auto st = merged.overlayYaml(text, fileName); !st)
            return st.error();
        if (auto st = merged.checkReferences(); !st)
            return st.error();
    }

    if (auto st = exec("BEGIN IMMEDIATE"); !st)
        return st.error();
    const std::string when = nowUtc();
    for (const Part &p : fileParts.parts()) {
        SqlStatement ins(m_db.get(), "INSERT OR REPLACE INTO user_parts(id, kind, yaml, source_file, imported_at)"
                                  " VALUES(?, ?, ?, ?, ?)");
        ins.bind(1, p.id);
        ins.bind(2, std::string(toString(p.kind)));
        ins.bind(3, catalogToYaml({p}));
        ins.bind(4, fileName);
        ins.bind(5, when);
        if (!ins.ok() || ins.step() != SQLITE_DONE) {
            Error e = dbError("cannot store part '" + p.id + "'");
            exec("ROLLBACK");
            return e;
        }
    }
    if (auto st = exec("COMMIT"); !st)
        return st.error();
    return int(fileParts.parts().size());
}

Status UserStore::removePart(const std::string &partId)
{
    SqlStatement st(m_db.get(), "DELETE FROM user_parts WHERE id = ?");
    st.bind(1, partId);
    if (!st.ok() || st.step() != SQLITE_DONE)
        return dbError("cannot remove part '" + partId + "'");
    return Ok{};
}

std::vector<std::string> UserStore::partIds() const
{
    std::vector<std::string> out;
    SqlStatement st(m_db.get(), "SELECT id FROM user_parts ORDER BY id");
    while (st.ok() && st.step() == SQLITE_ROW)
        out.push_back(st.text(0));
    return out;
}

Status UserStore::applyTo(Catalog &catalog) const
{
    Catalog merged = catalog;   // all or nothing
    {
        SqlStatement st(m_db.get(), "SELECT id, yaml FROM user_parts ORDER BY id");
        if (!st.ok())
            return dbError("cannot read user parts");
        while (st.step() == SQLITE_ROW) {
            const std::string where = m_path + " (user part '" + st.text(0) + "')";
            if (auto r = merged.overlayYaml(st.text(1), where); !r)
                return r;
        }
    }
    for (const auto &p : prices()) {
        std::string source = "user price book";
        if (!p.source.empty())
            source += ": " + p.source;
        source += " (set " + p.date + ")";
        // A price the user entered is theirs (a quote, a list), not our estimate.
        merged.overridePrice(p.partId, p.unitPrice, p.currency, source, false);
    }
    catalog = std::move(merged);
    return Ok{};
}

} // namespace cplan
