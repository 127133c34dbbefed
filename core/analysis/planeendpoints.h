#pragma once

// A traffic pattern over every plane of a multi-plane (or rail-only) design. Each plane is its
// own subnet, so a demand between endpoints of two planes has no route; NCCL's PXN sends such
// data through NVLink to the source server's GPU on the destination's rail first, and on
// through that rail's plane. The pattern is defined over the design's endpoints in one list
// (plane 1's, then plane 2's, ...); plane p carries the demands to its endpoints, a source on
// another plane moved to its server's endpoint at the destination's position (same rail).

#include "model/ids.h"
#include "workload/trafficpattern.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace cplan {

class Catalog;
class Design;

struct PlaneEndpoints
{
    struct Endpoint
    {
        NodeId server;
        std::uint32_t position = 0;   // among its server's endpoints in its plane (the rail order)
    };
    std::vector<std::uint32_t> offset;          // plane p's first global index at [p - 1]; the total last
    std::vector<Endpoint> endpoints;            // every plane's fabric endpoints, plane by plane
    // Per plane: a server's endpoints in that plane (local indices, by position).
    std::vector<std::unordered_map<NodeId, std::vector<std::uint32_t>>> local;

    std::uint32_t total() const { return offset.empty() ? 0 : offset.back(); }
};

PlaneEndpoints planeEndpoints(const Design &design, const Catalog &catalog, int planes);

enum class PlaneDemand { Carried, OtherPlane, NvlinkOnly, NoEndpoint };
// How plane `plane` (1-based) carries a demand between global endpoints: Carried (and `local` is
// it in the plane's endpoint numbers), OtherPlane (the destination is elsewhere), NvlinkOnly
// (source and destination are on one server), NoEndpoint (the source's server has no endpoint
// in the destination's plane: no route).
PlaneDemand demandOnPlane(const PlaneEndpoints &pe, int plane, const Demand &global, Demand &local);

} // namespace cplan
