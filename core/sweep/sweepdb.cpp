#include "sweep/sweepdb.h"

#include "util/sqlite.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace cplan {

namespace {

const char *kSchema =
    "CREATE TABLE IF NOT EXISTS meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS points("
    "  id TEXT PRIMARY KEY, point INTEGER NOT NULL, key TEXT NOT NULL, axes TEXT NOT NULL,"
    "  design_hash TEXT NOT NULL, skipped TEXT, incomplete TEXT NOT NULL, asked TEXT NOT NULL) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS figures("
    "  id TEXT NOT NULL, name TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY(id, name)) WITHOUT ROWID;";

std::string errorText(sqlite3 *db)
{
    return db ? sqlite3_errmsg(db) : "out of memory";
}

Status exec(sqlite3 *db, const std::string &path, const std::string &sql)
{
    char *err = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) == SQLITE_OK)
        return Ok{};
    std::string m = err ? err : errorText(db);
    sqlite3_free(err);
    return makeError(path, 0, 0, "sweep results: " + m);
}

std::string axesJson(const std::vector<SweepSetting> &axes)
{
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (const SweepSetting &a : axes)
        j[a.name] = a.value;
    return j.dump();
}

std::vector<SweepSetting> axesFromJson(const std::string &text)
{
    std::vector<SweepSetting> out;
    const auto j = nlohmann::ordered_json::parse(text, nullptr, false);
    if (j.is_object())
        for (const auto &[name, value] : j.items())
            out.push_back({name, value.is_string() ? value.get<std::string>() : value.dump()});
    return out;
}

std::string joined(const std::vector<std::string> &items)
{
    std::string out;
    for (const std::string &s : items)
        out += (out.empty() ? "" : ",") + s;
    return out;
}

// A rollback unless committed.
struct Transaction
{
    sqlite3 *db;
    bool done = false;
    ~Transaction()
    {
        if (!done)
            sqlite3_exec(db, "ROLLBACK;", nullptr, nullptr, nullptr);
    }
};

} // namespace

void SweepDb::Closer::operator()(sqlite3 *db) const
{
    sqlite3_close(db);
}

SweepDb::SweepDb(std::string path, sqlite3 *db) : m_path(std::move(path)), m_db(db) {}

Result<SweepDb> SweepDb::open(const std::string &path)
{
    sqlite3 *raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    SweepDb db(path, raw);
    if (rc != SQLITE_OK)
        return makeError(path, 0, 0, "cannot open the sweep results: " + errorText(raw));
    sqlite3_busy_timeout(raw, 30000);
    if (auto s = exec(raw, path, kSchema); !s)
        return makeError(path, 0, 0, "not a sweep results file: " + s.error().message);
    SqlStatement format(raw, "SELECT value FROM meta WHERE name = 'format'");
    if (!format.ok())
        return makeError(path, 0, 0, "not a sweep results file: " + errorText(raw));
    if (format.step() == SQLITE_ROW) {
        if (format.text(0) != kSweepDbFormat)
            return makeError(path, 0, 0, "sweep results of format '" + format.text(0) + "', not " + kSweepDbFormat);
    } else if (auto s = exec(raw, path, std::string("INSERT OR IGNORE INTO meta VALUES('format', '") + kSweepDbFormat + "');"); !s) {
        return s.error();
    }
    return db;
}

Status SweepDb::save(const std::vector<PointResult> &results)
{
    sqlite3 *db = m_db.get();
    if (auto s = exec(db, m_path, "BEGIN IMMEDIATE;"); !s)
        return s;
    Transaction tx{db};
    SqlStatement point(db, "INSERT OR REPLACE INTO points VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    SqlStatement clear(db, "DELETE FROM figures WHERE id = ?1");
    SqlStatement figure(db, "INSERT INTO figures VALUES(?1, ?2, ?3)");
    if (!point.ok() || !clear.ok() || !figure.ok())
        return makeError(m_path, 0, 0, "sweep results: " + errorText(db));
    for (const PointResult &r : results) {
        point.bind(1, r.id).bind64(2, std::int64_t(r.index)).bind(3, r.key).bind(4, axesJson(r.axes)).bind(5, r.designHash);
        r.skipped.empty() ? point.null(6) : point.bind(6, r.skipped);
        point.bind(7, joined(r.incomplete)).bind(8, joined(r.asked));
        clear.bind(1, r.id);
        if (point.step() != SQLITE_DONE || clear.step() != SQLITE_DONE)
            return makeError(m_path, 0, 0, "cannot write the sweep results: " + errorText(db));
        point.reset();
        clear.reset();
        for (const SweepFigure &f : r.figures) {
            figure.bind(1, r.id).bind(2, f.name).bind(3, f.value);
            if (figure.step() != SQLITE_DONE)
                return makeError(m_path, 0, 0, "cannot write the sweep results: " + errorText(db));
            figure.reset();
        }
    }
    if (auto s = exec(db, m_path, "COMMIT;"); !s)
        return s;
    tx.done = true;
    return Ok{};
}

Result<std::vector<PointResult>> SweepDb::load() const
{
    sqlite3 *db = m_db.get();
    std::vector<PointResult> out;
    std::map<std::string, std::size_t> byId;
    SqlStatement points(db, "SELECT id, point, key, axes, design_hash, skipped, incomplete, asked FROM points ORDER BY id");
    SqlStatement figures(db, "SELECT id, name, value FROM figures ORDER BY id, name");
    if (!points.ok() || !figures.ok())
        return makeError(m_path, 0, 0, "cannot read the sweep results: " + errorText(db));
    while (points.step() == SQLITE_ROW) {
        PointResult r;
        r.id = points.text(0);
        r.index = std::size_t(std::max<std::int64_t>(0, points.int64(1)));
        r.key = points.text(2);
        r.axes = axesFromJson(points.text(3));
        r.designHash = points.text(4);
        r.skipped = points.text(5);
        if (const std::string inc = points.text(6); !inc.empty())
            r.incomplete = split(inc, ',');
        if (const std::string asked = points.text(7); !asked.empty())
            r.asked = split(asked, ',');
        byId[r.id] = out.size();
        out.push_back(std::move(r));
    }
    while (figures.step() == SQLITE_ROW)
        if (auto it = byId.find(figures.text(0)); it != byId.end())
            out[it->second].figures.push_back({figures.text(1), figures.real(2)});
    for (PointResult &r : out)
        sortFigures(r.figures);   // as evaluated
    return out;
}

Result<std::size_t> SweepDb::merge(const std::string &otherPath)
{
    auto other = SweepDb::open(otherPath);
    if (!other)
        return other.error();
    auto theirs = other->load();
    if (!theirs)
        return theirs.error();
    auto ours = load();
    if (!ours)
        return ours.error();
    std::vector<std::string> have;
    for (const PointResult &r : *ours)
        have.push_back(r.id);
    std::vector<PointResult> missing;
    for (PointResult &r : *theirs)
        if (!std::binary_search(have.begin(), have.end(), r.id))
            missing.push_back(std::move(r));
    if (auto s = save(missing); !s)
        return s.error();
    return missing.size();
}

Result<std::string> SweepDb::dump() const
{
    auto results = load();
    if (!results)
        return results.error();
    std::string out = "id|point|key|axes|design_hash|skipped|incomplete|asked|figures\n";
    for (const PointResult &r : *results) {
        out += r.id + '|' + std::to_string(r.index) + '|' + r.key + '|' + axesJson(r.axes) + '|' + r.designHash + '|' + r.skipped + '|' +
               joined(r.incomplete) + '|' + joined(r.asked) + '|';
        for (const SweepFigure &f : r.figures)
            out += f.name + '=' + formatDouble(f.value) + ' ';
        out += '\n';
    }
    return out;
}

} // namespace cplan
