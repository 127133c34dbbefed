#pragma once

#include "analysis/defaults.h"
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
};

// "allreduce", "allgather", "reducescatter", "broadcast", "reduce" and "nccl-alltoall" are collectives; everything
// else is a traffic pattern (parsePattern: "alltoall", "shift:K", "permutation", ...). The error
// names the text and lists the accepted forms.
Result<WorkloadSpec> parseWorkload(std::string_view text);

} // namespace cplan
