#pragma once

// The one entry point for a collective on a design: which servers, what NCCL would see of them
// (nccl::System), the algorithm's traffic through the design's routes (the fabric's share of the
// NIC bandwidth), NCCL's choice and time per size. analysis/network.cpp runs it for every front
// end; routing only routes and the flow model only shares bandwidth.

#include "model/ids.h"
#include "nccl/traffic.h"
#include "nccl/tuning.h"
#include "routing/routedflows.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// One collective at one size, as nccl-tests would print it and NCCL would run it.
struct CollectiveEstimate
{
    CollectiveKind kind = CollectiveKind::AllReduce;
    double bytes = 0.0;
    std::uint32_t ranks = 0;
    // False when a figure the model needs is missing (`unknown` names it) or nothing may run
    // (`refused`): time, algbw and busbw are then not numbers (JSON null), never a guess.
    bool known = false;
    double timeS = 0.0, latencyS = 0.0;
    double algbwGBps = 0.0, busbwGBps = 0.0;
    nccl::Algorithm algorithm = nccl::Algorithm::Ring;
    nccl::Protocol protocol = nccl::Protocol::Simple;
    std::string why;                       // nccl::explain: the choice in words
    std::vector<std::string> unknown;
    std::string refused;
    double fabricShare = 1.0;              // of the NIC bandwidth, for the chosen algorithm's traffic
    nccl::System system;                   // what the model saw (planes merge it)
};

// Why an estimate has no figures: the missing ones joined with "; ", or the refusal.
std::string unknownText(const CollectiveEstimate &e);

struct CollectiveSetup
{
    nccl::System system;
    nccl::GpuSet set;                      // the flows' endpoints: set.endpoint(server, rail)
    std::vector<std::uint32_t> endpointMap; // -> fabric endpoint
    std::vector<NodeId> servers;
    std::string error;
};

// The design's live GPU servers with cabled HCAs, in design order (neighbours in the fabric);
// `gpus` > 0: the first servers holding that many GPUs (whole servers). The system's figures come
// from the catalog (GPU architecture and NVLink, NVLink domain, NIC speed from the fabric's
// ports) and SHARP from the fabric's switches (every one must run it) and the design's setting.
CollectiveSetup collectiveSetup(const Design &design, const Catalog &catalog, const Fabric &fabric, std::uint32_t gpus = 0);

// Another job running beside the collective on servers of its own (a congested neighbour): its
// traffic as demands between its (server, rail) endpoints, mapped to fabric endpoints by
// `endpointMap`. runCollective measures every algorithm's fabric share with the neighbour's
// load on the links (routing/routedflows.h, neighbourLoad).
struct NeighbourTraffic
{
    std::vector<Demand> demands;
    std::vector<std::uint32_t> endpointMap;
    std::uint32_t servers = 0;
};

// The neighbour of a job: the servers `both` (the first servers holding the job's and the
// neighbour's GPUs) has beyond `job`'s, running `shape` traffic (every rail). Empty demands and
// `error` set when there are none or their rails differ from the job's.
NeighbourTraffic neighbourTraffic(const CollectiveSetup &job, const CollectiveSetup &both, nccl::TrafficShape shape,
                                  std::string &error);

struct CollectiveRequest
{
    CollectiveKind kind = CollectiveKind::AllReduce;
    double bytes = 0.0;
    nccl::Overrides overrides;
    std::vector<double> sweepBytes;        // more sizes, as nccl-tests -b/-e/-f (CollectiveRun::sweep)
    NeighbourTraffic neighbour;            // empty: the fabric is the collective's own
};

struct CollectiveRun
{
    CollectiveEstimate estimate;           // at request.bytes
    std::vector<CollectiveEstimate> sweep; // one per request.sweepBytes
    TrafficRun network;                    // the chosen algorithm's traffic at request.bytes
    std::uint64_t plannedFlows = 0;
    int flowsPerDemand = 1;                // flows each (server, rail) demand ran as (load balancing)
};

// Runs the algorithms' traffic through the routes (options: cancel, memory budget, aggregation,
// path policy; always ideal: the NCCL model applies its own efficiencies), then NCCL's model per
// size. Under a hashed path policy each (server, rail) demand is NCCL's connections through
// that NIC (its ring channels per NIC), each hashed with its QPs.
CollectiveRun runCollective(const Fabric &fabric, const RoutingTables &tables, const CollectiveSetup &setup,
                            const CollectiveRequest &request, const TrafficOptions &options = {});
// Flows runCollective simulates (the largest of its traffic shapes).
std::uint64_t collectiveFlowCount(CollectiveKind kind, const nccl::GpuSet &set);

// NCCL's model on a system, without a fabric (every algorithm at its fabric share in `system`).
CollectiveEstimate estimateCollective(const nccl::System &system, CollectiveKind kind, double bytes,
                                      const nccl::Overrides &overrides = {});

// nccl-tests' sizes from `from` to `to`, ×2 steps (-b from -e to -f 2).
std::vector<double> sweepSizes(double from, double to);

} // namespace cplan
