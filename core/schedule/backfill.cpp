// EASY backfill: while the queue's head waits, later jobs may start if they do not delay it.
#include "schedule/simulator.h"

#include <limits>

namespace cplan::schedule_detail {

std::int64_t Simulator::milliInClass(const Allocation &a, int cls)
{
    const auto &mask = classMask(cls);
    std::int64_t m = 0;
    for (const ServerShare &s : a)
        if (mask[std::size_t(s.server)])
            m += std::int64_t(s.wholeGpus()) * 1000 + (s.sharedGpu >= 0 ? s.milli : 0);
    return m;
}

void Simulator::backfill(std::uint32_t head, std::set<QKey>::iterator from, double t)
{
    // EASY: the head's reservation is the earliest time enough GPUs of its class come free
    // (running jobs' predicted ends, in order); later jobs may start now if they end before
    // it, or use only GPUs the head will not need then.
    const int cls = m_sim[head].cls;
    const std::int64_t need = m_jobs[head].gpuDemandMilli();
    const JobClass &jc = m_state.jobClass(cls);
    std::int64_t avail = 0;
    for (int s : jc.servers)
        avail += m_state.serverFreeMilli(s);
    double shadow = std::numeric_limits<double>::infinity();
    for (const auto &[end, r] : m_running) {
        if (avail >= need) {
            shadow = std::min(shadow, end);
            break;
        }
        avail += milliInClass(m_sim[r].alloc, cls);
        shadow = end;
    }
    if (avail < need)
        return;   // cannot be reserved (e.g. needs GPUs no running job frees): no backfill
    std::int64_t extra = avail - need;
    std::size_t looked = 0;
    std::vector<std::uint32_t> started;
    for (auto it = from; it != m_queue.end() && looked < m_opt.backfillDepth; ++it, ++looked) {
        const std::uint32_t j = it->job;
        const double end = t + m_sim[j].workLeft;
        // A job that outlasts the reservation must fit in the spare GPUs. When all of its
        // demand counts against them (the head's class, not pinned), that is known without
        // placing it, which saves a scan of the servers per queued job. Random placement is
        // still drawn, as it advances the seed's stream.
        const SimJob &sj = m_sim[j];
        if (end > shadow + kEps && m_placement != Placement::Random && sj.pins.empty() && sj.cls == cls
            && m_jobs[j].gpuDemandMilli() > extra)
            continue;
        auto a = placement(j);
        if (!a)
            continue;
        const std::int64_t inClass = milliInClass(*a, cls);
        if (end <= shadow + kEps || inClass <= extra) {
            if (end > shadow + kEps)
                extra -= inClass;
            started.push_back(j);
            m_state.allocate(*a);      // hold it while scanning
            m_sim[j].alloc = std::move(*a);
        }
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
