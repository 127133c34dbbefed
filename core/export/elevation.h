#pragma once

// Rack elevations: the front view of every rack, devices at their U, with the rack's budgets.
// The engine says what stands where; the front ends draw it (app/report/physicaldraw.h: PDF,
// SVG and the report's pages; the window's rack view).

#include "physical/racks.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

struct ElevationItem
{
    std::string nodeId;
    std::string name;                 // display name
    std::string part;
    std::string model;                // the part's model, or its id when unknown
    NodeRole role = NodeRole::Server;
    int u = 1;                        // lowest U
    int heightU = 1;                  // drawn height: the part's, or 1 when unknown
    bool heightKnown = true;
};

struct RackElevation
{
    std::string rack;
    std::string row, room;
    int heightU = 42;                 // the rack part's capacity (42 when unknown)
    bool rackScale = false;           // a rack-scale system: drawn as one block
    std::string rackScaleModel;
    std::vector<ElevationItem> items; // placed devices, lowest first
    std::vector<std::string> unplaced;// devices in the rack without a U
    RackBudget budget;
};

// Every rack of the design, in floor order (physical/racks.h: declared racks, then undeclared).
std::vector<RackElevation> rackElevations(const Design &design, const Catalog &catalog);

} // namespace cplan
