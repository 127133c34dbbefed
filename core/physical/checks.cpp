#include "physical/checks.h"

#include "catalog/catalog.h"
#include "physical/cables.h"
#include "physical/floor.h"
#include "physical/racks.h"
#include "util/strings.h"
#include "validate/validate.h"

#include <algorithm>

namespace cplan {

namespace {

constexpr double kLengthToleranceM = 0.05;

std::string watts(double w) { return formatThousands(w) + " W"; }
std::string kg(double v) { return formatThousands(v, 1) + " kg"; }

void checkUnits(const Design &design, const Catalog &catalog, const RackInfo &rack, const PhysicalFindingSink &add)
{
    const auto capacity = rackCapacityU(rack);
    struct Span
    {
        int low, high;   // U taken for certain: a device of unknown height takes at least its U
        NodeId node;
    };
    std::vector<Span> spans;
    for (NodeId id : rack.devices) {
        const Node &n = design.node(id);
        if (!n.u)
            continue;
        const auto h = deviceHeightU(n, catalog);
        const int height = h ? std::max(1, int(*h + 0.5)) : 1;
        spans.push_back(Span{*n.u, *n.u + height - 1, id});
        if (h && capacity && *n.u + height - 1 > int(*capacity + 0.5))
            add(Severity::Error, Rule::RackOverHeight,
                {CPLAN_TR("Engine", "'%1' at U %2 is %3 U high and reaches U %4, above the top of rack '%5' (%6 U)"),
                 {n.id, std::to_string(*n.u), formatDouble(*h), std::to_string(*n.u + height - 1), rack.id, formatDouble(*capacity)}},
                {n.id});
    }
    std::sort(spans.begin(), spans.end(), [](const Span &a, const Span &b) { return a.low < b.low; });
    for (std::size_t i = 0; i < spans.size(); ++i)
        for (std::size_t j = i + 1; j < spans.size() && spans[j].low <= spans[i].high; ++j)
            add(Severity::Error, Rule::UOverlap,
                {CPLAN_TR("Engine", "'%1' and '%2' both take U %3 of rack '%4'"),
                 {design.node(spans[i].node).id, design.node(spans[j].node).id, std::to_string(spans[j].low), rack.id}},
                {design.node(spans[i].node).id, design.node(spans[j].node).id});
}

void checkBudgets(const Design &design, const Catalog &catalog, const PhysicalFindingSink &add)
{
    for (const RackBudget &b : rackBudgets(design, catalog)) {
        if (b.overSpace())
            add(Severity::Warning, Rule::RackSpace,
                {CPLAN_TR("Engine", "rack '%1' holds %2 U of equipment and has %3 U"),
                 {b.rack, formatDouble(b.usedU), formatDouble(*b.capacityU)}},
                {});
        if (b.overPower())
            add(Severity::Error, Rule::RackPower,
                {CPLAN_TR("Engine", "rack '%1' draws up to %2 (nameplate); its power budget is %3"),
                 {b.rack, watts(b.nameplateW), watts(*b.powerBudgetW)}},
                {});
        if (b.overCooling())
            add(Severity::Error, Rule::RackCooling,
                {CPLAN_TR("Engine", "rack '%1' gives off up to %2 kW (%3 BTU/h); its cooling removes %4 kW"),
                 {b.rack, formatThousands(b.heatKw(), 1), formatThousands(b.heatBtuPerHour()), formatThousands(*b.coolingW / 1000.0, 1)}},
                {});
        if (b.overWeight())
            add(Severity::Error, Rule::RackWeight,
                {CPLAN_TR("Engine", "rack '%1' carries %2; it may carry %3"), {b.rack, kg(b.weightKg), kg(*b.weightLimitKg)}}, {});
        // A budget the known figures stay within, with some unknown: not confirmed.
        const bool powerOpen = (b.powerBudgetW && !b.overPower()) || (b.coolingW && !b.overCooling());
        if (powerOpen && !b.unknownNameplate.empty())
            add(Severity::Info, Rule::RackBudgetUnconfirmed,
                {CPLAN_TR("Engine", "rack '%1': the power of %2 device(s) is unknown, so its power and cooling budgets cannot be "
                                    "confirmed (%3 known)"),
                 {b.rack, std::to_string(b.unknownNameplate.size()), watts(b.nameplateW)}},
                b.unknownNameplate);
        if (b.weightLimitKg && !b.overWeight() && !b.unknownWeight.empty())
            add(Severity::Info, Rule::RackBudgetUnconfirmed,
                {CPLAN_TR("Engine", "rack '%1': the weight of %2 item(s) is unknown, so its weight limit cannot be confirmed (%3 "
                                    "known)"),
                 {b.rack, std::to_string(b.unknownWeight.size()), kg(b.weightKg)}},
                {});
    }
}

void checkCables(const Design &design, const Catalog &catalog, const PhysicalFindingSink &add)
{
    for (const CableProblem &p : physicalCables(design, catalog).problems)
        add(Severity::Error, p.rule, p.text, p.objects);
    if (design.racks.empty())
        return;   // an older design: racks without places, nothing to measure against
    const CableRuns runs(design, catalog);
    int unmeasured = 0;
    for (const Link &link : design.links) {
        const Part *cable = link.cable.empty() ? nullptr : catalog.find(link.cable);
        const std::optional<double> length = link.lengthM ? link.lengthM : cable ? cable->lengthM : std::nullopt;
        if (!length)
            continue;
        const Node &a = design.node(link.a.node), &b = design.node(link.b.node);
        const auto floor = runs.floorM(link.a.node, link.b.node);
        if (!floor) {
            ++unmeasured;
            continue;
        }
        if (*length + kLengthToleranceM < *floor) {
            add(Severity::Error, Rule::CableDistance,
                {CPLAN_TR("Engine", "link '%1' has a %2 m cable, but racks '%3' and '%4' stand %5 m apart"),
                 {link.id, formatDouble(*length), a.rack, b.rack, formatThousands(*floor, 1)}},
                {link.id});
            continue;
        }
        const auto run = runs.runM(link.a.node, link.b.node);
        if (run && *length + kLengthToleranceM < *run)
            add(Severity::Warning, Rule::CableRoute,
                {CPLAN_TR("Engine", "link '%1' has a %2 m cable; from '%3' (rack '%4') to '%5' (rack '%6') the run up to the tray, "
                                    "along the rows and down is about %7 m"),
                 {link.id, formatDouble(*length), a.id, a.rack, b.id, b.rack, formatThousands(*run, 1)}},
                {link.id});
    }
    if (unmeasured > 0)
        add(Severity::Info, Rule::CableUnmeasured,
            {CPLAN_TR("Engine", "%1 link(s) join racks whose place is unknown (not declared, no x_m/y_m, or another room): their "
                                "lengths are not checked against the floor"),
             {std::to_string(unmeasured)}},
            {});
}

} // namespace

void checkPhysical(const Design &design, const Catalog &catalog, const PhysicalFindingSink &add)
{
    const auto racks = designRacks(design, catalog);
    for (const RackInfo &rack : racks) {
        if (!design.racks.empty() && !rack.declared) {
            std::vector<std::string> nodes;
            for (NodeId id : rack.devices)
                nodes.push_back(design.node(id).id);
            add(Severity::Warning, Rule::RackUndeclared,
                {CPLAN_TR("Engine", "%1 node(s) name rack '%2', which the design's racks do not list (a typing error?); it is taken "
                                    "as a %3 at an unknown place"),
                 {std::to_string(nodes.size()), rack.id, catalog.defaultRack() ? catalog.defaultRack()->id : std::string("rack")}},
                nodes);
        }
        checkUnits(design, catalog, rack, add);
    }
    checkBudgets(design, catalog, add);
    checkCables(design, catalog, add);
}

} // namespace cplan
