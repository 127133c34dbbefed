#include "sweep/runsweep.h"

#include "catalog/catalog.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

namespace cplan {

namespace {

using Clock = std::chrono::steady_clock;

// A stored result answers the point when its evaluation was asked for every figure the sweep
// needs (a figure it lacks does not apply to that point), or it was skipped.
bool answers(const PointResult &stored, const std::vector<std::string> &required)
{
    if (!stored.skipped.empty())   // skipped for the figures it was asked for: the same ones
        return std::is_permutation(required.begin(), required.end(), stored.asked.begin(), stored.asked.end());
    return std::all_of(required.begin(), required.end(), [&](const std::string &n) {
        return std::find(stored.asked.begin(), stored.asked.end(), n) != stored.asked.end();
    });
}

// Points sharing a design, in order of their first point.
std::vector<std::vector<const SweepPoint *>> designGroups(const std::vector<const SweepPoint *> &points)
{
    std::vector<std::vector<const SweepPoint *>> groups;
    std::map<std::string, std::size_t> byKey;
    for (const SweepPoint *p : points) {
        auto [it, added] = byKey.emplace(p->designKey, groups.size());
        if (added)
            groups.emplace_back();
        groups[it->second].push_back(p);
    }
    return groups;
}

// Runs the groups on the threads; each finished group is saved and reported under one lock.
class GroupRunner
{
public:
    GroupRunner(const SweepSpec &spec, const Catalog &catalog, const SweepRunOptions &options, std::size_t total, std::size_t reused)
        : m_spec(spec), m_catalog(catalog), m_options(options)
    {
        m_progress.total = total;
        m_progress.reused = reused;
        m_progress.done = reused;
    }

    Status run(const std::vector<std::vector<const SweepPoint *>> &groups, unsigned threads)
    {
        m_groups = &groups;
        report();
        threads = std::max(1u, std::min<unsigned>(threads, unsigned(groups.size())));
        const unsigned routing = threads > 1 ? 1 : 0;
        std::vector<std::thread> pool;
        for (unsigned t = 1; t < threads; ++t)
            pool.emplace_back([this, routing] { work(routing); });
        work(routing);
        for (std::thread &t : pool)
            t.join();
        if (m_error)
            return *m_error;
        return Ok{};
    }

    std::vector<PointResult> results;

private:
    void work(unsigned routingThreads)
    {
        RunControl control;
        control.cancel = m_options.cancel;
        for (;;) {
            const std::size_t g = m_next.fetch_add(1);
            if (g >= m_groups->size() || control.cancelled())
                return;
            std::vector<PointResult> done = evaluatePoints(m_spec, (*m_groups)[g], m_catalog, control, routingThreads);
            std::lock_guard lock(m_mutex);
            if (m_options.store && !done.empty() && !m_error)
                if (auto s = m_options.store->save(done); !s) {
                    m_error = s.error();
                    m_options.cancel.cancel();
                }
            m_progress.done += done.size();
            for (PointResult &r : done)
                results.push_back(std::move(r));
            report();
        }
    }

    void report()
    {
        if (!m_options.progress)
            return;
        m_progress.elapsedS = std::chrono::duration<double>(Clock::now() - m_start).count();
        const std::size_t evaluated = m_progress.done - m_progress.reused;
        const std::size_t left = m_progress.total - m_progress.done;
        m_progress.etaS = evaluated > 0 ? m_progress.elapsedS / double(evaluated) * double(left) : (left == 0 ? 0 : -1);
        m_options.progress(m_progress);
    }

    const SweepSpec &m_spec;
    const Catalog &m_catalog;
    const SweepRunOptions &m_options;
    const std::vector<std::vector<const SweepPoint *>> *m_groups = nullptr;
    std::atomic<std::size_t> m_next{0};
    std::mutex m_mutex;
    SweepProgress m_progress;
    std::optional<Error> m_error;
    Clock::time_point m_start = Clock::now();
};

} // namespace

Result<SweepRun> runSweep(const SweepSpec &spec, const Catalog &base, const SweepRunOptions &options)
{
    const auto t0 = Clock::now();
    auto catalog = sweepCatalog(spec, base);
    if (!catalog)
        return catalog.error();
    const std::vector<SweepPoint> points = expandSweep(spec);
    std::map<std::string, PointResult> stored;
    if (options.store) {
        auto loaded = options.store->load();
        if (!loaded)
            return loaded.error();
        for (PointResult &r : *loaded)
            stored.emplace(r.id, std::move(r));
    }
    const std::vector<std::string> required = requiredFigures(spec);
    SweepRun run;
    std::vector<const SweepPoint *> todo;
    std::vector<const SweepPoint *> selected;
    for (const SweepPoint &p : points) {
        if (options.select && !options.select(p))
            continue;
        selected.push_back(&p);
        auto it = stored.find(p.id);
        if (it != stored.end() && answers(it->second, required)) {
            PointResult r = std::move(it->second);
            r.index = p.index;
            r.axes = p.axes;
            run.results.push_back(std::move(r));
            ++run.reused;
        } else {
            todo.push_back(&p);
        }
    }
    GroupRunner runner(spec, *catalog, options, selected.size(), run.reused);
    const unsigned threads = options.threads > 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    if (auto s = runner.run(designGroups(todo), threads); !s)
        return s.error();
    run.evaluated = runner.results.size();
    for (PointResult &r : runner.results)
        run.results.push_back(std::move(r));
    std::sort(run.results.begin(), run.results.end(), [](const PointResult &a, const PointResult &b) { return a.index < b.index; });
    run.cancelled = options.cancel.cancelled() || run.results.size() < selected.size();
    rankSweep(spec, run.results, options.rank);
    run.wallS = std::chrono::duration<double>(Clock::now() - t0).count();
    return run;
}

} // namespace cplan
