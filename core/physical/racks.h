#pragma once

// Racks as the physical plan sees them: which devices stand in which rack at which U, and what
// each rack carries (space, power, heat, weight) against what the site allows. Unknown figures
// stay unknown: a sum over devices with unknown figures is a lower bound and names them.

#include "model/design.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
struct Part;

// 1 W of electrical power ends as 3.412142 BTU/h of heat (1 BTU/h = 0.29307107 W).
inline constexpr double kBtuPerHourPerWatt = 3.412142;

// One rack: declared in the design, or only named by its nodes (an older design: default rack
// part, place unknown).
struct RackInfo
{
    std::string id;
    const Rack *declared = nullptr;  // nullptr when only named by nodes
    const Part *part = nullptr;      // the rack part (nullptr when the design names an unknown one)
    std::vector<NodeId> devices;     // in design order
    bool rackScale = false;          // holds a rack-scale system: the system is the rack
};

// The racks of a design: the declared ones in their order, then the racks nodes name but the
// design does not declare, in order of first use.
std::vector<RackInfo> designRacks(const Design &design, const Catalog &catalog);

// A device's height in U (its part's rack units); nullopt when unknown, and for a rack-scale
// system, which takes a whole rack.
std::optional<double> deviceHeightU(const Node &node, const Catalog &catalog);
// The height of a rack in U: its part's capacity; nullopt when unknown.
std::optional<double> rackCapacityU(const RackInfo &rack);

// What one rack carries and what it may carry. Sums are over the known figures; the lists name
// what is unknown (node ids; the rack part id when the empty rack's own weight is unknown).
struct RackBudget
{
    std::string rack;
    std::string row, room;
    int devices = 0;
    std::optional<double> capacityU;          // none for a rack-scale system (or an unknown part)
    double usedU = 0;
    std::vector<std::string> unknownHeight;
    double nameplateW = 0;                    // maximum power
    std::vector<std::string> unknownNameplate;
    double typicalW = 0;                      // typical draw, where the catalog has one
    std::vector<std::string> unknownTypical;
    double weightKg = 0;                      // devices, plus the empty rack when known
    std::vector<std::string> unknownWeight;
    // The site's figures: the design's rack entry, else the rack part's; nullopt = unknown.
    std::optional<double> powerBudgetW, coolingW, weightLimitKg;

    double heatKw() const { return nameplateW / 1000.0; }
    double heatBtuPerHour() const { return nameplateW * kBtuPerHourPerWatt; }
    double typicalHeatKw() const { return typicalW / 1000.0; }
    double typicalHeatBtuPerHour() const { return typicalW * kBtuPerHourPerWatt; }
    // Over a budget for certain: the known part alone exceeds it.
    bool overPower() const { return powerBudgetW && nameplateW > *powerBudgetW + 1e-9; }
    bool overCooling() const { return coolingW && nameplateW > *coolingW + 1e-9; }
    bool overWeight() const { return weightLimitKg && weightKg > *weightLimitKg + 1e-9; }
    bool overSpace() const { return capacityU && usedU > *capacityU + 1e-9; }
};

// Budgets of every rack, in designRacks() order.
std::vector<RackBudget> rackBudgets(const Design &design, const Catalog &catalog);

} // namespace cplan
