#pragma once

// A training job's plan (parallelism, batch, recompute, precision) and what the step-time model
// says about it (training/steptime.h).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan::training {

enum class Recompute { None, Selective, Full };
enum class Precision { Bf16, Fp8 };
const char *toString(Recompute r);   // "none", "selective", "full"
const char *toString(Precision p);   // "bf16", "fp8"
std::optional<Recompute> recomputeFromString(std::string_view s);
std::optional<Precision> precisionFromString(std::string_view s);

// Megatron's layout, ranks ordered tp, cp, ep-within-dp, dp, pp (tensor parallel innermost, so a
// TP group of up to a server's GPUs stays on NVLink). Sequence parallelism goes with TP > 1.
struct Plan
{
    int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
    int vp = 1;                      // virtual pipeline stages per GPU (interleaved 1F1B)
    int microBatch = 1;              // sequences per micro-batch
    int globalBatch = 1;             // sequences per step
    int seq = 0;                     // tokens per sequence
    bool fsdp = false;               // parameters, gradients and optimizer sharded over DP (ZeRO-3)
    Recompute recompute = Recompute::Selective;
    Precision precision = Precision::Bf16;
    // GPUs between neighbouring TP ranks (1 = consecutive, Megatron's default): > 1 spreads a TP
    // group over servers, to see what that costs.
    int tpStride = 1;

    int gpus() const { return tp * pp * dp * cp; }
    int microBatches() const { return globalBatch / (dp * microBatch); }
    std::string text() const;        // "TP 8 PP 4 DP 2 CP 1 EP 1 VP 1, mbs 1, gbs 64, selective, bf16"
};

// Where one step's time goes (seconds; exposed time only: what overlaps compute is not counted).
struct Breakdown
{
    double compute = 0;              // forward, backward and recompute of every micro-batch
    double tp = 0;                   // tensor-parallel all-reduce / all-gather + reduce-scatter
    double cp = 0;                   // context-parallel key/value exchange not hidden by attention
    double ppP2p = 0;                // pipeline sends on the critical path (fill and drain)
    double bubble = 0;               // pipeline bubble (p - 1) / (v m) of the micro-batches' time
    double dpExposed = 0;            // gradient reduction / parameter gathering not overlapped
    double ep = 0;                   // MoE all-to-all (dispatch and combine)
    double total() const { return compute + tp + cp + ppP2p + bubble + dpExposed + ep; }
};

// Memory on the busiest GPU (the first pipeline stage), GB (1e9 bytes).
struct Memory
{
    double weights = 0, gradients = 0, optimizer = 0, activations = 0, reserved = 0;
    double total() const { return weights + gradients + optimizer + activations + reserved; }
};

struct StepEstimate
{
    Plan plan;
    bool valid = false;              // the plan is legal for this model and GPU count
    std::string invalid;             // why not
    bool known = false;              // every figure the model needs is known (`unknown` names the rest)
    std::vector<std::string> unknown;
    Breakdown breakdown;
    double stepS = 0;
    double tokensPerS = 0, tokensPerSPerGpu = 0;
    double modelTflopsPerGpu = 0;    // model FLOPs (no recompute) per second per GPU
    double mfu = 0;                  // of the GPU's dense peak at the plan's precision
    Memory memory;
    std::optional<double> hbmGB;     // the GPU's memory; unknown: fit not checked
    bool fits = false;
};

} // namespace cplan::training
