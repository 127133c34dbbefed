#include "generate/fattree.h"

#include "catalog/catalog.h"
#include "physical/cableselect.h"
#include "physical/floor.h"
#include "physical/layout.h"
#include "util/strings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace cplan {

namespace {

constexpr int kMaxServers = 1'000'000;

std::string padded(const char *prefix, int n, int width)
{
    std::string number = std::to_string(n);
    if (int(number.size()) < width)
        number.insert(0, std::size_t(width) - number.size(), '0');
    return prefix + number;
}

int digits(int n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        ++d;
    }
    return std::max(d, 2);
}

int ceilDiv(int a, int b) { return (a + b - 1) / b; }

// The smallest divisor s of `ports` such that `peers` switches, each sending ports/s links to
// every one of s switches, fit in `radix` ports: peers * (ports / s) <= radix. 0 if none.
int smallestBalancedCount(int ports, int peers, int radix)
{
    for (int s = 1; s <= ports; ++s)
        if (ports % s == 0 && static_cast<long long>(peers) * (ports / s) <= radix)
            return s;
    return 0;
}

// Builds links. Their cables are chosen at the end, per physical cable, once the racks stand
// (physical/cableselect.h): the length a link needs comes from the floor plan.
class Wiring
{
public:
    explicit Wiring(Design &design) : m_design(design) {}

    void connect(NodeId a, int portA, NodeId b, int portB)
    {
        Link link;
        link.id = padded("l", ++m_count, 6);
        link.a = PortRef{a, portA};
        link.b = PortRef{b, portB};
        m_design.addLink(std::move(link));
    }

private:
    Design &m_design;
    int m_count = 0;
};

// Horizontal layout constants (canvas units): a server slot, gaps between units and pods.
constexpr double kServerPitch = 70;
constexpr double kUnitGap = 140;
constexpr double kTierPitch = 260;       // least vertical distance between tiers
constexpr double kMaxTierPitch = 2000;

// Racks and U for every node (physical/layout.h), then a cable for every link, chosen per
// physical cable for the length the floor plan gives it (physical/cableselect.h).
void placeAndCable(Design &design, const Catalog &catalog, int serversPerRack, std::vector<Message> &notes)
{
    RackLayoutSpec layoutSpec;
    layoutSpec.serversPerRack = serversPerRack;
    const RackLayoutReport layout = layoutRacks(design, catalog, layoutSpec);
    const CableRuns runs(design, catalog);
    const CableChoiceReport cables = assignCables(design, catalog, [&](LinkId id) {
        const Link &l = design.link(id);
        // Every generated node has a placed rack, so the run is known; 3 m if it ever is not.
        return runs.runM(l.a.node, l.b.node).value_or(3.0);
    });
    notes.insert(notes.end(), layout.notes.begin(), layout.notes.end());
    const auto cableNotes = cables.notes();
    notes.insert(notes.end(), cableNotes.begin(), cableNotes.end());
}

} // namespace

Result<Design> generateFatTree(const FatTreeSpec &spec, const Catalog &catalog, FatTreeReport *reportOut)
{
    FatTreeReport report;
    const std::string where = "generate fat-tree";
    auto bad = [&](Message message) { return makeError(where, std::move(message)); };

    const Part *sw = catalog.find(spec.switchPart);
    if (!sw)
        return bad({CPLAN_TR("Engine", "unknown switch part '%1'"), {spec.switchPart}});
    if (sw->kind != PartKind::Switch)
        return bad({CPLAN_TR("Engine", "'%1' is not a switch"), {spec.switchPart}});
    const int k = sw->ports;
    if (k < 2)
        return bad({CPLAN_TR("Engine", "switch '%1' has too few ports"), {spec.switchPart}});
    if (spec.servers.empty())
        return bad({CPLAN_TR("Engine", "no servers given"), {}});
    if (spec.blockingDown < 1 || spec.blockingUp < 1)
        return bad({CPLAN_TR("Engine", "the blocking ratio D:U needs two positive whole numbers"), {}});
    if (spec.tiers < 0 || spec.tiers > 3)
        return bad({CPLAN_TR("Engine", "tiers must be auto, 1, 2 or 3"), {}});
    if (spec.mgmtNodes < 0 || spec.mgmtNodes > 1000)
        return bad({CPLAN_TR("Engine", "the number of management appliances must be from 0 to 1000"), {}});
    if (spec.serversPerRack < 1)
        return bad({CPLAN_TR("Engine", "servers per rack must be at least 1"), {}});
    if (!spec.hcaOverride.empty()) {
        const Part *h = catalog.find(spec.hcaOverride);
        if (!h || h->kind != PartKind::Hca)
            return bad({CPLAN_TR("Engine", "'%1' is not an HCA part"), {spec.hcaOverride}});
    }

    long long total = 0;
    int portsPerServer = -1;
    for (const auto &[partId, count] : spec.servers) {
        const Part *p = catalog.find(partId);
        if (!p)
            return bad({CPLAN_TR("Engine", "unknown server part '%1'"), {partId}});
        if (p->kind != PartKind::GpuServer)
            return bad({CPLAN_TR("Engine", "'%1' is not a server"), {partId}});
        if (count < 0)
            return bad({CPLAN_TR("Engine", "a server count must not be negative"), {}});
        total += count;
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
    const int N = int(total);
    const int p = portsPerServer;

    const Part *mgmt = nullptr;
    if (spec.mgmtNodes > 0) {
        mgmt = spec.mgmtPart.empty() ? catalog.defaultManagementPart() : catalog.find(spec.mgmtPart);
        if (!mgmt && spec.mgmtPart.empty())
            return bad({CPLAN_TR("Engine", "the catalog has no management appliance part (role: management)"), {}});
        if (!mgmt || mgmt->kind != PartKind::GpuServer)
            return bad({CPLAN_TR("Engine", "management appliance part '%1' is not in the catalog"), {spec.mgmtPart}});
    }

    int rails = spec.rails == 0 ? (p > 1 ? p : 1) : spec.rails;
    // A rail per port (a DGX: 8), or fewer rails each taking several ports of a server, as a
    // rack-scale system needs (a GB200 NVL72's 72 ports on 18 rails: 4 per rail).
    if (rails < 1 || rails > p || p % rails != 0)
        return bad({CPLAN_TR("Engine", "rails must divide the number of fabric ports per server (%1): 1, the port count, or a "
                                       "divisor between"),
                    {std::to_string(p)}});
    const int portsPerRail = p / rails;
    report.rails = rails;

    // Leaf ports: down d and up u with d:u exactly the blocking ratio, as many as fit.
    const int m = k / (spec.blockingDown + spec.blockingUp);
    if (m < 1)
        return bad({CPLAN_TR("Engine", "blocking ratio %1:%2 does not fit a %3-port switch"),
                    {std::to_string(spec.blockingDown), std::to_string(spec.blockingUp), std::to_string(k)}});
    int d = m * spec.blockingDown;
    int u = m * spec.blockingUp;
    if (d + u < k)
        report.notes.push_back({CPLAN_TR("Engine", "leaf ports: %1 down, %2 up (%3 port(s) left unused to keep the ratio exact)"),
                                {std::to_string(d), std::to_string(u), std::to_string(k - d - u)}});

    const int endpoints = N * p + spec.mgmtNodes;
    int tiers = spec.tiers;
    if (tiers == 0 && endpoints <= k && rails == 1)
        tiers = 1;
    if (tiers == 1) {
        if (endpoints > k)
            return bad({CPLAN_TR("Engine", "%1 endpoints do not fit one %2-port switch"), {std::to_string(endpoints), std::to_string(k)}});
        d = k;
        u = 0;
    }

    // Units: a scalable unit (rail-optimized: one leaf per rail) or a group of leaves.
    int suSize = 0, leavesPerUnit = 0, leavesPerRail = 1, serversPerLeaf = 0;
    if (rails > 1) {
        if (portsPerRail > d)
            return bad({CPLAN_TR("Engine", "a server's %1 ports per rail do not fit the %2 down ports of a leaf"),
                        {std::to_string(portsPerRail), std::to_string(d)}});
        suSize = spec.suSize > 0 ? spec.suSize : d / portsPerRail;
        leavesPerRail = ceilDiv(suSize * portsPerRail, d);
        leavesPerUnit = rails * leavesPerRail;
    } else {
        serversPerLeaf = d / p;
        if (serversPerLeaf < 1)
            return bad({CPLAN_TR("Engine", "a server's %1 ports do not fit the %2 down ports of a leaf"), {std::to_string(p), std::to_string(d)}});
        suSize = spec.suSize > 0 ? spec.suSize : serversPerLeaf;
        leavesPerUnit = ceilDiv(suSize, serversPerLeaf);
    }
    if (spec.suSize > 100000)
        return bad({CPLAN_TR("Engine", "the scalable unit size is too large"), {}});
    int units = ceilDiv(N, suSize);

    // Where each server port goes: (leaf, port) for server j, port i.
    auto serverLeaf = [&](int j, int i, int &leaf, int &port) {
        const int unit = j / suSize, slot = j % suSize;
        if (rails > 1) {
            // Port i is on rail i mod rails; a server's ports of one rail sit side by side.
            const int position = slot * portsPerRail + i / rails;
            leaf = unit * leavesPerUnit + (i % rails) * leavesPerRail + position / d;
            port = position % d + 1;
        } else {
            leaf = unit * leavesPerUnit + slot / serversPerLeaf;
            port = (slot % serversPerLeaf) * p + i + 1;
        }
    };
    const int usedPortsPerLeafUnit = rails > 1 ? d : serversPerLeaf * p;

    // Free leaf down ports for management appliances, in leaf order.
    auto freePorts = [&](int unitCount) {
        std::vector<std::vector<char>> used(std::size_t(unitCount * leavesPerUnit), std::vector<char>(std::size_t(d), 0));
        for (int j = 0; j < N; ++j)
            for (int i = 0; i < p; ++i) {
                int leaf, port;
                serverLeaf(j, i, leaf, port);
                used[std::size_t(leaf)][std::size_t(port - 1)] = 1;
            }
        std::vector<std::pair<int, int>> free;
        for (int l = 0; l < int(used.size()); ++l)
            for (int port = 1; port <= d; ++port)
                if (!used[std::size_t(l)][std::size_t(port - 1)])
                    free.emplace_back(l, port);
        return free;
    };
    std::vector<std::pair<int, int>> mgmtPorts;
    if (spec.mgmtNodes > 0) {
        auto free = freePorts(units);
        if (int(free.size()) < spec.mgmtNodes) {
            if (rails > 1)
                return bad({CPLAN_TR("Engine", "no room for %1 management appliance(s): only %2 free leaf port(s). NVIDIA's SuperPOD leaves "
                                        "one node slot of the last SU for them (31 nodes per 32-node SU); use fewer servers or a "
                                        "larger SU size"),
                            {std::to_string(spec.mgmtNodes), std::to_string(free.size())}});
            units += ceilDiv(spec.mgmtNodes - int(free.size()), std::max(1, leavesPerUnit * (d - usedPortsPerLeafUnit) + 1));
            free = freePorts(units);
            while (int(free.size()) < spec.mgmtNodes)
                free = freePorts(++units);
            report.notes.push_back({CPLAN_TR("Engine", "added leaves to give the management appliances ports"), {}});
        }
        mgmtPorts.assign(free.begin(), free.begin() + spec.mgmtNodes);
    }
    int L = units * leavesPerUnit;
    if (tiers == 1)
        L = 1, units = 1;

    if (tiers == 0)
        tiers = smallestBalancedCount(u, L, k) ? 2 : 3;
    if (tiers == 2 && !smallestBalancedCount(u, L, k))
        return bad({CPLAN_TR("Engine", "%1 leaves do not fit a 2-tier tree of %2-port switches; use 3 tiers (or auto)"),
                    {std::to_string(L), std::to_string(k)}});

    // 3 tiers: pods of whole units, all pods alike (wired for the full pod).
    const int spineDown = k / 2;
    int pods = 1, unitsPerPod = units, podSpines = 0, coresPerGroup = 0, spineUp = 0;
    if (tiers == 3) {
        const int unitsPerPodMax = spineDown / leavesPerUnit;
        if (unitsPerPodMax < 1)
            return bad({CPLAN_TR("Engine", "a unit of %1 leaves is larger than a pod (%2 leaves)"),
                        {std::to_string(leavesPerUnit), std::to_string(spineDown)}});
        pods = ceilDiv(units, unitsPerPodMax);
        unitsPerPod = ceilDiv(units, pods);
        if (pods * unitsPerPod > units) {
            report.notes.push_back({CPLAN_TR("Engine", "%1 unit(s) of leaves are wired but empty so that all pods are alike"),
                                    {std::to_string(pods * unitsPerPod - units)}});
            units = pods * unitsPerPod;
            L = units * leavesPerUnit;
        }
        const int Lp = unitsPerPod * leavesPerUnit;
        podSpines = smallestBalancedCount(u, Lp, spineDown);
        spineUp = Lp * (u / podSpines);
        coresPerGroup = smallestBalancedCount(spineUp, pods, k);
        if (!coresPerGroup)
            return bad({CPLAN_TR("Engine", "too many pods (%1) for a 3-tier tree of %2-port switches"), {std::to_string(pods), std::to_string(k)}});
    }

    // --- build ---------------------------------------------------------------------------------
    Design design;
    design.name = spec.name;
    const int unitDigits = digits(units);
    const int serverDigits = std::max(3, digits(N));
    auto unitName = [&](int unit) { return padded("su", unit + 1, unitDigits); };
    auto podName = [&](int pod) { return padded("pod", pod + 1, digits(pods)); };

    if (tiers == 3)
        for (int q = 0; q < pods; ++q)
            design.groups.push_back(Group{podName(q), GroupKind::Pod, "Pod " + std::to_string(q + 1), {}});
    if (tiers > 1)
        for (int s = 0; s < units; ++s)
            design.groups.push_back(Group{unitName(s), GroupKind::ScalableUnit, "SU " + std::to_string(s + 1),
                                          tiers == 3 ? podName(s / unitsPerPod) : std::string()});

    const double unitWidth = std::max(double(suSize) * kServerPitch, double(leavesPerUnit) * 2 * kServerPitch);
    auto unitX = [&](int unit) { return unit * (unitWidth + kUnitGap) + (tiers == 3 ? (unit / unitsPerPod) * kUnitGap : 0); };
    const double totalWidth = unitX(units - 1) + unitWidth;
    // Tiers spread with the fabric's width, so that a fitted view is about 3:1, not a thin strip.
    const double tierPitch = std::clamp(totalWidth / (3.0 * std::max(tiers, 1)), kTierPitch, kMaxTierPitch);
    const double baseY = tiers * tierPitch;

    // Every switch of the tree: the spec's part at its tier's height.
    auto addSwitch = [&](std::string id, Tier tier, std::string group, double x) {
        Node n;
        n.id = std::move(id);
        n.part = spec.switchPart;
        n.role = NodeRole::Switch;
        n.tier = tier;
        n.group = std::move(group);
        n.x = x;
        n.y = baseY - level(tier) * tierPitch;
        return design.addNode(std::move(n));
    };

    // Leaves.
    std::vector<NodeId> leafIds(static_cast<std::size_t>(L));
    for (int l = 0; l < L; ++l) {
        const int unit = l / leavesPerUnit, inUnit = l % leavesPerUnit;
        std::string id;
        if (tiers == 1) {
            id = "switch01";
        } else if (rails > 1) {
            id = unitName(unit) + "-leaf" + std::to_string(inUnit / leavesPerRail + 1) +
                 (leavesPerRail > 1 ? std::string(1, char('a' + inUnit % leavesPerRail)) : std::string());
        } else {
            id = unitName(unit) + "-leaf" + std::to_string(inUnit + 1);
        }
        leafIds[std::size_t(l)] = addSwitch(std::move(id), Tier::Leaf, tiers > 1 ? unitName(unit) : std::string(),
                                            unitX(unit) + (inUnit + 0.5) * unitWidth / leavesPerUnit);
    }

    Wiring wiring(design);

    // Servers, then their links to leaves.
    int serverIndex = 0;
    std::vector<NodeId> serverIds;
    serverIds.reserve(std::size_t(N));
    for (const auto &[partId, count] : spec.servers) {
        const Part *part = catalog.find(partId);
        for (int c = 0; c < count; ++c, ++serverIndex) {
            const int j = serverIndex, unit = j / suSize, slot = j % suSize;
            Node n;
            n.id = padded(part->gpuCount > 0 ? "gpu" : "host", j + 1, serverDigits);
            n.part = partId;
            n.role = NodeRole::Server;
            n.tier = Tier::Endpoint;
            n.group = tiers > 1 ? unitName(unit) : std::string();
            n.x = unitX(unit) + (slot + 0.5) * unitWidth / suSize;
            n.y = baseY;
            if (!spec.hcaOverride.empty())
                n.hcas.assign(std::size_t(std::max(1, part->hcaCount)), spec.hcaOverride);
            serverIds.push_back(design.addNode(std::move(n)));
        }
    }
    for (int j = 0; j < N; ++j)
        for (int i = 0; i < p; ++i) {
            int leaf, port;
            serverLeaf(j, i, leaf, port);
            wiring.connect(serverIds[std::size_t(j)], i + 1, leafIds[std::size_t(leaf)], port);
        }
    for (int a = 0; a < int(mgmtPorts.size()); ++a) {
        const auto [leaf, port] = mgmtPorts[std::size_t(a)];
        const Node &leafNode = design.node(leafIds[std::size_t(leaf)]);
        Node n;
        n.id = "ufm" + std::to_string(a + 1);
        n.part = mgmt->id;
        n.role = NodeRole::Management;
        n.group = leafNode.group;
        n.x = leafNode.x + (a % 2 ? 0.5 : -0.5) * kServerPitch;
        n.y = baseY + kServerPitch * 1.5;
        NodeId id = design.addNode(std::move(n));
        wiring.connect(id, 1, leafIds[std::size_t(leaf)], port);
    }

    // Upper tiers.
    if (tiers == 2) {
        const int S = smallestBalancedCount(u, L, k);
        const int per = u / S;
        if (L * per < k)
            report.notes.push_back({CPLAN_TR("Engine", "spines: %1, each with %2 of %3 ports used (%4 link(s) to every leaf keep the "
                                                       "tree balanced)"),
                                    {std::to_string(S), std::to_string(L * per), std::to_string(k), std::to_string(per)}});
        const int plain = ceilDiv(L * u, k);
        if (S > plain)
            report.notes.push_back({CPLAN_TR("Engine", "%1 uplinks would fit %2 spine(s), but each leaf's %3 uplinks must split evenly "
                                                       "over the spines: %4 spines, %5 link(s) from each leaf to each"),
                                    {std::to_string(L * u), std::to_string(plain), std::to_string(u), std::to_string(S), std::to_string(per)}});
        std::vector<NodeId> spineIds;
        for (int s = 0; s < S; ++s) {
            spineIds.push_back(addSwitch(padded("spine", s + 1, digits(S)), Tier::Spine, {}, (s + 0.5) * totalWidth / S));
        }
        for (int l = 0; l < L; ++l)
            for (int s = 0; s < S; ++s)
                for (int c = 0; c < per; ++c)
                    wiring.connect(leafIds[std::size_t(l)], d + s * per + c + 1, spineIds[std::size_t(s)], l * per + c + 1);
        report.spines = S;
        report.linksLeafSpine = per;
    } else if (tiers == 3) {
        const int Lp = unitsPerPod * leavesPerUnit;
        const int per = u / podSpines;
        const int perCore = spineUp / coresPerGroup;
        std::vector<NodeId> spineIds(static_cast<std::size_t>(pods * podSpines));
        for (int q = 0; q < pods; ++q) {
            const double x0 = unitX(q * unitsPerPod), x1 = unitX(q * unitsPerPod + unitsPerPod - 1) + unitWidth;
            for (int s = 0; s < podSpines; ++s) {
                spineIds[std::size_t(q * podSpines + s)] =
                    addSwitch(podName(q) + "-" + padded("spine", s + 1, digits(podSpines)), Tier::Spine, podName(q),
                              x0 + (s + 0.5) * (x1 - x0) / podSpines);
            }
            for (int li = 0; li < Lp; ++li) {
                const int l = q * Lp + li;
                for (int s = 0; s < podSpines; ++s)
                    for (int c = 0; c < per; ++c)
                        wiring.connect(leafIds[std::size_t(l)], d + s * per + c + 1, spineIds[std::size_t(q * podSpines + s)],
                                       li * per + c + 1);
            }
        }
        const int cores = podSpines * coresPerGroup;
        std::vector<NodeId> coreIds;
        for (int c = 0; c < cores; ++c) {
            coreIds.push_back(addSwitch(padded("core", c + 1, digits(cores)), Tier::Core, {}, (c + 0.5) * totalWidth / cores));
        }
        // Spine s of every pod joins core group s; each spine sends perCore links to each core of its group.
        for (int q = 0; q < pods; ++q)
            for (int s = 0; s < podSpines; ++s)
                for (int c = 0; c < coresPerGroup; ++c)
                    for (int x = 0; x < perCore; ++x)
                        wiring.connect(spineIds[std::size_t(q * podSpines + s)], spineUp + c * perCore + x + 1,
                                       coreIds[std::size_t(s * coresPerGroup + c)], q * perCore + x + 1);
        report.spines = pods * podSpines;
        report.cores = cores;
        report.linksLeafSpine = per;
        report.linksSpineCore = perCore;
    }

    // Tenants, in server order.
    int next = 0;
    for (const auto &[tenantName, count] : spec.tenants) {
        if (count < 0 || next + count > N)
            return bad({CPLAN_TR("Engine", "tenants ask for more servers than the design has"), {}});
        Tenant t;
        t.id = tenantName;
        t.name = tenantName;
        for (int c = 0; c < count; ++c)
            t.servers.push_back(design.node(serverIds[std::size_t(next++)]).id);
        design.tenants.push_back(std::move(t));
    }

    placeAndCable(design, catalog, spec.serversPerRack, report.notes);

    report.tiers = tiers;
    report.suSize = suSize;
    report.scalableUnits = units;
    report.pods = pods;
    report.leafDown = d;
    report.leafUp = u;
    report.leaves = L;
    if (reportOut)
        *reportOut = report;
    return design;
}

Result<Design> generateTorus(const TorusSpec &spec, const Catalog &catalog)
{
    const std::string where = "generate torus";
    const Part *sw = catalog.find(spec.switchPart);
    if (!sw || sw->kind != PartKind::Switch)
        return Error{where, 0, 0, "unknown switch part '" + spec.switchPart + "'"};
    const Part *srv = catalog.find(spec.serverPart);
    if (!srv || srv->kind != PartKind::GpuServer)
        return Error{where, 0, 0, "unknown server part '" + spec.serverPart + "'"};
    if (spec.dims.size() < 2 || spec.dims.size() > 3)
        return Error{where, 0, 0, "a torus has 2 or 3 dimensions (e.g. 4x4 or 4x4x4)"};
    long long count = 1;
    for (int dsz : spec.dims) {
        if (dsz < 2 || dsz > 64)
            return Error{where, 0, 0, "each torus dimension must be from 2 to 64"};
        count *= dsz;
    }
    Node proto;
    proto.part = spec.serverPart;
    const int portsPerServer = int(nodePorts(proto, catalog).size());
    int neighborPorts = 0;
    for (int dsz : spec.dims)
        neighborPorts += (dsz == 2 ? 1 : 2) * spec.linksPerNeighbor;
    if (spec.serversPerSwitch < 0 || spec.serversPerSwitch * portsPerServer + neighborPorts > sw->ports)
        return Error{where, 0, 0, "a switch needs " + std::to_string(spec.serversPerSwitch * portsPerServer + neighborPorts) +
                                      " ports but has " + std::to_string(sw->ports)};

    Design design;
    design.name = spec.name;
    design.settings.routingEngine = "updown";
    const int n = int(count);
    const int dx = spec.dims[0], dy = spec.dims[1];
    std::vector<NodeId> switches;
    std::vector<int> nextPort(std::size_t(n), spec.serversPerSwitch * portsPerServer + 1);
    auto coords = [&](int i) {
        std::vector<int> c;
        for (int dsz : spec.dims) {
            c.push_back(i % dsz);
            i /= dsz;
        }
        return c;
    };
    for (int i = 0; i < n; ++i) {
        auto c = coords(i);
        Node s;
        s.id = "sw";
        for (std::size_t k = 0; k < c.size(); ++k)
            s.id += (k ? "-" : "") + std::to_string(c[k]);
        s.part = spec.switchPart;
        s.role = NodeRole::Switch;
        s.tier = Tier::Leaf;
        const int z = c.size() > 2 ? c[2] : 0;
        s.x = c[0] * 400.0 + z * 90.0;
        s.y = c[1] * 400.0 + z * 60.0;
        switches.push_back(design.addNode(std::move(s)));
    }
    Wiring wiring(design);
    int serverNo = 0;
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < spec.serversPerSwitch; ++k) {
            Node s;
            s.id = padded(srv->gpuCount > 0 ? "gpu" : "host", ++serverNo, 3);
            s.part = spec.serverPart;
            s.role = NodeRole::Server;
            s.x = design.node(switches[std::size_t(i)]).x + (k - spec.serversPerSwitch / 2.0) * 60 + 30;
            s.y = design.node(switches[std::size_t(i)]).y + 150;
            NodeId id = design.addNode(std::move(s));
            for (int q = 0; q < portsPerServer; ++q)
                wiring.connect(id, q + 1, switches[std::size_t(i)], k * portsPerServer + q + 1);
        }
    // Wrap-around neighbours, "+1" direction in every dimension (the "-1" side is the neighbour's "+1").
    int stride = 1;
    for (int dsz : spec.dims) {
        for (int i = 0; i < n; ++i) {
            const int coord = (i / stride) % dsz;
            if (dsz == 2 && coord == 1)
                continue; // a 2-long ring has one neighbour: link once
            const int j = i + (coord + 1 < dsz ? stride : -(dsz - 1) * stride);
            for (int l = 0; l < spec.linksPerNeighbor; ++l)
                wiring.connect(switches[std::size_t(i)], nextPort[std::size_t(i)]++, switches[std::size_t(j)],
                               nextPort[std::size_t(j)]++);
        }
        stride *= dsz;
    }
    (void)dx;
    (void)dy;
    std::vector<Message> notes;
    placeAndCable(design, catalog, 4, notes);
    return design;
}

} // namespace cplan
