#pragma once

#include "analysis/control.h"
#include "schedule/capacity.h"
#include "schedule/job.h"
#include "schedule/pool.h"
#include "schedule/scheduler.h"
#include "schedule/synthetic.h"
#include "schedule/traces.h"
#include "training/plan.h"
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

// A trace job's communication share from the step-time model (Job::trainingModel): one per
// distinct (model, GPUs, plan) of the run, for the job's GPUs on the design (analyzeTraining: the
// first servers holding them, the plan searched where the trace leaves it open).
//
// c = the step's exposed communication that crosses the fabric, over the step time. The parts
// are the breakdown's TP, CP, PP point-to-point, DP exposed and EP all-to-all (what overlaps
// compute is already left out of them); a part counts when its group of ranks spans more than
// one NVLink domain (Megatron's rank order tp, cp, ep, dp, pp: TP spans tp x stride GPUs, CP
// tp x cp, EP tp x cp x ep, DP tp x cp x dp, PP the whole job), since the scheduler's contention
// is the fabric's and leaves NVLink alone. The pipeline bubble is not communication: it is idle
// compute time, which a slower fabric does not lengthen in this model.
struct ModelCommShare
{
    std::string model;                // as resolved from the trace
    int gpus = 0;
    Job::Plan plan;                   // the trace's fixed parts
    training::StepEstimate step;      // the plan the step-time model took, its breakdown
    int nvlinkGpus = 1;               // GPUs of one NVLink domain (the NCCL model's node)
    double commFraction = 0;
    std::vector<std::size_t> jobs;    // the trace's jobs it applies to
};
// c from a step estimate, as above (0 for a step of unknown length).
double modelCommFraction(const training::StepEstimate &step, int nvlinkGpus);

// The pool and the jobs of a scenario, before any run.
struct ScenarioInput
{
    Pool pool;
    std::vector<Job> jobs;
    std::string traceName;            // the trace's path, or "synthetic:N"
    bool hasTimes = true;             // the trace has submit times (else capacity mode only)
    int modelColumn = 0;              // the trace's `model` column, for messages
    std::vector<ModelCommShare> modelComm;   // filled by runScheduleScenario
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
// the coupling (when options.network), a job with a step-time model on a node list (no design)
// or whose model and plan do not run on its GPUs (file, line and column of the job's model).
// Such jobs get their commFraction from the step-time model (ModelCommShare) first.
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
