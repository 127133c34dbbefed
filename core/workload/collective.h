#pragma once

#include "workload/trafficpattern.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace cplan {

// NCCL-style collectives over S servers × G GPUs, hierarchical: NVLink inside a server, rails
// between servers (GPU i uses HCA i mod R). Times, algbw and busbw follow nccl-tests
// (doc/PERFORMANCE.md): `bytes` is the size nccl-tests prints (all-reduce: the buffer; all-gather:
// the gathered output; reduce-scatter: the input; alltoall: one rank's send buffer),
// algbw = bytes / time, busbw = algbw × factor with factor 2(n-1)/n for all-reduce and (n-1)/n
// for all-gather, reduce-scatter and alltoall (n = S × G ranks).

enum class CollectiveKind { AllReduce, AllGather, ReduceScatter, AllToAll };

const char *toString(CollectiveKind kind);   // "allreduce", "allgather", "reducescatter", "alltoall"
// Accepts "allreduce", "all-reduce", "all_reduce" (and the same for the others).
std::optional<CollectiveKind> collectiveFromString(std::string_view name);
double busBandwidthFactor(CollectiveKind kind, std::uint32_t ranks);

// Protocol efficiencies, calibrated on ../shared/reference/hardware.md §7a (nccl-tests figures).
// Ring over NVLink4: 8×H100 busbw ~370 GB/s from a 450 GB/s line rate
// (sjeaugey, github.com/NVIDIA/nccl-tests/issues/212; 365-370 measured in NVIDIA/nccl#1455).
inline constexpr double kNvlinkRingEfficiency = 370.0 / 450.0;
// NVLink SHARP all-reduce: algbw ~275 GB/s (busbw ~480 GB/s at 8 GPUs) from 450 GB/s
// (nccl-tests#212, GTC S62129 via NVIDIA/nccl#1374; 420-480 GB/s at 5-8 GPUs in nccl#1455).
inline constexpr double kNvlsAlgbwEfficiency = 275.0 / 450.0;
// NDR 400 Gb/s NIC: "46-48 GB/s per NIC", CX-7 "up to 48-49 GB/s" of 50 GB/s line rate
// (AddyLaddy, NVIDIA/nccl-tests#290 and #267): 48 of 50.
inline constexpr double kNicEfficiency = 48.0 / 50.0;
// Latency terms, estimates (hardware.md has no NVLink step latency; perftest thresholds of
// 2.5 µs in ngc_multinode_perf#97 bound the network one). Only small messages feel them.
inline constexpr double kNvlinkStepLatencyS = 1.0e-6;
inline constexpr double kNetworkStepLatencyS = 2.5e-6;

struct GpuSet
{
    std::uint32_t servers = 1;
    std::uint32_t gpusPerServer = 8;
    // Per GPU, ONE direction, GB/s (1e9 B/s). The catalog's Part::nvlinkGBps adds both
    // directions: pass half of it (H100: 900 -> 450).
    double nvlinkGBps = 450.0;
    std::uint32_t rails = 8;          // compute HCAs per server (rail r = HCA r)
    double nicGbps = 400.0;           // line rate of one rail, Gb/s (NDR 400)
    bool nvls = false;                // NVLink SHARP all-reduce inside one server
    double networkStepLatencyS = kNetworkStepLatencyS;

    std::uint32_t ranks() const { return servers * gpusPerServer; }
    // Flow-solver endpoint of (server, rail): what collectiveNetworkDemands uses.
    std::uint32_t endpoint(std::uint32_t server, std::uint32_t rail) const { return server * rails + rail; }
};

struct CollectiveEstimate
{
    CollectiveKind kind = CollectiveKind::AllReduce;
    double bytes = 0.0;
    std::uint32_t ranks = 0;
    double timeS = 0.0;
    double algbwGBps = 0.0;
    double busbwGBps = 0.0;
    double nvlinkTimeS = 0.0;    // NVLink phase at protocol efficiency
    double networkTimeS = 0.0;   // network phase at protocol efficiency
    double latencyS = 0.0;
    const char *bottleneck = "";  // "nvlink", "network" or "latency"
};

// Closed form, uncontended network (each rail flow at line rate).
CollectiveEstimate estimateCollective(CollectiveKind kind, double bytes, const GpuSet &set);

// Inter-server flows of one collective, endpoints numbered set.endpoint(server, rail). Ring
// collectives: R rail-aligned rings (server s rail r -> server s+1 rail r), each carrying
// factor × bytes / R. Alltoall: PXN-style, data for GPU r of another server leaves on rail r:
// G²·bytes/(n·R) per (server, server, rail). Empty for one server.
std::vector<Demand> collectiveNetworkDemands(CollectiveKind kind, double bytes, const GpuSet &set);
// How many demands collectiveNetworkDemands returns, without building them.
std::uint64_t collectiveFlowCount(CollectiveKind kind, const GpuSet &set);

// The collective when its network demands took `networkLineRateS` in the flow solver at raw
// line rate (ideal mode) on real routes: applies kNicEfficiency and adds the NVLink part.
CollectiveEstimate collectiveFromNetworkTime(CollectiveKind kind, double bytes, const GpuSet &set,
                                             double networkLineRateS);

} // namespace cplan
