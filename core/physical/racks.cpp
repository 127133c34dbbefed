#include "physical/racks.h"

#include "catalog/catalog.h"

#include <unordered_map>

namespace cplan {

std::vector<RackInfo> designRacks(const Design &design, const Catalog &catalog)
{
    std::vector<RackInfo> racks;
    std::unordered_map<std::string, std::size_t> index;
    const Part *defaultPart = catalog.defaultRack();
    for (const Rack &r : design.racks) {
        if (index.count(r.id))
            continue;   // the file reader refuses duplicates; code-built designs may not
        RackInfo v;
        v.id = r.id;
        v.declared = &r;
        v.part = r.part.empty() ? defaultPart : catalog.find(r.part);
        if (v.part && v.part->kind != PartKind::Rack)
            v.part = nullptr;
        index.emplace(r.id, racks.size());
        racks.push_back(std::move(v));
    }
    for (std::uint32_t i = 0; i < design.nodes.size(); ++i) {
        const Node &n = design.nodes[i];
        if (n.rack.empty())
            continue;
        auto it = index.find(n.rack);
        if (it == index.end()) {
            RackInfo v;
            v.id = n.rack;
            v.part = defaultPart;
            it = index.emplace(n.rack, racks.size()).first;
            racks.push_back(std::move(v));
        }
        RackInfo &rack = racks[it->second];
        rack.devices.push_back(NodeId(i));
        if (const Part *p = catalog.find(n.part); p && p->rackScale)
            rack.rackScale = true;
    }
    return racks;
}

std::optional<double> deviceHeightU(const Node &node, const Catalog &catalog)
{
    const Part *p = catalog.find(node.part);
    if (!p || p->rackScale)
        return std::nullopt;
    return p->rackUnits;
}

std::optional<double> rackCapacityU(const RackInfo &rack)
{
    if (rack.rackScale || !rack.part)
        return std::nullopt;
    return rack.part->capacityU;
}

std::vector<RackBudget> rackBudgets(const Design &design, const Catalog &catalog)
{
    std::vector<RackBudget> out;
    for (const RackInfo &rack : designRacks(design, catalog)) {
        RackBudget b;
        b.rack = rack.id;
        if (rack.declared) {
            b.row = rack.declared->row;
            b.room = rack.declared->room;
        }
        b.devices = int(rack.devices.size());
        b.capacityU = rackCapacityU(rack);
        const Part *rp = rack.part;
        // The site's figures win over the rack part's.
        auto pick = [](const std::optional<double> &site, const std::optional<double> &part) { return site ? site : part; };
        b.powerBudgetW = pick(rack.declared ? rack.declared->powerBudgetW : std::nullopt, rp ? rp->powerBudgetW : std::nullopt);
        b.coolingW = pick(rack.declared ? rack.declared->coolingW : std::nullopt, rp ? rp->coolingW : std::nullopt);
        b.weightLimitKg = pick(rack.declared ? rack.declared->weightLimitKg : std::nullopt, rp ? rp->maxLoadKg : std::nullopt);
        // A rack-scale system comes in its own rack: the empty rack's weight is part of it.
        if (!rack.rackScale) {
            if (rp && rp->weightKg)
                b.weightKg += *rp->weightKg;
            else
                b.unknownWeight.push_back(rp ? rp->id : std::string("rack"));
        }
        for (NodeId id : rack.devices) {
            const Node &n = design.node(id);
            const Part *p = catalog.find(n.part);
            if (auto h = deviceHeightU(n, catalog))
                b.usedU += *h;
            else if (!(p && p->rackScale))
                b.unknownHeight.push_back(n.id);
            if (p && p->powerW)
                b.nameplateW += *p->powerW;
            else
                b.unknownNameplate.push_back(n.id);
            if (p && p->powerTypicalW)
                b.typicalW += *p->powerTypicalW;
            else
                b.unknownTypical.push_back(n.id);
            if (p && p->weightKg)
                b.weightKg += *p->weightKg;
            else
                b.unknownWeight.push_back(n.id);
        }
        out.push_back(std::move(b));
    }
    return out;
}

} // namespace cplan
