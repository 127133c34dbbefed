// Placement strategies: which servers and GPUs a job gets (first fit, best fit, random,
// topology packing like Slurm's tree plugin, FGD), and placement on named servers.
#include "schedule/clusterstate.h"

#include <algorithm>
#include <limits>
#include <map>

namespace cplan {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

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

ServerShare ClusterState::wholeShare(const Job &job, int server, int gpus) const
{
    ServerShare share;
    share.server = server;
    const std::size_t off = m_offset[std::size_t(server)];
    const int n = m_pool.servers[std::size_t(server)].gpus;
    share.gpus.reserve(std::size_t(std::max(gpus, 0)));
    for (int g = 0; g < n && gpus > 0; ++g)
        if (m_free[off + std::size_t(g)] == 1000) {
            share.gpus.push_back(std::uint16_t(g));
            --gpus;
        }
    const double frac = job.gpus > 0 ? double(share.wholeGpus()) / job.gpus : 1.0;
    share.cpuMilli = job.cpuMilli * frac;
    share.memoryMib = job.memoryMib * frac;
    return share;
}

bool ClusterState::fitsByCount(const Job &job, Placement placement, int topoLevel, bool topoRequired) const
{
    if (job.gpus <= 0 || job.fractional() || job.oneServer || !job.pinServers.empty())
        return false;
    // placeMulti confines a required level's jobs to one block of that level.
    const bool confined = placement == Placement::TopoPack && m_pool.levels > 0 && topoRequired && topoLevel >= 0
                       && topoLevel < m_pool.levels;
    return !confined;
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
    auto single = placeSingle(job, cls, placement);
    if (single || job.oneServer || job.fractional() || job.gpus == 0)
        return single;
    return placeMulti(job, cls, placement, topoLevel, topoRequired);
}

// GPUs first: they rule out most servers from flat arrays, before the CPU check reads the pool.
bool ClusterState::fitsOneServer(const Job &job, int server) const
{
    const std::size_t su = std::size_t(server);
    if (m_excluded[su])
        return false;
    if (job.gpus != 0 && (job.fractional() ? m_serverFree[su] < job.gpuMilli : m_fullFree[su] < job.gpus))
        return false;
    return fitsCpu(server, job, 1.0);
}

Allocation ClusterState::singleAllocation(const Job &job, int server, int gpu) const
{
    if (job.gpus == 0)
        return Allocation{ServerShare{server, {}, -1, 0, job.cpuMilli, job.memoryMib}};
    if (!job.fractional())
        return Allocation{wholeShare(job, server, job.gpus)};
    return Allocation{ServerShare{server, {}, gpu, job.gpuMilli, job.cpuMilli, job.memoryMib}};
}

std::optional<Allocation> ClusterState::placeSingleRandom(const Job &job, const JobClass &cls)
{
    const bool frac = job.fractional();
    const int milli = frac ? job.gpuMilli : 1000;
    auto feasibleGpu = [&](int s, int g) { return m_free[m_offset[std::size_t(s)] + std::size_t(g)] >= milli; };
    std::vector<int> fit;
    for (int s : cls.servers) {
        if (!fitsOneServer(job, s))
            continue;
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
    if (!frac)
        return singleAllocation(job, s, -1);
    std::vector<int> gpus;
    for (int g = 0; g < m_pool.servers[std::size_t(s)].gpus; ++g)
        if (feasibleGpu(s, g))
            gpus.push_back(g);
    return singleAllocation(job, s, gpus[std::size_t(uniform(gpus.size()))]);
}

// Free GPU capacity (milli) per leaf block among the class's servers.
std::vector<std::int64_t> ClusterState::leafBlockFree(const JobClass &cls) const
{
    std::vector<std::int64_t> blockFree;
    for (int s : cls.servers) {
        const int b = m_pool.servers[std::size_t(s)].blocks[0];
        if (std::size_t(b) >= blockFree.size())
            blockFree.resize(std::size_t(b) + 1, 0);
        blockFree[std::size_t(b)] += m_serverFree[std::size_t(s)];
    }
    return blockFree;
}

// CPU-only work goes where it blocks the fewest GPUs (GPU-less or full servers).
ClusterState::Score ClusterState::scoreCpuOnly(const Job &job, int server, Placement placement)
{
    const std::size_t su = std::size_t(server);
    const double index = server;
    if (placement == Placement::FirstFit)
        return {0, 0, index};
    const double cpuAfter = m_pool.servers[su].cpuMilli > 0 ? m_cpuFree[su] - job.cpuMilli : 0.0;
    if (placement == Placement::Fragmentation && m_haveWorkload && m_pool.servers[su].gpus > 0) {
        const double after = fgdFragmentation(server, m_cpuFree[su] - job.cpuMilli, m_memFree[su] - job.memoryMib, &m_free[m_offset[su]]);
        return {after - fgdCurrent(server), double(m_serverFree[su]), cpuAfter};
    }
    return {double(m_serverFree[su]), cpuAfter, index};
}

ClusterState::Score ClusterState::scoreWhole(const Job &job, int server, Placement placement, const std::vector<std::int64_t> &leafFree)
{
    const std::size_t su = std::size_t(server);
    const double index = server;
    const double after = double(m_serverFree[su] - std::int64_t(job.gpus) * 1000);
    switch (placement) {
    case Placement::FirstFit:
    case Placement::Random: return {index, 0, 0};
    case Placement::BestFit: return {after, m_pool.servers[su].cpuMilli > 0 ? m_cpuFree[su] - job.cpuMilli : 0.0, index};
    case Placement::TopoPack:
        return {after, leafFree.empty() ? 0.0 : double(leafFree[std::size_t(m_pool.servers[su].blocks[0])]), index};
    case Placement::Fragmentation: {
        double delta = 0;
        if (m_haveWorkload) {
            const int n = m_pool.servers[su].gpus;
            std::uint16_t *f = m_scratchFree.data();
            std::copy_n(&m_free[m_offset[su]], n, f);
            for (int g = 0, left = job.gpus; g < n && left > 0; ++g)
                if (f[g] == 1000) {
                    f[g] = 0;
                    --left;
                }
            delta = fgdFragmentation(server, m_cpuFree[su] - job.cpuMilli, m_memFree[su] - job.memoryMib, f);
            delta -= fgdCurrent(server);
        }
        return {delta, after, index};
    }
    }
    return {index, 0, 0};
}

// The best GPU of a server for a GPU share, if it beats `best`.
void ClusterState::chooseSharedGpu(const Job &job, int server, Placement placement, Choice &best)
{
    const std::size_t su = std::size_t(server);
    const double index = server;
    const int milli = job.gpuMilli;
    const int gpus = m_pool.servers[su].gpus;
    const double stride = double(m_maxGpus) + 1;   // (server, GPU) as one exact number
    for (int g = 0; g < gpus; ++g) {
        const int x = m_free[m_offset[su] + std::size_t(g)];
        if (x < milli)
            continue;
        const double after = x - milli;
        Score sc{index, double(g), 0};
        if (placement == Placement::BestFit || placement == Placement::TopoPack) {
            sc = {after, double(m_serverFree[su] - milli), index * stride + g};
        } else if (placement == Placement::Fragmentation) {
            double delta = 0;
            if (m_haveWorkload) {
                std::uint16_t *f = m_scratchFree.data();
                std::copy_n(&m_free[m_offset[su]], gpus, f);
                f[g] = std::uint16_t(x - milli);
                delta = fgdFragmentation(server, m_cpuFree[su] - job.cpuMilli, m_memFree[su] - job.memoryMib, f);
                delta -= fgdCurrent(server);
            }
            sc = {delta, after, index * stride + g};
        }
        if (sc < best.score)
            best = {sc, server, g};
        if (placement == Placement::FirstFit)
            break;
    }
}

std::optional<Allocation> ClusterState::placeSingle(const Job &job, const JobClass &cls, Placement placement)
{
    if (placement == Placement::Random)
        return placeSingleRandom(job, cls);
    // Topology packing of single-server jobs: prefer the fullest leaf block.
    std::vector<std::int64_t> leafFree;
    if (placement == Placement::TopoPack && m_pool.levels > 0)
        leafFree = leafBlockFree(cls);
    Choice best{{kInf, kInf, kInf}, -1, -1};
    for (int s : cls.servers) {
        if (!fitsOneServer(job, s))
            continue;
        if (job.fractional()) {
            chooseSharedGpu(job, s, placement, best);
        } else {
            const Score sc = job.gpus == 0 ? scoreCpuOnly(job, s, placement) : scoreWhole(job, s, placement, leafFree);
            if (sc < best.score)
                best = {sc, s, -1};
        }
        if (placement == Placement::FirstFit && best.server >= 0)
            break;
    }
    if (best.server < 0)
        return std::nullopt;
    return singleAllocation(job, best.server, best.gpu);
}

// Whole GPUs from the servers in this order, as many from each as it has fully free.
std::optional<Allocation> ClusterState::takeWhole(const Job &job, const std::vector<int> &servers) const
{
    Allocation a;
    int left = job.gpus;
    for (int s : servers) {
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
}

// Fewest servers: fully free servers in index order, then the fullest-free others.
std::vector<int> ClusterState::packedOrder(std::vector<int> v) const
{
    std::stable_sort(v.begin(), v.end(), [&](int a, int b) {
        const bool fa = m_fullFree[std::size_t(a)] == m_pool.servers[std::size_t(a)].gpus;
        const bool fb = m_fullFree[std::size_t(b)] == m_pool.servers[std::size_t(b)].gpus;
        if (fa != fb)
            return fa;
        return m_fullFree[std::size_t(a)] > m_fullFree[std::size_t(b)];
    });
    return v;
}

// Topology packing (Slurm's tree plugin): the candidates of the lowest-level block that holds
// the job, the block with the fewest free GPUs among those. An empty list: no block holds it
// and the level is not required (any candidates will do); nullopt: the required level has none.
std::optional<std::vector<int>> ClusterState::topoBlock(const Job &job, const std::vector<int> &cand, int topoLevel, bool topoRequired) const
{
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
        return inBlock;
    }
    if (topoRequired && topoLevel >= 0 && topoLevel < m_pool.levels)
        return std::nullopt;
    return std::vector<int>{};
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
    if (placement == Placement::Random) {
        for (std::size_t i = cand.size(); i > 1; --i)
            std::swap(cand[i - 1], cand[std::size_t(uniform(i))]);
        return takeWhole(job, cand);
    }
    if (placement == Placement::TopoPack && m_pool.levels > 0) {
        auto block = topoBlock(job, cand, topoLevel, topoRequired);
        if (!block)
            return std::nullopt;
        if (!block->empty())
            return takeWhole(job, packedOrder(std::move(*block)));
    }
    return takeWhole(job, packedOrder(std::move(cand)));
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
            return singleAllocation(job, s, -1);
        for (int g = 0; g < m_pool.servers[std::size_t(s)].gpus; ++g)
            if (m_free[m_offset[std::size_t(s)] + std::size_t(g)] >= job.gpuMilli)
                return singleAllocation(job, s, g);
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

} // namespace cplan
