#pragma once

// One side of a verification (the plan or the as-built) as the matcher needs it: ports of
// every node in HCA terms, cables by endpoint, GUIDs. Internal to core/verify.

#include "model/design.h"
#include "verify/verify.h"

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cplan {

class Catalog;

namespace verifyimpl {

// A port in terms both sides share: the HCA (0 on a switch) and the port on it.
struct LocalPort
{
    int hca = 0;
    int port = 0;
    bool operator==(const LocalPort &) const = default;
};

struct Side
{
    Side(const Design &design, const Catalog &catalog);

    const Design &design;
    const Catalog &catalog;
    std::vector<std::vector<PortInfo>> ports;            // per node
    std::vector<std::vector<std::uint64_t>> guids;       // per node: GUIDs that identify it
    // Per node, HCA number -> its rank among the node's cabled HCAs (1-based, 0 = uncabled);
    // empty = HCAs go by their own numbers. Set by rankCabledHcas().
    std::vector<std::vector<int>> hcaRank;

    bool isSwitch(std::uint32_t node) const { return design.nodes[node].role == NodeRole::Switch; }
    LocalPort local(PortRef ref) const;
    // The design port of a local port; 0 when the node has none.
    int designPort(std::uint32_t node, LocalPort lp) const;
    // GUIDs from the design (the same derivation ibsim sees in our export).
    void deriveGuids();
    // One plane of a multi-plane plan: a server's HCAs in that plane are what a dump of the plane
    // shows, numbered in order (HCA-2 and HCA-6 of a server are its first and second there), so
    // local ports name a server's cabled HCAs by their rank.
    void rankCabledHcas();
    // A node's ports on HCAs of this side (all, unless ranked: the cabled HCAs' only).
    std::vector<PortInfo> sidePorts(std::uint32_t node) const;
};

// An endpoint in the plan's terms: a plan node (or, past the plan's nodes, an as-built node
// the plan lacks) and a local port.
inline std::uint64_t endpointKey(std::uint32_t node, LocalPort lp)
{
    return (std::uint64_t(node) << 24) | (std::uint64_t(lp.hca & 0xfff) << 12) | std::uint64_t(lp.port & 0xfff);
}

// As-built nodes matched to plan nodes: foundToPlan[f] is the plan node of as-built node f,
// or -1; planToFound the other way.
struct NodeMatching
{
    std::vector<int> foundToPlan, planToFound;
    std::vector<NodeMatch> matches;
};
// By GUID where both sides have them, then by name (or id), then by position: an unmatched
// node cabled, at the same ports, to matched neighbours as an unmatched plan node is.
NodeMatching matchNodes(const Side &plan, const Side &found);

} // namespace verifyimpl
} // namespace cplan
