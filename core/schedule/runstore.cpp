#include "schedule/runstore.h"

#include "util/sqlite.h"
#include "util/utctime.h"

#include <sqlite3.h>

#include <memory>

namespace cplan {

namespace {

const char *kSchema =
    "CREATE TABLE IF NOT EXISTS runs("
    "  id INTEGER PRIMARY KEY, scenario TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL,"
    "  pool TEXT NOT NULL, trace TEXT NOT NULL, policy TEXT NOT NULL, seed INTEGER NOT NULL,"
    "  network INTEGER NOT NULL, mode TEXT NOT NULL, jobs INTEGER NOT NULL,"
    "  makespan_s REAL, gpu_utilization REAL, effective_utilization REAL,"
    "  wait_mean REAL, wait_p50 REAL, wait_p95 REAL, wait_p99 REAL,"
    "  jct_mean REAL, jct_p50 REAL, jct_p95 REAL, jct_p99 REAL,"
    "  dropped INTEGER, summary_json TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS jobs("
    "  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, job_id TEXT NOT NULL,"
    "  submit_s REAL, gpus REAL, tenant TEXT, start_s REAL, end_s REAL, wait_s REAL, jct_s REAL,"
    "  slowdown REAL, servers INTEGER, preemptions INTEGER, migrations INTEGER, status TEXT);"
    "CREATE TABLE IF NOT EXISTS series("
    "  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, t_s REAL, allocated_gpus REAL,"
    "  effective_gpus REAL, queued INTEGER, running INTEGER, fabric_utilization REAL,"
    "  max_link_utilization REAL, fragmentation_gpus REAL);"
    "CREATE TABLE IF NOT EXISTS capacity("
    "  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, arrived_pct INTEGER,"
    "  allocated_pct REAL, fragmentation_pct REAL);"
    "CREATE INDEX IF NOT EXISTS jobs_run ON jobs(run_id);"
    "CREATE INDEX IF NOT EXISTS series_run ON series(run_id);"
    "CREATE INDEX IF NOT EXISTS capacity_run ON capacity(run_id);";

Result<SqliteDb> open(const std::string &path)
{
    sqlite3 *raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    SqliteDb db(raw);
    if (rc != SQLITE_OK)
        return makeError(path, 0, 0, std::string("cannot open the run database: ") + (raw ? sqlite3_errmsg(raw) : "out of memory"));
    sqlite3_busy_timeout(raw, 5000);
    char *err = nullptr;
    if (sqlite3_exec(raw, "PRAGMA foreign_keys = ON;", nullptr, nullptr, &err) != SQLITE_OK || sqlite3_exec(raw, kSchema, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string m = err ? err : "unknown error";
        sqlite3_free(err);
        return makeError(path, 0, 0, "not a usable run database: " + m);
    }
    return db;
}

// Writes one run inside a transaction; a failed step rolls it back and names what failed.
class RunWriter
{
public:
    RunWriter(sqlite3 *db, const std::string &path) : m_db(db), m_path(path) {}

    Status begin()
    {
        if (sqlite3_exec(m_db, "BEGIN IMMEDIATE;", nullptr, nullptr, nullptr) != SQLITE_OK)
            return makeError(m_path, 0, 0, std::string("cannot write the run database: ") + sqlite3_errmsg(m_db));
        return Ok{};
    }

    Status commit()
    {
        if (sqlite3_exec(m_db, "COMMIT;", nullptr, nullptr, nullptr) != SQLITE_OK)
            return fail("cannot commit the run");
        return Ok{};
    }

    // A scenario saved again replaces its earlier run (its rows go with it).
    Status replaceScenario(const std::string &scenario)
    {
        SqlStatement del(m_db, "DELETE FROM runs WHERE scenario = ?1");
        if (!del.ok() || (del.bind(1, scenario), del.step()) != SQLITE_DONE)
            return fail("cannot replace the scenario");
        return Ok{};
    }

    // The run's row: its inputs and summary figures (a capacity run has no time figures).
    Status insertRun(const RunInfo &info, std::size_t jobCount, const ScheduleResult *schedule, const CapacityResult *capacity)
    {
        SqlStatement ins(m_db, "INSERT INTO runs(scenario, created_at, pool, trace, policy, seed, network, mode, jobs, makespan_s,"
                     " gpu_utilization, effective_utilization, wait_mean, wait_p50, wait_p95, wait_p99, jct_mean, jct_p50,"
                     " jct_p95, jct_p99, dropped, summary_json) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,"
                     "?16,?17,?18,?19,?20,?21,?22)");
        if (!ins.ok())
            return fail("cannot prepare the run row");
        ins.bind(1, info.scenario).bind(2, nowUtc()).bind(3, info.pool).bind(4, info.trace).bind(5, info.policy);
        ins.bind64(6, std::int64_t(info.seed)).bind64(7, info.network ? 1 : 0).bind(8, std::string(info.capacity ? "capacity" : "time"));
        ins.bind64(9, std::int64_t(jobCount));
        if (schedule) {
            ins.bind(10, schedule->makespanS).bind(11, schedule->gpuUtilization).bind(12, schedule->effectiveUtilization);
            ins.bind(13, schedule->wait.mean).bind(14, schedule->wait.p50).bind(15, schedule->wait.p95).bind(16, schedule->wait.p99);
            ins.bind(17, schedule->jct.mean).bind(18, schedule->jct.p50).bind(19, schedule->jct.p95).bind(20, schedule->jct.p99);
            ins.bind64(21, std::int64_t(schedule->rejected));
        } else {
            for (int i = 10; i <= 20; ++i)
                ins.null(i);
            ins.bind64(21, capacity ? std::int64_t(capacity->dropped) : 0);
        }
        ins.bind(22, info.summaryJson);
        if (ins.step() != SQLITE_DONE)
            return fail("cannot write the run");
        m_runId = sqlite3_last_insert_rowid(m_db);
        return Ok{};
    }

    Status insertJobs(const std::vector<Job> &jobs, const ScheduleResult &schedule)
    {
        SqlStatement ins(m_db, "INSERT INTO jobs VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14)");
        for (std::size_t i = 0; i < jobs.size() && i < schedule.jobs.size(); ++i) {
            const Job &j = jobs[i];
            const JobOutcome &o = schedule.jobs[i];
            ins.bind64(1, m_runId).bind(2, j.id).bind(3, j.submitS).bind(4, double(j.gpuDemandMilli()) / 1000.0).bind(5, j.tenant);
            if (o.startS >= 0)
                ins.bind(6, o.startS);
            else
                ins.null(6);
            if (o.endS >= 0)
                ins.bind(7, o.endS).bind(8, o.waitS).bind(9, o.jctS).bind(10, o.slowdown);
            else
                ins.null(7).null(8).null(9).null(10);
            ins.bind64(11, o.servers).bind64(12, o.preemptions).bind64(13, o.migrations);
            ins.bind(14, std::string(o.rejected ? "rejected" : o.endS >= 0 ? "done" : "unfinished"));
            if (ins.step() != SQLITE_DONE)
                return fail("cannot write a job");
            ins.reset();
        }
        return Ok{};
    }

    Status insertSeries(const ScheduleResult &schedule)
    {
        SqlStatement ser(m_db, "INSERT INTO series VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)");
        for (const SeriesPoint &p : schedule.series) {
            ser.bind64(1, m_runId).bind(2, p.timeS).bind(3, p.allocatedGpus).bind(4, p.effectiveGpus).bind64(5, p.queued);
            ser.bind64(6, p.running).bind(7, p.fabricUtilization).bind(8, p.maxLinkUtilization).bind(9, p.fragmentationGpus);
            if (ser.step() != SQLITE_DONE)
                return fail("cannot write the series");
            ser.reset();
        }
        return Ok{};
    }

    Status insertCapacity(const CapacityResult &capacity)
    {
        SqlStatement ins(m_db, "INSERT INTO capacity VALUES(?1,?2,?3,?4)");
        for (const CapacityPoint &p : capacity.points) {
            ins.bind64(1, m_runId).bind64(2, p.arrivedPct).bind(3, p.allocatedPct).bind(4, p.fragmentationPct);
            if (ins.step() != SQLITE_DONE)
                return fail("cannot write the capacity curve");
            ins.reset();
        }
        return Ok{};
    }

private:
    Status fail(const char *what)
    {
        std::string m = std::string(what) + ": " + sqlite3_errmsg(m_db);
        sqlite3_exec(m_db, "ROLLBACK;", nullptr, nullptr, nullptr);
        return makeError(m_path, 0, 0, m);
    }

    sqlite3 *m_db;
    const std::string &m_path;
    std::int64_t m_runId = 0;
};

} // namespace

Status saveScheduleRun(const std::string &path, const RunInfo &info, const std::vector<Job> &jobs,
                       const ScheduleResult *schedule, const CapacityResult *capacity)
{
    auto opened = open(path);
    if (!opened)
        return opened.error();
    RunWriter w(opened->get(), path);
    Status s = w.begin();
    if (s)
        s = w.replaceScenario(info.scenario);
    if (s)
        s = w.insertRun(info, jobs.size(), schedule, capacity);
    if (s && schedule)
        s = w.insertJobs(jobs, *schedule);
    if (s && schedule)
        s = w.insertSeries(*schedule);
    if (s && capacity)
        s = w.insertCapacity(*capacity);
    return s ? w.commit() : s;
}

Result<std::vector<StoredRun>> listScheduleRuns(const std::string &path)
{
    auto opened = open(path);
    if (!opened)
        return opened.error();
    SqlStatement st(opened->get(), "SELECT id, scenario, policy, created_at, jobs, gpu_utilization, wait_mean, jct_mean FROM runs ORDER BY id");
    if (!st.ok())
        return makeError(path, 0, 0, "cannot read the runs");
    std::vector<StoredRun> out;
    while (st.step() == SQLITE_ROW) {
        StoredRun r;
        r.id = st.int64(0);
        r.scenario = st.text(1);
        r.policy = st.text(2);
        r.createdAt = st.text(3);
        r.jobs = st.int64(4);
        r.gpuUtilization = st.real(5);
        r.waitMean = st.real(6);
        r.jctMean = st.real(7);
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace cplan
