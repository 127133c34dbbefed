#pragma once

#include "analysis/control.h"
#include "schedule/capacity.h"
#include "schedule/job.h"
#include "schedule/pool.h"
#include "schedule/scheduler.h"
#include "schedule/synthetic.h"
#include "schedule/traces.h"
#include "util/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// The scheduling question: a GPU pool (a design's, or a node list's), jobs (a trace or a seeded
// synthetic set) and a policy. `cplan schedule`, the scheduler dock and the report's scheduling
// page all assemble their run here and only format the result.

struct ScenarioPool
{
    const Design *design = nullptr;   // the design's GPU servers and its fabric ...
    const Catalog *catalog = nullptr;
    std::string designFile;           // named in errors about the design
    std::string nodeListPath;         // ... or Alibaba's node list (no fabric)
};

struct ScenarioJobs
{
    std::string tracePath;            // a trace CSV ...
    std::optional<TraceFormat> traceFormat;   // (default: from the header)
    std::size_t synthetic = 0;        // ... or this many synthetic jobs, seeded with the run's seed
    double load = SyntheticSpec{}.load;
    double fractionalShare = 0.0;
    std::vector<double> tenantWeights;   // one per tenant of the pool, or empty for equal shares
};

struct ScheduleScenario
{
    ScenarioPool pool;
    ScenarioJobs jobs;
    ScheduleOptions options;          // policy, seed, coupling, quotas, ...
    bool recordPlacements = false;    // where each job ran, for a replay
};

// One placement of a job on a server, from its (re)start until its next start or its end.
struct PlacementSpan
{
    std::size_t job = 0;
    int server = 0;                   // index in the pool
    int gpus = 0;                     // GPUs held there (a shared GPU counts as one)
    double startS = 0, endS = 0;
};

// The pool and the jobs of a scenario, before any run.
struct ScenarioInput
{
    Pool pool;
    std::vector<Job> jobs;
    std::string traceName;            // the trace's path, or "synthetic:N"
    bool hasTimes = true;             // the trace has submit times (else capacity mode only)
};

struct ScheduleScenarioResult
{
    ScenarioInput input;
    bool network = false;             // the run was coupled to the fabric
    ScheduleResult result;
    std::vector<PlacementSpan> placements;   // with recordPlacements
    bool cancelled = false;
};

// Errors name the file (the design, the node list or the trace) where there is one.
Result<ScenarioInput> scenarioInput(const ScheduleScenario &scenario);
// A time-based run. Errors also: a trace without timestamps, a design whose fabric cannot carry
// the coupling (when options.network).
Result<ScheduleScenarioResult> runScheduleScenario(const ScheduleScenario &scenario, const RunControl &control = {});
Result<ScheduleScenarioResult> runScheduleScenario(const ScheduleScenario &scenario, ScenarioInput input,
                                                   const RunControl &control = {});

// Capacity mode over several seeds (seed, seed+1, ...): each run, and their points averaged.
struct CapacityScenarioResult
{
    std::vector<CapacityResult> runs;
    std::vector<CapacityPoint> points;
    double arrived = 0, placed = 0, dropped = 0, allocatedPct = 0;   // means over the runs
    bool cancelled = false;
};
Result<CapacityScenarioResult> runCapacityScenario(const ScenarioInput &input, const CapacityOptions &options, int seeds,
                                                   const RunControl &control = {});

} // namespace cplan
