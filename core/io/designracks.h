#pragma once

// The physical sections of a design file (format 2): the `racks:` list and the `u:` of a node.
// A design without them is written as format 1, byte for byte as before.

#include "model/design.h"
#include "util/error.h"

#include <string>

namespace cplan {

class Catalog;
class YamlNode;

// Reads the `racks:` list into design.racks. With a catalog, a rack's part must be a rack part.
Status readRacks(const YamlNode &seq, const std::string &file, const Catalog *catalog, Design &design);
// Appends the `racks:` section (nothing when the design declares no racks).
void writeRacks(std::string &out, const Design &design);
// The file format a design needs: 4 when it states an MTU, 3 when it has planes, 2 when it
// declares racks or places a node at a U, else 1.
int designFormatNeeded(const Design &design);

// Bounds of the physical figures a design file may give.
inline constexpr int kMaxRackUnitPosition = 100;    // as the catalog's capacity_u
inline constexpr double kMaxFloorM = 100'000;       // floor coordinates, metres
inline constexpr double kMaxRackBudget = 1e6;       // W and kg

} // namespace cplan
