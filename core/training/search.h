#pragma once

// Auto parallelism: every legal (TP, PP, DP, CP, EP, VP, micro batch, recompute, FSDP) for a
// model on N GPUs, the fastest plan that fits in memory.

#include "training/steptime.h"

#include <cstdint>
#include <optional>

namespace cplan::training {

// What the user fixed (unset = searched). Batch, sequence and precision are always fixed.
struct SearchSpace
{
    std::optional<int> tp, pp, cp, ep, vp, microBatch;
    std::optional<bool> fsdp;
    std::optional<Recompute> recompute;
    int globalBatch = 0;
    int seq = 0;
    Precision precision = Precision::Bf16;
};

struct SearchResult
{
    StepEstimate best;               // valid = false when nothing legal exists (`why`)
    std::uint64_t evaluated = 0;     // legal plans priced
    std::uint64_t fitting = 0;       // of them, those that fit in memory
    std::string why;
};

// The fastest known plan that fits; when none fits, the one that needs the least memory (fits =
// false, said so).
SearchResult searchParallelism(const Model &model, const GpuFigures &gpu, const Comm &comm, int gpus, const SearchSpace &space);

// The global batch when none is given: about 4 M tokens (Llama 3's first stage, arXiv:2407.21783
// §3.4.1), a power of two, at least one sequence per 8 GPUs.
int defaultGlobalBatch(int gpus, int seq);

} // namespace cplan::training
