#pragma once

// A planned fabric and its miswired twin, for the as-built tests (core, integration, GUI):
// two cables swapped at their server ends, one leaf-spine cable left out, one extra cable
// between ports the plan leaves free. Small enough for ibsim, at a speed ibsim 0.10 knows
// (HDR: QM8700 switches, ConnectX-6 hosts).

#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "model/design.h"

#include <set>
#include <string>

namespace cplan::test {

struct Miswiring
{
    std::string leaf;                 // the leaf whose two server cables are swapped
    std::string swappedA, swappedB;   // their link ids
    std::string removedLink;          // the leaf-spine cable left out
    std::string extraA, extraB;       // the nodes of the extra cable
};

inline Result<Design> plannedFabric(const Catalog &catalog)
{
    FatTreeSpec spec;
    spec.name = "as-built test fabric";
    spec.servers = {{"host-1hca", 64}};
    spec.hcaOverride = "connectx-6";
    spec.switchPart = "qm8700";
    spec.tiers = 2;
    spec.blockingDown = 2;   // 2:1 at the leaves: free ports on the spines
    spec.blockingUp = 1;
    return generateFatTree(spec, catalog);
}

inline int firstServer(const Design &d)
{
    for (std::size_t i = 0; i < d.nodes.size(); ++i)
        if (d.nodes[i].role == NodeRole::Server)
            return int(i);
    return -1;
}

inline Design miswiredTwin(const Design &plan, const Catalog &catalog, Miswiring *what)
{
    Design twin = plan;
    Miswiring m;
    auto isServer = [&](NodeId n) { return twin.node(n).role != NodeRole::Switch; };
    // Two server cables on one leaf: exchange their server ends.
    for (std::size_t i = 0; i < twin.links.size() && m.swappedB.empty(); ++i)
        for (std::size_t j = i + 1; j < twin.links.size() && m.swappedB.empty(); ++j) {
            Link &a = twin.links[i], &b = twin.links[j];
            const PortRef sa = isServer(a.a.node) ? a.a : a.b, la = isServer(a.a.node) ? a.b : a.a;
            const PortRef sb = isServer(b.a.node) ? b.a : b.b, lb = isServer(b.a.node) ? b.b : b.a;
            if (!isServer(sa.node) || !isServer(sb.node) || isServer(la.node) || la.node != lb.node || sa.node == sb.node)
                continue;
            a.a = la;
            a.b = sb;
            b.a = lb;
            b.b = sa;
            m.leaf = twin.node(la.node).id;
            m.swappedA = a.id;
            m.swappedB = b.id;
        }
    // One leaf-spine cable left out.
    std::set<std::pair<std::uint32_t, int>> used;
    for (const Link &l : plan.links) {
        used.insert({l.a.node.value, l.a.port});
        used.insert({l.b.node.value, l.b.port});
    }
    for (std::size_t i = 0; i < twin.links.size(); ++i) {
        const Link &l = twin.links[i];
        if (twin.node(l.a.node).role == NodeRole::Switch && twin.node(l.b.node).role == NodeRole::Switch &&
            twin.node(l.a.node).tier != twin.node(l.b.node).tier) {
            m.removedLink = l.id;
            twin.removeLinks({LinkId(std::uint32_t(i))});
            break;
        }
    }
    // One extra cable between ports free in the plan: a leaf's and a spine's.
    auto freePort = [&](Tier tier) -> PortRef {
        for (std::uint32_t n = 0; n < twin.nodes.size(); ++n) {
            const Node &node = twin.nodes[n];
            if (node.role != NodeRole::Switch || node.tier != tier)
                continue;
            const int ports = nodePortCount(node, catalog);
            for (int p = ports; p >= 1; --p)
                if (!used.count({n, p}))
                    return PortRef{NodeId(n), p};
        }
        return {};
    };
    const PortRef leafPort = freePort(Tier::Leaf), spinePort = freePort(Tier::Spine);
    if (leafPort.node.valid() && spinePort.node.valid()) {
        Link extra;
        extra.id = twin.uniqueId("extra");
        extra.a = leafPort;
        extra.b = spinePort;
        m.extraA = twin.node(leafPort.node).id;
        m.extraB = twin.node(spinePort.node).id;
        twin.addLink(std::move(extra));
    }
    twin.reindex();
    if (what)
        *what = m;
    return twin;
}

// A dump of part of the plan: its first leaf and the servers cabled to it, nothing else (what
// ibnetdiscover run behind one leaf gives).
inline Design oneLeafOf(const Design &plan)
{
    Design part = plan;
    NodeId leaf;
    for (std::uint32_t n = 0; n < part.nodes.size() && !leaf.valid(); ++n)
        if (part.nodes[n].role == NodeRole::Switch && part.nodes[n].tier == Tier::Leaf)
            leaf = NodeId(n);
    std::set<std::uint32_t> keep{leaf.value};
    for (const Link &l : part.links)
        if (l.a.node == leaf || l.b.node == leaf)
            if (const NodeId other = l.a.node == leaf ? l.b.node : l.a.node; part.node(other).role != NodeRole::Switch)
                keep.insert(other.value);
    std::vector<NodeId> gone;
    for (std::uint32_t n = 0; n < part.nodes.size(); ++n)
        if (!keep.count(n))
            gone.push_back(NodeId(n));
    part.removeNodes(gone);
    part.reindex();
    return part;
}

} // namespace cplan::test
