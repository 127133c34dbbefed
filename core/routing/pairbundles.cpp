#include "routing/pairbundles.h"

#include <memory>
#include <vector>

namespace cplan {

namespace {

// The endpoints of the fabric by the switch their cable reaches (in order of their first
// endpoint), and the others (not cabled, cabled to something else, or past the tables).
struct EntryGroups
{
    std::vector<std::uint32_t> entry;                  // per group: the switch
    std::vector<std::vector<std::uint32_t>> members;   // per group: endpoints, ascending
    std::vector<std::uint32_t> loners;                 // cabled to no switch
    std::vector<std::uint32_t> groupOf;                // per endpoint; kNoIndex for a loner
};

EntryGroups entryGroups(const Fabric &fabric, std::uint32_t routed)
{
    EntryGroups g;
    const auto &endpoints = fabric.endpoints();
    g.groupOf.assign(endpoints.size(), kNoIndex);
    std::vector<std::uint32_t> groupOfSwitch(fabric.nodes().size(), kNoIndex);
    for (std::uint32_t e = 0; e < endpoints.size(); ++e) {
        const FabricPort &port = fabric.port(endpoints[e]);
        const std::uint32_t sw = port.connected() && e < routed ? fabric.port(port.peer).node : kNoIndex;
        if (sw == kNoIndex || fabric.switchSlot(sw) == kNoIndex) {
            g.loners.push_back(e);
            continue;
        }
        if (groupOfSwitch[sw] == kNoIndex) {
            groupOfSwitch[sw] = std::uint32_t(g.entry.size());
            g.entry.push_back(sw);
            g.members.emplace_back();
        }
        g.groupOf[e] = groupOfSwitch[sw];
        g.members[groupOfSwitch[sw]].push_back(e);
    }
    return g;
}

struct Lister
{
    const Fabric &fabric;
    const RoutingTables &tables;
    double bytes;
    const LatencyModel *latency;
    std::uint64_t &unroutable;
    EntryGroups groups;
    std::vector<std::uint32_t> heads;          // per endpoint: its port (the first link)
    std::vector<double> headDelayS;            // per endpoint: its adapter, its cable, the switch
    std::vector<std::uint32_t> route, scratchHeads;   // route: a placeholder head, then the tail
    std::vector<double> scratchDelays;

    // What the tail of `route` adds to a flow's delay: the whole route's less its head's.
    double tailDelayS(std::uint32_t firstMember) const
    {
        return latency ? pathLatencyNs(fabric, *latency, route) * 1e-9 - headDelayS[firstMember] : 0.0;
    }

    // Pairs from an endpoint cabled to no switch: each traced on its own.
    bool listLoner(std::uint32_t s, const FlowVisitor &visit)
    {
        const std::uint32_t n = std::uint32_t(fabric.endpoints().size());
        for (std::uint32_t d = 0; d < n; ++d) {
            if (d == s)
                continue;
            if (s >= tables.endpointCount || d >= tables.endpointCount || !traceRoute(fabric, tables, s, d, route)) {
                ++unroutable;
                continue;
            }
            const double delay = latency ? pathLatencyNs(fabric, *latency, route) * 1e-9 : 0.0;
            if (!visit(ListedBundle{std::span(route).first(1), {}, std::span(route).subspan(1), bytes, delay}))
                return false;
        }
        return true;
    }

    // The flows of group g to every destination.
    bool listGroup(std::uint32_t g, const FlowVisitor &visit)
    {
        const auto &members = groups.members[g];
        std::vector<std::uint32_t> groupHeads;
        std::vector<double> groupDelays;
        for (std::uint32_t e : members) {
            groupHeads.push_back(heads[e]);
            groupDelays.push_back(headDelayS[e]);
        }
        const std::uint32_t n = std::uint32_t(fabric.endpoints().size());
        for (std::uint32_t d = 0; d < n; ++d) {
            const bool inGroup = groups.groupOf[d] == g;
            const std::size_t count = members.size() - (inGroup ? 1 : 0);
            if (count == 0)
                continue;
            route.assign(1, heads[members.front()]);   // stands for the head: a route holds 64 channels
            if (d >= tables.endpointCount || !fabric.port(fabric.endpoints()[d]).connected()
                || !traceRouteFrom(fabric, tables, groups.entry[g], d, route)) {
                unroutable += count;
                continue;
            }
            const std::span<const std::uint32_t> tail = std::span(route).subspan(1);
            ListedBundle b{groupHeads, latency ? std::span<const double>(groupDelays) : std::span<const double>(), tail, bytes,
                           tailDelayS(members.front())};
            if (inGroup) {   // not to itself
                scratchHeads.clear();
                scratchDelays.clear();
                for (std::size_t i = 0; i < members.size(); ++i) {
                    if (members[i] == d)
                        continue;
                    scratchHeads.push_back(groupHeads[i]);
                    scratchDelays.push_back(groupDelays[i]);
                }
                b.heads = scratchHeads;
                if (latency)
                    b.headDelayS = scratchDelays;
            }
            if (!visit(b))
                return false;
        }
        return true;
    }

    bool operator()(const FlowVisitor &visit)
    {
        unroutable = 0;
        for (std::uint32_t s : groups.loners)
            if (!listLoner(s, visit))
                return false;
        for (std::uint32_t g = 0; g < groups.entry.size(); ++g)
            if (!listGroup(g, visit))
                return false;
        return true;
    }
};

} // namespace

FlowLister allPairsBundles(const Fabric &fabric, const RoutingTables &tables, double bytes, const LatencyModel *latency,
                           std::uint64_t &unroutable)
{
    auto lister = std::make_shared<Lister>(Lister{fabric, tables, bytes, latency, unroutable, entryGroups(fabric, tables.endpointCount), {}, {}, {}, {}, {}});
    const auto &endpoints = fabric.endpoints();
    lister->heads.resize(endpoints.size());
    lister->headDelayS.resize(endpoints.size(), 0.0);
    for (std::uint32_t e = 0; e < endpoints.size(); ++e) {
        lister->heads[e] = endpoints[e];
        if (latency && lister->groups.groupOf[e] != kNoIndex)
            lister->headDelayS[e] = pathLatencyNs(fabric, *latency, {endpoints[e]}) * 1e-9;
    }
    return [lister](const FlowVisitor &visit) { return (*lister)(visit); };
}

} // namespace cplan
