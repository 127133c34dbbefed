#pragma once

#include "model/design.h"
#include "util/error.h"
#include "util/message.h"

#include <string>
#include <vector>

namespace cplan {

class Catalog;

// Planes one generated fabric may have.
inline constexpr int kMaxPlanes = 64;

// Parameters of a generated fat tree (DESIGN.md §4 Generators).
struct FatTreeSpec
{
    std::string name;
    // Servers in order: (part id, count). One entry for a homogeneous pool.
    std::vector<std::pair<std::string, int>> servers;
    std::string switchPart;
    std::string hcaOverride;     // fit this HCA part to every server instead of its own
    int tiers = 0;               // 0 = auto (1 when everything fits one switch, else 2 or 3)
    int blockingDown = 1;        // leaf blocking ratio D:U
    int blockingUp = 1;
    int rails = 0;               // 0 = auto: rail-optimized when a server has several ports
    int suSize = 0;              // servers per scalable unit; 0 = auto (what one leaf per rail takes)
    int mgmtNodes = 0;           // management appliances (UFM), one link each on free leaf ports
    std::string mgmtPart;        // their part; empty = the catalog's (role: management)
    int serversPerRack = 4;
    // Independent fabrics the servers' HCAs are split over (rail r on plane r mod planes), each
    // its own subnet with its own subnet manager and LID space. 1 = one fabric.
    int planes = 1;
    // Rail-only wiring: each rail a network of its own (plane r = rail r), no switch joining two
    // rails; a GPU reaches another server's GPU of a different rail through NVLink first.
    bool railOnly = false;
    // Tenants: (name, servers), assigned to servers in order.
    std::vector<std::pair<std::string, int>> tenants;
    // The speed server ports run at, switch ports broken out to it as the switch part's
    // breakout_gbps allows (SN5600: 64 x 800G as 256 x 200G) or its InfiniBand split (NDR200);
    // 0 = auto: the NICs' speed when breakout_gbps lists it, else the switch's port speed.
    double hostPortSpeedGbps = 0;
    // Each NIC's ports on different ToRs (leaves), the two not joined (non-stacked dual-ToR,
    // as Alibaba HPN).
    bool dualTor = false;
    // Taper between pods (3 tiers): a pod spine's down:up ports; 1:1 = none (Meta's 7:1).
    int podOversubDown = 1, podOversubUp = 1;
};

// What the generator decided, for the user: counts and every rounding it had to make.
struct FatTreeReport
{
    int tiers = 0;
    int rails = 0;
    int railsPerLeaf = 1;           // > 1: narrow rails packed on one leaf
    int planes = 1;
    int suSize = 0;
    int scalableUnits = 0;
    int pods = 0;
    int leafDown = 0, leafUp = 0;   // ports per leaf
    // The leaf blocking asked for (down:up) against what was built (leafDown:leafUp), in one
    // sentence with the reason they differ (ports per leaf, rounding, the spine split): what
    // the wizard and `cplan generate` lead with. Empty format on a single switch (no uplinks).
    int askedDown = 1, askedUp = 1;
    Message blocking;
    double builtBlocking() const { return leafUp > 0 ? double(leafDown) / leafUp : 1.0; }
    int leaves = 0, spines = 0, cores = 0;   // in all planes
    int linksLeafSpine = 0;         // parallel links between one leaf and one spine
    int linksSpineCore = 0;
    // Rail-only: a network per rail (planes = rails; tiers, SU size and pods are each rail's), and
    // the rail-optimized fat tree of the same servers, for comparison.
    bool railOnly = false;
    int fatTreeSwitches = 0, fatTreeLinks = 0;
    // The fabric's protocol (the switch part's), the speed its ports run at and how many
    // logical ports one switch port was broken out into (1 = none); the switch part the
    // design uses (a derived breakout part when broken out).
    Protocol protocol = Protocol::InfiniBand;
    double portSpeedGbps = 0;
    int breakout = 1;
    std::string switchPart;
    bool dualTor = false;
    int podOversubDown = 1, podOversubUp = 1;
    // Roundings and choices worth telling the user. Rail-only: the first says what it saves
    // against the fat tree and what it costs (the CLI and the wizard lead with it).
    std::vector<Message> notes;
};

Result<Design> generateFatTree(const FatTreeSpec &spec, const Catalog &catalog, FatTreeReport *report = nullptr);

// A 2-D or 3-D torus of switches (wrap-around links in every dimension), servers on each.
struct TorusSpec
{
    std::string name;
    std::vector<int> dims;           // e.g. {4, 4} or {4, 4, 4}
    int serversPerSwitch = 1;
    std::string serverPart;
    std::string switchPart;
    int linksPerNeighbor = 1;
};
Result<Design> generateTorus(const TorusSpec &spec, const Catalog &catalog);


} // namespace cplan
