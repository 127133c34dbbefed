#pragma once

#include "catalog/part.h"
#include "model/flatindex.h"
#include "model/ids.h"
#include "model/loadbalancing.h"
#include "model/portindex.h"
#include "model/tier.h"

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cplan {

class Catalog;
struct Part;

// What a node is in the fabric. Derived from its part (defaultRole): a switch, a server, or a
// management appliance (UFM; `role: management` in the catalog), which counts as a node-leaf
// endpoint but carries no GPUs for scheduling.
enum class NodeRole { Switch, Server, Management };

// HCAs one server may hold, in the catalog (hca_count) and in a design file (hcas): a GB200
// NVL72 rack modelled as one system has 72; 1024 HCAs x 16 ports still fits an int port number.
inline constexpr int kMaxHcasPerServer = 1024;
// GPUs one server may hold (the catalog's gpu_count; a scheduler pool's node): a GB200 NVL72
// rack modelled as one system has 72; every structure sized per server holds this many.
inline constexpr int kMaxGpusPerServer = 1024;
const char *toString(NodeRole role);
// An MTU a design may state, bytes: at least the 68 every IPv4 link must carry (RFC 791), at most
// the 65,535 of the IP packet length field.
inline constexpr int kMinMtu = 68;
inline constexpr int kMaxMtu = 65'535;

struct Node
{
    std::string id;            // unique in the design, used in files and link endpoints
    std::string part;          // catalog id
    std::string name;          // display name and node description in exports (defaults to id)
    NodeRole role = NodeRole::Server;
    Tier tier = Tier::Endpoint; // servers: Endpoint; switches: Leaf, Spine, Core (Endpoint = unset)
    double x = 0, y = 0;       // canvas position
    std::string group;         // id of a group (SU, pod) or empty
    // The independent fabric (plane: its own subnet) a switch or appliance belongs to, 1-based;
    // 0 = the design's one fabric. Servers span the planes their HCAs are cabled to (plane 0).
    int plane = 0;
    std::string rack;          // rack label or empty (a rack of `racks`, or an undeclared one)
    std::optional<int> u;      // lowest rack unit the device takes, 1 = bottom; empty = not placed
    // HCAs fitted to a server beyond (or instead of) its part's own; empty = the part's.
    std::vector<std::string> hcas;
    std::optional<std::uint64_t> guid; // explicit node GUID; else derived from the id
    // The MTU (bytes) configured on the node's ports where it differs from the design's
    // (Settings::mtu); empty = the design's.
    std::optional<int> mtu;
};

struct Link
{
    std::string id;
    PortRef a, b;
    std::string cable;         // catalog id of the cable part; empty = choose automatically
    std::optional<double> lengthM;
    // Width and speed as discovered on an installed fabric ("4xQDR", "1xSDR"; see
    // model/linkrate.h); empty for a planned link.
    std::string rate;
};

enum class GroupKind { ScalableUnit, Pod, Rack, Other };
const char *toString(GroupKind kind);

struct Group
{
    std::string id;
    GroupKind kind = GroupKind::Other;
    std::string name;
    std::string parent;        // an SU's pod, or empty
};

// A rack on the floor: which rack part, where it stands, and the site's budgets for it. Nodes
// name their rack by id; a rack that nodes name but `racks` does not declare is a rack of the
// default part at an unknown place (older designs).
struct Rack
{
    std::string id;
    std::string part;                    // catalog rack part; empty = the catalog's default rack
    std::string name;
    std::string room;                    // data hall; empty = the one room
    std::string row;                     // row label, for elevations and the floor plan
    std::optional<double> xM, yM;        // centre of the rack's footprint in its room, metres
    // The site's figures for this rack, where they differ from (or fill in) the rack part's.
    std::optional<double> powerBudgetW;  // electrical budget
    std::optional<double> coolingW;      // heat the rack's cooling removes
    std::optional<double> weightLimitKg; // equipment the rack (or the floor under it) may carry
};

struct Tenant
{
    std::string id;
    std::string name;
    std::vector<std::string> servers; // node ids
    std::optional<int> quotaGpus;     // soft quota (borrowing allowed); empty = no quota
};

struct Settings
{
    std::string currency = "USD";
    std::string routingEngine = "ftree";
    double electricityPricePerKWh = 0.12; // USD / kWh, an assumption shown in reports
    double pue = 1.3;
    int tcoYears = 5;
    // The quote's terms (the BOM workbook, the report, `cplan bom`), percent.
    double sparesPercent = 0;   // spares on cables and transceivers
    double discountPercent = 0; // off the whole quote
    // In-network reduction (InfiniBand SHARP) on the switches that have it: NCCL's CollNet and
    // NVLS across nodes. false: the fabric's SHARP is left off (as NCCL_COLLNET_ENABLE=0).
    bool sharp = true;
    // How flows spread over equal-cost paths; unset: the fabric's own (LFTs on InfiniBand, ECMP
    // on Ethernet).
    std::optional<LoadBalancing> loadBalancing;
    // The MTU (bytes) configured on every port of the fabric unless a node says otherwise
    // (Node::mtu); unset: not stated, and the MTU rules check nothing (validate/mtu.h).
    std::optional<int> mtu;

    bool operator==(const Settings &) const = default;
};

// A design: nodes, links, groups, tenants. Plain data plus the indices that keep lookups fast.
// Node and link ids (the strings) are unique; NodeId/LinkId are positions in the vectors and
// are only stable until a node or link is removed.
class Design
{
public:
    std::string name;
    std::string notes;
    Settings settings;
    std::vector<Node> nodes;
    std::vector<Link> links;
    std::vector<Group> groups;
    std::vector<Rack> racks;     // declared racks, in floor order
    std::vector<Tenant> tenants;
    // Generic parts this design brings along (Part::imported: built by an as-built import,
    // not in any catalog). Loading the design registers them with the catalog.
    std::vector<Part> parts;
    // Sections kept as YAML text: workloads (verbatim, not interpreted), generator (io/generatorrecord.h).
    std::map<std::string, std::string> extra;

    // A copy without the lookups (call reindex() before findNode, findLink or linkAt): what the
    // GUI thread can afford to snapshot of a 300,000-link design, the indexing done on a worker.
    // A new member of Design goes in here too.
    Design unindexedCopy() const;

    NodeId addNode(Node node);
    LinkId addLink(Link link);
    // Removes nodes (and every link touching them) or links. The lookups are updated in place
    // (rebuilt when they were not exact: see designindex.cpp).
    void removeNodes(const std::vector<NodeId> &ids);
    void removeLinks(const std::vector<LinkId> &ids);
    // Puts nodes or links back at their positions (pairs of final position and element, sorted
    // by position): what undoing a removal does. Inserted links name their nodes by position in
    // the design as it is after the insertion.
    void insertNodes(std::vector<std::pair<std::uint32_t, Node>> added);
    void insertLinks(std::vector<std::pair<std::uint32_t, Link>> added);

    std::optional<NodeId> findNode(const std::string &id) const;
    std::optional<LinkId> findLink(const std::string &id) const;
    const Node &node(NodeId id) const { return nodes[id.value]; }
    Node &node(NodeId id) { return nodes[id.value]; }
    const Link &link(LinkId id) const { return links[id.value]; }

    // The link on a port, if any (first one found; validation reports ports used twice).
    std::optional<LinkId> linkAt(PortRef port) const;
    // Rebuilds the id -> index maps and the port -> link map after bulk edits.
    void reindex();

    // A declared rack by id (linear: designs have at most a few thousand racks; callers that
    // look up every node build a map once).
    const Rack *findRack(const std::string &id) const;

    // A fresh id "prefix-N" not used by any node or link.
    std::string uniqueId(const std::string &prefix) const;

private:
    bool nodeIndexExact() const;
    bool linkIndexExact() const;
    bool eraseNodeEntries(const std::vector<std::uint32_t> &dead);
    bool eraseLinkEntries(const std::vector<std::uint32_t> &dead);

    IdIndex m_nodeIndex;   // node id -> position (the ids are the nodes' own)
    IdIndex m_linkIndex;
    PortIndex m_portLinks; // (node, port) -> link
};

// Port facts of a node, resolved through the catalog: how many ports, their speed and cage.
struct PortInfo
{
    int number = 0;                 // 1-based
    double speedGbps = 0;           // 0 = unknown
    int cage = 0;                   // 1-based cage (twin-port OSFP holds two ports)
    int hca = 0;                    // for servers: 1-based HCA index; 0 for switches
    std::string hcaPart;            // for servers: the HCA's part id
};
// Ports of a node. Switch: the part's ports. Server: the ports of its HCAs in order
// (HCA 1 port 1, HCA 1 port 2, HCA 2 port 1, ...). Empty if the part is unknown.
std::vector<PortInfo> nodePorts(const Node &node, const Catalog &catalog);
int nodePortCount(const Node &node, const Catalog &catalog);

// The role a node made of `part` has unless its file says otherwise: a switch, a management
// appliance (the catalog's `role: management`) or a server.
NodeRole defaultRole(const Part &part);

// Speed a link runs at: the lower of its two ports' speeds (0 if unknown).
double linkSpeedGbps(const Design &design, const Link &link, const Catalog &catalog);

// Planes of a design: the highest plane any node names (0 when the design is one fabric).
int designPlanes(const Design &design);
// A link's plane: the plane of the end that has one (a switch or an appliance), else 0.
int linkPlane(const Design &design, const Link &link);
// One plane of a multi-plane design as a design of its own, for what looks at one subnet (an
// as-built dump of it): that plane's switches and appliances, the servers with a link in it
// (whole: their ports keep their numbers), and its links. Ids, names and GUIDs are kept.
Design planeView(const Design &design, int plane);

// The MTU configured on a node's ports: its own, else the design's; empty when neither is stated.
inline std::optional<int> configuredMtu(const Design &design, const Node &node)
{
    return node.mtu ? node.mtu : design.settings.mtu;
}

// GPUs in a node (0 for switches, management appliances and unknown parts).
int nodeGpuCount(const Node &node, const Catalog &catalog);

// Parses "node:port" (port 1-based). Returns nullopt on a malformed reference.
std::optional<std::pair<std::string, int>> parsePortRef(const std::string &text);
std::string formatPortRef(const Design &design, PortRef ref);
// A port as its front panel, the cable plan and the labels name it: "17/2" (port 2 of cage 17)
// on a switch with multi-port cages, "HCA-3/1" (port 1 of the server's third adapter) on a
// server, the plain number otherwise. `ports` is nodePorts() of the node.
std::string frontPanelPort(const std::vector<PortInfo> &ports, int port);
// A port as the window writes it: the design's "node:port" (what the file, the search and the
// subnet manager's port numbers use), followed by the front-panel label where that differs:
// "sw-2:34 (17/2)", "gpu001:3 (HCA-3/1)", "host:1".
std::string portDisplayName(const Design &design, const Catalog &catalog, PortRef ref);

// A stable 64-bit GUID from a node's id (or its explicit guid).
std::uint64_t nodeGuid(const Node &node);

} // namespace cplan
