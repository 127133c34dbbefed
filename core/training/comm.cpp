#include "training/comm.h"

#include "nccl/collectiverun.h"

#include <algorithm>
#include <cmath>

namespace cplan::training {

namespace {

// Sizes are cached in 1/16-octave buckets (a time off by at most 2.2 % of the bytes, scaled
// back linearly below).
constexpr double kBucketsPerOctave = 16.0;

} // namespace

Comm::Comm(nccl::System system) : m_system(std::move(system)) {}

nccl::System Comm::groupSystem(int size, int stride) const
{
    nccl::System s = m_system;
    const int perNode = std::max(1, int(m_system.gpusPerNode));
    const int nics = std::max(1, int(m_system.nicsPerNode));
    stride = std::max(1, stride);
    s.sharp = m_system.sharp;
    if (size * stride <= perNode || size == 1) {   // inside one NVLink domain
        s.nodes = 1;
        s.gpusPerNode = std::uint32_t(size);
        return s;
    }
    // Ranks per node: a domain holds perNode / stride of them (at least one), and as many groups
    // side by side share its NICs.
    const int inNode = std::max(1, std::min(size, perNode / stride));
    s.gpusPerNode = std::uint32_t(inNode);
    s.nodes = std::uint32_t((size + inNode - 1) / inNode);
    s.nicsPerNode = std::uint32_t(std::max(1, nics * inNode / perNode));
    return s;
}

std::optional<double> Comm::collective(CollectiveKind kind, int size, int stride, double bytes) const
{
    if (size <= 1 || bytes <= 0)
        return 0.0;
    const int bucket = int(std::lround(std::log2(bytes) * kBucketsPerOctave));
    const Key key{int(kind), size, std::max(1, stride), bucket};
    std::lock_guard lock(m_mutex);
    auto it = m_cache.find(key);
    if (it == m_cache.end()) {
        const double rep = std::exp2(bucket / kBucketsPerOctave);
        const CollectiveEstimate e = estimateCollective(groupSystem(size, stride), kind, rep);
        std::optional<double> t;
        if (e.known)
            t = e.timeS;
        else if (m_unknown.empty())
            m_unknown = unknownText(e);
        it = m_cache.emplace(key, t).first;
    }
    if (!it->second)
        return std::nullopt;
    const double rep = std::exp2(bucket / kBucketsPerOctave);
    return *it->second * (bytes / rep);
}

std::optional<double> Comm::send(int stride, double bytes) const
{
    // A two-rank broadcast is one send; NCCL runs it as a ring of two.
    return collective(CollectiveKind::Broadcast, 2, stride, bytes);
}

std::string Comm::unknown() const
{
    std::lock_guard lock(m_mutex);
    return m_unknown;
}

} // namespace cplan::training
