// EASY backfill (Lifka's EASY; Mu'alem & Feitelson, IEEE TPDS 2001), generalised to placement.
//
// When the queue's head does not fit, it gets a reservation:
//   shadow time  the earliest running job's predicted end at which the head fits, counting
//                every running job that ends at or before it (ends within sameTimeTolerance
//                are one instant), whatever their order in the trace;
//   spare        what is free at the shadow time beyond what the head takes then.
// A later job (queue order, at most backfillDepth looked at) starts now if it fits now and
// either ends by the shadow time or takes no more than the spare; if it outlasts the shadow
// time, what it takes comes off the spare.
//
// What "fits" and "spare" count depends on where the head may go:
//   - a head of whole GPUs that may span servers and is not confined to a topology block fits
//     when its class has enough fully free GPUs: spare = fully free GPUs of the class at the
//     shadow time − its GPUs (the textbook rule on a homogeneous pool);
//   - any other head (one server, a GPU share, CPU-only, pinned, or a required topology level)
//     is placed by the policy's placement at the shadow time, and that placement is its
//     reservation: spare whole GPUs per reserved server (per block of the required level for
//     a confined head), spare milli on the GPU it shares, spare CPU and memory on its server
//     when its placement checks them. Other servers are not limited. A job that would take
//     more of a reserved server than spare is placed once more with the reserved servers left
//     out.
// A GPU counts as free at the shadow time when it is whole and free then: a GPU share taken
// from a GPU that would be fully free takes one whole GPU off the spare.
#include "schedule/simulator.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace cplan::schedule_detail {

namespace {

std::uint64_t gpuKey(int server, int gpu)
{
    return std::uint64_t(std::uint32_t(server)) << 32 | std::uint32_t(gpu);
}

bool holdsWhole(const ServerShare &sh, int gpu)
{
    return std::binary_search(sh.gpus.begin(), sh.gpus.end(), std::uint16_t(gpu));
}

} // namespace

// The textbook rule, for heads that fit by count: no placement, no change to the state.
std::optional<Reservation> Simulator::reserveByCount(std::uint32_t head, double t)
{
    Reservation r;
    r.cls = m_sim[head].cls;
    r.shadowS = t;
    const auto &mask = classMask(r.cls);
    const std::int64_t need = m_jobs[head].gpus;
    std::int64_t fullFree = m_state.jobClass(r.cls).freeWhole;
    std::unordered_map<std::uint64_t, int> sharedReleased;   // GPU -> milli released by then
    auto it = m_running.begin();
    while (fullFree < need) {
        if (it == m_running.end())
            return std::nullopt;   // even with every running job gone (cannot happen: couldEverFit)
        r.shadowS = it->first;
        const double limit = r.shadowS + sameTimeTolerance(r.shadowS);
        for (; it != m_running.end() && it->first <= limit; ++it)
            for (const ServerShare &sh : m_sim[it->second].alloc) {
                if (!mask[std::size_t(sh.server)])
                    continue;
                fullFree += sh.wholeGpus();
                if (sh.sharedGpu < 0)
                    continue;
                const std::uint64_t k = gpuKey(sh.server, sh.sharedGpu);
                int &released = sharedReleased[k];
                released += sh.milli;
                if (m_state.freeMilli(sh.server, sh.sharedGpu) + released == 1000) {
                    ++fullFree;
                    r.freeAtShadow.push_back(k);
                }
            }
    }
    std::sort(r.freeAtShadow.begin(), r.freeAtShadow.end());
    r.units.push_back({-1, -1, -1, fullFree - need});
    return r;
}

// Every other head: release the running jobs instant by instant, in a trial, until the
// policy's placement finds room for it; that placement is its reservation.
std::optional<Reservation> Simulator::reserveByPlacement(std::uint32_t head, double t)
{
    // Random placement would draw from the seed's stream; any placement finds room exactly
    // when first fit does.
    const Placement trial = m_placement == Placement::Random ? Placement::FirstFit : m_placement;
    Reservation r;
    r.cls = m_sim[head].cls;
    r.shadowS = t;
    std::vector<std::uint32_t> released;
    std::optional<Allocation> a;
    for (auto it = m_running.begin(); !a && it != m_running.end();) {
        r.shadowS = it->first;
        const double limit = r.shadowS + sameTimeTolerance(r.shadowS);
        for (; it != m_running.end() && it->first <= limit; ++it) {
            m_state.release(m_sim[it->second].alloc);
            released.push_back(it->second);
        }
        a = placement(head, trial);
    }
    if (a)
        describeReservation(r, head, *a, released);
    for (std::uint32_t j : released)
        m_state.allocate(m_sim[j].alloc);
    if (!a)
        return std::nullopt;
    return r;
}

// Reads the spare from the state at the shadow time (the released running jobs gone).
void Simulator::describeReservation(Reservation &r, std::uint32_t head, const Allocation &a, const std::vector<std::uint32_t> &released)
{
    const Job &job = m_jobs[head];
    for (std::uint32_t j : released)
        for (const ServerShare &sh : m_sim[j].alloc)
            if (sh.sharedGpu >= 0 && m_state.freeMilli(sh.server, sh.sharedGpu) == 1000)
                r.freeAtShadow.push_back(gpuKey(sh.server, sh.sharedGpu));
    std::sort(r.freeAtShadow.begin(), r.freeAtShadow.end());
    r.freeAtShadow.erase(std::unique(r.freeAtShadow.begin(), r.freeAtShadow.end()), r.freeAtShadow.end());
    const ServerShare &first = a.front();
    if (job.fractional()) {
        r.sharedServer = first.server;
        r.sharedGpu = first.sharedGpu;
        r.spareMilli = m_state.freeMilli(first.server, first.sharedGpu) - first.milli;
        r.servers.push_back(first.server);
    } else if (job.gpus > 0 && !job.oneServer && m_sim[head].pins.empty()) {
        // Confined to one block of the required level: the block keeps enough whole GPUs.
        const int level = m_opt.topoLevel;
        const int block = m_pool.servers[std::size_t(first.server)].blocks[std::size_t(level)];
        std::int64_t fullFree = 0;
        for (int s : m_state.jobClass(r.cls).servers)
            if (m_pool.servers[std::size_t(s)].blocks[std::size_t(level)] == block) {
                fullFree += m_state.fullFree(s);
                r.servers.push_back(s);
            }
        r.units.push_back({-1, level, block, fullFree - job.gpus});
    } else if (job.gpus > 0) {
        for (const ServerShare &sh : a) {
            r.units.push_back({sh.server, -1, -1, std::int64_t(m_state.fullFree(sh.server)) - sh.wholeGpus()});
            r.servers.push_back(sh.server);
        }
    }
    // Placements that check CPU and memory: one server, a GPU share, CPU-only work.
    const bool checksCpu = job.fractional() || job.gpus == 0 || (job.oneServer && m_sim[head].pins.empty());
    if (checksCpu) {
        const PoolServer &ps = m_pool.servers[std::size_t(first.server)];
        constexpr double kUnlimited = std::numeric_limits<double>::infinity();
        r.cpuServer = first.server;
        r.spareCpu = ps.cpuMilli > 0 ? m_state.cpuFreeMilli(first.server) - first.cpuMilli : kUnlimited;
        r.spareMemory = ps.memoryMib > 0 ? m_state.memoryFreeMib(first.server) - first.memoryMib : kUnlimited;
        if (r.servers.empty())
            r.servers.push_back(first.server);
    }
}

bool Simulator::inUnit(const Reservation &r, const Reservation::Unit &u, int server)
{
    if (u.server >= 0)
        return server == u.server;
    if (!classMask(r.cls)[std::size_t(server)])
        return false;
    return u.block < 0 || m_pool.servers[std::size_t(server)].blocks[std::size_t(u.level)] == u.block;
}

bool Simulator::fullyFreeAtShadow(const Reservation &r, int server, int gpu) const
{
    return m_state.freeMilli(server, gpu) == 1000 || std::binary_search(r.freeAtShadow.begin(), r.freeAtShadow.end(), gpuKey(server, gpu));
}

// Whether a job that outlasts the shadow time may hold `a` then; with `take`, it does.
bool Simulator::keepsReservation(Reservation &r, const Allocation &a, bool take)
{
    std::vector<std::int64_t> taken(r.units.size(), 0);
    std::int64_t milli = 0;
    double cpu = 0, memory = 0;
    for (const ServerShare &sh : a) {
        const bool sharesFreeGpu = sh.sharedGpu >= 0 && fullyFreeAtShadow(r, sh.server, sh.sharedGpu);
        for (std::size_t u = 0; u < r.units.size(); ++u)
            if (inUnit(r, r.units[u], sh.server))
                taken[u] += sh.wholeGpus() + (sharesFreeGpu ? 1 : 0);
        if (sh.server == r.sharedServer)
            milli += (holdsWhole(sh, r.sharedGpu) ? 1000 : 0) + (sh.sharedGpu == r.sharedGpu ? sh.milli : 0);
        if (sh.server == r.cpuServer) {
            cpu += sh.cpuMilli;
            memory += sh.memoryMib;
        }
    }
    for (std::size_t u = 0; u < r.units.size(); ++u)
        if (taken[u] > r.units[u].spareWhole)
            return false;
    if (milli > r.spareMilli || cpu > r.spareCpu + 1e-9 || memory > r.spareMemory + 1e-9)
        return false;
    if (!take)
        return true;
    for (std::size_t u = 0; u < r.units.size(); ++u)
        r.units[u].spareWhole -= taken[u];
    r.spareMilli -= milli;
    r.spareCpu -= cpu;
    r.spareMemory -= memory;
    // A GPU that was to come free whole is now shared past the shadow time.
    for (const ServerShare &sh : a)
        if (sh.sharedGpu >= 0) {
            auto it = std::lower_bound(r.freeAtShadow.begin(), r.freeAtShadow.end(), gpuKey(sh.server, sh.sharedGpu));
            if (it != r.freeAtShadow.end() && *it == gpuKey(sh.server, sh.sharedGpu))
                r.freeAtShadow.erase(it);
        }
    return true;
}

// A job that ends by the shadow time gives back what it takes: a GPU it starts sharing now
// is still whole and free at the shadow time.
void Simulator::noteEndsByShadow(Reservation &r, const Allocation &a) const
{
    for (const ServerShare &sh : a)
        if (sh.sharedGpu >= 0 && m_state.freeMilli(sh.server, sh.sharedGpu) == 1000) {
            const std::uint64_t k = gpuKey(sh.server, sh.sharedGpu);
            auto it = std::lower_bound(r.freeAtShadow.begin(), r.freeAtShadow.end(), k);
            if (it == r.freeAtShadow.end() || *it != k)
                r.freeAtShadow.insert(it, k);
        }
}

// Known without placing it: a job of whole GPUs in the head's class takes all of them from a
// counted reservation. Saves a scan of the servers per queued job. Random placement is still
// drawn, as it advances the seed's stream.
bool Simulator::outgrowsSpare(const Reservation &r, std::uint32_t j) const
{
    const Job &job = m_jobs[j];
    const SimJob &sj = m_sim[j];
    return r.servers.empty() && r.units.size() == 1 && m_placement != Placement::Random && sj.pins.empty() && sj.cls == r.cls
        && job.gpus > 0 && !job.fractional() && job.gpus > r.units.front().spareWhole;
}

std::optional<Allocation> Simulator::placementAvoiding(std::uint32_t j, const std::vector<int> &servers)
{
    if (!m_sim[j].pins.empty())
        return std::nullopt;   // pinned: nowhere else to go
    for (int s : servers)
        m_state.setExcluded(s, true);
    auto a = placement(j);
    for (int s : servers)
        m_state.setExcluded(s, false);
    return a;
}

void Simulator::backfill(std::uint32_t head, std::set<QKey>::iterator from, double t)
{
    const Job &headJob = m_jobs[head];
    const bool byCount = m_sim[head].pins.empty() && m_state.fitsByCount(headJob, m_placement, m_opt.topoLevel, m_opt.topoRequired);
    std::optional<Reservation> r = byCount ? reserveByCount(head, t) : reserveByPlacement(head, t);
    if (!r)
        return;   // the head cannot be reserved (no running job frees what it needs): no backfill
    const double shadowLimit = r->shadowS + sameTimeTolerance(r->shadowS);
    std::size_t looked = 0;
    std::vector<std::uint32_t> started;
    for (auto it = from; it != m_queue.end() && looked < m_opt.backfillDepth; ++it, ++looked) {
        const std::uint32_t j = it->job;
        const bool outlasts = t + m_sim[j].workLeft > shadowLimit;
        if (outlasts && outgrowsSpare(*r, j))
            continue;
        auto a = placement(j);
        if (!a)
            continue;
        if (outlasts && !keepsReservation(*r, *a, false)) {
            if (r->servers.empty())
                continue;
            a = placementAvoiding(j, r->servers);
            if (!a || !keepsReservation(*r, *a, false))
                continue;
        }
        if (outlasts)
            keepsReservation(*r, *a, true);
        else
            noteEndsByShadow(*r, *a);
        started.push_back(j);
        m_state.allocate(*a);   // hold it while scanning
        m_sim[j].alloc = std::move(*a);
    }
    for (std::uint32_t j : started) {
        m_state.release(m_sim[j].alloc);
        Allocation a = std::move(m_sim[j].alloc);
        m_sim[j].alloc.clear();
        m_queue.erase(key(j));
        start(j, std::move(a), t);
    }
}

} // namespace cplan::schedule_detail
