#include "schedule/clusterstate.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace cplan {

namespace {

bool sameType(const std::string &a, const std::string &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

constexpr double kInf = std::numeric_limits<double>::infinity();

// Lexicographic score, lower is better.
using Score = std::tuple<double, double, double>;

} // namespace

const char *toString(Placement placement)
{
    switch (placement) {
    case Placement::FirstFit: return "firstfit";
    case Placement::BestFit: return "bestfit";
    case Placement::Random: return "random";
    case Placement::TopoPack: return "topo";
    case Placement::Fragmentation: return "fragmentation";
    }
    return "?";
}

std::optional<Placement> placementFromString(std::string_view text)
{
    if (text == "firstfit" || text == "first-fit")
        return Placement::FirstFit;
    if (text == "bestfit" || text == "best-fit")
        return Placement::BestFit;
    if (text == "random")
        return Placement::Random;
    if (text == "topo" || text == "topo-pack")
        return Placement::TopoPack;
    if (text == "fragmentation" || text == "fgd")
        return Placement::Fragmentation;
    return std::nullopt;
}

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

ClusterState::ClusterState(const Pool &pool, std::uint64_t seed) : m_pool(pool), m_rng(seed)
{
    const std::size_t n = pool.servers.size();
    m_offset.resize(n);
    m_fullFree.resize(n);
    m_serverFree.resize(n);
    m_cpuFree.resize(n);
    m_memFree.resize(n);
    m_excluded.assign(n, 0);
    m_serverClasses.resize(n);
    std::size_t gpus = 0;
    for (std::size_t s = 0; s < n; ++s) {
        const PoolServer &ps = pool.servers[s];
        m_offset[s] = gpus;
        gpus += std::size_t(ps.gpus);
        m_fullFree[s] = ps.gpus;
        m_serverFree[s] = std::int64_t(ps.gpus) * 1000;
        m_cpuFree[s] = ps.cpuMilli;
        m_memFree[s] = ps.memoryMib;
        m_capacityMilli += m_serverFree[s];
        m_maxGpus = std::max(m_maxGpus, ps.gpus);
    }
    m_free.assign(gpus, 1000);
    m_unusable.assign(n, 0);
}

std::uint64_t ClusterState::uniform(std::uint64_t n)
{
    if (n <= 1)
        return 0;
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
        const std::uint64_t x = m_rng();
        if (x >= threshold)
            return x % n;
    }
}

int ClusterState::classFor(int partition, const std::vector<std::string> &gpuTypes)
{
    std::string key = std::to_string(partition) + ':';
    std::vector<std::string> types = gpuTypes;
    for (std::string &t : types)
        for (char &c : t)
            c = char(std::tolower(static_cast<unsigned char>(c)));
    std::sort(types.begin(), types.end());
    for (const std::string &t : types)
        key += t + '|';
    for (std::size_t i = 0; i < m_classKeys.size(); ++i)
        if (m_classKeys[i] == key)
            return int(i);
    JobClass cls;
    cls.serversByFullFree.assign(std::size_t(m_maxGpus) + 1, 0);
    cls.gpusByFreeDecile.assign(11, 0);
    const int index = int(m_classes.size());
    for (std::size_t s = 0; s < m_pool.servers.size(); ++s) {
        const PoolServer &ps = m_pool.servers[s];
        if (partition != -2 && ps.tenant != partition)
            continue;
        if (!types.empty() && ps.gpus > 0
            && std::none_of(types.begin(), types.end(), [&](const std::string &t) { return sameType(t, ps.gpuType); }))
            continue;
        cls.servers.push_back(int(s));
        cls.capacityMilli += std::int64_t(ps.gpus) * 1000;
        cls.freeWhole += m_fullFree[s];
        ++cls.serversByFullFree[std::size_t(m_fullFree[s])];
        for (int g = 0; g < ps.gpus; ++g)
            ++cls.gpusByFreeDecile[std::size_t(m_free[m_offset[s] + std::size_t(g)] / 100)];
        m_serverClasses[s].push_back(index);
    }
    m_classes.push_back(std::move(cls));
    m_classKeys.push_back(key);
    return index;
}

bool ClusterState::couldEverFit(const Job &job, int c) const
{
    const JobClass &cls = m_classes[std::size_t(c)];
    if (cls.servers.empty())
        return false;
    int maxGpus = 0;
    std::int64_t totalGpus = 0;
    for (int s : cls.servers) {
        const PoolServer &ps = m_pool.servers[std::size_t(s)];
        const bool cpuOk = (ps.cpuMilli <= 0 || job.cpuMilli <= ps.cpuMilli) && (ps.memoryMib <= 0 || job.memoryMib <= ps.memoryMib);
        if (cpuOk || !job.oneServer)
            maxGpus = std::max(maxGpus, ps.gpus);
        totalGpus += ps.gpus;
        if (job.gpus == 0 && cpuOk)
            return true;
    }
    if (job.gpus == 0)
        return false;
    if (!job.pinServers.empty())
        return true;   // checked when resolving the pins
    if (job.oneServer || job.fractional())
        return job.gpus <= maxGpus;
    return job.gpus <= totalGpus;
}

bool ClusterState::fitsCpu(int server, const Job &job, double share) const
{
    const PoolServer &ps = m_pool.servers[std::size_t(server)];
    if (ps.cpuMilli > 0 && job.cpuMilli * share > m_cpuFree[std::size_t(server)] + 1e-9)
        return false;
    if (ps.memoryMib > 0 && job.memoryMib * share > m_memFree[std::size_t(server)] + 1e-9)
        return false;
    return true;
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

ServerShare ClusterState::wholeShare(const Job &job, int server, int gpus) const
{
    ServerShare share;
    share.server = server;
    const std::size_t off = m_offset[std::size_t(server)];
    const int n = m_pool.servers[std::size_t(server)].gpus;
    for (int g = 0; g < n && gpus > 0; ++g)
        if (m_free[off + std::size_t(g)] == 1000) {
            share.gpuMask |= std::uint64_t(1) << g;
            --gpus;
        }
    const double frac = job.gpus > 0 ? double(share.wholeGpus()) / job.gpus : 1.0;
    share.cpuMilli = job.cpuMilli * frac;
    share.memoryMib = job.memoryMib * frac;
    return share;
}

std::optional<Allocation> ClusterState::place(const Job &job, int c, Placement placement, int topoLevel, bool topoRequired)
{
    const JobClass &cls = m_classes[std::size_t(c)];
    if (job.gpus > 0) {
        if (job.fractional()) {
            int n = 0;
            for (std::size_t d = std::size_t(job.gpuMilli / 100); d <= 10; ++d)
                n += cls.gpusByFreeDecile[d];
            if (n == 0)
                return std::nullopt;
        } else {
            if (cls.freeWhole < job.gpus)
                return std::nullopt;
            int maxFree = m_maxGpus;
            while (maxFree > 0 && cls.serversByFullFree[std::size_t(maxFree)] == 0)
                --maxFree;
            if (job.gpus > maxFree) {
                if (job.oneServer)
                    return std::nullopt;
                return placeMulti(job, cls, placement, topoLevel, topoRequired);
            }
        }
    }
    auto single = placeSingle(job, cls, placement, topoLevel, topoRequired);
    if (single || job.oneServer || job.fractional() || job.gpus == 0)
        return single;
    return placeMulti(job, cls, placement, topoLevel, topoRequired);
}

std::optional<Allocation> ClusterState::placeSingle(const Job &job, const JobClass &cls, Placement placement, int, bool)
{
    const bool frac = job.fractional();
    const int need = frac ? 0 : job.gpus;
    const int milli = frac ? job.gpuMilli : 1000;

    // Topology packing of single-server jobs: prefer the fullest leaf block.
    std::vector<std::int64_t> blockFree;
    if (placement == Placement::TopoPack && m_pool.levels > 0) {
        for (int s : cls.servers) {
            const int b = m_pool.servers[std::size_t(s)].blocks[0];
            if (std::size_t(b) >= blockFree.size())
                blockFree.resize(std::size_t(b) + 1, 0);
            blockFree[std::size_t(b)] += m_serverFree[std::size_t(s)];
        }
    }

    auto feasibleGpu = [&](int s, int g) { return m_free[m_offset[std::size_t(s)] + std::size_t(g)] >= milli; };
    // GPUs first: they rule out most servers from flat arrays, before the CPU check reads the pool.
    auto serverFits = [&](int s) {
        if (m_excluded[std::size_t(s)])
            return false;
        if (job.gpus != 0 && (!frac ? m_fullFree[std::size_t(s)] < need : m_serverFree[std::size_t(s)] < milli))
            return false;
        return fitsCpu(s, job, 1.0);
    };

    if (placement == Placement::Random) {
        std::vector<int> fit;
        for (int s : cls.servers)
            if (serverFits(s)) {
                if (frac) {
                    bool any = false;
                    for (int g = 0; g < m_pool.servers[std::size_t(s)].gpus && !any; ++g)
                        any = feasibleGpu(s, g);
                    if (!any)
                        continue;
                }
                fit.push_back(s);
            }
        if (fit.empty())
            return std::nullopt;
        const int s = fit[std::size_t(uniform(fit.size()))];
        if (!frac) {
            if (job.gpus == 0) {
                ServerShare share{s, 0, -1, 0, job.cpuMilli, job.memoryMib};
                return Allocation{share};
            }
            return Allocation{wholeShare(job, s, need)};
        }
        std::vector<int> gpus;
        for (int g = 0; g < m_pool.servers[std::size_t(s)].gpus; ++g)
            if (feasibleGpu(s, g))
                gpus.push_back(g);
        ServerShare share{s, 0, gpus[std::size_t(uniform(gpus.size()))], milli, job.cpuMilli, job.memoryMib};
        return Allocation{share};
    }

    Score best{kInf, kInf, kInf};
    int bestServer = -1, bestGpu = -1;
    for (int s : cls.servers) {
        if (!serverFits(s))
            continue;
        const std::size_t su = std::size_t(s);
        const double index = s;
        if (job.gpus == 0) {
            Score sc{0, 0, index};
            if (placement != Placement::FirstFit) {
                const double cpuAfter = m_pool.servers[su].cpuMilli > 0 ? m_cpuFree[su] - job.cpuMilli : 0.0;
                // CPU-only work goes where it blocks the fewest GPUs (GPU-less or full servers).
                sc = {double(m_serverFree[su]), cpuAfter, index};
                if (placement == Placement::Fragmentation && m_haveWorkload && m_pool.servers[su].gpus > 0)
                    sc = {fgdFragmentation(s, m_cpuFree[su] - job.cpuMilli, m_memFree[su] - job.memoryMib, &m_free[m_offset[su]]) - fgdCurrent(s),
                          double(m_serverFree[su]), cpuAfter};
            }
            if (sc < best) {
                best = sc;
                bestServer = s;
            }
            if (placement == Placement::FirstFit)
                break;
            continue;
        }
        if (!frac) {
            const double after = double(m_serverFree[su] - std::int64_t(need) * 1000);
            Score sc{index, 0, 0};
            switch (placement) {
            case Placement::FirstFit: break;
            case Placement::BestFit:
                sc = {after, m_pool.servers[su].cpuMilli > 0 ? m_cpuFree[su] - job.cpuMilli : 0.0, index};
                break;
            case Placement::TopoPack:
                sc = {after, blockFree.empty() ? 0.0 : double(blockFree[std::size_t(m_pool.servers[su].blocks[0])]), index};
                break;
            case Placement::Fragmentation: {
                double delta = 0;
                if (m_haveWorkload) {
                    std::uint16_t f[64];
                    const int n = m_pool.servers[su].gpus;
                    std::copy_n(&m_free[m_offset[su]], n, f);
                    for (int g = 0, left = need; g < n && left > 0; ++g)
                        if (f[g] == 1000) {
                            f[g] = 0;
                            --left;
                        }
                    delta = fgdFragmentation(s, m_cpuFree[su] - job.cpuMilli, m_memFree[su] - job.memoryMib, f) - fgdCurrent(s);
                }
                sc = {delta, after, index};
                break;
            }
            case Placement::Random: break;
            }
            if (sc < best) {
                best = sc;
                bestServer = s;
            }
            if (placement == Placement::FirstFit)
                break;
            continue;
        }
        // fractional: choose a GPU too
        const int gpus = m_pool.servers[su].gpus;
        for (int g = 0; g < gpus; ++g) {
            if (!feasibleGpu(s, g))
                continue;
            const int x = m_free[m_offset[su] + std::size_t(g)];
            const double after = x - milli;
            Score sc{index, double(g), 0};
            switch (placement) {
            case Placement::FirstFit: break;
            case Placement::BestFit:
            case Placement::TopoPack:
                sc = {after, double(m_serverFree[su] - milli), index * 64 + g};
                break;
            case Placement::Fragmentation: {
                double delta = 0;
                if (m_haveWorkload) {
                    std::uint16_t f[64];
                    std::copy_n(&m_free[m_offset[su]], gpus, f);
                    f[g] = std::uint16_t(x - milli);
                    delta = fgdFragmentation(s, m_cpuFree[su] - job.cpuMilli, m_memFree[su] - job.memoryMib, f) - fgdCurrent(s);
                }
                sc = {delta, after, index * 64 + g};
                break;
            }
            case Placement::Random: break;
            }
            if (sc < best) {
                best = sc;
                bestServer = s;
                bestGpu = g;
            }
            if (placement == Placement::FirstFit)
                break;
        }
        if (placement == Placement::FirstFit && bestServer >= 0)
            break;
    }
    if (bestServer < 0)
        return std::nullopt;
    if (job.gpus == 0)
        return Allocation{ServerShare{bestServer, 0, -1, 0, job.cpuMilli, job.memoryMib}};
    if (!frac)
        return Allocation{wholeShare(job, bestServer, need)};
    return Allocation{ServerShare{bestServer, 0, bestGpu, milli, job.cpuMilli, job.memoryMib}};
}

std::optional<Allocation> ClusterState::placeMulti(const Job &job, const JobClass &cls, Placement placement, int topoLevel, bool topoRequired)
{
    if (cls.freeWhole < job.gpus)
        return std::nullopt;
    std::vector<int> cand;
    std::int64_t total = 0;
    for (int s : cls.servers) {
        const std::size_t su = std::size_t(s);
        if (m_fullFree[su] <= 0 || m_excluded[su])
            continue;
        cand.push_back(s);
        total += m_fullFree[su];
    }
    if (total < job.gpus)
        return std::nullopt;

    auto take = [&](const std::vector<int> &order) -> std::optional<Allocation> {
        Allocation a;
        int left = job.gpus;
        for (int s : order) {
            const int n = std::min(left, m_fullFree[std::size_t(s)]);
            if (n <= 0)
                continue;
            a.push_back(wholeShare(job, s, n));
            left -= n;
            if (left == 0)
                break;
        }
        if (left > 0)
            return std::nullopt;
        return a;
    };
    // Fewest servers: fully free servers in index order, then the fullest-free others.
    auto packedOrder = [&](std::vector<int> v) {
        std::stable_sort(v.begin(), v.end(), [&](int a, int b) {
            const bool fa = m_fullFree[std::size_t(a)] == m_pool.servers[std::size_t(a)].gpus;
            const bool fb = m_fullFree[std::size_t(b)] == m_pool.servers[std::size_t(b)].gpus;
            if (fa != fb)
                return fa;
            return m_fullFree[std::size_t(a)] > m_fullFree[std::size_t(b)];
        });
        return v;
    };

    if (placement == Placement::Random) {
        for (std::size_t i = cand.size(); i > 1; --i)
            std::swap(cand[i - 1], cand[std::size_t(uniform(i))]);
        return take(cand);
    }
    if (placement == Placement::TopoPack && m_pool.levels > 0) {
        for (int level = 0; level < m_pool.levels; ++level) {
            if (topoRequired && topoLevel >= 0 && level > topoLevel)
                return std::nullopt;
            std::map<int, std::int64_t> blockFree;
            for (int s : cand)
                blockFree[m_pool.servers[std::size_t(s)].blocks[std::size_t(level)]] += m_fullFree[std::size_t(s)];
            int bestBlock = -1;
            std::int64_t bestFree = std::numeric_limits<std::int64_t>::max();
            for (const auto &[b, f] : blockFree)
                if (f >= job.gpus && f < bestFree) {
                    bestFree = f;
                    bestBlock = b;
                }
            if (bestBlock < 0)
                continue;
            std::vector<int> inBlock;
            for (int s : cand)
                if (m_pool.servers[std::size_t(s)].blocks[std::size_t(level)] == bestBlock)
                    inBlock.push_back(s);
            return take(packedOrder(inBlock));
        }
        if (topoRequired && topoLevel >= 0 && topoLevel < m_pool.levels)
            return std::nullopt;
    }
    return take(packedOrder(cand));
}

std::optional<Allocation> ClusterState::placeOn(const Job &job, const std::vector<int> &servers)
{
    if (servers.empty())
        return std::nullopt;
    if (job.fractional() || job.gpus == 0) {
        const int s = servers.front();
        if (!fitsCpu(s, job, 1.0))
            return std::nullopt;
        if (job.gpus == 0)
            return Allocation{ServerShare{s, 0, -1, 0, job.cpuMilli, job.memoryMib}};
        for (int g = 0; g < m_pool.servers[std::size_t(s)].gpus; ++g)
            if (m_free[m_offset[std::size_t(s)] + std::size_t(g)] >= job.gpuMilli)
                return Allocation{ServerShare{s, 0, g, job.gpuMilli, job.cpuMilli, job.memoryMib}};
        return std::nullopt;
    }
    // Spread evenly over the named servers, in their order.
    Allocation a;
    int left = job.gpus;
    const int n = int(servers.size());
    for (int i = 0; i < n && left > 0; ++i) {
        const int want = (left + (n - i) - 1) / (n - i);
        const int s = servers[std::size_t(i)];
        if (m_fullFree[std::size_t(s)] < want)
            return std::nullopt;
        a.push_back(wholeShare(job, s, want));
        left -= want;
    }
    return a;
}

void ClusterState::update(int server, int sign)
{
    const std::size_t su = std::size_t(server);
    const std::size_t off = m_offset[su];
    const int gpus = m_pool.servers[su].gpus;
    for (int c : m_serverClasses[su]) {
        JobClass &cls = m_classes[std::size_t(c)];
        cls.freeWhole += sign * m_fullFree[su];
        cls.serversByFullFree[std::size_t(m_fullFree[su])] += sign;
        for (int g = 0; g < gpus; ++g)
            cls.gpusByFreeDecile[std::size_t(m_free[off + std::size_t(g)] / 100)] += sign;
    }
    if (!m_fgdCache.empty())
        m_fgdCache[su] = std::numeric_limits<double>::quiet_NaN();
    if (m_trackFrag) {
        if (sign < 0) {
            m_unusableTotal -= m_unusable[su];
        } else {
            m_unusable[su] = unusableOn(server, m_fragMix);
            m_unusableTotal += m_unusable[su];
        }
    }
}

void ClusterState::allocate(const Allocation &a)
{
    for (const ServerShare &sh : a) {
        const std::size_t su = std::size_t(sh.server);
        update(sh.server, -1);
        const std::size_t off = m_offset[su];
        for (int g = 0; g < 64; ++g)
            if (sh.gpuMask >> g & 1) {
                assert(m_free[off + std::size_t(g)] == 1000);
                m_free[off + std::size_t(g)] = 0;
                --m_fullFree[su];
                m_serverFree[su] -= 1000;
                m_allocatedMilli += 1000;
            }
        if (sh.sharedGpu >= 0) {
            std::uint16_t &f = m_free[off + std::size_t(sh.sharedGpu)];
            assert(f >= sh.milli);
            if (f == 1000)
                --m_fullFree[su];
            f = std::uint16_t(f - sh.milli);
            m_serverFree[su] -= sh.milli;
            m_allocatedMilli += sh.milli;
        }
        m_cpuFree[su] -= sh.cpuMilli;
        m_memFree[su] -= sh.memoryMib;
        update(sh.server, +1);
    }
}

void ClusterState::release(const Allocation &a)
{
    for (const ServerShare &sh : a) {
        const std::size_t su = std::size_t(sh.server);
        update(sh.server, -1);
        const std::size_t off = m_offset[su];
        for (int g = 0; g < 64; ++g)
            if (sh.gpuMask >> g & 1) {
                m_free[off + std::size_t(g)] = 1000;
                ++m_fullFree[su];
                m_serverFree[su] += 1000;
                m_allocatedMilli -= 1000;
            }
        if (sh.sharedGpu >= 0) {
            std::uint16_t &f = m_free[off + std::size_t(sh.sharedGpu)];
            f = std::uint16_t(f + sh.milli);
            if (f == 1000)
                ++m_fullFree[su];
            m_serverFree[su] += sh.milli;
            m_allocatedMilli -= sh.milli;
        }
        m_cpuFree[su] += sh.cpuMilli;
        m_memFree[su] += sh.memoryMib;
        update(sh.server, +1);
    }
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
