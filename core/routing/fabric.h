#pragma once

#include "model/design.h"

#include <cstdint>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

namespace cplan {

class Catalog;

// The InfiniBand view of a design: switches and channel adapters (one CA per server HCA, as
// the subnet manager sees them), their ports, and the cables between them. Each connected
// port is the sending end of one directed channel (its global port index), so a cable is two
// channels running at the lower speed of its ends.
//
// Incremental use: links and nodes can be taken out and put back (setLinkAlive,
// setNodeAlive) without rebuilding anything; routing then runs again on the same fabric.
inline constexpr std::uint32_t kNoIndex = 0xffffffffu;

enum class FabricNodeKind : std::uint8_t { Switch, Ca };

struct FabricNode
{
    FabricNodeKind kind = FabricNodeKind::Switch;
    NodeId designNode;
    int hca = 0;                  // CA: 1-based HCA index inside its server
    int firstDesignPort = 1;      // CA: the server's design port number of the CA's port 1
    int portCount = 0;
    int tier = 0;                 // switch: design tier (1 = leaf); CA: 0
    std::uint64_t guid = 0;       // node GUID (a CA's port p has GUID guid + p, as ibsim does)
    std::uint32_t portBase = 0;   // global index of port 1
    std::uint32_t lid = 0;        // switch LID (CA ports carry their own, see FabricPort::lid)
    std::string description;      // node description: the switch name, or "server HCA-i"
    std::string part;             // switch part or HCA part id
    bool alive = true;

    bool isSwitch() const { return kind == FabricNodeKind::Switch; }
};

struct FabricPort
{
    std::uint32_t node = kNoIndex;   // owning fabric node
    int number = 0;                  // 1-based
    std::uint32_t peer = kNoIndex;   // global index of the port at the other end of the cable
    LinkId link;
    double speedGbps = 0;            // the cable's rate: lower of both ends (0 = unknown)
    double lengthM = 0;              // 0 = unknown
    std::uint32_t lid = 0;           // CA ports: their LID; switch ports: 0
    bool alive = true;               // false when the link or either node is failed

    bool connected() const { return peer != kNoIndex && alive; }
};

class Fabric
{
public:
    // Builds the view. Never fails: parts the catalog does not know give nodes without ports,
    // which are listed in warnings(). With plane > 0, only that plane of a multi-plane design
    // (its own subnet): its switches and appliances, and the server HCAs cabled to them.
    static Fabric build(const Design &design, const Catalog &catalog, int plane = 0);

    const std::vector<FabricNode> &nodes() const { return m_nodes; }
    const std::vector<FabricPort> &ports() const { return m_ports; }
    const FabricNode &node(std::uint32_t n) const { return m_nodes[n]; }
    const FabricPort &port(std::uint32_t p) const { return m_ports[p]; }
    std::uint32_t portIndex(std::uint32_t node, int number) const { return m_nodes[node].portBase + std::uint32_t(number - 1); }
    // The node at the far end of a port's cable (kNoIndex if not connected).
    std::uint32_t peerNode(std::uint32_t port) const
    {
        const FabricPort &p = m_ports[port];
        return p.connected() ? m_ports[p.peer].node : kNoIndex;
    }

    // Switch node indices in design order; slot of a node in that list (kNoIndex for CAs).
    const std::vector<std::uint32_t> &switches() const { return m_switches; }
    std::uint32_t switchSlot(std::uint32_t node) const { return m_switchSlot[node]; }
    // CA node indices in canonical order (see endpoints()).
    const std::vector<std::uint32_t> &cas() const { return m_cas; }

    // Endpoints: every cabled CA port, in canonical order: grouped by the switch they attach
    // to (switches in design order, then port number), so that endpoints under one leaf are
    // consecutive. The ibnetdiscover export lists CAs in this order and traffic patterns
    // number endpoints this way (shift:K here is the shift of tests/integration/ibtopology.h).
    const std::vector<std::uint32_t> &endpoints() const { return m_endpoints; }
    std::uint32_t endpointOfPort(std::uint32_t port) const { return m_endpointOfPort[port]; }
    // Endpoints of a server's HCAs (design port order); empty if it has none cabled.
    std::vector<std::uint32_t> serverEndpoints(NodeId server) const;
    // The switch an endpoint is cabled to and the switch port (kNoIndex / 0 if none).
    std::uint32_t endpointSwitch(std::uint32_t endpoint) const;
    bool endpointAlive(std::uint32_t endpoint) const;

    // Fabric nodes of a design node: the switch, or the server's CAs.
    std::vector<std::uint32_t> nodesOf(NodeId designNode) const;
    std::uint32_t maxLid() const { return m_maxLid; }
    const std::vector<std::string> &warnings() const { return m_warnings; }

    // Failures, applied in place. A dead node takes its cables down with it.
    void setLinkAlive(LinkId link, bool alive);
    void setNodeAlive(NodeId designNode, bool alive);
    bool hasFailures() const { return m_failures > 0; }

    // Switch tiers consistent for a fat tree: every switch-switch cable joins tiers t and t+1,
    // every switch with a tier >= 1. Uses design tiers when they qualify, else ranks by hop
    // distance from the switches that have CAs. Empty when the fabric is not tiered.
    std::vector<int> fatTreeTiers() const;

private:
    using GuidSet = std::unordered_set<std::uint64_t>;
    void addSwitch(const Design &design, NodeId id, const Part &part, GuidSet &guids);
    void addCas(const Design &design, NodeId id, const Catalog &catalog, int plane, GuidSet &guids);
    void addCables(const Design &design, const Catalog &catalog, int plane);
    void orderEndpoints();
    void assignLids();
    void refreshAlive();

    std::vector<FabricNode> m_nodes;
    std::vector<FabricPort> m_ports;
    std::vector<std::uint32_t> m_switches, m_switchSlot, m_cas, m_endpoints, m_endpointOfPort;
    std::vector<std::uint32_t> m_designFirst;   // design node -> first fabric node
    std::vector<std::uint32_t> m_designCount;   // design node -> number of fabric nodes
    std::vector<char> m_linkDead;               // per design link
    std::vector<std::uint32_t> m_linkPorts;     // per design link: port at end a, end b
    std::vector<std::string> m_warnings;
    std::uint32_t m_maxLid = 0;
    int m_failures = 0;
};

// Speed name as ibnetdiscover writes it ("4xNDR") for a link rate; empty if unknown.
std::string ibSpeedName(double speedGbps);

} // namespace cplan
