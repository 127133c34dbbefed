#include "schedule/scheduler.h"

#include "flow/maxminsolver.h"
#include "schedule/jobfabric.h"
#include "workload/collective.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

namespace cplan {

const char *toString(Policy policy)
{
    switch (policy) {
    case Policy::Fifo: return "fifo";
    case Policy::Backfill: return "backfill";
    case Policy::Sjf: return "sjf";
    case Policy::TopoPack: return "topo-pack";
    case Policy::Random: return "random";
    case Policy::BestFit: return "bestfit";
    case Policy::Fragmentation: return "fragmentation";
    case Policy::Priority: return "priority";
    }
    return "?";
}

std::optional<Policy> policyFromString(std::string_view text)
{
    for (Policy p : {Policy::Fifo, Policy::Backfill, Policy::Sjf, Policy::TopoPack, Policy::Random, Policy::BestFit,
                     Policy::Fragmentation, Policy::Priority})
        if (text == toString(p))
            return p;
    if (text == "easy" || text == "fifo-backfill")
        return Policy::Backfill;
    if (text == "best-fit")
        return Policy::BestFit;
    if (text == "fgd")
        return Policy::Fragmentation;
    return std::nullopt;
}

std::vector<std::string> policyNames()
{
    return {"fifo", "backfill", "sjf", "topo-pack", "random", "bestfit", "fragmentation", "priority"};
}

Placement defaultPlacement(Policy policy)
{
    switch (policy) {
    case Policy::TopoPack: return Placement::TopoPack;
    case Policy::Random: return Placement::Random;
    case Policy::BestFit: return Placement::BestFit;
    case Policy::Fragmentation: return Placement::Fragmentation;
    default: return Placement::FirstFit;
    }
}

Summary summarize(std::vector<double> v)
{
    Summary s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = sum / double(v.size());
    auto rank = [&](double p) {
        std::size_t k = std::size_t(std::ceil(p / 100.0 * double(v.size())));
        return v[std::min(v.size(), std::max<std::size_t>(k, 1)) - 1];
    };
    s.p50 = rank(50);
    s.p95 = rank(95);
    s.p99 = rank(99);
    return s;
}

double impliedCommFraction(const Job &job, const Pool &pool, JobFabric *fabric)
{
    double bytes = job.bytesPerIteration, compute = job.iterationComputeS;
    if (!job.model.empty()) {
        if (const ModelProfile *p = modelProfile(job.model)) {
            bytes = p->bytesPerIteration;
            compute = p->computeS;
        }
    }
    if (bytes <= 0 || compute <= 0)
        return job.commFraction;
    const int perServer = std::max(1, pool.maxGpusPerServer());
    GpuSet set;
    set.gpusPerServer = std::uint32_t(std::min(std::max(job.gpus, 1), perServer));
    set.servers = std::uint32_t((std::max(job.gpus, 1) + perServer - 1) / perServer);
    set.rails = 1;
    set.nicGbps = 400;
    if (fabric) {
        for (std::size_t s = 0; s < pool.servers.size(); ++s)
            if (fabric->rails(int(s)) > 0) {
                set.rails = std::uint32_t(fabric->rails(int(s)));
                set.nicGbps = fabric->railBps(int(s), 0) * 8 / 1e9;
                break;
            }
    }
    const double comm = estimateCollective(CollectiveKind::AllReduce, bytes, set).timeS;
    return comm / (comm + compute);
}

namespace {

constexpr double kEps = 1e-9;

enum class State : std::uint8_t { Pending, Queued, Running, Done, Rejected };

struct SimJob
{
    int cls = -1;
    int tenant = -1;          // quota tenant, or -1
    double c = 0.0;
    State state = State::Pending;
    double workLeft = 0.0;    // ideal seconds
    double rate = 1.0;
    double lastT = 0.0;
    double end = 0.0;         // predicted end (key in the running set)
    Allocation alloc;
    std::int64_t milli = 0;
    std::vector<std::uint32_t> flows;
    std::vector<double> need; // per flow, per unit weight, bytes/s
    std::vector<int> pins;
    std::uint64_t startSeq = 0;
    double runTime = 0.0;     // wall time spent running
};

struct QKey
{
    double k1, k2;
    std::uint32_t job;
    bool operator<(const QKey &o) const
    {
        if (k1 != o.k1)
            return k1 < o.k1;
        if (k2 != o.k2)
            return k2 < o.k2;
        return job < o.job;
    }
};

class Simulator
{
public:
    Simulator(const Pool &pool, const std::vector<Job> &jobs, const ScheduleOptions &opt, JobFabric *fabric)
        : m_pool(pool), m_jobs(jobs), m_opt(opt), m_fabric(opt.network ? fabric : nullptr), m_state(pool, opt.seed),
          m_placement(opt.placement ? *opt.placement : defaultPlacement(opt.policy))
    {
    }

    Result<ScheduleResult> run();

private:
    bool blocking() const
    {
        return m_opt.policy == Policy::Fifo || m_opt.policy == Policy::Backfill || m_opt.policy == Policy::Sjf
            || m_opt.policy == Policy::TopoPack || m_opt.policy == Policy::Priority;
    }
    QKey key(std::uint32_t j) const
    {
        const Job &job = m_jobs[j];
        switch (m_opt.policy) {
        case Policy::Sjf: return {job.durationS, job.submitS, j};
        case Policy::Priority: return {-double(job.priority), job.submitS, j};
        default: return {job.submitS, 0.0, j};
        }
    }
    void advance(double t);
    void start(std::uint32_t j, Allocation a, double t);
    void stop(std::uint32_t j, double t);             // release resources and flows, bank work
    void finish(std::uint32_t j, double t);
    void preempt(std::uint32_t j, double t);
    void schedulePass(double t);
    bool tryStart(std::uint32_t j, double t);
    std::optional<Allocation> placement(std::uint32_t j);
    bool borrowing(std::uint32_t j) const;
    bool tryPreempt(std::uint32_t j, double t);
    bool tryMigrate(std::uint32_t j, double t);
    void backfill(std::uint32_t head, std::set<QKey>::iterator from, double t);
    void addFlows(std::uint32_t j);
    void rerate(double t);
    void setRate(std::uint32_t j, double rate, double t);
    void sample(double t);
    std::int64_t milliInClass(const Allocation &a, int cls);
    const std::vector<std::uint8_t> &classMask(int cls);

    const Pool &m_pool;
    const std::vector<Job> &m_jobs;
    const ScheduleOptions &m_opt;
    JobFabric *m_fabric;
    ClusterState m_state;
    Placement m_placement;

    std::vector<SimJob> m_sim;
    std::set<QKey> m_queue;
    std::set<std::pair<double, std::uint32_t>> m_running;   // (predicted end, job)
    std::vector<std::uint32_t> m_fresh;                     // queued since the last pass
    bool m_freed = true;
    std::uint64_t m_seq = 0;

    MaxMinSolver m_solver;
    std::vector<std::uint32_t> m_flowOwner;
    bool m_netDirty = false;
    std::vector<std::uint32_t> m_stamp;
    std::uint32_t m_epoch = 0;

    std::vector<std::int64_t> m_tenantUse;      // milli
    std::vector<std::int64_t> m_tenantQuota;    // milli, -1 = none
    std::unordered_map<int, std::vector<std::uint8_t>> m_classMasks;

    // integrals
    double m_lastT = 0.0;
    double m_allocIntegral = 0.0, m_effIntegral = 0.0, m_queueIntegral = 0.0;
    double m_effectiveMilli = 0.0;   // Σ held milli × rate
    double m_nextSample = 0.0, m_step = 1.0;
    ScheduleResult m_result;
    std::size_t m_closed = 0, m_nextProgress = 0;
    std::vector<std::uint32_t> m_scratchLinks;
    std::vector<std::uint32_t> m_touchedJobs;
};

std::int64_t Simulator::milliInClass(const Allocation &a, int cls)
{
    const auto &mask = classMask(cls);
    std::int64_t m = 0;
    for (const ServerShare &s : a)
        if (mask[std::size_t(s.server)])
            m += std::int64_t(s.wholeGpus()) * 1000 + (s.sharedGpu >= 0 ? s.milli : 0);
    return m;
}

const std::vector<std::uint8_t> &Simulator::classMask(int cls)
{
    auto it = m_classMasks.find(cls);
    if (it != m_classMasks.end())
        return it->second;
    std::vector<std::uint8_t> mask(m_pool.servers.size(), 0);
    for (int s : m_state.jobClass(cls).servers)
        mask[std::size_t(s)] = 1;
    return m_classMasks.emplace(cls, std::move(mask)).first->second;
}

void Simulator::advance(double t)
{
    const double dt = t - m_lastT;
    if (dt > 0) {
        m_allocIntegral += double(m_state.allocatedMilli()) / 1000.0 * dt;
        m_effIntegral += m_effectiveMilli / 1000.0 * dt;
        m_queueIntegral += double(m_queue.size()) * dt;
    }
    m_lastT = t;
}

bool Simulator::borrowing(std::uint32_t j) const
{
    const SimJob &s = m_sim[j];
    if (s.tenant < 0 || m_tenantQuota[std::size_t(s.tenant)] < 0)
        return false;
    return m_tenantUse[std::size_t(s.tenant)] + m_jobs[j].gpuDemandMilli() > m_tenantQuota[std::size_t(s.tenant)];
}

std::optional<Allocation> Simulator::placement(std::uint32_t j)
{
    const SimJob &s = m_sim[j];
    if (!s.pins.empty())
        return m_state.placeOn(m_jobs[j], s.pins);
    return m_state.place(m_jobs[j], s.cls, m_placement, m_opt.topoLevel, m_opt.topoRequired);
}

void Simulator::addFlows(std::uint32_t j)
{
    SimJob &s = m_sim[j];
    if (!m_fabric || s.alloc.size() < 2)
        return;
    // Ring all-reduce: ring ch goes through the ch-th GPU of each server; it leaves a server on
    // that GPU's rail (GPU i uses HCA i mod R). Rings with the same hops add up as one weighted flow.
    auto gpuList = [](const ServerShare &sh) {
        std::vector<int> g;
        for (int i = 0; i < 64; ++i)
            if (sh.gpuMask >> i & 1)
                g.push_back(i);
        return g;
    };
    std::vector<std::vector<int>> gpus;
    std::size_t rings = std::numeric_limits<std::size_t>::max();
    for (const ServerShare &sh : s.alloc) {
        gpus.push_back(gpuList(sh));
        rings = std::min(rings, gpus.back().size());
    }
    if (rings == 0 || rings == std::numeric_limits<std::size_t>::max())
        return;
    std::map<std::tuple<int, int, int, int>, double> hops;   // (src, srcRail, dst, dstRail) -> weight
    std::map<std::pair<int, int>, double> outW, inW;
    const std::size_t n = s.alloc.size();
    for (std::size_t ch = 0; ch < rings; ++ch)
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t k = (i + 1) % n;
            const int a = s.alloc[i].server, b = s.alloc[k].server;
            const int ra = m_fabric->rails(a), rb = m_fabric->rails(b);
            if (ra == 0 || rb == 0)
                continue;
            // PXN (NCCL): data leaves on the sender GPU's rail and arrives on the same rail;
            // NVLink carries it to the right GPU. Rail-aligned traffic stays in its rail plane.
            const int rA = gpus[i][ch] % ra, rB = rA % rb;
            hops[{a, rA, b, rB}] += 1.0;
            outW[{a, rA}] += 1.0;
            inW[{b, rB}] += 1.0;
        }
    for (const auto &[hop, w] : hops) {
        const auto [a, rA, b, rB] = hop;
        m_scratchLinks.clear();
        m_fabric->route(a, rA, b, rB, m_scratchLinks);
        if (m_scratchLinks.empty())
            continue;
        const double need = std::min(m_fabric->railBps(a, rA) / outW[{a, rA}], m_fabric->railBps(b, rB) / inW[{b, rB}]);
        const auto id = m_solver.addFlow(m_scratchLinks, w);
        if (m_flowOwner.size() <= id)
            m_flowOwner.resize(std::size_t(id) + 1);
        m_flowOwner[id] = j;
        s.flows.push_back(id);
        s.need.push_back(need);
    }
    if (!s.flows.empty())
        m_netDirty = true;
}

void Simulator::start(std::uint32_t j, Allocation a, double t)
{
    SimJob &s = m_sim[j];
    JobOutcome &out = m_result.jobs[j];
    if (out.startS < 0)
        out.startS = t;
    s.alloc = std::move(a);
    s.milli = 0;
    for (const ServerShare &sh : s.alloc)
        s.milli += std::int64_t(sh.wholeGpus()) * 1000 + (sh.sharedGpu >= 0 ? sh.milli : 0);
    m_state.allocate(s.alloc);
    if (s.tenant >= 0)
        m_tenantUse[std::size_t(s.tenant)] += s.milli;
    out.servers = int(s.alloc.size());
    if (m_opt.onStart)
        m_opt.onStart(j, s.alloc, t);
    s.state = State::Running;
    s.rate = 1.0;
    s.lastT = t;
    s.startSeq = ++m_seq;
    m_effectiveMilli += double(s.milli);
    addFlows(j);
    s.end = t + s.workLeft;
    m_running.insert({s.end, j});
}

void Simulator::stop(std::uint32_t j, double t)
{
    SimJob &s = m_sim[j];
    s.workLeft = std::max(0.0, s.workLeft - s.rate * (t - s.lastT));
    s.runTime += t - s.lastT;
    s.lastT = t;
    m_running.erase({s.end, j});
    m_state.release(s.alloc);
    if (s.tenant >= 0)
        m_tenantUse[std::size_t(s.tenant)] -= s.milli;
    m_effectiveMilli -= double(s.milli) * s.rate;
    for (std::uint32_t f : s.flows)
        m_solver.removeFlow(f);
    if (!s.flows.empty())
        m_netDirty = true;
    s.flows.clear();
    s.need.clear();
    s.alloc.clear();
    m_freed = true;
}

void Simulator::finish(std::uint32_t j, double t)
{
    stop(j, t);
    SimJob &s = m_sim[j];
    s.state = State::Done;
    JobOutcome &out = m_result.jobs[j];
    const Job &job = m_jobs[j];
    out.endS = t;
    out.waitS = out.startS - job.submitS;
    out.jctS = t - job.submitS;
    out.slowdown = out.jctS / std::max(job.durationS, 1.0);
    out.meanRate = s.runTime > 0 ? std::min(1.0, job.durationS / s.runTime) : 1.0;
    ++m_result.completed;
    ++m_closed;
}

void Simulator::preempt(std::uint32_t j, double t)
{
    stop(j, t);
    SimJob &s = m_sim[j];
    s.workLeft += m_opt.pauseS;
    s.state = State::Queued;
    m_queue.insert(key(j));
    ++m_result.jobs[j].preemptions;
    ++m_result.preemptions;
}

void Simulator::setRate(std::uint32_t j, double rate, double t)
{
    SimJob &s = m_sim[j];
    if (rate == s.rate)
        return;
    s.workLeft = std::max(0.0, s.workLeft - s.rate * (t - s.lastT));
    s.runTime += t - s.lastT;
    s.lastT = t;
    m_effectiveMilli += double(s.milli) * (rate - s.rate);
    s.rate = rate;
    m_running.erase({s.end, j});
    s.end = t + s.workLeft / rate;
    m_running.insert({s.end, j});
}

void Simulator::rerate(double t)
{
    m_netDirty = false;
    // Only the flows the starts and finishes can re-rate (those they reach through full links);
    // every other job keeps its rate, as it would in a solve of the whole fabric.
    auto flows = m_solver.solveLocal();
    ++m_result.events;
    if (++m_epoch == 0) {
        std::fill(m_stamp.begin(), m_stamp.end(), 0);
        m_epoch = 1;
    }
    std::vector<std::uint32_t> &touched = m_touchedJobs;
    touched.clear();
    for (auto f : flows) {
        const std::uint32_t j = m_flowOwner[f];
        if (m_stamp[j] != m_epoch) {
            m_stamp[j] = m_epoch;
            touched.push_back(j);
        }
    }
    std::sort(touched.begin(), touched.end());
    for (std::uint32_t j : touched) {
        SimJob &s = m_sim[j];
        if (s.state != State::Running)
            continue;
        double ratio = 1.0;
        for (std::size_t i = 0; i < s.flows.size(); ++i) {
            const double got = m_solver.rate(s.flows[i]);
            ratio = std::max(ratio, got > 0 ? s.need[i] / got : 1e12);
        }
        // Snap away solver noise so that symmetric placements get identical speeds.
        if (ratio < 1.0 + 1e-12)
            ratio = 1.0;
        const double rate = 1.0 / ((1.0 - s.c) + s.c * ratio);
        setRate(j, rate, t);
    }
}

bool Simulator::tryStart(std::uint32_t j, double t)
{
    auto a = placement(j);
    if (!a)
        return false;
    m_queue.erase(key(j));
    start(j, std::move(*a), t);
    return true;
}

bool Simulator::tryPreempt(std::uint32_t j, double t)
{
    const Job &job = m_jobs[j];
    const SimJob &sj = m_sim[j];
    const bool reclaim = sj.tenant >= 0 && !borrowing(j);
    const auto &mask = classMask(sj.cls);
    // Victims: lower priority, or (reclaiming its quota) jobs of tenants over theirs; lowest
    // priority first, then the most recently started (least work lost).
    std::vector<std::uint32_t> victims;
    for (const auto &[end, r] : m_running) {
        const SimJob &v = m_sim[r];
        const Job &vj = m_jobs[r];
        bool overQuota = false;
        if (reclaim && v.tenant >= 0 && v.tenant != sj.tenant && m_tenantQuota[std::size_t(v.tenant)] >= 0)
            overQuota = m_tenantUse[std::size_t(v.tenant)] > m_tenantQuota[std::size_t(v.tenant)];
        if (vj.priority >= job.priority && !overQuota)
            continue;
        bool overlaps = false;
        for (const ServerShare &sh : v.alloc)
            overlaps = overlaps || mask[std::size_t(sh.server)];
        if (overlaps)
            victims.push_back(r);
    }
    if (victims.empty())
        return false;
    std::sort(victims.begin(), victims.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (m_jobs[a].priority != m_jobs[b].priority)
            return m_jobs[a].priority < m_jobs[b].priority;
        if (m_sim[a].startSeq != m_sim[b].startSeq)
            return m_sim[a].startSeq > m_sim[b].startSeq;
        return a < b;
    });
    std::size_t used = 0;
    std::optional<Allocation> a;
    for (; used < victims.size(); ++used) {
        m_state.release(m_sim[victims[used]].alloc);
        a = placement(j);
        if (a) {
            ++used;
            break;
        }
    }
    for (std::size_t i = 0; i < used; ++i)
        m_state.allocate(m_sim[victims[i]].alloc);
    if (!a)
        return false;
    // Drop victims the placement did not need (later ones first).
    std::vector<std::uint32_t> chosen(victims.begin(), victims.begin() + std::ptrdiff_t(used));
    std::set<int> needed;
    for (const ServerShare &sh : *a)
        needed.insert(sh.server);
    for (std::uint32_t v : chosen) {
        bool touches = false;
        for (const ServerShare &sh : m_sim[v].alloc)
            touches = touches || needed.count(sh.server);
        if (touches)
            preempt(v, t);
    }
    a = placement(j);
    if (!a)
        return false;
    m_queue.erase(key(j));
    start(j, std::move(*a), t);
    return true;
}

bool Simulator::tryMigrate(std::uint32_t j, double t)
{
    const Job &job = m_jobs[j];
    if (job.gpus <= 0 || !m_sim[j].pins.empty())
        return false;
    const int cls = m_sim[j].cls;
    const JobClass &jc = m_state.jobClass(cls);
    const std::int64_t freeMilli = [&] {
        std::int64_t f = 0;
        for (int s : jc.servers)
            f += m_state.serverFreeMilli(s);
        return f;
    }();
    if (freeMilli < job.gpuDemandMilli())
        return false;
    // Candidate target servers: large enough, most free first; try a few.
    std::vector<int> targets;
    for (int s : jc.servers)
        if (m_pool.servers[std::size_t(s)].gpus >= std::max(job.gpus, 1) && m_state.serverFreeMilli(s) > 0)
            targets.push_back(s);
    std::stable_sort(targets.begin(), targets.end(),
                     [&](int a, int b) { return m_state.serverFreeMilli(a) > m_state.serverFreeMilli(b); });
    if (targets.size() > 8)
        targets.resize(8);
    for (int target : targets) {
        std::vector<std::uint32_t> movers;
        for (const auto &[end, r] : m_running) {
            const SimJob &v = m_sim[r];
            if (v.alloc.size() == 1 && v.alloc[0].server == target && v.pins.empty())
                movers.push_back(r);
        }
        if (movers.empty())
            continue;
        std::sort(movers.begin(), movers.end());
        for (std::uint32_t r : movers)
            m_state.release(m_sim[r].alloc);
        m_state.setExcluded(target, true);
        std::vector<Allocation> moved;
        bool ok = true;
        for (std::uint32_t r : movers) {
            auto a = m_state.place(m_jobs[r], m_sim[r].cls, Placement::BestFit);
            if (!a) {
                ok = false;
                break;
            }
            m_state.allocate(*a);
            moved.push_back(std::move(*a));
        }
        m_state.setExcluded(target, false);
        std::optional<Allocation> mine;
        if (ok) {
            const std::vector<int> pin{target};
            mine = m_state.placeOn(job, pin);
            if (mine && !m_state.jobClass(cls).servers.empty())
                ok = true;
            else
                ok = false;
        }
        // Undo the trial, then (if it worked) do it for real through stop/start.
        for (const Allocation &a : moved)
            m_state.release(a);
        for (std::uint32_t r : movers)
            m_state.allocate(m_sim[r].alloc);
        if (!ok)
            continue;
        for (std::size_t i = 0; i < movers.size(); ++i) {
            const std::uint32_t r = movers[i];
            stop(r, t);
            m_sim[r].workLeft += m_opt.pauseS;
            m_sim[r].state = State::Running;
            start(r, moved[i], t);
            ++m_result.jobs[r].migrations;
            ++m_result.migrations;
        }
        auto a = m_state.placeOn(job, std::vector<int>{target});
        if (!a)
            return false;   // cannot happen: the trial placed it
        m_queue.erase(key(j));
        start(j, std::move(*a), t);
        return true;
    }
    return false;
}

void Simulator::backfill(std::uint32_t head, std::set<QKey>::iterator from, double t)
{
    // EASY: the head's reservation is the earliest time enough GPUs of its class come free
    // (running jobs' predicted ends, in order); later jobs may start now if they end before
    // it, or use only GPUs the head will not need then.
    const int cls = m_sim[head].cls;
    const std::int64_t need = m_jobs[head].gpuDemandMilli();
    const JobClass &jc = m_state.jobClass(cls);
    std::int64_t avail = 0;
    for (int s : jc.servers)
        avail += m_state.serverFreeMilli(s);
    double shadow = std::numeric_limits<double>::infinity();
    for (const auto &[end, r] : m_running) {
        if (avail >= need) {
            shadow = std::min(shadow, end);
            break;
        }
        avail += milliInClass(m_sim[r].alloc, cls);
        shadow = end;
    }
    if (avail < need)
        return;   // cannot be reserved (e.g. needs GPUs no running job frees): no backfill
    std::int64_t extra = avail - need;
    std::size_t looked = 0;
    std::vector<std::uint32_t> started;
    for (auto it = from; it != m_queue.end() && looked < m_opt.backfillDepth; ++it, ++looked) {
        const std::uint32_t j = it->job;
        const double end = t + m_sim[j].workLeft;
        // A job that outlasts the reservation must fit in the spare GPUs. When all of its
        // demand counts against them (the head's class, not pinned), that is known without
        // placing it, which saves a scan of the servers per queued job. Random placement is
        // still drawn, as it advances the seed's stream.
        const SimJob &sj = m_sim[j];
        if (end > shadow + kEps && m_placement != Placement::Random && sj.pins.empty() && sj.cls == cls
            && m_jobs[j].gpuDemandMilli() > extra)
            continue;
        auto a = placement(j);
        if (!a)
            continue;
        const std::int64_t inClass = milliInClass(*a, cls);
        if (end <= shadow + kEps || inClass <= extra) {
            if (end > shadow + kEps)
                extra -= inClass;
            started.push_back(j);
            m_state.allocate(*a);      // hold it while scanning
            m_sim[j].alloc = std::move(*a);
        }
    }
    for (std::uint32_t j : started) {
        m_state.release(m_sim[j].alloc);
        Allocation a = std::move(m_sim[j].alloc);
        m_sim[j].alloc.clear();
        m_queue.erase(key(j));
        start(j, std::move(a), t);
    }
}

void Simulator::schedulePass(double t)
{
    if (m_queue.empty())
        return;
    const bool block = blocking();
    const bool anyQuota = std::any_of(m_tenantQuota.begin(), m_tenantQuota.end(), [](std::int64_t q) { return q >= 0; });
    if (!block && !m_freed && !anyQuota) {
        // Nothing came free: only the new arrivals can fit.
        std::vector<QKey> fresh;
        for (std::uint32_t j : m_fresh)
            if (m_sim[j].state == State::Queued)
                fresh.push_back(key(j));
        std::sort(fresh.begin(), fresh.end());
        for (const QKey &k : fresh)
            tryStart(k.job, t);
        m_fresh.clear();
        return;
    }
    m_fresh.clear();
    m_freed = false;

    // Jobs within their tenant's quota first, then borrowers.
    for (int round = 0; round < (anyQuota ? 2 : 1); ++round) {
        bool blocked = false;
        for (auto it = m_queue.begin(); it != m_queue.end();) {
            const std::uint32_t j = it->job;
            if (anyQuota && borrowing(j) != (round == 1)) {
                ++it;
                continue;
            }
            if (m_state.allocatedMilli() >= m_state.capacityMilli() && m_jobs[j].gpus > 0 && m_opt.policy != Policy::Priority)
                return;
            auto next = std::next(it);
            const QKey nextKey = next == m_queue.end() ? QKey{0, 0, 0} : *next;
            const bool hasNext = next != m_queue.end();
            bool started = tryStart(j, t);
            if (!started && m_opt.migration)
                started = tryMigrate(j, t);
            if (!started && m_opt.policy == Policy::Priority)
                started = tryPreempt(j, t);
            if (started) {
                it = hasNext ? m_queue.lower_bound(nextKey) : m_queue.end();
                continue;
            }
            if (!block) {
                it = hasNext ? m_queue.lower_bound(nextKey) : m_queue.end();
                continue;
            }
            if (m_opt.policy == Policy::Backfill)
                backfill(j, m_queue.upper_bound(key(j)), t);
            blocked = true;
            break;
        }
        if (blocked)
            break;
    }
}

void Simulator::sample(double t)
{
    SeriesPoint p;
    p.timeS = t;
    p.allocatedGpus = double(m_state.allocatedMilli()) / 1000.0;
    p.effectiveGpus = m_effectiveMilli / 1000.0;
    p.queued = std::uint32_t(m_queue.size());
    p.running = std::uint32_t(m_running.size());
    if (m_fabric) {
        double load = 0, cap = 0, peak = 0;
        for (std::uint32_t l = 0; l < m_fabric->linkCount(); ++l) {
            if (!m_fabric->isSwitchLink(l))
                continue;
            const double ll = m_solver.linkLoad(l);
            load += ll;
            cap += m_fabric->capacityBps(l);
            peak = std::max(peak, ll / m_fabric->capacityBps(l));
        }
        p.fabricUtilization = cap > 0 ? load / cap : 0.0;
        p.maxLinkUtilization = peak;
    }
    if (!m_queue.empty()) {
        std::vector<Job> waiting;
        std::size_t n = 0;
        for (auto it = m_queue.begin(); it != m_queue.end() && n < 256; ++it, ++n)
            waiting.push_back(m_jobs[it->job]);
        p.fragmentationGpus = double(m_state.unusableMilli(WorkloadMix::fromJobs(waiting))) / 1000.0;
    }
    m_result.series.push_back(p);
}

Result<ScheduleResult> Simulator::run()
{
    const std::size_t n = m_jobs.size();
    m_sim.resize(n);
    m_stamp.assign(n, 0);
    m_result.jobs.resize(n);
    m_result.capacityGpus = m_pool.totalGpus();
    if (m_fabric) {
        std::vector<double> cap(m_fabric->linkCount());
        for (std::uint32_t l = 0; l < cap.size(); ++l)
            cap[l] = m_fabric->capacityBps(l);
        m_solver = MaxMinSolver(std::move(cap));
    }
    m_tenantUse.assign(m_pool.tenants.size(), 0);
    m_tenantQuota.assign(m_pool.tenants.size(), -1);
    for (std::size_t i = 0; i < m_pool.tenants.size(); ++i) {
        const PoolTenant &pt = m_pool.tenants[i];
        if (!m_opt.quotas)
            continue;
        if (pt.quotaGpus)
            m_tenantQuota[i] = std::int64_t(*pt.quotaGpus) * 1000;
        else if (m_opt.sharedPool && pt.partitionGpus > 0)
            m_tenantQuota[i] = std::int64_t(pt.partitionGpus) * 1000;
    }
    std::map<std::string, int> serverIndex;
    for (std::size_t s = 0; s < m_pool.servers.size(); ++s)
        serverIndex[m_pool.servers[s].id] = int(s);
    bool anyPartition = false;
    for (const PoolTenant &t : m_pool.tenants)
        anyPartition = anyPartition || t.partitionGpus > 0;
    m_state.setWorkload(WorkloadMix::fromJobs(m_jobs));

    std::vector<std::uint32_t> order(n);
    double lastEvent = 0;
    for (std::size_t i = 0; i < n; ++i) {
        order[i] = std::uint32_t(i);
        const Job &job = m_jobs[i];
        SimJob &s = m_sim[i];
        s.workLeft = job.durationS;
        s.c = std::clamp(impliedCommFraction(job, m_pool, m_fabric), 0.0, 1.0);
        m_result.jobs[i].commFraction = s.c;
        const auto tenant = job.tenant.empty() ? std::nullopt : m_pool.findTenant(job.tenant);
        s.tenant = tenant ? *tenant : -1;
        int partition = -2;
        if (anyPartition && !m_opt.sharedPool)
            partition = (tenant && m_pool.tenants[std::size_t(*tenant)].partitionGpus > 0) ? *tenant : -1;
        s.cls = m_state.classFor(partition, job.gpus > 0 ? job.gpuTypes : std::vector<std::string>{});
        for (const std::string &p : job.pinServers) {
            auto it = serverIndex.find(p);
            if (it == serverIndex.end())
                return makeError("", job.sourceLine, 0, "job '" + job.id + "' is pinned to '" + p + "', which is not a server of the pool");
            s.pins.push_back(it->second);
        }
        lastEvent = std::max(lastEvent, job.submitS + job.durationS);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return m_jobs[a].submitS < m_jobs[b].submitS; });
    const double first = n ? m_jobs[order.front()].submitS : 0.0;
    m_step = m_opt.seriesStepS > 0 ? m_opt.seriesStepS : std::max(1.0, (lastEvent - first) / 2000.0);
    m_nextSample = first;
    m_lastT = first;

    std::size_t nextArrival = 0;
    double lastEnd = first;
    const std::size_t progressStep = std::max<std::size_t>(1, n / 100);
    m_nextProgress = progressStep;
    for (;;) {
        const double tArr = nextArrival < n ? m_jobs[order[nextArrival]].submitS : std::numeric_limits<double>::infinity();
        const double tFin = m_running.empty() ? std::numeric_limits<double>::infinity() : m_running.begin()->first;
        const double t = std::min(tArr, tFin);
        if (!std::isfinite(t))
            break;
        advance(t);
        // Finishes (a batch within a relative tolerance, as the flow simulator does).
        const double tol = kEps * std::max(1.0, std::abs(t));
        while (!m_running.empty() && m_running.begin()->first <= t + tol) {
            const std::uint32_t j = m_running.begin()->second;
            finish(j, t);
            lastEnd = std::max(lastEnd, t);
        }
        while (nextArrival < n && m_jobs[order[nextArrival]].submitS <= t) {
            const std::uint32_t j = order[nextArrival++];
            const Job &job = m_jobs[j];
            SimJob &s = m_sim[j];
            bool ok = m_state.couldEverFit(job, s.cls);
            if (ok && !s.pins.empty()) {
                int pinGpus = 0;
                for (int p : s.pins)
                    pinGpus += m_pool.servers[std::size_t(p)].gpus;
                ok = job.gpus <= pinGpus;
            }
            if (!ok) {
                s.state = State::Rejected;
                m_result.jobs[j].rejected = true;
                m_result.jobs[j].rejectReason = m_state.jobClass(s.cls).servers.empty()
                                                    ? "no server it may use (tenant partition, GPU type)"
                                                    : "larger than the servers it may use";
                ++m_result.rejected;
                ++m_closed;
                continue;
            }
            s.state = State::Queued;
            m_queue.insert(key(j));
            m_fresh.push_back(j);
        }
        schedulePass(t);
        if (m_netDirty)
            rerate(t);
        if (t >= m_nextSample) {
            sample(t);
            m_nextSample = first + std::floor((t - first) / m_step + 1) * m_step;
        }
        if (m_opt.progress && m_closed >= m_nextProgress) {
            m_opt.progress(double(m_closed) / double(n));
            while (m_nextProgress <= m_closed)
                m_nextProgress += progressStep;
        }
        if (m_running.empty() && nextArrival >= n && !m_queue.empty()) {
            // Nothing runs, nothing arrives: what is left can never start.
            for (const QKey &k : m_queue) {
                m_sim[k.job].state = State::Rejected;
                m_result.jobs[k.job].rejected = true;
                m_result.jobs[k.job].rejectReason = "never fits (pinned servers too small)";
                ++m_result.rejected;
            }
            m_queue.clear();
        }
    }
    sample(m_lastT);
    if (m_opt.progress)
        m_opt.progress(1.0);

    ScheduleResult &r = m_result;
    r.makespanS = lastEnd - first;
    const double capacity = double(r.capacityGpus);
    if (r.makespanS > 0 && capacity > 0) {
        r.gpuUtilization = m_allocIntegral / (capacity * r.makespanS);
        r.effectiveUtilization = m_effIntegral / (capacity * r.makespanS);
        r.meanQueue = m_queueIntegral / r.makespanS;
    }
    std::vector<double> waits, jcts, slows;
    double slowNet = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const JobOutcome &o = r.jobs[i];
        if (o.rejected || o.endS < 0)
            continue;
        waits.push_back(o.waitS);
        jcts.push_back(o.jctS);
        slows.push_back(o.slowdown);
        if (o.servers > 1) {
            ++r.multiServerJobs;
            slowNet += 1.0 / std::max(o.meanRate, 1e-12);
        }
    }
    r.meanSlowdownNetwork = r.multiServerJobs ? slowNet / double(r.multiServerJobs) : 1.0;
    r.wait = summarize(waits);
    r.jct = summarize(jcts);
    r.slowdown = summarize(slows);
    double frag = 0;
    for (const SeriesPoint &p : r.series)
        frag += p.fragmentationGpus;
    r.meanFragmentation = r.series.empty() || capacity <= 0 ? 0.0 : frag / double(r.series.size()) / capacity;
    return std::move(m_result);
}

} // namespace

Result<ScheduleResult> simulateSchedule(const Pool &pool, const std::vector<Job> &jobs, const ScheduleOptions &options, JobFabric *fabric)
{
    Simulator sim(pool, jobs, options, fabric);
    return sim.run();
}

} // namespace cplan
