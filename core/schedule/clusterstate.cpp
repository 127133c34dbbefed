#include "schedule/clusterstate.h"

#include "model/design.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <limits>

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

} // namespace

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
        assert(ps.gpus >= 0 && ps.gpus <= kMaxGpusPerServer);   // checkPool
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
    m_scratchFree.resize(std::size_t(m_maxGpus));
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
        for (const std::uint16_t g : sh.gpus) {
            assert(g < m_pool.servers[su].gpus && m_free[off + g] == 1000);
            m_free[off + g] = 0;
        }
        const int whole = sh.wholeGpus();
        m_fullFree[su] -= whole;
        m_serverFree[su] -= std::int64_t(whole) * 1000;
        m_allocatedMilli += std::int64_t(whole) * 1000;
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
        for (const std::uint16_t g : sh.gpus)
            m_free[off + g] = 1000;
        const int whole = sh.wholeGpus();
        m_fullFree[su] += whole;
        m_serverFree[su] += std::int64_t(whole) * 1000;
        m_allocatedMilli -= std::int64_t(whole) * 1000;
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

} // namespace cplan
