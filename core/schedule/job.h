#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace cplan {

enum class JobKind { Training, Inference };
const char *toString(JobKind kind);                       // "training", "inference"
std::optional<JobKind> jobKindFromString(std::string_view text);

// One job of a scheduling simulation (DESIGN.md §4 Scheduling).
//
// GPUs: `gpus` whole GPUs, or one GPU shared (`gpus` = 1, `gpuMilli` < 1000: a share in
// thousandths of a GPU, as Alibaba's traces give it). `gpus` = 0 is a CPU-only task.
// Duration is the run time at ideal placement (uncontended network); with network coupling a
// job progresses at 1 / ((1−c) + c·B_need/B_got) of that speed.
struct Job
{
    std::string id;
    double submitS = 0.0;
    int gpus = 1;
    int gpuMilli = 1000;                 // per GPU; < 1000 only with gpus == 1
    std::vector<std::string> gpuTypes;   // allowed GPU models (catalog gpu id or trace model); empty = any
    double cpuMilli = 0.0;               // 0 = not given (not checked)
    double memoryMib = 0.0;              // 0 = not given
    double durationS = 0.0;              // at ideal placement
    std::string tenant;
    int priority = 0;                    // larger runs first under the priority policy
    JobKind kind = JobKind::Training;
    double commFraction = 0.0;           // c: share of ideal run time spent communicating
    double bytesPerIteration = 0.0;      // all-reduce size per iteration (with iterationComputeS)
    double iterationComputeS = 0.0;      // compute time per iteration
    std::string model;                   // a model profile (modelProfile()) implying the two above
    // Or a step-time model (core/training): a built-in id or a model file (resolved against the
    // trace's folder), and the plan's fixed parts (0 = searched, as `cplan train`). Its c comes
    // from the step-time model on the design, set by the scenario (analysis/scenario.h).
    std::string trainingModel;
    struct Plan
    {
        int tp = 0, pp = 0, cp = 0, ep = 0;
        int globalBatch = 0;             // sequences per step
        bool operator<(const Plan &o) const
        {
            return std::tie(tp, pp, cp, ep, globalBatch) < std::tie(o.tp, o.pp, o.cp, o.ep, o.globalBatch);
        }
        bool operator==(const Plan &o) const = default;
    } plan;
    bool oneServer = false;              // must run on a single server (Kubernetes pods)
    std::vector<std::string> pinServers; // run exactly on these servers (tests, what-if scenarios)
    int sourceLine = 0;                  // line in the trace, for messages

    // GPU demand in thousandths of a GPU.
    std::int64_t gpuDemandMilli() const { return std::int64_t(gpus) * gpuMilli; }
    bool fractional() const { return gpus == 1 && gpuMilli < 1000; }
};

// A model profile: what one data-parallel training iteration costs (estimates, for
// what-if scenarios; the figures are round numbers, not measurements).
struct ModelProfile
{
    const char *name;
    double parameters;            // count
    double bytesPerIteration;     // gradient all-reduce size (bf16: 2 bytes per parameter)
    double computeS;              // forward + backward per iteration on one GPU
};
// nullptr when the name is unknown. Names: resnet50, bert-large, gpt2-xl, llama-7b, llama-13b.
const ModelProfile *modelProfile(std::string_view name);
std::vector<std::string> modelProfileNames();

// A parsed trace.
struct Trace
{
    std::string file;
    std::vector<Job> jobs;
    bool hasTimes = true;        // false: the file has no timestamps (capacity mode only)
    int modelColumn = 0;         // the `model` column (1-based; 0 = none), for messages
};

} // namespace cplan
