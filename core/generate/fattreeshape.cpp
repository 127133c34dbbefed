#include "generate/fattreeshape.h"

#include "catalog/catalog.h"
#include "generate/common.h"

#include <algorithm>
#include <optional>
#include <string>

namespace cplan::gen {

namespace {

constexpr int kMaxServers = 1'000'000;
// A scalable unit of rack-scale systems: NVIDIA's GB200 SuperPOD builds its SU of 8 NVL72 racks
// (576 GPUs; RA-GB200, reference hardware.md §1e).
constexpr int kRackScaleUnit = 8;

Error bad(Message message) { return makeError("generate fat-tree", std::move(message)); }

// The smallest divisor s of `ports` such that `peers` switches, each sending ports/s links to
// every one of s switches, fit in `radix` ports: peers * (ports / s) <= radix. 0 if none.
int smallestBalancedCount(int ports, int peers, int radix)
{
    for (int s = 1; s <= ports; ++s)
        if (ports % s == 0 && static_cast<long long>(peers) * (ports / s) <= radix)
            return s;
    return 0;
}

// The switch, the numbers and the management part of the spec.
Status checkOptions(const FatTreeSpec &spec, const Catalog &catalog, FatTreeInputs &in)
{
    in.sw = catalog.find(spec.switchPart);
    if (!in.sw)
        return bad({CPLAN_TR("Engine", "unknown switch part '%1'"), {spec.switchPart}});
    if (in.sw->kind != PartKind::Switch)
        return bad({CPLAN_TR("Engine", "'%1' is not a switch"), {spec.switchPart}});
    if (in.sw->ports < 2)
        return bad({CPLAN_TR("Engine", "switch '%1' has too few ports"), {spec.switchPart}});
    if (spec.servers.empty())
        return bad({CPLAN_TR("Engine", "no servers given"), {}});
    if (spec.blockingDown < 1 || spec.blockingUp < 1)
        return bad({CPLAN_TR("Engine", "the blocking ratio D:U needs two positive whole numbers"), {}});
    if (spec.podOversubDown < 1 || spec.podOversubUp < 1 || spec.podOversubDown > 64 || spec.podOversubUp > 64)
        return bad({CPLAN_TR("Engine", "the oversubscription between pods D:U needs whole numbers from 1 to 64"), {}});
    if (spec.podOversubDown != spec.podOversubUp && (spec.tiers == 1 || spec.tiers == 2))
        return bad({CPLAN_TR("Engine", "oversubscription between pods needs pods: 3 tiers (or auto)"), {}});
    if (spec.hostPortSpeedGbps < 0 || spec.hostPortSpeedGbps > 10'000)
        return bad({CPLAN_TR("Engine", "the host port speed must be from 1 to 10000 Gb/s"), {}});
    if (spec.tiers < 0 || spec.tiers > 3)
        return bad({CPLAN_TR("Engine", "tiers must be auto, 1, 2 or 3"), {}});
    if (spec.mgmtNodes < 0 || spec.mgmtNodes > 1000)
        return bad({CPLAN_TR("Engine", "the number of management appliances must be from 0 to 1000"), {}});
    if (spec.serversPerRack < 1)
        return bad({CPLAN_TR("Engine", "servers per rack must be at least 1"), {}});
    if (spec.suSize > 100000)
        return bad({CPLAN_TR("Engine", "the scalable unit size is too large"), {}});
    if (spec.planes < 1 || spec.planes > kMaxPlanes)
        return bad({CPLAN_TR("Engine", "planes must be from 1 to %1"), {std::to_string(kMaxPlanes)}});
    if (!spec.hcaOverride.empty()) {
        const Part *h = catalog.find(spec.hcaOverride);
        if (!h || h->kind != PartKind::Hca)
            return bad({CPLAN_TR("Engine", "'%1' is not an HCA part"), {spec.hcaOverride}});
    }
    if (spec.mgmtNodes > 0) {
        in.mgmt = spec.mgmtPart.empty() ? catalog.defaultManagementPart() : catalog.find(spec.mgmtPart);
        if (!in.mgmt && spec.mgmtPart.empty())
            return bad({CPLAN_TR("Engine", "the catalog has no management appliance part (role: management)"), {}});
        if (!in.mgmt || in.mgmt->kind != PartKind::GpuServer)
            return bad({CPLAN_TR("Engine", "management appliance part '%1' is not in the catalog"), {spec.mgmtPart}});
    }
    return Ok{};
}

// Servers: known parts, all with the same number of fabric ports.
Status countServers(const FatTreeSpec &spec, const Catalog &catalog, FatTreeInputs &in)
{
    long long total = 0;
    int portsPerServer = -1;
    in.rackScale = false;
    for (const auto &[partId, count] : spec.servers) {
        const Part *p = catalog.find(partId);
        if (!p)
            return bad({CPLAN_TR("Engine", "unknown server part '%1'"), {partId}});
        if (p->kind != PartKind::GpuServer)
            return bad({CPLAN_TR("Engine", "'%1' is not a server"), {partId}});
        if (count < 0)
            return bad({CPLAN_TR("Engine", "a server count must not be negative"), {}});
        total += count;
        in.rackScale = in.rackScale || p->rackScale;
        Node proto;
        proto.part = partId;
        if (!spec.hcaOverride.empty())
            proto.hcas.assign(std::size_t(std::max(1, p->hcaCount)), spec.hcaOverride);
        const int ports = int(nodePorts(proto, catalog).size());
        if (ports == 0)
            return bad({CPLAN_TR("Engine", "server '%1' has no fabric ports (no HCA)"), {partId}});
        if (portsPerServer >= 0 && ports != portsPerServer)
            return bad({CPLAN_TR("Engine", "all servers of one fat tree need the same number of fabric ports ('%1' has %2, others %3)"),
                        {partId, std::to_string(ports), std::to_string(portsPerServer)}});
        portsPerServer = ports;
    }
    if (total < 1 || total > kMaxServers)
        return bad({CPLAN_TR("Engine", "the number of servers must be from 1 to %1"), {std::to_string(kMaxServers)}});
    in.servers = int(total);
    in.ports = portsPerServer;
    return Ok{};
}

// Leaf ports: at most dMax down and uMax up with dMax:uMax exactly the blocking ratio, as many as
// fit; a single switch (1 tier) when everything fits one and nothing asks for rails. How many of
// them are wired follows from the units (unitDownPorts, fitUplinks).
Status leafPorts(const FatTreeSpec &spec, const FatTreeInputs &in, FatTreeShape &s)
{
    s.k = in.sw->ports;
    const int m = s.k / (spec.blockingDown + spec.blockingUp);
    if (m < 1)
        return bad({CPLAN_TR("Engine", "blocking ratio %1:%2 does not fit a %3-port switch"),
                    {std::to_string(spec.blockingDown), std::to_string(spec.blockingUp), std::to_string(s.k)}});
    s.d = s.dMax = m * spec.blockingDown;
    s.u = s.uMax = m * spec.blockingUp;
    const int endpoints = s.servers * s.ports + spec.mgmtNodes;
    s.tiers = spec.tiers;
    if (s.tiers == 0 && endpoints <= s.k && s.rails == 1)
        s.tiers = 1;
    if (s.tiers == 1) {
        s.rails = 1;   // one switch has no rails
        s.portsPerRail = s.ports;
        if (endpoints > s.k)
            return bad({CPLAN_TR("Engine", "%1 endpoints do not fit one %2-port switch"), {std::to_string(endpoints), std::to_string(s.k)}});
        s.d = s.dMax = s.k;
        s.u = s.uMax = 0;
    }
    return Ok{};
}

// Rail packing: a unit whose rail holds fewer endpoints than a leaf has down ports puts several
// rails on one leaf (rail r of every server of the unit on leaf r / railsPerLeaf), as NVIDIA's
// rack-scale SuperPODs do; a leaf per rail would leave most of every leaf's ports empty.
void packRails(FatTreeShape &s, std::vector<Message> &notes)
{
    const int width = s.railWidth();
    s.railsPerLeaf = width < s.dMax ? std::min(s.rails, s.dMax / width) : 1;
    if (s.railsPerLeaf < 2) {
        s.leavesPerRail = ceilDiv(width, s.dMax);
        s.leavesPerUnit = s.rails * s.leavesPerRail;
        return;
    }
    s.leavesPerUnit = ceilDiv(s.rails, s.railsPerLeaf);
    notes.push_back({CPLAN_TR("Engine", "rail packing: a unit's rail holds %1 endpoint(s) (%2 server(s) x %3 port(s)) and a leaf has "
                                        "%4 down ports, so %5 rails share each leaf (rail r of every server of a unit on leaf "
                                        "r / %5, as NVIDIA's rack-scale SuperPODs): %6 leaves per unit instead of %7"),
                     {std::to_string(width), std::to_string(s.suSize), std::to_string(s.portsPerRail), std::to_string(s.dMax),
                      std::to_string(s.railsPerLeaf), std::to_string(s.leavesPerUnit), std::to_string(s.rails)}});
}

// The unit sizes worth trying: servers per scalable unit (rail-optimized) or per leaf, from what
// a leaf takes at full bisection (NVIDIA's SU of 32 DGX on 64 ports) up to what its down ports
// take at the blocking ratio (42 at 2:1). One size when the spec or the servers fix it.
std::pair<int, int> unitFills(const FatTreeSpec &spec, const FatTreeInputs &in, const FatTreeShape &s)
{
    const int per = s.rails > 1 ? s.portsPerRail : s.ports;
    const int most = s.dMax / per;
    if (s.tiers == 1 || (s.rails > 1 && spec.suSize > 0))
        return {most, most};
    if (s.rails > 1 && in.rackScale && most > kRackScaleUnit)
        return {kRackScaleUnit, kRackScaleUnit};
    return {std::min(most, std::max(1, std::min(s.dMax, s.k / 2) / per)), most};
}

// Down ports a leaf of a unit is wired for: the whole unit's, even when it is partly filled.
int unitDownPorts(const FatTreeShape &s)
{
    if (s.rails == 1)
        return std::min(s.suSize, s.serversPerLeaf) * s.ports;
    if (s.railsPerLeaf > 1)
        return s.railsPerLeaf * s.railWidth();
    return std::min(s.dMax, s.railWidth());
}

// Units of `fill` servers (or the spec's size): a scalable unit (rail-optimized: the rails of its
// servers on their leaves) or a group of leaves of `fill` servers each.
Status sizeUnits(const FatTreeSpec &spec, const FatTreeInputs &in, int fill, FatTreeShape &s, std::vector<Message> &notes)
{
    if (s.rails > 1) {
        if (s.portsPerRail > s.dMax)
            return bad({CPLAN_TR("Engine", "a server's %1 ports per rail do not fit the %2 down ports of a leaf"),
                        {std::to_string(s.portsPerRail), std::to_string(s.dMax)}});
        s.suSize = spec.suSize > 0 ? spec.suSize : fill;
        if (spec.suSize == 0 && in.rackScale && s.dMax / s.portsPerRail > kRackScaleUnit)
            notes.push_back({CPLAN_TR("Engine", "scalable unit: %1 rack-scale systems, as NVIDIA's GB200 SuperPOD (--su-size to change)"),
                             {std::to_string(kRackScaleUnit)}});
        packRails(s, notes);
    } else {
        s.serversPerLeaf = fill;
        if (s.serversPerLeaf < 1)
            return bad({CPLAN_TR("Engine", "a server's %1 ports do not fit the %2 down ports of a leaf"),
                        {std::to_string(s.ports), std::to_string(s.dMax)}});
        s.suSize = spec.suSize > 0 ? spec.suSize : s.serversPerLeaf;
        s.leavesPerUnit = ceilDiv(s.suSize, s.serversPerLeaf);
    }
    s.units = ceilDiv(s.servers, s.suSize);
    if (s.tiers != 1)
        s.d = unitDownPorts(s);
    return Ok{};
}

// Free leaf down ports of `units` units, in leaf order.
std::vector<std::pair<int, int>> freePorts(const FatTreeShape &s, int units)
{
    std::vector<std::vector<char>> used(std::size_t(units * s.leavesPerUnit), std::vector<char>(std::size_t(s.d), 0));
    for (int j = 0; j < s.servers; ++j)
        for (int i = 0; i < s.ports; ++i) {
            const auto [leaf, port] = s.serverLeaf(j, i);
            used[std::size_t(leaf)][std::size_t(port - 1)] = 1;
        }
    std::vector<std::pair<int, int>> free;
    for (int l = 0; l < int(used.size()); ++l)
        for (int port = 1; port <= s.d; ++port)
            if (!used[std::size_t(l)][std::size_t(port - 1)])
                free.emplace_back(l, port);
    return free;
}

// Management appliances on free leaf ports; without rails, more leaves when there is no room.
Status placeManagement(const FatTreeSpec &spec, FatTreeShape &s, std::vector<Message> &notes)
{
    if (spec.mgmtNodes == 0)
        return Ok{};
    auto free = freePorts(s, s.units);
    // Room beyond the unit's down ports while the leaf has some at the blocking ratio.
    while (int(free.size()) < spec.mgmtNodes && s.d < s.dMax) {
        ++s.d;
        free = freePorts(s, s.units);
    }
    if (int(free.size()) < spec.mgmtNodes) {
        if (s.rails > 1)
            return bad({CPLAN_TR("Engine", "no room for %1 management appliance(s): only %2 free leaf port(s). NVIDIA's SuperPOD leaves "
                                           "one node slot of the last SU for them (31 nodes per 32-node SU); use fewer servers or a "
                                           "larger SU size"),
                        {std::to_string(spec.mgmtNodes), std::to_string(free.size())}});
        const int usedPerUnit = s.serversPerLeaf * s.ports;
        s.units += ceilDiv(spec.mgmtNodes - int(free.size()), std::max(1, s.leavesPerUnit * (s.d - usedPerUnit) + 1));
        free = freePorts(s, s.units);
        while (int(free.size()) < spec.mgmtNodes)
            free = freePorts(s, ++s.units);
        notes.push_back({CPLAN_TR("Engine", "added leaves to give the management appliances ports"), {}});
    }
    s.mgmtPorts.assign(free.begin(), free.begin() + spec.mgmtNodes);
    return Ok{};
}

// A pod spine's ports: down to the pod's leaves, up to the cores at the spec's taper between
// pods (down:up; 1:1 a full tree, Meta's AI zones are oversubscribed between zones).
Status sizePodSpines(const FatTreeSpec &spec, FatTreeShape &s, int spineDownMax, std::vector<Message> &notes)
{
    const int podLeaves = s.unitsPerPod * s.leavesPerUnit;
    s.podSpines = smallestBalancedCount(s.u, podLeaves, spineDownMax);
    if (!s.podSpines)
        return bad({CPLAN_TR("Engine", "the leaves of a pod do not fit its spines"), {}});
    s.spineDown = podLeaves * (s.u / s.podSpines);
    s.spineUp = ceilDiv(s.spineDown * spec.podOversubUp, spec.podOversubDown);
    s.coresPerGroup = smallestBalancedCount(s.spineUp, s.pods, s.k);
    if (!s.coresPerGroup)
        return bad({CPLAN_TR("Engine", "too many pods (%1) for a 3-tier tree of %2-port switches"),
                    {std::to_string(s.pods), std::to_string(s.k)}});
    if (spec.podOversubDown != spec.podOversubUp)
        notes.push_back({CPLAN_TR("Engine", "pods tapered %1:%2: each pod spine has %3 ports down to its pod and %4 up to the cores, so "
                                            "traffic between pods has %4/%3 of the bandwidth within a pod"),
                         {std::to_string(spec.podOversubDown), std::to_string(spec.podOversubUp), std::to_string(s.spineDown),
                          std::to_string(s.spineUp)}});
    return Ok{};
}

// Tiers (auto: 2 when the leaves fit one spine layer) and, with 3 tiers, pods of whole units,
// all alike (wired for the full pod).
Status sizeTiers(const FatTreeSpec &spec, FatTreeShape &s, std::vector<Message> &notes)
{
    s.leaves = s.units * s.leavesPerUnit;
    if (s.tiers == 1)
        s.leaves = 1, s.units = 1;
    if (s.tiers == 0)
        s.tiers = smallestBalancedCount(s.u, s.leaves, s.k) ? 2 : 3;
    if (s.tiers == 2 && !smallestBalancedCount(s.u, s.leaves, s.k))
        return bad({CPLAN_TR("Engine", "%1 leaves do not fit a 2-tier tree of %2-port switches; use 3 tiers (or auto)"),
                    {std::to_string(s.leaves), std::to_string(s.k)}});
    s.unitsPerPod = s.units;
    if (s.tiers == 2)
        s.spines = smallestBalancedCount(s.u, s.leaves, s.k);
    if (s.tiers != 3)
        return Ok{};
    const int spineDown = s.k * spec.podOversubDown / (spec.podOversubDown + spec.podOversubUp);
    const int unitsPerPodMax = spineDown / s.leavesPerUnit;
    if (unitsPerPodMax < 1)
        return bad({CPLAN_TR("Engine", "a unit of %1 leaves is larger than a pod (%2 leaves)"),
                    {std::to_string(s.leavesPerUnit), std::to_string(spineDown)}});
    s.pods = ceilDiv(s.units, unitsPerPodMax);
    s.unitsPerPod = ceilDiv(s.units, s.pods);
    if (s.pods * s.unitsPerPod > s.units) {
        notes.push_back({CPLAN_TR("Engine", "%1 unit(s) of leaves are wired but empty so that all pods are alike"),
                         {std::to_string(s.pods * s.unitsPerPod - s.units)}});
        s.units = s.pods * s.unitsPerPod;
        s.leaves = s.units * s.leavesPerUnit;
    }
    return sizePodSpines(spec, s, spineDown, notes);
}

int switchCount(const FatTreeShape &s)
{
    if (s.tiers == 1)
        return 1;
    if (s.tiers == 2)
        return s.leaves + s.spines;
    return s.leaves + s.pods * s.podSpines + s.podSpines * s.coresPerGroup;
}

// Fewer switches, then fewer uplinks (cables and optics).
bool cheaper(const FatTreeShape &a, const FatTreeShape &b)
{
    const long long linksA = 1LL * a.leaves * a.u + (a.tiers == 3 ? 1LL * a.pods * a.podSpines * a.spineUp : 0);
    const long long linksB = 1LL * b.leaves * b.u + (b.tiers == 3 ? 1LL * b.pods * b.podSpines * b.spineUp : 0);
    const int switchesA = switchCount(a), switchesB = switchCount(b);
    return switchesA < switchesB || (switchesA == switchesB && linksA < linksB);
}

// Uplinks for the down ports a leaf uses at the blocking ratio (rounded up), or a few more when
// they split evenly over fewer spines (17 uplinks of 24 leaves need 17 spines, 18 need 9): the
// fewest switches, then the fewest uplinks. Then the tiers above.
Status fitUplinks(const FatTreeSpec &spec, FatTreeShape &s, std::vector<Message> &notes)
{
    if (s.tiers == 1)
        return sizeTiers(spec, s, notes);
    const int least = ceilDiv(s.d * spec.blockingUp, spec.blockingDown);
    std::optional<FatTreeShape> best;
    std::vector<Message> bestNotes;
    Status first = Ok{};
    for (int u = least; u <= s.uMax; ++u) {
        FatTreeShape t = s;
        t.u = u;
        std::vector<Message> n;
        if (auto st = sizeTiers(spec, t, n); !st) {
            if (u == least)
                first = st;
            continue;
        }
        if (!best || cheaper(t, *best))
            best = std::move(t), bestNotes = std::move(n);
    }
    if (!best)
        return first;
    s = std::move(*best);
    if (s.u > least)
        notes.push_back({CPLAN_TR("Engine", "%1 uplinks per leaf rather than the %2 that %3:%4 needs: they split evenly over fewer switches"),
                         {std::to_string(s.u), std::to_string(least), std::to_string(spec.blockingDown), std::to_string(spec.blockingUp)}});
    notes.insert(notes.end(), bestNotes.begin(), bestNotes.end());
    return Ok{};
}

// One fabric with units of `fill` servers (see unitFills).
Result<FatTreeShape> planUnits(const FatTreeSpec &spec, const FatTreeInputs &in, FatTreeShape s, int fill, std::vector<Message> &notes)
{
    if (auto st = sizeUnits(spec, in, fill, s, notes); !st)
        return st.error();
    if (auto st = placeManagement(spec, s, notes); !st)
        return st.error();
    if (auto st = fitUplinks(spec, s, notes); !st)
        return st.error();
    return s;
}

// What the user should know about the leaves: the unit size chosen, and ports left unused.
void explainLeaves(const FatTreeSpec &spec, const FatTreeShape &s, std::pair<int, int> fills, std::vector<Message> &notes)
{
    const std::string ratio[] = {std::to_string(spec.blockingDown), std::to_string(spec.blockingUp)};
    if (fills.second > fills.first)
        notes.push_back({s.rails > 1 ? CPLAN_TR("Engine", "scalable unit: %1 servers, the fewest switches (%2) of the sizes from %3 (a "
                                                          "leaf at full bisection) to %4 (what a %5:%6 leaf takes)")
                                     : CPLAN_TR("Engine", "servers per leaf: %1, the fewest switches (%2) of the fills from %3 (a leaf at "
                                                          "full bisection) to %4 (what a %5:%6 leaf takes)"),
                         {std::to_string(s.rails > 1 ? s.suSize : s.serversPerLeaf), std::to_string(switchCount(s) * spec.planes),
                          std::to_string(fills.first), std::to_string(fills.second), ratio[0], ratio[1]}});
    if (s.tiers == 1 || s.d + s.u == s.k)
        return;
    if (s.d == s.dMax && s.u == s.uMax)
        notes.push_back({CPLAN_TR("Engine", "leaf ports: %1 down, %2 up (%3 port(s) left unused to keep the ratio exact)"),
                         {std::to_string(s.d), std::to_string(s.u), std::to_string(s.k - s.d - s.u)}});
    else
        notes.push_back({CPLAN_TR("Engine", "leaf ports: %1 down, %2 up, %3 unused (the uplinks follow the down ports a leaf uses at "
                                            "%4:%5; a leaf could take %6 down, %7 up)"),
                         {std::to_string(s.d), std::to_string(s.u), std::to_string(s.k - s.d - s.u), ratio[0], ratio[1],
                          std::to_string(s.dMax), std::to_string(s.uMax)}});
}

} // namespace

std::pair<int, int> FatTreeShape::serverLeaf(int j, int i) const
{
    const int unit = j / suSize, slot = j % suSize;
    if (rails == 1)
        return {unit * leavesPerUnit + slot / serversPerLeaf, (slot % serversPerLeaf) * ports + i + 1};
    // Port i is on rail i mod rails; a server's ports of one rail sit side by side.
    const int rail = i % rails;
    const int position = slot * portsPerRail + i / rails;
    if (railsPerLeaf > 1)
        return {unit * leavesPerUnit + rail / railsPerLeaf, (rail % railsPerLeaf) * railWidth() + position + 1};
    return {unit * leavesPerUnit + rail * leavesPerRail + position / d, position % d + 1};
}

Result<FatTreeInputs> checkFatTreeSpec(const FatTreeSpec &spec, const Catalog &catalog)
{
    FatTreeInputs in;
    if (auto st = checkOptions(spec, catalog, in); !st)
        return st.error();
    if (auto st = countServers(spec, catalog, in); !st)
        return st.error();
    return in;
}

Result<FatTreeShape> planFatTree(const FatTreeSpec &spec, const FatTreeInputs &in, int ports, int rails, std::vector<Message> &notes)
{
    FatTreeShape s;
    s.servers = in.servers;
    s.ports = ports;
    s.rails = rails;
    s.portsPerRail = ports / rails;
    if (auto st = leafPorts(spec, in, s); !st)
        return st.error();
    // A real architect's choice: the unit size with the fewest switches, the smallest on a tie
    // (NVIDIA's SU when the leaves' spare down ports would buy nothing but a ragged last unit).
    const auto fills = unitFills(spec, in, s);
    std::optional<FatTreeShape> best;
    std::vector<Message> bestNotes;
    std::optional<Error> first;
    for (int fill = fills.first; fill <= fills.second; ++fill) {
        std::vector<Message> n;
        auto plan = planUnits(spec, in, s, fill, n);
        if (!plan) {
            if (!first)
                first = plan.error();
            continue;
        }
        if (!best || cheaper(*plan, *best))
            best = std::move(*plan), bestNotes = std::move(n);
    }
    if (!best)
        return *first;
    explainLeaves(spec, *best, fills, notes);
    notes.insert(notes.end(), bestNotes.begin(), bestNotes.end());
    return std::move(*best);
}

} // namespace cplan::gen
