// The event loop of the scheduling simulation: arrivals, finishes, a scheduling pass at every
// event, the network re-rate, the time series and the run's summary.
#include "schedule/jobfabric.h"
#include "schedule/simulator.h"

#include <limits>
#include <map>

namespace cplan {

namespace schedule_detail {

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

Status Simulator::setUp()
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
    m_state.setWorkload(WorkloadMix::fromJobs(m_jobs));
    for (std::size_t i = 0; i < n; ++i) {
        const Job &job = m_jobs[i];
        SimJob &s = m_sim[i];
        s.workLeft = job.durationS;
        s.c = std::clamp(impliedCommFraction(job, m_pool, m_fabric), 0.0, 1.0);
        m_result.jobs[i].commFraction = s.c;
        const auto tenant = job.tenant.empty() ? std::nullopt : m_pool.findTenant(job.tenant);
        s.tenant = tenant ? *tenant : -1;
        s.cls = m_state.classFor(m_pool.partitionFor(job.tenant, m_opt.sharedPool), job.gpus > 0 ? job.gpuTypes : std::vector<std::string>{});
        for (const std::string &p : job.pinServers) {
            auto it = serverIndex.find(p);
            if (it == serverIndex.end())
                return makeError("", job.sourceLine, 0, "job '" + job.id + "' is pinned to '" + p + "', which is not a server of the pool");
            s.pins.push_back(it->second);
        }
    }
    return Ok{};
}

// Queues the jobs submitted by t (order: by submit time); rejects those that can never fit.
void Simulator::admit(double t, std::size_t &nextArrival, const std::vector<std::uint32_t> &order)
{
    while (nextArrival < order.size() && m_jobs[order[nextArrival]].submitS <= t) {
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
            m_result.jobs[j].rejectReason = m_state.jobClass(s.cls).servers.empty() ? "no server it may use (tenant partition, GPU type)"
                                                                                    : "larger than the servers it may use";
            ++m_result.rejected;
            ++m_closed;
            continue;
        }
        s.state = State::Queued;
        m_queue.insert(key(j));
        m_fresh.push_back(j);
    }
}

// Nothing runs, nothing arrives: what is left in the queue can never start.
void Simulator::rejectStranded()
{
    for (const QKey &k : m_queue) {
        m_sim[k.job].state = State::Rejected;
        m_result.jobs[k.job].rejected = true;
        m_result.jobs[k.job].rejectReason = "never fits (pinned servers too small)";
        ++m_result.rejected;
    }
    m_queue.clear();
}

Result<ScheduleResult> Simulator::run()
{
    if (auto ok = setUp(); !ok)
        return ok.error();
    const std::size_t n = m_jobs.size();
    std::vector<std::uint32_t> order(n);
    double lastEvent = 0;
    for (std::size_t i = 0; i < n; ++i) {
        order[i] = std::uint32_t(i);
        lastEvent = std::max(lastEvent, m_jobs[i].submitS + m_jobs[i].durationS);
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
        const double tol = sameTimeTolerance(t);
        while (!m_running.empty() && m_running.begin()->first <= t + tol) {
            finish(m_running.begin()->second, t);
            lastEnd = std::max(lastEnd, t);
        }
        admit(t, nextArrival, order);
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
        if (m_running.empty() && nextArrival >= n && !m_queue.empty())
            rejectStranded();
        if (m_opt.cancelled && m_opt.cancelled())
            break;
    }
    sample(m_lastT);
    if (m_opt.progress)
        m_opt.progress(1.0);
    finishResult(first, lastEnd);
    return std::move(m_result);
}

void Simulator::finishResult(double first, double lastEnd)
{
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
    for (const JobOutcome &o : r.jobs) {
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
}

} // namespace schedule_detail

Result<ScheduleResult> simulateSchedule(const Pool &pool, const std::vector<Job> &jobs, const ScheduleOptions &options, JobFabric *fabric)
{
    if (auto ok = checkPool(pool); !ok)
        return ok.error();
    schedule_detail::Simulator sim(pool, jobs, options, fabric);
    return sim.run();
}

} // namespace cplan
