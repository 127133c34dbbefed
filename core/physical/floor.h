#pragma once

// Where things stand on the floor and how long a cable between two of them must be. One rule
// for the generator (which picks cable lengths with it) and validation (which checks them).
//
// The rule, stated (assumptions, not vendor figures):
//   - a rack is 600 mm wide, rows are 2.4 m apart (1.2 m deep racks, 1.2 m aisles); the
//     generator places racks so, and a design may place them anywhere (x_m, y_m);
//   - cables run in an overhead tray: up from the device to the top of its rack, 0.5 m per end
//     up into the tray and as service loop, then along the rows and across them (the floor
//     distance between the two racks' centres, |dx| + |dy|);
//   - inside one rack a cable runs from one device to the other, plus 0.5 m of service loop.
// A device's height in the rack is its U (1 U = 44.45 mm, EIA-310); an unplaced device is
// taken to stand at the bottom (the longest run).

#include "model/design.h"

#include <optional>
#include <string>
#include <unordered_map>

namespace cplan {

class Catalog;

inline constexpr double kRackUnitM = 0.04445;
inline constexpr double kRackWidthM = 0.6;
inline constexpr double kRowPitchM = 2.4;
inline constexpr double kTrayAndLoopM = 0.5;
inline constexpr double kDefaultRackHeightU = 42;

// Floor distance between two racks' centres, along and across the rows (|dx| + |dy|); nullopt
// when a rack's place is unknown or the racks stand in different rooms.
std::optional<double> floorDistanceM(const Rack &a, const Rack &b);

// Cable runs between devices, by the rule above. Build once per design; lookups are cheap.
class CableRuns
{
public:
    CableRuns(const Design &design, const Catalog &catalog);

    // The length a cable between the two nodes needs; nullopt when a node has no rack, a rack's
    // place is unknown (an undeclared rack, no x/y) or the racks stand in different rooms.
    std::optional<double> runM(NodeId a, NodeId b) const;
    // The floor distance between the two nodes' racks (0 in one rack); nullopt as above.
    std::optional<double> floorM(NodeId a, NodeId b) const;

private:
    struct Place
    {
        const Rack *rack = nullptr;
        double rackTopM = 0;     // height of the rack's top above the floor
        double deviceTopM = 0;   // height of the device's top (its U plus its height)
        double deviceMidM = 0;
    };
    std::optional<Place> place(NodeId n) const;

    const Design &m_design;
    const Catalog &m_catalog;
    std::unordered_map<std::string, const Rack *> m_racks;
    std::unordered_map<std::string, double> m_rackHeightU;
};

} // namespace cplan
