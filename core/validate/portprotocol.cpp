#include "validate/portprotocol.h"

#include "catalog/catalog.h"

#include <algorithm>

namespace cplan {

std::optional<Protocol> portProtocol(const Node &node, int port, const Catalog &catalog)
{
    const Part *part = catalog.find(node.part);
    if (!part || port < 1)
        return std::nullopt;
    if (part->kind == PartKind::Switch)
        return part->protocol;
    if (part->kind != PartKind::GpuServer)
        return std::nullopt;
    // Without a list of its own, every port is on one of the part's (identical) adapters.
    if (node.hcas.empty()) {
        const Part *hca = catalog.find(part->hca);
        if (!hca || port > part->hcaCount * std::max(1, hca->ports))
            return std::nullopt;
        return hca->protocol;
    }
    int first = 1;
    for (const std::string &id : node.hcas) {
        const Part *hca = catalog.find(id);
        const int n = hca ? std::max(1, hca->ports) : 1;   // as nodePorts() counts them
        if (port < first + n)
            return hca ? std::optional<Protocol>(hca->protocol) : std::nullopt;
        first += n;
    }
    return std::nullopt;
}

Protocol linkProtocol(const Design &design, const Link &link, const Catalog &catalog)
{
    const Node &a = design.node(link.a.node);
    const Node &b = design.node(link.b.node);
    const auto pa = portProtocol(a, link.a.port, catalog);
    const auto pb = portProtocol(b, link.b.port, catalog);
    if (b.role == NodeRole::Switch && pb && !(a.role == NodeRole::Switch && pa))
        return *pb;
    return pa.value_or(pb.value_or(Protocol::InfiniBand));
}

bool hasEthernetSwitch(const Design &design, const Catalog &catalog, int plane)
{
    return std::any_of(design.nodes.begin(), design.nodes.end(), [&](const Node &n) {
        if (n.role != NodeRole::Switch || (plane != 0 && n.plane != plane))
            return false;
        const Part *part = catalog.find(n.part);
        return part && part->protocol == Protocol::Ethernet;
    });
}

const char *protocolName(Protocol protocol)
{
    return protocol == Protocol::Ethernet ? "Ethernet" : "InfiniBand";
}

} // namespace cplan
