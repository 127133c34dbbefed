#pragma once

#include "schedule/clusterstate.h"
#include "schedule/job.h"
#include "schedule/pool.h"
#include "util/error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

class JobFabric;

// Scheduling policies (DESIGN.md §6): the queue order, what blocks, and the default placement.
// Ties in every order go to the earlier submit time, then to the earlier trace line. The exact
// rules are in README ("Policies").
//   fifo           submit order; the first job that does not fit blocks the rest; first fit
//   backfill       fifo + EASY backfill (Mu'alem & Feitelson, Lifka): while the head waits, a
//                  later job starts if it fits now and ends by the head's shadow time or takes
//                  only GPUs the head will not need then (backfill.cpp); first fit
//   sjf            shortest ideal duration first; the first that does not fit blocks the rest
//   sjf-greedy     shortest ideal duration first; every queued job that fits starts (no blocking)
//   topo-pack      fifo, lowest switch subtree that fits then best fit (Slurm tree plugin);
//                  a required or preferred level (Kueue) via topoLevel / topoRequired
//   random         submit order, every queued job tried, random placement
//   bestfit        submit order, every queued job tried, best fit
//   fragmentation  submit order, every queued job tried, fragmentation-aware placement (FGD)
//   priority       highest priority first, head-of-line blocking, preempts lower priorities
enum class Policy { Fifo, Backfill, Sjf, TopoPack, Random, BestFit, Fragmentation, Priority, SjfGreedy };
const char *toString(Policy policy);
std::optional<Policy> policyFromString(std::string_view text);
std::vector<std::string> policyNames();
Placement defaultPlacement(Policy policy);

struct ScheduleOptions
{
    Policy policy = Policy::Fifo;
    std::optional<Placement> placement;   // overrides the policy's placement
    std::uint64_t seed = 1;
    bool network = true;          // couple job speed to the flow model (needs a fabric)
    bool sharedPool = false;      // ignore tenants' partitions; their sizes become quotas
    bool quotas = true;           // tenants' soft quotas (borrowing allowed)
    bool migration = false;       // defragment: move single-server jobs to make room
    double pauseS = 30.0;         // cost of a migration or a restart after preemption
    int topoLevel = -1;           // topo-pack: 0 = leaf, 1 = SU, 2 = pod; -1 = none
    bool topoRequired = false;    // the level is required (wait) rather than preferred
    std::size_t backfillDepth = 1000;   // queued jobs looked at per backfill pass
    double seriesStepS = 0.0;     // time-series spacing; 0 = about 2,000 points over the run
    std::function<void(double)> progress;   // share of jobs finished, 0..1, every ~1%
    // Asked between events: true stops the run there; the result holds what was simulated.
    std::function<bool()> cancelled;
    // Called at every (re)start of a job with its placement (GUI: busy GPUs; tests: checks).
    std::function<void(std::size_t job, const Allocation &allocation, double timeS)> onStart;
};

struct JobOutcome
{
    double startS = -1.0;     // first start; -1 = never started
    double endS = -1.0;
    double waitS = 0.0;       // first start − submit
    double jctS = 0.0;        // end − submit
    double slowdown = 0.0;    // jct / max(duration, 1 s)
    int servers = 0;          // servers of its (last) placement
    int preemptions = 0;
    int migrations = 0;
    double commFraction = 0.0;
    double meanRate = 1.0;    // ideal work / run time (1 = full speed)
    bool rejected = false;
    std::string rejectReason;
};

struct SeriesPoint
{
    double timeS = 0.0;
    double allocatedGpus = 0.0;     // GPUs held (shares count fractionally)
    double effectiveGpus = 0.0;     // held GPUs × their job's progress rate
    std::uint32_t queued = 0;
    std::uint32_t running = 0;
    double fabricUtilization = 0.0; // load / capacity over switch-to-switch links
    double maxLinkUtilization = 0.0;
    double fragmentationGpus = 0.0; // free GPU capacity no queued job can use
};

struct Summary
{
    double mean = 0.0, p50 = 0.0, p95 = 0.0, p99 = 0.0;
};
// Nearest-rank percentiles (p-th: the ceil(p·n/100)-th smallest value).
Summary summarize(std::vector<double> values);

struct ScheduleResult
{
    std::vector<JobOutcome> jobs;       // in input order
    std::vector<SeriesPoint> series;
    int capacityGpus = 0;
    std::size_t completed = 0, rejected = 0, preemptions = 0, migrations = 0;
    double makespanS = 0.0;             // last end − first submit
    double gpuUtilization = 0.0;        // allocated GPU-time / (capacity × makespan)
    double effectiveUtilization = 0.0;  // the same, weighted by progress rate
    double meanQueue = 0.0;             // time-averaged queue length
    double meanFragmentation = 0.0;     // mean of the series' fragmentation share of capacity
    double meanSlowdownNetwork = 1.0;   // mean of 1/meanRate over multi-server jobs
    Summary wait, jct, slowdown;
    std::size_t events = 0;             // rate re-computations
    std::size_t multiServerJobs = 0;
};

// Runs the jobs on the pool (checkPool first). With options.network and a fabric, every running multi-server
// job drives its ring all-reduce flows on its placement; at every start and finish the
// max-min solver re-rates the affected flows, and a job progresses at 1/((1−c)+c·B_need/B_got)
// (B_got its slowest flow's rate, B_need that flow's line-rate share at its own NICs).
// Errors: a pool checkPool refuses; a pinned server that is not in the pool.
Result<ScheduleResult> simulateSchedule(const Pool &pool, const std::vector<Job> &jobs, const ScheduleOptions &options,
                                        JobFabric *fabric = nullptr);

// The communication fraction a job implies on this pool: its comm_fraction, or from its
// bytes per iteration / model profile (ring all-reduce time at ideal placement over
// compute + that time).
double impliedCommFraction(const Job &job, const Pool &pool, JobFabric *fabric);

} // namespace cplan
