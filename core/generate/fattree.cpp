#include "generate/fattree.h"

#include "catalog/catalog.h"
#include "generate/common.h"
#include "generate/ethernet.h"
#include "generate/fattreecanvas.h"
#include "generate/fattreeshape.h"
#include "io/generatorrecord.h"

#include <algorithm>
#include <optional>

namespace cplan {

namespace {

using gen::ceilDiv;
using gen::digits;
using gen::FatTreeInputs;
using gen::FatTreeCanvas;
using gen::FatTreeShape;
using gen::padded;

// Builds the design of a planned fat tree: servers once, then every plane's switches and links.
class FatTreeBuilder
{
public:
    FatTreeBuilder(const FatTreeSpec &spec, const FatTreeShape &shape, int rails, Design &design, FatTreeReport &report)
        : m_spec(spec), m_s(shape), m_rails(rails), m_planes(spec.planes), m_design(design), m_report(report), m_canvas(shape),
          m_wiring(design)
    {
    }

    void groups();
    void servers(const Catalog &catalog);
    void plane(int q, const Part *mgmt);
    Status tenants();

private:
    std::string unitName(int unit) const { return padded("su", unit + 1, digits(m_s.units)); }
    std::string podName(int pod) const { return padded("pod", pod + 1, digits(m_s.pods)); }
    // Switch and appliance ids carry their plane ("p2-su01-leaf3") when there are several.
    std::string inPlane(int q, std::string id) const { return m_planes > 1 ? "p" + std::to_string(q + 1) + "-" + id : id; }
    NodeId addSwitch(int q, std::string id, Tier tier, std::string group, double x, double y);
    std::string leafName(int l) const;
    std::vector<NodeId> leaves(int q);
    void serverLinks(int q, const std::vector<NodeId> &leafIds);
    void management(int q, const std::vector<NodeId> &leafIds, const Part *mgmt);
    void twoTier(int q, const std::vector<NodeId> &leafIds);
    void threeTier(int q, const std::vector<NodeId> &leafIds);
    std::vector<NodeId> podSpines(int q, const std::vector<NodeId> &leafIds);

    const FatTreeSpec &m_spec;
    const FatTreeShape &m_s;
    const int m_rails, m_planes;   // rails of the whole server (over all planes), planes
    Design &m_design;
    FatTreeReport &m_report;
    FatTreeCanvas m_canvas;
    gen::Wiring m_wiring;
    std::vector<NodeId> m_servers;
};

void FatTreeBuilder::groups()
{
    if (m_s.tiers == 3)
        for (int q = 0; q < m_s.pods; ++q)
            m_design.groups.push_back(Group{podName(q), GroupKind::Pod, "Pod " + std::to_string(q + 1), {}});
    if (m_s.tiers > 1)
        for (int s = 0; s < m_s.units; ++s)
            m_design.groups.push_back(Group{unitName(s), GroupKind::ScalableUnit, "SU " + std::to_string(s + 1),
                                            m_s.tiers == 3 ? podName(s / m_s.unitsPerPod) : std::string()});
}

void FatTreeBuilder::servers(const Catalog &catalog)
{
    const int serverDigits = std::max(3, digits(m_s.servers));
    m_servers.reserve(std::size_t(m_s.servers));
    int j = 0;
    for (const auto &[partId, count] : m_spec.servers) {
        const Part *part = catalog.find(partId);
        for (int c = 0; c < count; ++c, ++j) {
            Node n;
            n.id = padded(part->gpuCount > 0 ? "gpu" : "host", j + 1, serverDigits);
            n.part = partId;
            n.role = NodeRole::Server;
            n.tier = Tier::Endpoint;
            n.group = m_s.tiers > 1 ? unitName(j / m_s.suSize) : std::string();
            n.x = m_canvas.serverX(j);
            n.y = m_canvas.serverY(j / std::max(m_s.suSize, 1));
            if (!m_spec.hcaOverride.empty())
                n.hcas.assign(std::size_t(std::max(1, part->hcaCount)), m_spec.hcaOverride);
            m_servers.push_back(m_design.addNode(std::move(n)));
        }
    }
}

NodeId FatTreeBuilder::addSwitch(int q, std::string id, Tier tier, std::string group, double x, double y)
{
    Node n;
    n.id = inPlane(q, std::move(id));
    n.part = m_spec.switchPart;
    n.role = NodeRole::Switch;
    n.tier = tier;
    n.group = std::move(group);
    n.plane = m_planes > 1 ? q + 1 : 0;
    n.x = x;
    n.y = y;
    return m_design.addNode(std::move(n));
}

std::string FatTreeBuilder::leafName(int l) const
{
    const int unit = l / m_s.leavesPerUnit, inUnit = l % m_s.leavesPerUnit;
    if (m_s.tiers == 1)
        return "switch01";
    if (m_s.rails > 1 && m_s.leavesPerRail > 1)
        return unitName(unit) + "-leaf" + std::to_string(inUnit / m_s.leavesPerRail + 1) + char('a' + inUnit % m_s.leavesPerRail);
    return unitName(unit) + "-leaf" + std::to_string(inUnit + 1);
}

std::vector<NodeId> FatTreeBuilder::leaves(int q)
{
    std::vector<NodeId> ids(std::size_t(m_s.leaves));
    for (int l = 0; l < m_s.leaves; ++l)
        ids[std::size_t(l)] = addSwitch(q, leafName(l), Tier::Leaf, m_s.tiers > 1 ? unitName(l / m_s.leavesPerUnit) : std::string(),
                                        m_canvas.leafX(l), m_canvas.leafY(l, q));
    return ids;
}

// Server port i (0-based) is on rail i mod rails, the rail on plane rail mod planes. On its
// plane it is port k * planeRails + rail / planes, k = i / rails (its place among the server's
// ports of that rail), so that each plane sees the servers as the plan does.
void FatTreeBuilder::serverLinks(int q, const std::vector<NodeId> &leafIds)
{
    const int planeRails = m_rails / m_planes;
    for (int j = 0; j < m_s.servers; ++j)
        for (int local = 0; local < m_s.ports; ++local) {
            const int k = local / planeRails, rail = (local % planeRails) * m_planes + q;
            const auto [leaf, port] = m_s.serverLeaf(j, local);
            m_wiring.connect(m_servers[std::size_t(j)], k * m_rails + rail + 1, leafIds[std::size_t(leaf)], port);
        }
}

void FatTreeBuilder::management(int q, const std::vector<NodeId> &leafIds, const Part *mgmt)
{
    for (int a = 0; a < int(m_s.mgmtPorts.size()); ++a) {
        const auto [leaf, port] = m_s.mgmtPorts[std::size_t(a)];
        const Node &leafNode = m_design.node(leafIds[std::size_t(leaf)]);
        Node n;
        n.id = inPlane(q, "ufm" + std::to_string(a + 1));
        n.part = mgmt->id;
        n.role = NodeRole::Management;
        n.group = leafNode.group;
        n.plane = leafNode.plane;
        n.x = leafNode.x + (a % 2 ? 0.5 : -0.5) * FatTreeCanvas::kServerPitch;
        n.y = m_canvas.serverY(leaf / std::max(m_s.leavesPerUnit, 1)) + FatTreeCanvas::kServerPitch * 1.5;
        const NodeId id = m_design.addNode(std::move(n));
        m_wiring.connect(id, 1, leafIds[std::size_t(leaf)], port);
    }
}

void FatTreeBuilder::twoTier(int q, const std::vector<NodeId> &leafIds)
{
    const int L = m_s.leaves, k = m_s.k, u = m_s.u, d = m_s.d;
    const int S = m_s.spines;
    const int per = u / S;
    if (q == 0 && L * per < k)
        m_report.notes.push_back({CPLAN_TR("Engine", "spines: %1, each with %2 of %3 ports used (%4 link(s) to every leaf keep the "
                                                     "tree balanced)"),
                                  {std::to_string(S), std::to_string(L * per), std::to_string(k), std::to_string(per)}});
    const int plain = ceilDiv(L * u, k);
    if (q == 0 && S > plain)
        m_report.notes.push_back({CPLAN_TR("Engine", "%1 uplinks would fit %2 spine(s), but each leaf's %3 uplinks must split evenly "
                                                     "over the spines: %4 spines, %5 link(s) from each leaf to each"),
                                  {std::to_string(L * u), std::to_string(plain), std::to_string(u), std::to_string(S), std::to_string(per)}});
    std::vector<NodeId> spineIds;
    for (int s = 0; s < S; ++s)
        spineIds.push_back(addSwitch(q, padded("spine", s + 1, digits(S)), Tier::Spine, {}, m_canvas.topX(s, S),
                                      m_canvas.topY(Tier::Spine, q)));
    for (int l = 0; l < L; ++l)
        for (int s = 0; s < S; ++s)
            for (int c = 0; c < per; ++c)
                m_wiring.connect(leafIds[std::size_t(l)], d + s * per + c + 1, spineIds[std::size_t(s)], l * per + c + 1);
    m_report.spines += S;
    m_report.linksLeafSpine = per;
}

// The spines of every pod, wired to the pod's leaves.
std::vector<NodeId> FatTreeBuilder::podSpines(int q, const std::vector<NodeId> &leafIds)
{
    const int podLeaves = m_s.unitsPerPod * m_s.leavesPerUnit, spines = m_s.podSpines;
    const int per = m_s.u / spines;
    std::vector<NodeId> ids(static_cast<std::size_t>(m_s.pods * spines));
    for (int pod = 0; pod < m_s.pods; ++pod) {
        for (int s = 0; s < spines; ++s)
            ids[std::size_t(pod * spines + s)] = addSwitch(q, podName(pod) + "-" + padded("spine", s + 1, digits(spines)), Tier::Spine,
                                                           podName(pod), m_canvas.podSpineX(pod, s, spines),
                                                           m_canvas.podSpineY(pod, q));
        for (int li = 0; li < podLeaves; ++li)
            for (int s = 0; s < spines; ++s)
                for (int c = 0; c < per; ++c)
                    m_wiring.connect(leafIds[std::size_t(pod * podLeaves + li)], m_s.d + s * per + c + 1,
                                     ids[std::size_t(pod * spines + s)], li * per + c + 1);
    }
    m_report.linksLeafSpine = per;
    return ids;
}

void FatTreeBuilder::threeTier(int q, const std::vector<NodeId> &leafIds)
{
    const std::vector<NodeId> spineIds = podSpines(q, leafIds);
    const int perCore = m_s.spineUp / m_s.coresPerGroup;
    const int cores = m_s.podSpines * m_s.coresPerGroup;
    std::vector<NodeId> coreIds;
    for (int c = 0; c < cores; ++c)
        coreIds.push_back(addSwitch(q, padded("core", c + 1, digits(cores)), Tier::Core, {}, m_canvas.topX(c, cores),
                                     m_canvas.topY(Tier::Core, q)));
    // Spine s of every pod joins core group s; each spine sends perCore links to each core of its group.
    for (int pod = 0; pod < m_s.pods; ++pod)
        for (int s = 0; s < m_s.podSpines; ++s)
            for (int c = 0; c < m_s.coresPerGroup; ++c)
                for (int x = 0; x < perCore; ++x)
                    m_wiring.connect(spineIds[std::size_t(pod * m_s.podSpines + s)], m_s.spineDown + c * perCore + x + 1,
                                     coreIds[std::size_t(s * m_s.coresPerGroup + c)], pod * perCore + x + 1);
    m_report.spines += m_s.pods * m_s.podSpines;
    m_report.cores += cores;
    m_report.linksSpineCore = perCore;
}

void FatTreeBuilder::plane(int q, const Part *mgmt)
{
    const std::vector<NodeId> leafIds = leaves(q);
    serverLinks(q, leafIds);
    if (mgmt)
        management(q, leafIds, mgmt);
    if (m_s.tiers == 2)
        twoTier(q, leafIds);
    else if (m_s.tiers == 3)
        threeTier(q, leafIds);
}

Status FatTreeBuilder::tenants()
{
    int next = 0;
    for (const auto &[tenantName, count] : m_spec.tenants) {
        if (count < 0 || next + count > m_s.servers)
            return makeError("generate fat-tree", {CPLAN_TR("Engine", "tenants ask for more servers than the design has"), {}});
        Tenant t;
        t.id = tenantName;
        t.name = tenantName;
        for (int c = 0; c < count; ++c)
            t.servers.push_back(m_design.node(m_servers[std::size_t(next++)]).id);
        m_design.tenants.push_back(std::move(t));
    }
    return Ok{};
}

// Rails over the whole server (auto: a rail per port) and their split over the planes.
Result<int> serverRails(const FatTreeSpec &spec, int p, std::vector<Message> &notes)
{
    const int rails = spec.rails == 0 ? (p > 1 ? p : 1) : spec.rails;
    // A rail per port (a DGX: 8), or fewer rails each taking several ports of a server, as a
    // rack-scale system needs (a GB200 NVL72's 72 ports on 18 rails: 4 per rail).
    if (rails < 1 || rails > p || p % rails != 0)
        return makeError("generate fat-tree",
                         {CPLAN_TR("Engine", "rails must divide the number of fabric ports per server (%1): 1, the port count, or a "
                                             "divisor between"),
                          {std::to_string(p)}});
    if (rails % spec.planes != 0)
        return makeError("generate fat-tree",
                         {CPLAN_TR("Engine", "%1 planes do not divide the %2 rails of a server (rail r goes to plane r mod planes)"),
                          {std::to_string(spec.planes), std::to_string(rails)}});
    if (spec.planes > 1 && !spec.railOnly) // rail-only says it in its own note
        notes.push_back({CPLAN_TR("Engine", "%1 planes: rail r of every server on plane r mod %1, %2 port(s) of each server per plane; "
                                            "each plane is its own subnet (its own subnet manager and LID space), identical to the others"),
                         {std::to_string(spec.planes), std::to_string(p / spec.planes)}});
    return rails;
}

// The switch part decides the fabric's protocol; the rules that differ on Ethernet, and the
// switch's ports at the fabric's speed: the spec with the switch part the design uses (a
// derived part, registered with the catalog, when its ports are broken out).
Result<FatTreeSpec> fabricSpec(const FatTreeSpec &spec, const Catalog &catalog, FatTreeReport &report, std::vector<Part> &derived)
{
    auto in = gen::checkFatTreeSpec(spec, catalog);
    if (!in)
        return in.error();
    const Part &sw = *in->sw;
    if (auto st = gen::checkProtocol(spec, catalog, sw); !st)
        return st.error();
    auto nic = gen::ethernetPlanes(spec, catalog, sw, report.notes);
    if (!nic)
        return nic.error();
    FatTreeSpec out = spec;
    if (*nic) {
        if (auto st = catalog.addImportedPart(**nic); !st)
            return st.error();
        out.hcaOverride = (*nic)->id;
        derived.push_back(std::move(**nic));
    }
    auto ports = gen::breakoutPorts(out, catalog, sw, report.notes);
    if (!ports)
        return ports.error();
    if (ports->derived) {
        if (auto st = catalog.addImportedPart(*ports->derived); !st)
            return st.error();
        out.switchPart = ports->derived->id;
        derived.push_back(std::move(*ports->derived));
    }
    report.protocol = sw.protocol;
    report.portSpeedGbps = ports->speedGbps;
    report.breakout = ports->breakout;
    report.switchPart = out.switchPart;
    report.dualTor = spec.dualTor;
    report.podOversubDown = spec.podOversubDown;
    report.podOversubUp = spec.podOversubUp;
    return out;
}

// The fat tree of a spec, plane by plane (rail-only comes here with a plane per rail).
Result<Design> buildFatTree(const FatTreeSpec &asked, const Catalog &catalog, FatTreeReport &report)
{
    std::vector<Part> derived;
    auto fabric = fabricSpec(asked, catalog, report, derived);
    if (!fabric)
        return fabric.error();
    const FatTreeSpec &spec = *fabric;
    auto in = gen::checkFatTreeSpec(spec, catalog);
    if (!in)
        return in.error();
    auto rails = serverRails(spec, in->ports, report.notes);
    if (!rails)
        return rails.error();
    auto shape = gen::planFatTree(spec, *in, in->ports / spec.planes, *rails / spec.planes, report.notes);
    if (!shape)
        return shape.error();
    if (auto st = gen::checkDualTor(spec, catalog, *shape, *rails, report.notes); !st)
        return st.error();
    if (shape->tiers != 3 && spec.podOversubDown != spec.podOversubUp)
        report.notes.push_back({CPLAN_TR("Engine", "the tree has %1 tier(s) and no pods: the oversubscription between pods does not "
                                                   "apply"),
                                {std::to_string(shape->tiers)}});

    Design design;
    design.name = spec.name;
    design.parts = std::move(derived);
    FatTreeBuilder build(spec, *shape, *rails, design, report);
    build.groups();
    build.servers(catalog);
    for (int q = 0; q < spec.planes; ++q)
        build.plane(q, in->mgmt);
    if (auto st = build.tenants(); !st)
        return st.error();
    gen::placeAndCable(design, catalog, spec.serversPerRack, report.notes);

    report.tiers = shape->tiers;
    report.rails = *rails;
    report.railsPerLeaf = shape->railsPerLeaf;
    report.planes = spec.planes;
    report.suSize = shape->suSize;
    report.scalableUnits = shape->units;
    report.pods = shape->pods;
    report.leafDown = shape->d;
    report.leafUp = shape->u;
    report.askedDown = spec.blockingDown;
    report.askedUp = spec.blockingUp;
    report.blocking = gen::blockingSummary(spec, *shape);
    report.leaves = shape->leaves * spec.planes;
    // Kept in the design so that the window, the report and `cplan` say it after reopening.
    if (!report.blocking.format.empty())
        setGeneratorRecord(design, {"fat-tree", spec.blockingDown, spec.blockingUp, shape->d, shape->u, report.blocking});
    return design;
}

// What rail-only wiring saves against the rail-optimized fat tree and what it costs: the first
// note of a rail-only report, so that the CLI and the wizard lead with it.
Message railOnlyNote(const FatTreeReport &r, std::size_t links)
{
    const int switches = r.leaves + r.spines + r.cores;
    std::vector<std::string> args{std::to_string(switches), std::to_string(links), std::to_string(r.fatTreeSwitches),
                                  std::to_string(r.fatTreeLinks), std::to_string(r.rails)};
    if (r.spines + r.cores == 0)
        return {CPLAN_TR("Engine", "rail-only: %1 switches and %2 links, against %3 switches and %4 links for the rail-optimized fat "
                                   "tree of the same servers. Each of the %5 rails is a network of its own, one switch with no spine, "
                                   "and its own subnet (its own subnet manager and LID space); no switch joins two rails: a GPU "
                                   "reaches another server's GPU on a different rail only through NVLink to its own server's GPU on "
                                   "that rail (NVIDIA PXN), so NCCL's collectives run as on the tree and a pattern between HCAs runs "
                                   "within each rail"),
                std::move(args)};
    args.push_back(std::to_string(r.tiers));
    args.push_back(std::to_string(switches / r.rails));
    return {CPLAN_TR("Engine", "rail-only: %1 switches and %2 links, against %3 switches and %4 links for the rail-optimized fat "
                               "tree of the same servers. Each of the %5 rails is a network of its own, a %6-tier fat tree of %7 "
                               "switches (a rail is wider than one switch), and its own subnet (its own subnet manager and LID "
                               "space); no switch joins two rails: a GPU reaches another server's GPU on a different rail only "
                               "through NVLink to its own server's GPU on that rail (NVIDIA PXN), so NCCL's collectives run as on "
                               "the tree and a pattern between HCAs runs within each rail"),
            std::move(args)};
}

// Rail-only wiring is a design of one plane per rail; the rail-optimized fat tree of the same
// servers is generated too, to say what the choice saves and what it costs.
Result<Design> generateRailOnly(const FatTreeSpec &spec, const Catalog &catalog, FatTreeReport &report)
{
    if (spec.planes != 1)
        return makeError("generate fat-tree", {CPLAN_TR("Engine", "rail-only wiring makes one network per rail: leave the planes out"), {}});
    FatTreeSpec tree = spec;
    tree.railOnly = false;
    FatTreeReport treeReport;
    auto full = buildFatTree(tree, catalog, treeReport);
    if (!full)
        return full.error();
    const int rails = treeReport.rails;
    if (rails < 2 || rails > kMaxPlanes)
        return makeError("generate fat-tree", {CPLAN_TR("Engine", "rail-only wiring needs servers on 2 to %1 rails; these have %2"),
                                               {std::to_string(kMaxPlanes), std::to_string(rails)}});
    FatTreeSpec perRail = spec;
    perRail.planes = rails;
    auto design = buildFatTree(perRail, catalog, report);
    if (!design)
        return design.error();
    report.railOnly = true;
    report.fatTreeSwitches = treeReport.leaves + treeReport.spines + treeReport.cores;
    report.fatTreeLinks = int(full->links.size());
    report.notes.insert(report.notes.begin(), railOnlyNote(report, design->links.size()));
    return design;
}

} // namespace

Result<Design> generateFatTree(const FatTreeSpec &spec, const Catalog &catalog, FatTreeReport *reportOut)
{
    FatTreeReport report;
    auto design = spec.railOnly ? generateRailOnly(spec, catalog, report) : buildFatTree(spec, catalog, report);
    if (design && reportOut)
        *reportOut = std::move(report);
    return design;
}

} // namespace cplan
