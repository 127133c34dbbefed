// The fragmentation measures: FGD's expected fragmentation (Weng et al., ATC '23), used to
// place jobs, and the free GPU capacity that no job shape of a workload can use.
#include "schedule/clusterstate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace cplan {

WorkloadMix WorkloadMix::fromJobs(const std::vector<Job> &jobs)
{
    std::map<std::tuple<int, int, double, double, bool>, double> counts;
    double total = 0;
    for (const Job &j : jobs) {
        if (j.gpus <= 0)
            continue;
        counts[{j.gpus, j.gpuMilli, j.cpuMilli, j.memoryMib, !j.oneServer && !j.fractional()}] += 1;
        total += 1;
    }
    WorkloadMix mix;
    for (const auto &[key, n] : counts) {
        Shape s;
        std::tie(s.gpus, s.milli, s.cpuMilli, s.memoryMib, s.multiServer) = key;
        s.weight = n / total;
        mix.shapes.push_back(s);
    }
    return mix;
}

void ClusterState::setWorkload(const WorkloadMix &mix)
{
    // psi(x) = x · (Σ sharing shapes with milli > x of their weight + [x < 1000] · Σ whole weight)
    m_psi.assign(1001, 0.0);
    std::vector<double> shareAbove(1002, 0.0);   // weight of sharing shapes with milli > x
    double wholeWeight = 0;
    std::vector<double> wholeByGpus(std::size_t(std::max(m_maxGpus, 1)) + 2, 0.0);
    for (const WorkloadMix::Shape &s : mix.shapes) {
        if (s.milli < 1000 && s.gpus == 1) {
            for (int x = 0; x < s.milli; ++x)
                shareAbove[std::size_t(x)] += s.weight;
        } else {
            wholeWeight += s.weight;
            wholeByGpus[std::size_t(std::min(s.gpus, m_maxGpus + 1))] += s.weight;
        }
    }
    for (int x = 0; x <= 1000; ++x)
        m_psi[std::size_t(x)] = x * (shareAbove[std::size_t(x)] + (x < 1000 ? wholeWeight : 0.0));
    // T(k) = 1000 · k · Σ whole shapes with gpus > k of their weight
    m_wholeTerm.assign(std::size_t(m_maxGpus) + 1, 0.0);
    for (int k = 0; k <= m_maxGpus; ++k) {
        double above = 0;
        for (std::size_t g = std::size_t(k) + 1; g < wholeByGpus.size(); ++g)
            above += wholeByGpus[g];
        m_wholeTerm[std::size_t(k)] = 1000.0 * k * above;
    }
    m_workload = mix;
    m_shapesByCpu.clear();
    for (std::uint32_t i = 0; i < mix.shapes.size(); ++i)
        if (!mix.shapes[i].multiServer)
            m_shapesByCpu.push_back(i);
    m_shapesByMem = m_shapesByCpu;
    std::stable_sort(m_shapesByCpu.begin(), m_shapesByCpu.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return mix.shapes[a].cpuMilli > mix.shapes[b].cpuMilli; });
    std::stable_sort(m_shapesByMem.begin(), m_shapesByMem.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return mix.shapes[a].memoryMib > mix.shapes[b].memoryMib; });
    m_fgdCache.assign(m_pool.servers.size(), std::numeric_limits<double>::quiet_NaN());
    m_haveWorkload = true;
}

double ClusterState::fgdFragmentation(int server, double cpuAfter, double memAfter, const std::uint16_t *free) const
{
    const PoolServer &ps = m_pool.servers[std::size_t(server)];
    const bool cpuKnown = ps.cpuMilli > 0, memKnown = ps.memoryMib > 0;
    int fullFree = 0;
    std::int64_t total = 0;
    double f = 0;
    for (int g = 0; g < ps.gpus; ++g) {
        fullFree += free[g] == 1000;
        total += free[g];
        f += m_psi[free[g]];
    }
    f += fgdNodeTerm(fullFree);
    // The tables assume every shape fits the server's CPU and memory; correct for those that
    // do not (few: the shapes are walked from the largest request down).
    const double partial = double(total - std::int64_t(fullFree) * 1000);
    auto correct = [&](const WorkloadMix::Shape &t) {
        double frag;
        if (t.milli < 1000 && t.gpus == 1) {
            frag = 0;
            for (int g = 0; g < ps.gpus; ++g)
                if (free[g] < t.milli)
                    frag += free[g];
        } else {
            frag = partial + (t.gpus > fullFree ? 1000.0 * fullFree : 0.0);
        }
        f += t.weight * (double(total) - frag);
    };
    if (cpuKnown)
        for (std::uint32_t i : m_shapesByCpu) {
            const WorkloadMix::Shape &t = m_workload.shapes[i];
            if (t.cpuMilli <= cpuAfter + 1e-9)
                break;
            correct(t);
        }
    if (memKnown)
        for (std::uint32_t i : m_shapesByMem) {
            const WorkloadMix::Shape &t = m_workload.shapes[i];
            if (t.memoryMib <= memAfter + 1e-9)
                break;
            if (cpuKnown && t.cpuMilli > cpuAfter + 1e-9)
                continue;   // already counted
            correct(t);
        }
    return f;
}

double ClusterState::fgdCurrent(int server)
{
    double &c = m_fgdCache[std::size_t(server)];
    if (std::isnan(c))
        c = fgdFragmentation(server, m_cpuFree[std::size_t(server)], m_memFree[std::size_t(server)], &m_free[m_offset[std::size_t(server)]]);
    return c;
}

double ClusterState::fgdNodeTerm(int fullFree) const
{
    return m_wholeTerm[std::size_t(fullFree)];
}

std::int64_t ClusterState::unusableOn(int server, const WorkloadMix &mix) const
{
    const std::size_t su = std::size_t(server);
    const PoolServer &ps = m_pool.servers[su];
    if (ps.gpus == 0 || m_serverFree[su] == 0)
        return 0;
    int minShare = 1001, minWhole = std::numeric_limits<int>::max();
    for (const WorkloadMix::Shape &s : mix.shapes) {
        if (!s.multiServer) {
            if (ps.cpuMilli > 0 && s.cpuMilli > m_cpuFree[su] + 1e-9)
                continue;
            if (ps.memoryMib > 0 && s.memoryMib > m_memFree[su] + 1e-9)
                continue;
        }
        if (s.milli < 1000 && s.gpus == 1)
            minShare = std::min(minShare, s.milli);
        else
            minWhole = std::min(minWhole, s.multiServer ? 1 : s.gpus);
    }
    const bool wholeUsable = m_fullFree[su] >= minWhole;
    std::int64_t unusable = 0;
    const std::size_t off = m_offset[su];
    for (int g = 0; g < ps.gpus; ++g) {
        const int f = m_free[off + std::size_t(g)];
        if (f == 0)
            continue;
        const bool usable = f >= minShare || (f == 1000 && wholeUsable);
        if (!usable)
            unusable += f;
    }
    return unusable;
}

void ClusterState::trackFragmentation(const WorkloadMix &mix)
{
    m_fragMix = mix;
    m_trackFrag = true;
    m_unusableTotal = 0;
    for (std::size_t s = 0; s < m_pool.servers.size(); ++s) {
        m_unusable[s] = unusableOn(int(s), m_fragMix);
        m_unusableTotal += m_unusable[s];
    }
}

std::int64_t ClusterState::unusableMilli(const WorkloadMix &mix) const
{
    std::int64_t total = 0;
    for (std::size_t s = 0; s < m_pool.servers.size(); ++s)
        total += unusableOn(int(s), mix);
    return total;
}

} // namespace cplan
