#pragma once

// The generator's floor plan, laid out the way NVIDIA's DGX SuperPOD reference architectures
// lay out scalable units (RA-H100, RA-B200, RA-B300-XDR, RA-GB200):
//   - one row per scalable unit: its compute racks (four DGX per rack in the RAs for H100 and
//     B300, `serversPerRack` here; a rack-scale system such as a GB200 NVL72 is a rack of its
//     own, eight to an SU in one row) with the unit's leaf switches in network racks in the
//     middle of the row, where the cables from both ends of the row are shortest;
//   - rows for what the units share: spine and core switches in network racks and the
//     management appliances (UFM) in a management rack, as the RAs' management racks hold
//     "networking switches, management servers, storage arrays, and UFM appliances";
//   - many units stand side by side in longer rows (a 1.2 m passage between them) so that the
//     floor is about as deep as it is wide, and the shared rows stand in the middle of it: the
//     longest leaf-to-spine run is then about half the floor's width plus half its depth, where
//     one row per unit behind a first shared row made it the whole depth (a 2,048-server fabric
//     was 150 m deep and its far runs had no cable: the catalog's NDR optics reach 100 m);
//   - inside a rack, servers stack from the bottom (the heavy ones low) and switches from the
//     top (near the overhead cable tray); devices of unknown height get equal shares of the
//     space left, so that the elevation spaces them out without claiming their height.
// Rack places follow physical/floor.h: 600 mm racks side by side, rows 2.4 m apart.

#include "model/design.h"
#include "util/message.h"

#include <vector>

namespace cplan {

class Catalog;

struct RackLayoutSpec
{
    int serversPerRack = 4;     // compute servers per rack (fewer when they do not fit)
    int switchesPerRack = 16;   // switches per network rack (fewer when they do not fit)
};

struct RackLayoutReport
{
    int rows = 0;
    int columns = 1;   // units side by side in a row
    int computeRacks = 0, networkRacks = 0, managementRacks = 0;
    std::vector<Message> notes;   // the rule as applied, and what it could not know
};

// Replaces the design's racks and every node's rack and U by the layout above. Scalable units
// are the design's groups of kind `su`; nodes outside one share a row.
RackLayoutReport layoutRacks(Design &design, const Catalog &catalog, const RackLayoutSpec &spec = {});

} // namespace cplan
