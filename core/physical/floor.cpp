#include "physical/floor.h"

#include "catalog/catalog.h"
#include "physical/racks.h"

#include <cmath>

namespace cplan {

std::optional<double> floorDistanceM(const Rack &a, const Rack &b)
{
    if (!a.xM || !a.yM || !b.xM || !b.yM || a.room != b.room)
        return std::nullopt;
    return std::fabs(*a.xM - *b.xM) + std::fabs(*a.yM - *b.yM);
}

CableRuns::CableRuns(const Design &design, const Catalog &catalog) : m_design(design), m_catalog(catalog)
{
    const Part *defaultPart = catalog.defaultRack();
    for (const Rack &r : design.racks) {
        m_racks.emplace(r.id, &r);
        const Part *p = r.part.empty() ? defaultPart : catalog.find(r.part);
        m_rackHeightU.emplace(r.id, p && p->capacityU ? *p->capacityU : kDefaultRackHeightU);
    }
}

std::optional<CableRuns::Place> CableRuns::place(NodeId id) const
{
    const Node &n = m_design.node(id);
    auto it = m_racks.find(n.rack);
    if (it == m_racks.end())
        return std::nullopt;
    Place p;
    p.rack = it->second;
    const double rackU = m_rackHeightU.at(n.rack);
    p.rackTopM = rackU * kRackUnitM;
    const Part *part = m_catalog.find(n.part);
    if (part && part->rackScale) {
        // A rack-scale system: its ports are somewhere in the rack; take the middle.
        p.deviceTopM = p.deviceMidM = p.rackTopM / 2;
        return p;
    }
    const double height = deviceHeightU(n, m_catalog).value_or(1);
    const double bottomU = n.u ? *n.u - 1 : 0;   // unplaced: at the bottom, the longest run
    p.deviceTopM = (bottomU + height) * kRackUnitM;
    p.deviceMidM = (bottomU + height / 2) * kRackUnitM;
    return p;
}

std::optional<double> CableRuns::floorM(NodeId a, NodeId b) const
{
    const auto pa = place(a), pb = place(b);
    if (!pa || !pb)
        return std::nullopt;
    if (pa->rack == pb->rack)
        return 0.0;
    return floorDistanceM(*pa->rack, *pb->rack);
}

std::optional<double> CableRuns::runM(NodeId a, NodeId b) const
{
    const auto pa = place(a), pb = place(b);
    if (!pa || !pb)
        return std::nullopt;
    if (pa->rack == pb->rack)
        return std::fabs(pa->deviceMidM - pb->deviceMidM) + kTrayAndLoopM;
    const auto floor = floorDistanceM(*pa->rack, *pb->rack);
    if (!floor)
        return std::nullopt;
    const double up = std::max(0.0, pa->rackTopM - pa->deviceTopM) + std::max(0.0, pb->rackTopM - pb->deviceTopM);
    return up + 2 * kTrayAndLoopM + *floor;
}

} // namespace cplan
