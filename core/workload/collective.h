#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace cplan {

// The collectives nccl-tests measures. `bytes` is always the size nccl-tests prints (all-reduce:
// the buffer; all-gather: the gathered output; reduce-scatter: the input; alltoall: one rank's
// send buffer; broadcast and reduce: the buffer), algbw = bytes / time and busbw = algbw ×
// busBandwidthFactor (nccl-tests doc/PERFORMANCE.md): 2(n-1)/n for all-reduce, (n-1)/n for
// all-gather, reduce-scatter and alltoall, 1 for broadcast and reduce. How NCCL runs them, and
// how long they take on a design, is core/nccl/.
enum class CollectiveKind { AllReduce, AllGather, ReduceScatter, AllToAll, Broadcast, Reduce };

// "allreduce", "allgather", "reducescatter", "alltoall", "broadcast", "reduce"
const char *toString(CollectiveKind kind);
// Accepts "allreduce", "all-reduce", "all_reduce" (and the same for the others).
std::optional<CollectiveKind> collectiveFromString(std::string_view name);
double busBandwidthFactor(CollectiveKind kind, std::uint32_t ranks);

} // namespace cplan
