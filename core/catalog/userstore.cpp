#include "catalog/userstore.h"

#include "util/sqlite.h"

#include "catalog/catalog.h"
#include "util/atomicfile.h"
#include "util/strings.h"
#include "util/utctime.h"

#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
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
    {2, "price history (quotes with source, date, validity, quantity break) and exchange rates",
     "CREATE TABLE price_book("
     "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
     "  part_id TEXT NOT NULL,"
     "  unit_price REAL NOT NULL,"
     "  currency TEXT NOT NULL,"
     "  source TEXT NOT NULL DEFAULT '',"
     "  price_date TEXT NOT NULL,"            // the day the price is for, YYYY-MM-DD
     "  valid_until TEXT NOT NULL DEFAULT '',"
     "  quantity_break INTEGER,"
     "  source_file TEXT NOT NULL DEFAULT '',"
     "  source_line INTEGER NOT NULL DEFAULT 0,"
     "  entered_at TEXT NOT NULL);"
     "CREATE INDEX price_book_part ON price_book(part_id, price_date, id);"
     "INSERT INTO price_book(part_id, unit_price, currency, source, price_date, entered_at)"
     "  SELECT part_id, unit_price, currency, source, substr(set_at, 1, 10), set_at FROM price_overrides;"
     "DROP TABLE price_overrides;"
     "CREATE TABLE exchange_rates("
     "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
     "  currency TEXT NOT NULL,"
     "  per_usd REAL NOT NULL,"               // one unit of `currency` in US dollars
     "  rate_date TEXT NOT NULL,"
     "  source TEXT NOT NULL DEFAULT '',"
     "  entered_at TEXT NOT NULL);"},
};

// -1 when the pragma cannot be read; `rc` (if given) then holds SQLite's error code.
int pragmaInt(sqlite3 *db, const char *pragma, int *rc = nullptr)
{
    SqlStatement st(db, pragma);
    const int step = st.ok() ? st.step() : sqlite3_errcode(db);
    if (rc)
        *rc = step;
    if (step == SQLITE_ROW)
        return st.integer(0);
    return -1;
}

// The codes with which SQLite says that a file's content is damaged (as opposed to locked,
// unreadable or full).
bool isDamageCode(int rc)
{
    rc &= 0xff;
    return rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB;
}

// The SQLite header read by hand: tells our damaged store (and its schema version) from
// somebody else's file when SQLite can no longer read it.
struct FileHeader
{
    bool ours = false;       // SQLite's magic text and our application_id
    std::int64_t userVersion = 0;
};

FileHeader readHeader(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    unsigned char h[72];
    if (!in.read(reinterpret_cast<char *>(h), sizeof h))
        return {};
    auto be32 = [&](int at) {
        return std::uint32_t(h[at]) << 24 | std::uint32_t(h[at + 1]) << 16 | std::uint32_t(h[at + 2]) << 8 | h[at + 3];
    };
    if (std::memcmp(h, "SQLite format 3", 16) != 0)   // 16 bytes: the text and its '\0'
        return {};
    // user_version is at byte 60, application_id at byte 68, both big-endian.
    return {be32(68) == std::uint32_t(kApplicationId), std::int32_t(be32(60))};
}

// Runs SQLite's integrity check; returns what is wrong, or nothing for a healthy database.
// `rc` is SQLite's error when the check could not run to its end: a damage code, or something
// else (a lock, a read error) that says nothing about the file's health.
//
// integrity_check rather than quick_check: it also verifies that every index matches its table
// (the price book's upsert finds rows through the primary-key index, so a stale index would
// duplicate prices quietly). Measured on open, SQLite 3.40, warm cache: 1.4 ms for a store with
// 5,000 prices and 200 parts (0.7 MB), 15 ms for 50,000 prices and 2,000 parts (7.4 MB);
// quick_check took about half of that. Both are small next to loading the built-in catalog.
std::optional<std::string> integrityProblems(sqlite3 *db, int &rc)
{
    SqlStatement st(db, "PRAGMA integrity_check(10)");
    if (!st.ok()) {
        rc = sqlite3_errcode(db);
        return std::string(sqlite3_errmsg(db));
    }
    // SQLite answers "ok", or rows of findings (a row may hold several lines, under a
    // "*** in database main ***" heading). The first three make the message.
    std::string problems;
    int findings = 0;
    while ((rc = st.step()) == SQLITE_ROW) {
        for (const std::string &line : split(st.text(0), '\n')) {
            if (line.empty() || line == "ok" || line.rfind("*** ", 0) == 0)
                continue;
            if (++findings <= 3)
                problems += (problems.empty() ? "" : "; ") + line;
        }
    }
    if (rc != SQLITE_DONE) {
        problems += (problems.empty() ? "" : "; ") + std::string(sqlite3_errmsg(db));
        return problems;
    }
    rc = SQLITE_OK;
    if (findings > 3)
        problems += "; ...";
    if (findings > 0)
        return problems;
    return std::nullopt;
}

// Moves a damaged store and its -wal and -shm files to `<path>.corrupt-<local time>` (plus
// -wal, -shm: SQLite looks for the log next to the file it opens, so the moved file opens with
// its own log). Never overwrites: a name already taken gets a counter. Returns the new name.
Result<std::string> setAside(const std::string &path)
{
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    localtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    std::error_code ec;
    std::string aside = path + ".corrupt-" + stamp;
    for (int n = 2; fs::exists(aside, ec) || fs::exists(aside + "-wal", ec) || fs::exists(aside + "-shm", ec); ++n) {
        if (n > 1000)
            return makeError(path, 0, 0, "no free name to move the damaged store to");
        aside = path + ".corrupt-" + stamp + "-" + std::to_string(n);
    }
    fs::rename(path, aside, ec);
    if (ec)
        return makeError(path, 0, 0, "cannot move the damaged store to " + aside + ": " + ec.message());
    for (const char *suffix : {"-wal", "-shm"}) {
        const std::string from = path + suffix;
        if (!fs::exists(from, ec))
            continue;
        fs::rename(from, aside + suffix, ec);
        // A log left behind would be replayed into the new store: stop here, with the store moved.
        if (ec)
            return makeError(path, 0, 0,
                             "moved the damaged store to " + aside + " but cannot move " + from + ": " + ec.message());
    }
    return aside;
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
    std::optional<std::string> damage;
    auto store = openChecked(path, damage);
    if (store || !damage)
        return store;

    // Ours, but damaged: keep the file (it holds the user's prices and parts) and start afresh.
    auto aside = setAside(path);
    if (!aside)
        return makeError(path, 0, 0, "the store is damaged (" + *damage + "), and " + aside.error().message);
    std::optional<std::string> again;
    auto fresh = openChecked(path, again);
    if (!fresh)
        return makeError(path, 0, 0, "the store was damaged (" + *damage + ") and was moved to " + *aside
                                         + ", but a new store cannot be created: " + fresh.error().message);
    fresh->m_recoveredWarning = "the user store " + path + " was damaged (" + *damage + "). It was moved to " + *aside
                                + " and a new, empty store was created in its place; your earlier prices and parts"
                                  " are in the moved file (`sqlite3 " + *aside + " .recover` may salvage them).";
    return fresh;
}

Result<UserStore> UserStore::openChecked(const std::string &path, std::optional<std::string> &damage)
{
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
    // Until the file is known to be healthy, closing must not checkpoint the log into it: a
    // damaged store is moved aside exactly as it was found.
    sqlite3_db_config(raw, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    // A newer version's store is refused, never moved, even when damaged: that version may know
    // better what to do with it.
    auto newerError = [&](std::int64_t version) {
        return makeError(path, 0, 0,
                         "this store was written by a newer Cluster Planner (schema " + std::to_string(version)
                             + "); this version knows schema " + std::to_string(kSchemaVersion));
    };
    auto damaged = [&](const std::string &what) -> Error {
        damage = what;
        return makeError(path, 0, 0, "the store is damaged: " + what);
    };

    // Reading the header tells a foreign or damaged file before anything is written to it.
    int rcId = SQLITE_OK, rcVersion = SQLITE_OK;
    const int appId = pragmaInt(raw, "PRAGMA application_id", &rcId);
    const int version = pragmaInt(raw, "PRAGMA user_version", &rcVersion);
    if (rcId != SQLITE_ROW || rcVersion != SQLITE_ROW) {
        const int rc = rcId != SQLITE_ROW ? rcId : rcVersion;
        const FileHeader header = readHeader(path);
        if (!isDamageCode(rc) || !header.ours)
            return makeError(path, 0, 0, "not a Cluster Planner store (not an SQLite database, or damaged)");
        if (header.userVersion > kSchemaVersion)
            return newerError(header.userVersion);
        return damaged(std::string("SQLite cannot read it: ") + sqlite3_errstr(rc));
    }
    if (version > 0 && appId != kApplicationId)
        return makeError(path, 0, 0, "not a Cluster Planner store (another program's SQLite database)");
    if (version > kSchemaVersion)
        return newerError(version);
    if (version == 0) {
        SqlStatement tables(raw, "SELECT count(*) FROM sqlite_master");
        if (tables.ok() && tables.step() == SQLITE_ROW && tables.integer(0) > 0 && appId != kApplicationId)
            return makeError(path, 0, 0, "not a Cluster Planner store (another program's SQLite database)");
    }
    int rcCheck = SQLITE_OK;
    if (auto problems = integrityProblems(raw, rcCheck)) {
        if (rcCheck != SQLITE_OK && !isDamageCode(rcCheck))
            return makeError(path, 0, 0, "cannot check the store: " + *problems);
        if (appId == kApplicationId || readHeader(path).ours)
            return damaged("integrity check: " + *problems);
        return makeError(path, 0, 0, "not a Cluster Planner store (a damaged SQLite database: " + *problems + ")");
    }
    sqlite3_db_config(raw, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, nullptr);

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
    if (const CatalogSettings &s = fileParts.settings(); !s.defaultRack.empty())
        return makeError(fileName, s.defaultRackOrigin.line, s.defaultRackOrigin.column,
                         "the user store keeps parts and prices, not settings: 'default_rack' is set in the built-in catalog");
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

} // namespace cplan
