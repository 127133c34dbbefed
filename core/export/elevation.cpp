#include "export/elevation.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <algorithm>
#include <cmath>

namespace cplan {

std::vector<RackElevation> rackElevations(const Design &design, const Catalog &catalog)
{
    const auto racks = designRacks(design, catalog);
    const auto budgets = rackBudgets(design, catalog);
    std::vector<RackElevation> out;
    out.reserve(racks.size());
    for (std::size_t r = 0; r < racks.size(); ++r) {
        const RackInfo &rack = racks[r];
        RackElevation e;
        e.rack = rack.id;
        e.budget = budgets[r];
        e.row = e.budget.row;
        e.room = e.budget.room;
        if (rack.part && rack.part->capacityU)
            e.heightU = std::max(1, int(std::lround(*rack.part->capacityU)));
        e.rackScale = rack.rackScale;
        for (NodeId id : rack.devices) {
            const Node &n = design.node(id);
            const Part *p = catalog.find(n.part);
            if (p && p->rackScale) {
                e.rackScaleModel = (n.name.empty() ? n.id : n.name) + " (" + p->model + ")";
                continue;
            }
            if (!n.u) {
                e.unplaced.push_back(n.id);
                continue;
            }
            ElevationItem item;
            item.nodeId = n.id;
            item.name = n.name.empty() ? n.id : n.name;
            item.part = n.part;
            item.model = p ? p->model : n.part;
            item.role = n.role;
            item.u = *n.u;
            const auto h = deviceHeightU(n, catalog);
            item.heightKnown = h.has_value();
            item.heightU = h ? std::max(1, int(std::lround(*h))) : 1;
            e.items.push_back(std::move(item));
        }
        std::stable_sort(e.items.begin(), e.items.end(), [](const ElevationItem &a, const ElevationItem &b) { return a.u < b.u; });
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace cplan
