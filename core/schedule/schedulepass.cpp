// The scheduling pass at each event: queue order, head-of-line blocking, tenants' quotas,
// preemption (priority) and migration (defragmentation).
#include "schedule/simulator.h"

#include <algorithm>
#include <set>

namespace cplan::schedule_detail {

bool Simulator::blocking() const
{
    switch (m_opt.policy) {
    case Policy::Fifo:
    case Policy::Backfill:
    case Policy::Sjf:
    case Policy::TopoPack:
    case Policy::Priority: return true;
    case Policy::SjfGreedy:
    case Policy::Random:
    case Policy::BestFit:
    case Policy::Fragmentation: return false;
    }
    return true;
}

QKey Simulator::key(std::uint32_t j) const
{
    const Job &job = m_jobs[j];
    switch (m_opt.policy) {
    case Policy::Sjf:
    case Policy::SjfGreedy: return {job.durationS, job.submitS, j};
    case Policy::Priority: return {-double(job.priority), job.submitS, j};
    default: return {job.submitS, 0.0, j};
    }
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

bool Simulator::borrowing(std::uint32_t j) const
{
    const SimJob &s = m_sim[j];
    if (s.tenant < 0 || m_tenantQuota[std::size_t(s.tenant)] < 0)
        return false;
    return m_tenantUse[std::size_t(s.tenant)] + m_jobs[j].gpuDemandMilli() > m_tenantQuota[std::size_t(s.tenant)];
}

std::optional<Allocation> Simulator::placement(std::uint32_t j)
{
    return placement(j, m_placement);
}

std::optional<Allocation> Simulator::placement(std::uint32_t j, Placement placement)
{
    const SimJob &s = m_sim[j];
    if (!s.pins.empty())
        return m_state.placeOn(m_jobs[j], s.pins);
    return m_state.place(m_jobs[j], s.cls, placement, m_opt.topoLevel, m_opt.topoRequired);
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

// Victims: lower priority, or (reclaiming its quota) jobs of tenants over theirs; lowest
// priority first, then the most recently started (least work lost).
std::vector<std::uint32_t> Simulator::preemptionVictims(std::uint32_t j)
{
    const Job &job = m_jobs[j];
    const SimJob &sj = m_sim[j];
    const bool reclaim = sj.tenant >= 0 && !borrowing(j);
    const auto &mask = classMask(sj.cls);
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
    std::sort(victims.begin(), victims.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (m_jobs[a].priority != m_jobs[b].priority)
            return m_jobs[a].priority < m_jobs[b].priority;
        if (m_sim[a].startSeq != m_sim[b].startSeq)
            return m_sim[a].startSeq > m_sim[b].startSeq;
        return a < b;
    });
    return victims;
}

bool Simulator::tryPreempt(std::uint32_t j, double t)
{
    const std::vector<std::uint32_t> victims = preemptionVictims(j);
    if (victims.empty())
        return false;
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
    std::set<int> needed;
    for (const ServerShare &sh : *a)
        needed.insert(sh.server);
    for (std::size_t i = 0; i < used; ++i) {
        const std::uint32_t v = victims[i];
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
    const JobClass &jc = m_state.jobClass(m_sim[j].cls);
    std::int64_t freeMilli = 0;
    for (int s : jc.servers)
        freeMilli += m_state.serverFreeMilli(s);
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
    for (int target : targets)
        if (tryMigrateTo(j, target, t))
            return true;
    return false;
}

// Moves the single-server jobs off the target (best fit elsewhere) if that makes room for j there.
bool Simulator::tryMigrateTo(std::uint32_t j, int target, double t)
{
    const Job &job = m_jobs[j];
    std::vector<std::uint32_t> movers;
    for (const auto &[end, r] : m_running) {
        const SimJob &v = m_sim[r];
        if (v.alloc.size() == 1 && v.alloc[0].server == target && v.pins.empty())
            movers.push_back(r);
    }
    if (movers.empty())
        return false;
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
    const std::vector<int> pin{target};
    ok = ok && m_state.placeOn(job, pin).has_value();
    // Undo the trial, then (if it worked) do it for real through stop/start.
    for (const Allocation &a : moved)
        m_state.release(a);
    for (std::uint32_t r : movers)
        m_state.allocate(m_sim[r].alloc);
    if (!ok)
        return false;
    for (std::size_t i = 0; i < movers.size(); ++i) {
        const std::uint32_t r = movers[i];
        stop(r, t);
        m_sim[r].workLeft += m_opt.pauseS;
        m_sim[r].state = State::Running;
        start(r, moved[i], t);
        ++m_result.jobs[r].migrations;
        ++m_result.migrations;
    }
    auto a = m_state.placeOn(job, pin);
    if (!a)
        return false;   // cannot happen: the trial placed it
    m_queue.erase(key(j));
    start(j, std::move(*a), t);
    return true;
}

// Nothing came free since the last pass: only the new arrivals can fit (non-blocking policies).
void Simulator::startFresh(double t)
{
    std::vector<QKey> fresh;
    for (std::uint32_t j : m_fresh)
        if (m_sim[j].state == State::Queued)
            fresh.push_back(key(j));
    std::sort(fresh.begin(), fresh.end());
    for (const QKey &k : fresh)
        tryStart(k.job, t);
    m_fresh.clear();
}

void Simulator::schedulePass(double t)
{
    if (m_queue.empty())
        return;
    const bool block = blocking();
    const bool anyQuota = std::any_of(m_tenantQuota.begin(), m_tenantQuota.end(), [](std::int64_t q) { return q >= 0; });
    if (!block && !m_freed && !anyQuota) {
        startFresh(t);
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

} // namespace cplan::schedule_detail
