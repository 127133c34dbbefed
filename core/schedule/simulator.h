#pragma once

// Internal to core/schedule: the event-driven simulator behind simulateSchedule().
//   simulator.cpp   the event loop, starts and finishes, time series, results
//   schedulepass.cpp the scheduling pass: queue order, blocking, quotas, preemption, migration
//   backfill.cpp    EASY backfill: the head's reservation and what may jump ahead of it
//   simnetwork.cpp  network coupling: jobs' flows on the fabric and their progress rates

#include "flow/maxminsolver.h"
#include "schedule/clusterstate.h"
#include "schedule/scheduler.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace cplan::schedule_detail {

constexpr double kEps = 1e-9;

// Events within this of each other happen together (relative, as in the flow simulator).
inline double sameTimeTolerance(double t)
{
    return kEps * std::max(1.0, std::abs(t));
}

enum class State : std::uint8_t { Pending, Queued, Running, Done, Rejected };

struct SimJob
{
    int cls = -1;
    int tenant = -1;          // quota tenant, or -1
    double c = 0.0;
    State state = State::Pending;
    double workLeft = 0.0;    // ideal seconds
    double rate = 1.0;
    double lastT = 0.0;
    double end = 0.0;         // predicted end (key in the running set)
    Allocation alloc;
    std::int64_t milli = 0;
    std::vector<std::uint32_t> flows;
    std::vector<double> need; // per flow, per unit weight, bytes/s
    std::vector<int> pins;
    std::uint64_t startSeq = 0;
    double runTime = 0.0;     // wall time spent running
};

// Queue order: (k1, k2, job index); the index is the job's place in the input (trace line
// order), so equal keys keep the order of the trace.
struct QKey
{
    double k1, k2;
    std::uint32_t job;
    bool operator<(const QKey &o) const
    {
        if (k1 != o.k1)
            return k1 < o.k1;
        if (k2 != o.k2)
            return k2 < o.k2;
        return job < o.job;
    }
};

// The queue head's reservation under EASY backfill (backfill.cpp): its shadow time and what a
// job that is still running then may take without delaying the head.
struct Reservation
{
    double shadowS = 0.0;
    int cls = -1;   // the head's class
    // Whole GPUs that must stay fully free at the shadow time in a unit of servers: the head's
    // whole class (server and block -1), one server, or one topology block of its class.
    struct Unit
    {
        int server = -1;
        int level = -1, block = -1;
        std::int64_t spareWhole = 0;
    };
    std::vector<Unit> units;
    int sharedServer = -1, sharedGpu = -1;   // the GPU the head shares, and milli to spare on it
    std::int64_t spareMilli = 0;
    int cpuServer = -1;                      // the server whose CPU and memory the head needs
    double spareCpu = 0.0, spareMemory = 0.0;
    std::vector<std::uint64_t> freeAtShadow; // shared GPUs fully free at the shadow time, not now (sorted keys)
    std::vector<int> servers;                // the reserved servers, left out when a job is placed again
};

class Simulator
{
public:
    Simulator(const Pool &pool, const std::vector<Job> &jobs, const ScheduleOptions &opt, JobFabric *fabric)
        : m_pool(pool), m_jobs(jobs), m_opt(opt), m_fabric(opt.network ? fabric : nullptr), m_state(pool, opt.seed),
          m_placement(opt.placement ? *opt.placement : defaultPlacement(opt.policy))
    {
    }

    Result<ScheduleResult> run();

private:
    bool blocking() const;
    QKey key(std::uint32_t j) const;

    // simulator.cpp
    Status setUp();
    void admit(double t, std::size_t &nextArrival, const std::vector<std::uint32_t> &order);
    void rejectStranded();
    void finishResult(double first, double lastEnd);
    void advance(double t);
    void start(std::uint32_t j, Allocation a, double t);
    void stop(std::uint32_t j, double t);             // release resources and flows, bank work
    void finish(std::uint32_t j, double t);
    void preempt(std::uint32_t j, double t);
    void sample(double t);

    // schedulepass.cpp
    void schedulePass(double t);
    void startFresh(double t);
    bool tryStart(std::uint32_t j, double t);
    std::optional<Allocation> placement(std::uint32_t j);
    std::optional<Allocation> placement(std::uint32_t j, Placement placement);
    bool borrowing(std::uint32_t j) const;
    bool tryPreempt(std::uint32_t j, double t);
    std::vector<std::uint32_t> preemptionVictims(std::uint32_t j);
    bool tryMigrate(std::uint32_t j, double t);
    bool tryMigrateTo(std::uint32_t j, int target, double t);
    const std::vector<std::uint8_t> &classMask(int cls);

    // backfill.cpp
    void backfill(std::uint32_t head, std::set<QKey>::iterator from, double t);
    std::optional<Reservation> reserveByCount(std::uint32_t head, double t);
    std::optional<Reservation> reserveByPlacement(std::uint32_t head, double t);
    void describeReservation(Reservation &r, std::uint32_t head, const Allocation &a, const std::vector<std::uint32_t> &released);
    bool inUnit(const Reservation &r, const Reservation::Unit &u, int server);
    bool fullyFreeAtShadow(const Reservation &r, int server, int gpu) const;
    bool keepsReservation(Reservation &r, const Allocation &a, bool take);
    void noteEndsByShadow(Reservation &r, const Allocation &a) const;
    bool outgrowsSpare(const Reservation &r, std::uint32_t j) const;
    std::optional<Allocation> placementAvoiding(std::uint32_t j, const std::vector<int> &servers);

    // simnetwork.cpp
    void addFlows(std::uint32_t j);
    void rerate(double t);
    void setRate(std::uint32_t j, double rate, double t);

    const Pool &m_pool;
    const std::vector<Job> &m_jobs;
    const ScheduleOptions &m_opt;
    JobFabric *m_fabric;
    ClusterState m_state;
    Placement m_placement;

    std::vector<SimJob> m_sim;
    std::set<QKey> m_queue;
    std::set<std::pair<double, std::uint32_t>> m_running;   // (predicted end, job)
    std::vector<std::uint32_t> m_fresh;                     // queued since the last pass
    bool m_freed = true;
    std::uint64_t m_seq = 0;

    MaxMinSolver m_solver;
    std::vector<std::uint32_t> m_flowOwner;
    bool m_netDirty = false;
    std::vector<std::uint32_t> m_stamp;
    std::uint32_t m_epoch = 0;

    std::vector<std::int64_t> m_tenantUse;      // milli
    std::vector<std::int64_t> m_tenantQuota;    // milli, -1 = none
    std::unordered_map<int, std::vector<std::uint8_t>> m_classMasks;

    // integrals
    double m_lastT = 0.0;
    double m_allocIntegral = 0.0, m_effIntegral = 0.0, m_queueIntegral = 0.0;
    double m_effectiveMilli = 0.0;   // Σ held milli × rate
    double m_nextSample = 0.0, m_step = 1.0;
    ScheduleResult m_result;
    std::size_t m_closed = 0, m_nextProgress = 0;
    std::vector<std::uint32_t> m_scratchLinks;
    std::vector<std::uint32_t> m_touchedJobs;
};

} // namespace cplan::schedule_detail
