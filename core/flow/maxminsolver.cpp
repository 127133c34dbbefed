#include "flow/maxminsolver.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <utility>

namespace cplan {

namespace {
constexpr std::uint32_t kNoLink = std::numeric_limits<std::uint32_t>::max();
// Rates from different fills agree to rounding; a flow above another by less is not above it.
constexpr double kRateRel = 1e-9;
} // namespace

MaxMinSolver::MaxMinSolver(std::vector<double> capacityBps)
    : m_capacity(std::move(capacityBps))
{
    const std::size_t n = m_capacity.size();
    m_residual = m_capacity;
    m_weightSum.assign(n, 0.0);
    m_unfrozen.assign(n, 0);
    m_linkFlows.resize(n);
    m_linkMark.assign(n, 0);
    m_touchMark.assign(n, 0);
    m_heapPos.assign(n, -1);
    m_isDirty.assign(n, 0);
    m_forced.assign(n, 0);
    m_load.assign(n, 0.0);
    m_bnCount.assign(n, 0);
    m_bnLevel.assign(n, 0.0);
    m_sMax.assign(n, 0.0);
    m_freezeLevel.assign(n, -1.0);
}

void MaxMinSolver::reserve(std::size_t flows, std::size_t pathLinks)
{
    m_pathPool.reserve(pathLinks);
    m_pathOffset.reserve(flows);
    m_pathLength.reserve(flows);
    m_weight.reserve(flows);
    m_rate.reserve(flows);
    m_active.reserve(flows);
    m_flowMark.reserve(flows);
    m_frozenMark.reserve(flows);
    m_bottleneck.reserve(flows);
}

MaxMinSolver::FlowId MaxMinSolver::addFlow(std::span<const std::uint32_t> links, double weight)
{
    assert(weight > 0.0);
    const auto id = static_cast<FlowId>(m_weight.size());
    m_pathOffset.push_back(m_pathPool.size());
    m_pathLength.push_back(static_cast<std::uint32_t>(links.size()));
    for (std::uint32_t l : links) {
        assert(l < m_capacity.size());
        m_pathPool.push_back(l);
        m_linkFlows[l].push_back(id);
        markDirty(l);
    }
    m_weight.push_back(weight);
    m_rate.push_back(0.0);
    m_active.push_back(1);
    m_flowMark.push_back(0);
    m_frozenMark.push_back(0);
    m_bottleneck.push_back(kNoLink);
    m_changedFlows.push_back(id);
    ++m_activeCount;
    return id;
}

void MaxMinSolver::removeFlow(FlowId id)
{
    assert(id < m_weight.size());
    if (!m_active[id])
        return;
    m_active[id] = 0;
    for (std::uint32_t l : path(id)) {
        m_load[l] -= m_weight[id] * m_rate[id];
        markDirty(l);
    }
    if (m_bottleneck[id] != kNoLink)
        --m_bnCount[m_bottleneck[id]];
    m_bottleneck[id] = kNoLink;
    m_rate[id] = 0.0;
    --m_activeCount;
}

void MaxMinSolver::setWeight(FlowId id, double weight)
{
    assert(id < m_weight.size() && m_active[id] && weight > 0.0);
    if (m_weight[id] == weight)
        return;
    for (std::uint32_t l : path(id)) {
        m_load[l] += (weight - m_weight[id]) * m_rate[id];
        markDirty(l);
    }
    m_weight[id] = weight;
    m_changedFlows.push_back(id);
}

void MaxMinSolver::setCapacity(std::uint32_t link, double capacityBps)
{
    assert(link < m_capacity.size() && capacityBps >= 0.0);
    m_capacity[link] = capacityBps;
    m_forced[link] = 1;
    markDirty(link);
    if (m_linkFlows[link].empty())
        m_residual[link] = capacityBps;
}

double MaxMinSolver::linkLoad(std::uint32_t link) const
{
    double load = 0.0;
    for (FlowId f : m_linkFlows[link])
        if (m_active[f])
            load += m_weight[f] * m_rate[f];
    return load;
}

void MaxMinSolver::markDirty(std::uint32_t link)
{
    m_prepared = false;
    if (!m_isDirty[link]) {
        m_isDirty[link] = 1;
        m_dirtyLinks.push_back(link);
    }
}

std::span<const MaxMinSolver::FlowId> MaxMinSolver::affectedFlows()
{
    if (!m_prepared) {
        collectComponents();
        m_prepared = true;
    }
    return m_compFlows;
}

std::span<const MaxMinSolver::FlowId> MaxMinSolver::solve()
{
    affectedFlows();
    fill(false);
    commitRates();
    clearChanges();
    return m_compFlows;
}

void MaxMinSolver::clearChanges()
{
    for (std::uint32_t l : m_dirtyLinks) {
        m_isDirty[l] = 0;
        m_forced[l] = 0;
    }
    m_dirtyLinks.clear();
    m_changedFlows.clear();
    m_prepared = false;
}

// See the header: seed with the changed flows and those whose bottleneck a change touched,
// fill, take in every flow whose bottleneck no longer holds or that gets more than a re-rated
// flow where that one froze, and fill again until none is left. Once the fills have handled
// as many flows as are active, the set takes in its whole components (one last fill, no
// outside flows left to check): a change that reaches everything costs about two solves.
std::span<const MaxMinSolver::FlowId> MaxMinSolver::solveLocal()
{
    nextEpoch();
    m_compFlows.clear();
    m_compLinks.clear();
    for (FlowId f : m_changedFlows) {
        if (askCancel(1))
            return m_compFlows;
        joinLocal(f);
    }
    for (std::uint32_t l : m_dirtyLinks) {
        if (m_forced[l])
            joinAllOn(l);
        else if (m_bnCount[l] > 0)
            joinBroken(l, true);
    }
    bool whole = false;
    std::size_t work = 0;
    while (!m_compFlows.empty()) {
        work += m_compFlows.size();
        if (!whole && work > m_activeCount) {
            for (std::size_t i = 0; i < m_compLinks.size(); ++i) {   // grows while it runs
                if (askCancel(m_linkFlows[m_compLinks[i]].size()))
                    return m_compFlows;
                joinAllOn(m_compLinks[i]);
            }
            for (std::uint32_t l : m_compLinks)
                m_load[l] = 0.0;   // no flow is left outside: drop the rounding
            whole = true;
        }
        fill(true);
        if (whole || m_stopped)
            break;
        for (std::uint32_t l : m_compLinks)
            m_sMax[l] = 0.0;
        for (FlowId f : m_compFlows)
            for (std::uint32_t l : path(f))
                m_sMax[l] = std::max(m_sMax[l], m_rate[f]);
        bool joined = false;
        const std::size_t links = m_compLinks.size();
        for (std::size_t i = 0; i < links; ++i)
            joined = joinBroken(m_compLinks[i], false) || joined;
        if (!joined)
            break;
    }
    commitRates();
    clearChanges();
    return m_compFlows;
}

void MaxMinSolver::joinLocal(FlowId f)
{
    if (!m_active[f] || m_flowMark[f] == m_epoch)
        return;
    m_flowMark[f] = m_epoch;
    m_compFlows.push_back(f);
    for (std::uint32_t l : path(f)) {
        if (m_linkMark[l] != m_epoch) {
            m_linkMark[l] = m_epoch;
            m_compLinks.push_back(l);
            m_sMax[l] = 0.0;
            m_freezeLevel[l] = -1.0;
        }
        m_load[l] -= m_weight[f] * m_rate[f];
    }
    if (m_bottleneck[f] != kNoLink)
        --m_bnCount[m_bottleneck[f]];
    m_bottleneck[f] = kNoLink;
}

template<class Visit> void MaxMinSolver::forActiveFlowsOn(std::uint32_t link, Visit visit)
{
    auto &list = m_linkFlows[link];
    std::size_t kept = 0;
    for (std::size_t r = 0; r < list.size(); ++r) {
        const FlowId f = list[r];
        if (!m_active[f])
            continue;
        list[kept++] = f;
        visit(f);
    }
    list.resize(kept);
}

void MaxMinSolver::joinAllOn(std::uint32_t link)
{
    forActiveFlowsOn(link, [this](FlowId f) { joinLocal(f); });
}

// Takes in the flows of a link that break the bottleneck rule after the last fill; as a seed
// (before any fill), the flows frozen on a link that a change touched. Returns whether any
// joined.
bool MaxMinSolver::joinBroken(std::uint32_t l, bool seed)
{
    // Others that get more than the re-rated flows this link froze.
    const double level = seed ? -1.0 : m_freezeLevel[l];
    const bool above = level >= 0.0 && m_load[l] > 0.0;
    // Others frozen here: their bottleneck breaks if the link is no longer full or a re-rated
    // flow gets more here.
    const bool bnBroken = m_bnCount[l] > 0
                          && (seed || m_residual[l] > kTightRel * m_capacity[l]
                              || m_sMax[l] > m_bnLevel[l] * (1.0 + kRateRel));
    if (!above && !bnBroken)
        return false;
    const std::size_t before = m_compFlows.size();
    forActiveFlowsOn(l, [&](FlowId f) {
        if (m_flowMark[f] != m_epoch
            && ((above && m_rate[f] > level * (1.0 + kRateRel)) || (bnBroken && m_bottleneck[f] == l)))
            joinLocal(f);
    });
    return m_compFlows.size() > before;
}

// The re-rated flows' new rates go into the links' loads and bottleneck counts.
void MaxMinSolver::commitRates()
{
    for (FlowId f : m_compFlows) {
        const double take = m_weight[f] * m_rate[f];
        for (std::uint32_t l : path(f))
            m_load[l] += take;
        if (m_bottleneck[f] != kNoLink) {
            ++m_bnCount[m_bottleneck[f]];
            m_bnLevel[m_bottleneck[f]] = m_rate[f];
        }
    }
}

// Counts work (flows looked at) and asks the cancel function every 16k of it.
bool MaxMinSolver::askCancel(std::size_t work)
{
    if (m_stopped)
        return true;
    m_sinceCheck += work;
    if (!m_cancelled || m_sinceCheck < 16384)
        return false;
    m_sinceCheck = 0;
    m_stopped = (*m_cancelled)();
    return m_stopped;
}

std::span<const MaxMinSolver::FlowId> MaxMinSolver::solveAll()
{
    for (std::uint32_t l = 0; l < m_capacity.size(); ++l)
        markDirty(l);
    return solve();
}

void MaxMinSolver::nextEpoch()
{
    if (++m_epoch == 0) {   // wrapped: old stamps could alias the new epoch
        std::fill(m_linkMark.begin(), m_linkMark.end(), 0);
        std::fill(m_flowMark.begin(), m_flowMark.end(), 0);
        m_epoch = 1;
    }
}

// Breadth-first over link -> active flows -> links, from the dirty links. Dead flows met on
// the way are dropped from the link lists (stable compaction keeps the order deterministic).
void MaxMinSolver::collectComponents()
{
    nextEpoch();
    m_compFlows.clear();
    m_compLinks.clear();
    for (std::uint32_t l : m_dirtyLinks) {
        if (m_linkMark[l] != m_epoch) {
            m_linkMark[l] = m_epoch;
            m_compLinks.push_back(l);
        }
    }
    for (std::size_t i = 0; i < m_compLinks.size(); ++i) {
        forActiveFlowsOn(m_compLinks[i], [this](FlowId f) {
            if (m_flowMark[f] == m_epoch)
                return;
            m_flowMark[f] = m_epoch;
            m_compFlows.push_back(f);
            const std::uint32_t *p = m_pathPool.data() + m_pathOffset[f];
            for (std::uint32_t k = 0; k < m_pathLength[f]; ++k) {
                const std::uint32_t l2 = p[k];
                if (m_linkMark[l2] != m_epoch) {
                    m_linkMark[l2] = m_epoch;
                    m_compLinks.push_back(l2);
                }
            }
        });
    }
}

// Progressive filling over the collected flows (m_flowMark == m_epoch). Local: each link
// starts with what the other active flows leave of it, at their current rates.
void MaxMinSolver::fill(bool local)
{
    if (!prepareFill(local))
        return;
    double level = 0.0;
    while (!m_heap.empty()) {
        if (askCancel(m_linkFlows[m_heap.front().second].size())) {
            for (const auto &entry : m_heap)
                m_heapPos[entry.second] = -1;
            m_heap.clear();
            return;
        }
        const auto [share, link] = m_heap.front();
        heapRemove(link);
        if (share > level * (1.0 + kShareSnap))
            level = share;   // else: equal to the current level up to rounding, or below by it
        freezeOn(link, level);
    }
}

// The fill's start: each component link's residual and the weight of its unfrozen flows, and
// the heap of links by fair share. False when a cancel stopped it (nothing to fill then).
bool MaxMinSolver::prepareFill(bool local)
{
    if (++m_fillEpoch == 0) {
        std::fill(m_frozenMark.begin(), m_frozenMark.end(), 0);
        m_fillEpoch = 1;
    }
    for (std::uint32_t l : m_compLinks) {
        if (!local) {   // the component holds every flow of its links
            m_load[l] = 0.0;
            m_bnCount[l] = 0;
        }
        m_residual[l] = std::max(m_capacity[l] - m_load[l], 0.0);
        m_weightSum[l] = 0.0;
        m_unfrozen[l] = 0;
        m_freezeLevel[l] = -1.0;
    }
    for (FlowId f : m_compFlows)
        m_bottleneck[f] = kNoLink;
    for (FlowId f : m_compFlows) {
        if (askCancel(1))
            return false;
        const double w = m_weight[f];
        const std::uint32_t *p = m_pathPool.data() + m_pathOffset[f];
        for (std::uint32_t k = 0; k < m_pathLength[f]; ++k) {
            m_weightSum[p[k]] += w;
            ++m_unfrozen[p[k]];
        }
    }
    m_heap.clear();
    for (std::uint32_t l : m_compLinks)
        if (m_unfrozen[l] > 0)
            heapPush(l, m_residual[l] / m_weightSum[l]);
    return true;
}

// The unfrozen flows of `link` freeze at `level`; the links they cross lose their share and
// move in the heap (or leave it with no unfrozen flow left).
void MaxMinSolver::freezeOn(std::uint32_t link, double level)
{
    if (++m_touchEpoch == 0) {   // wrapped (a long scheduler run can get there)
        std::fill(m_touchMark.begin(), m_touchMark.end(), 0);
        m_touchEpoch = 1;
    }
    m_touched.clear();
    for (FlowId f : m_linkFlows[link]) {
        if (m_frozenMark[f] == m_fillEpoch || !m_active[f] || m_flowMark[f] != m_epoch)
            continue;
        m_frozenMark[f] = m_fillEpoch;
        m_rate[f] = level;
        m_bottleneck[f] = link;
        m_freezeLevel[link] = level;
        const double w = m_weight[f];
        const double take = level * w;
        const std::uint32_t *p = m_pathPool.data() + m_pathOffset[f];
        for (std::uint32_t k = 0; k < m_pathLength[f]; ++k) {
            const std::uint32_t l2 = p[k];
            m_residual[l2] -= take;
            m_weightSum[l2] -= w;
            --m_unfrozen[l2];
            if (m_touchMark[l2] != m_touchEpoch) {
                m_touchMark[l2] = m_touchEpoch;
                m_touched.push_back(l2);
            }
        }
    }
    for (std::uint32_t l2 : m_touched) {
        if (m_residual[l2] < 0.0)
            m_residual[l2] = 0.0;   // rounding only
        if (m_heapPos[l2] < 0)
            continue;
        if (m_unfrozen[l2] == 0)
            heapRemove(l2);
        else
            heapUpdate(l2, m_residual[l2] / m_weightSum[l2]);
    }
}

namespace {
inline bool lessEntry(const std::pair<double, std::uint32_t> &a, const std::pair<double, std::uint32_t> &b)
{
    return a.first < b.first || (a.first == b.first && a.second < b.second);
}
} // namespace

void MaxMinSolver::heapPush(std::uint32_t link, double key)
{
    m_heap.emplace_back(key, link);
    m_heapPos[link] = static_cast<std::int32_t>(m_heap.size() - 1);
    siftUp(m_heap.size() - 1);
}

void MaxMinSolver::heapUpdate(std::uint32_t link, double key)
{
    const auto i = static_cast<std::size_t>(m_heapPos[link]);
    const double old = m_heap[i].first;
    m_heap[i].first = key;
    if (key < old)
        siftUp(i);
    else if (key > old)
        siftDown(i);
}

void MaxMinSolver::heapRemove(std::uint32_t link)
{
    const auto i = static_cast<std::size_t>(m_heapPos[link]);
    m_heapPos[link] = -1;
    const std::size_t last = m_heap.size() - 1;
    if (i != last) {
        const std::uint32_t moved = m_heap[last].second;
        m_heap[i] = m_heap[last];
        m_heap.pop_back();
        m_heapPos[moved] = static_cast<std::int32_t>(i);
        siftUp(i);
        if (m_heapPos[moved] == static_cast<std::int32_t>(i))
            siftDown(i);
    } else {
        m_heap.pop_back();
    }
}

void MaxMinSolver::siftUp(std::size_t i)
{
    auto entry = m_heap[i];
    while (i > 0) {
        const std::size_t parent = (i - 1) / 2;
        if (!lessEntry(entry, m_heap[parent]))
            break;
        m_heap[i] = m_heap[parent];
        m_heapPos[m_heap[i].second] = static_cast<std::int32_t>(i);
        i = parent;
    }
    m_heap[i] = entry;
    m_heapPos[entry.second] = static_cast<std::int32_t>(i);
}

void MaxMinSolver::siftDown(std::size_t i)
{
    const std::size_t n = m_heap.size();
    if (i >= n)
        return;
    auto entry = m_heap[i];
    for (;;) {
        std::size_t child = 2 * i + 1;
        if (child >= n)
            break;
        if (child + 1 < n && lessEntry(m_heap[child + 1], m_heap[child]))
            ++child;
        if (!lessEntry(m_heap[child], entry))
            break;
        m_heap[i] = m_heap[child];
        m_heapPos[m_heap[i].second] = static_cast<std::int32_t>(i);
        i = child;
    }
    m_heap[i] = entry;
    m_heapPos[entry.second] = static_cast<std::int32_t>(i);
}

} // namespace cplan
