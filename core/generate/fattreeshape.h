#pragma once

// The arithmetic of a generated fat tree (internal to core/generate): what the spec asks for,
// checked against the catalog, and the shape of one fabric (one plane): leaf ports, rails and
// their packing, units, tiers and pods.

#include "generate/fattree.h"

#include <utility>
#include <vector>

namespace cplan {

class Catalog;
struct Part;

namespace gen {

// The spec's parts and counts, checked.
struct FatTreeInputs
{
    const Part *sw = nullptr;
    const Part *mgmt = nullptr;   // management appliance part, when the spec asks for some
    int servers = 0;              // N
    int ports = 0;                // fabric ports per server (every server the same)
    bool rackScale = false;       // the servers are rack-scale systems (GB200 NVL72)
};
Result<FatTreeInputs> checkFatTreeSpec(const FatTreeSpec &spec, const Catalog &catalog);

// One fabric of the design: a plane, or the whole fabric when there is one.
struct FatTreeShape
{
    int k = 0, d = 0, u = 0;           // switch ports; leaf down and up ports wired
    int dMax = 0, uMax = 0;            // the most down and up ports a leaf has at the blocking ratio
    int tiers = 0;
    int servers = 0, ports = 0;        // servers, and each one's ports on this fabric
    int rails = 1, portsPerRail = 1;
    int railsPerLeaf = 1;              // > 1: several narrow rails of a unit packed on one leaf
    int leavesPerRail = 1;             // > 1: a rail of a unit wider than a leaf
    int serversPerLeaf = 0;            // without rails
    int suSize = 0, leavesPerUnit = 0, units = 0, leaves = 0;
    int spines = 0;                    // 2 tiers: the smallest balanced spine count
    int pods = 1, unitsPerPod = 0, podSpines = 0, coresPerGroup = 0;
    int spineDown = 0, spineUp = 0;    // a pod spine's ports to its leaves and to the cores
    std::vector<std::pair<int, int>> mgmtPorts;   // (leaf, port) of each management appliance

    // Endpoints of one rail in a unit: the servers of the unit times their ports on the rail.
    int railWidth() const { return suSize * portsPerRail; }
    // Where port i (0-based, on this fabric) of server j goes: (leaf index, 1-based leaf port).
    std::pair<int, int> serverLeaf(int j, int i) const;
};

// Plans one fabric of `servers` servers with `ports` ports each on `rails` rails. Notes tell
// the user every rounding and choice.
Result<FatTreeShape> planFatTree(const FatTreeSpec &spec, const FatTreeInputs &in, int ports, int rails,
                                 std::vector<Message> &notes);

// The leaf blocking asked for against what `s` builds (fattreeblocking.cpp): "asked 2:1, built
// 1.76:1 (37 down / 21 up per leaf): ..." with the reason; empty without uplinks.
Message blockingSummary(const FatTreeSpec &spec, const FatTreeShape &s);

} // namespace gen
} // namespace cplan
