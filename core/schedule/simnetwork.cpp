// Network coupling: every running multi-server job drives its ring all-reduce flows over its
// placement; the max-min solver shares the links, and a job's progress rate follows from its
// slowest flow (see simulateSchedule in scheduler.h).
#include "schedule/jobfabric.h"
#include "schedule/simulator.h"
#include "nccl/collectiverun.h"

#include <limits>
#include <map>
#include <tuple>

namespace cplan {

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
    // The job's all-reduce as NCCL would run it on the scheduler's reference server, a DGX H100
    // (8 × H100, NVLink 450 GB/s per direction, hardware.md §4), with the pool's rails.
    const int perServer = std::max(1, pool.maxGpusPerServer());
    nccl::System sys;
    sys.arch = nccl::Arch::Hopper;
    sys.nvlinkGBps = 450.0;
    sys.gpusPerNode = std::uint32_t(std::min(std::max(job.gpus, 1), perServer));
    sys.nodes = std::uint32_t((std::max(job.gpus, 1) + perServer - 1) / perServer);
    sys.nicsPerNode = 1;
    sys.nicGbps = 400;
    if (fabric) {
        for (std::size_t s = 0; s < pool.servers.size(); ++s)
            if (fabric->rails(int(s)) > 0) {
                sys.nicsPerNode = std::uint32_t(fabric->rails(int(s)));
                sys.nicGbps = fabric->railBps(int(s), 0) * 8 / 1e9;
                break;
            }
    }
    const CollectiveEstimate e = estimateCollective(sys, CollectiveKind::AllReduce, bytes);
    const double comm = e.known ? e.timeS : 0.0;
    return comm / (comm + compute);
}

namespace schedule_detail {

void Simulator::addFlows(std::uint32_t j)
{
    SimJob &s = m_sim[j];
    if (!m_fabric || s.alloc.size() < 2)
        return;
    // Ring all-reduce: ring ch goes through the ch-th GPU of each server; it leaves a server on
    // that GPU's rail (GPU i uses HCA i mod R). Rings with the same hops add up as one weighted flow.
    std::size_t rings = std::numeric_limits<std::size_t>::max();
    for (const ServerShare &sh : s.alloc)
        rings = std::min(rings, sh.gpus.size());
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
            const int rA = s.alloc[i].gpus[ch] % ra, rB = rA % rb;
            hops[{a, rA, b, rB}] += 1.0;
            outW[{a, rA}] += 1.0;
            inW[{b, rB}] += 1.0;
        }
    // Each hop is the fabric's subflows (its load balancing), each wanting an equal share.
    const int subflows = std::max(1, m_fabric->subflows());
    for (const auto &[hop, w] : hops) {
        const auto [a, rA, b, rB] = hop;
        const double need = std::min(m_fabric->railBps(a, rA) / outW[{a, rA}], m_fabric->railBps(b, rB) / inW[{b, rB}]) / subflows;
        for (int f = 0; f < subflows; ++f) {
            m_scratchLinks.clear();
            m_fabric->route(a, rA, b, rB, m_scratchLinks, f);
            if (m_scratchLinks.empty())
                continue;
            const auto id = m_solver.addFlow(m_scratchLinks, w);
            if (m_flowOwner.size() <= id)
                m_flowOwner.resize(std::size_t(id) + 1);
            m_flowOwner[id] = j;
            s.flows.push_back(id);
            s.need.push_back(need);
        }
    }
    if (!s.flows.empty())
        m_netDirty = true;
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

} // namespace schedule_detail

} // namespace cplan
