#include "validate/roce.h"

#include "catalog/catalog.h"
#include "validate/portprotocol.h"

#include <algorithm>
#include <set>

namespace cplan {

namespace {

// The plan is for a lossless RoCE fabric: said once, so that the reader knows what the
// numbers assume (the flow model has neither drops nor PFC pauses).
void stateLossless(const RoceFindingSink &add)
{
    add(Severity::Info, Rule::LosslessAssumed,
        {CPLAN_TR("Engine", "the Ethernet fabric is planned as lossless RoCE: PFC and ECN (DCQCN) configured on every switch and "
                            "NIC, as NVIDIA Spectrum-X and Juniper's AI data center JVD require; the planner models neither "
                            "drops nor PFC pauses"),
         {}},
        {});
}

// Fewer than kMinLosslessSpines spines in a lossless fabric (each plane is a fabric): a double
// failure under congestion leaves too few paths, and PFC pauses spread back to the leaves.
void checkSpines(const Design &design, const Catalog &catalog, const RoceFindingSink &add)
{
    const int planes = designPlanes(design);
    for (int plane = planes > 0 ? 1 : 0; plane <= planes; ++plane) {
        if (!hasEthernetSwitch(design, catalog, plane))
            continue;
        std::vector<std::string> spines;
        for (const Node &n : design.nodes)
            if (n.role == NodeRole::Switch && n.tier == Tier::Spine && (plane == 0 || n.plane == plane))
                spines.push_back(n.id);
        if (spines.empty() || int(spines.size()) >= kMinLosslessSpines)
            continue;   // no spine tier (one leaf layer), or enough
        const std::string count = std::to_string(spines.size()), least = std::to_string(kMinLosslessSpines);
        add(Severity::Warning, Rule::FewSpines,
            plane == 0 ? Message{CPLAN_TR("Engine", "the Ethernet fabric has %1 spine switch(es); a lossless (PFC) fabric wants at "
                                                    "least %2, so that a double failure under congestion does not leave PFC pauses "
                                                    "spreading over the few paths left (Juniper's AI data center JVD)"),
                                 {count, least}}
                       : Message{CPLAN_TR("Engine", "plane %1 has %2 spine switch(es); a lossless (PFC) fabric wants at least %3, so "
                                                    "that a double failure under congestion does not leave PFC pauses spreading over "
                                                    "the few paths left (Juniper's AI data center JVD)"),
                                 {std::to_string(plane), count, least}},
            spines);
    }
}

// With planes (Spectrum-X multiplane: each NIC port on its own plane), a server cabled to some
// planes but not to all of them cannot reach the servers that sit on the others only.
void checkPlanes(const Design &design, const Catalog &catalog, const RoceFindingSink &add)
{
    const int planes = designPlanes(design);
    if (planes < 2)
        return;
    std::vector<std::set<int>> reached(design.nodes.size());
    for (const Link &l : design.links) {
        const int plane = linkPlane(design, l);
        if (plane <= 0)
            continue;
        for (const PortRef &end : {l.a, l.b})
            if (design.node(end.node).role != NodeRole::Switch)
                reached[end.node.value].insert(plane);
    }
    for (std::size_t i = 0; i < design.nodes.size(); ++i) {
        const Node &node = design.nodes[i];
        if (node.role == NodeRole::Switch || reached[i].empty() || int(reached[i].size()) == planes)
            continue;
        std::string missing;
        for (int p = 1; p <= planes; ++p)
            if (!reached[i].count(p) && hasEthernetSwitch(design, catalog, p))
                missing += (missing.empty() ? "" : ", ") + std::to_string(p);
        if (missing.empty())
            continue;
        add(Severity::Warning, Rule::PlaneUnreached,
            {CPLAN_TR("Engine", "server '%1' has no port on plane(s) %2 of %3: the servers reached only through those planes "
                                "are out of its reach, and its traffic leaves the planes' bandwidth unused"),
             {node.id, missing, std::to_string(planes)}},
            {node.id});
    }
}

} // namespace

void checkRoce(const Design &design, const Catalog &catalog, const RoceFindingSink &add)
{
    if (!hasEthernetSwitch(design, catalog))
        return;
    stateLossless(add);
    checkSpines(design, catalog, add);
    checkPlanes(design, catalog, add);
}

} // namespace cplan
