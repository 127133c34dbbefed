#pragma once

#include "analysis/defaults.h"
#include "nccl/traffic.h"
#include "nccl/tuning.h"
#include "util/error.h"
#include "workload/collective.h"
#include "workload/trafficpattern.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

// What the network carries in an analysis: a traffic pattern over the endpoints (HCA ports), or
// a collective over the design's GPU servers (hierarchical: NVLink inside, rails between).
// A congested neighbour of a collective: another job on the GPU servers after the
// collective's (`gpus` of them; 0 = every other one), running NCCL's ring traffic (an
// all-reduce: a data-parallel job) or PXN all-to-all (an expert-parallel job) the whole time.
struct NeighbourSpec
{
    std::string name;                         // "allreduce" or "alltoall"
    nccl::TrafficShape shape = nccl::TrafficShape::Ring;
    std::uint32_t gpus = 0;
};

// "allreduce", "alltoall", either with ":GPUS"; the error names the text and the forms.
Result<NeighbourSpec> parseNeighbour(std::string_view text);

struct WorkloadSpec
{
    std::string name;                         // as the user wrote it ("alltoall", "allreduce")
    std::optional<PatternSpec> pattern;       // set for a traffic pattern ...
    std::optional<CollectiveKind> collective; // ... or for a collective
    double bytes = kDefaultMessageBytes;      // per flow (pattern) or nccl-tests size (collective)
    bool ideal = false;                       // raw line rate, zero latency (patterns)
    std::uint64_t seed = kDefaultTrafficSeed; // random patterns
    std::uint32_t gpus = 0;                   // collective: over the first servers holding this many GPUs; 0 = all
    nccl::Overrides overrides;                // collective: NCCL_ALGO / NCCL_PROTO (--algo, --proto)
    std::vector<double> sweepBytes;           // collective: more sizes (nccl-tests -b -e -f 2)
    std::optional<NeighbourSpec> neighbour;   // collective: a congested neighbour job beside it
};

// "allreduce", "allgather", "reducescatter", "broadcast", "reduce" and "nccl-alltoall" are collectives; everything
// else is a traffic pattern (parsePattern: "alltoall", "shift:K", "permutation", ...). The error
// names the text and lists the accepted forms.
Result<WorkloadSpec> parseWorkload(std::string_view text);

} // namespace cplan
