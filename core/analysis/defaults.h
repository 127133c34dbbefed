#pragma once

#include "model/loadbalancing.h"
#include "routing/loadbalance.h"
#include "routing/routing.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace cplan {

class Catalog;
class Design;

// The defaults every front end uses when the user does not say otherwise: the window, `cplan`
// and the report take them from here, so that the same question gets the same answer.

// Bytes per flow of a traffic pattern, and the nccl-tests size of a collective.
inline constexpr double kDefaultMessageBytes = 1 << 20;   // 1 MiB
// The seed of random patterns (permutation, uniform).
inline constexpr std::uint64_t kDefaultTrafficSeed = 1;
// Endpoint pairs the latency distribution measures; beyond, a deterministic stride sample.
inline constexpr std::uint64_t kDefaultLatencySamplePairs = 200'000;
// The traffic the report shows when none is asked for.
inline constexpr std::string_view kDefaultReportPattern = "permutation";
// The report's headline collective: ring all-reduce at nccl-tests' large-message end, where the
// bus bandwidth no longer depends on per-step latency.
inline constexpr double kHeadlineAllReduceBytes = double(1ull << 30);   // 1 GiB
// A collective's size when none is given (cplan simulate, the window's heatmap): the same.
inline constexpr double kDefaultCollectiveBytes = kHeadlineAllReduceBytes;
// The sizes a collective's bus bandwidth is charted over (the window's Metrics dock, the
// report): nccl-tests' -b 8 -e 16G -f 2, through sweepSizes (nccl/collectiverun.h).
inline constexpr double kSweepFromBytes = 8, kSweepToBytes = double(16ull << 30);
// Memory a workload's flow simulation may take (estimated from its flow count before it is
// built, routing/routedflows.h): a pattern over it is refused with the reason, not run.
inline constexpr std::uint64_t kDefaultTrafficMemoryBudget = 1ull << 30;   // 1 GiB
// Unreachable pairs listed by name in a routing result.
inline constexpr std::size_t kUnreachableSampleSize = 20;

// The design's routing engine setting, or ftree when it names none we know.
RoutingEngine defaultRoutingEngine(const Design &design);

// Path selection when a run names none: the design's setting, else the fabric's own: ECMP
// when its switches are Ethernet parts, the subnet manager's tables (lft) on InfiniBand.
LoadBalancing defaultLoadBalancing(const Design &design, const Catalog &catalog);
// Hash seeds a hashed policy (ecmp, eecmp, flowlet) runs with: the figures are the median
// run's, with the spread over all of them. One draw is not an answer.
inline constexpr int kDefaultHashSeeds = 8;
// QPs per NCCL connection: NCCL's default (NCCL_IB_QPS_PER_CONNECTION=1) under ECMP; enhanced
// ECMP hashes on the QP too and scales QPs (Meta, "RDMA over Ethernet for Distributed AI
// Training at Meta Scale", SIGCOMM 2024, §5: E-ECMP with QP scaling): 4 taken here.
inline constexpr int kDefaultQpsPerConnection = 1, kEnhancedEcmpQps = 4;
// Flowlet switching: a QP's stream re-hashed this many times over a transfer (an assumption:
// RDMA streams of a collective seldom pause long enough for more flowlets).
inline constexpr int kFlowletsPerFlow = 8;
// A policy's path selection as the flow model takes it: its QPs per connection (`qps` when
// given, else 1, or kEnhancedEcmpQps under eecmp), its flowlets, the hash seed.
PathPolicy pathPolicy(LoadBalancing policy, std::uint64_t seed = 1, int qps = 0);

// A byte count as `--bytes` writes it: "1MiB", "64KiB", "1GiB", else the plain number.
std::string formatByteSize(double bytes);

} // namespace cplan
