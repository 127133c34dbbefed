#include "model/design.h"
#include "model/designcopy.h"

#include "catalog/catalog.h"

#include <algorithm>
#include <unordered_set>

namespace cplan {

const char *toString(NodeRole role)
{
    switch (role) {
    case NodeRole::Switch: return "switch";
    case NodeRole::Server: return "server";
    case NodeRole::Management: return "management";
    }
    return "server";
}

const char *toString(GroupKind kind)
{
    switch (kind) {
    case GroupKind::ScalableUnit: return "su";
    case GroupKind::Pod: return "pod";
    case GroupKind::Rack: return "rack";
    case GroupKind::Other: return "other";
    }
    return "other";
}

Design Design::unindexedCopy() const
{
    Design copy = unindexedCopyWithoutLinks(*this);
    copy.links = links;
    return copy;
}

Design unindexedCopyWithoutLinks(const Design &design)
{
    Design copy;
    copy.name = design.name;
    copy.notes = design.notes;
    copy.settings = design.settings;
    copy.nodes = design.nodes;
    copy.groups = design.groups;
    copy.racks = design.racks;
    copy.tenants = design.tenants;
    copy.parts = design.parts;
    copy.extra = design.extra;
    return copy;
}

const Rack *Design::findRack(const std::string &id) const
{
    for (const Rack &r : racks)
        if (r.id == id)
            return &r;
    return nullptr;
}

std::string Design::uniqueId(const std::string &prefix) const
{
    for (std::size_t n = nodes.size() + links.size() + 1;; ++n) {
        std::string candidate = prefix + "-" + std::to_string(n);
        if (!findNode(candidate) && !findLink(candidate))
            return candidate;
    }
}

std::vector<PortInfo> nodePorts(const Node &node, const Catalog &catalog)
{
    std::vector<PortInfo> ports;
    const Part *part = catalog.find(node.part);
    if (!part)
        return ports;
    if (part->kind == PartKind::Switch) {
        const int perCage = std::max(1, part->portsPerCage);
        ports.reserve(std::size_t(part->ports));
        for (int p = 1; p <= part->ports; ++p)
            ports.push_back(PortInfo{p, part->portSpeedGbps.value_or(0), (p - 1) / perCage + 1, 0, {}});
        return ports;
    }
    if (part->kind != PartKind::GpuServer)
        return ports;
    // A server's fabric ports are its HCAs' ports: the part's HCAs, or the node's own list.
    std::vector<std::string> hcas = node.hcas;
    if (hcas.empty())
        hcas.assign(std::size_t(std::max(0, part->hcaCount)), part->hca);
    int number = 0;
    int hcaIndex = 0;
    for (const std::string &hcaId : hcas) {
        ++hcaIndex;
        const Part *hca = catalog.find(hcaId);
        const int n = hca ? std::max(1, hca->ports) : 1;
        const double speed = hca ? hca->portSpeedGbps.value_or(0) : 0;
        const int perCage = hca ? std::max(1, hca->portsPerCage) : 1;
        for (int p = 0; p < n; ++p) {
            ++number;
            ports.push_back(PortInfo{number, speed, (number - 1) / perCage + 1, hcaIndex, hcaId});
        }
    }
    return ports;
}

int nodePortCount(const Node &node, const Catalog &catalog)
{
    const Part *part = catalog.find(node.part);
    if (!part)
        return 0;
    if (part->kind == PartKind::Switch)
        return part->ports;
    if (node.hcas.empty()) {
        const Part *hca = catalog.find(part->hca);
        return part->hcaCount * (hca ? std::max(1, hca->ports) : 1);
    }
    return int(nodePorts(node, catalog).size());
}

static double portSpeed(const Node &node, int port, const Catalog &catalog)
{
    const Part *part = catalog.find(node.part);
    if (!part)
        return 0;
    if (part->kind == PartKind::Switch)
        return part->portSpeedGbps.value_or(0);
    if (node.hcas.empty()) {
        const Part *hca = catalog.find(part->hca);
        return hca ? hca->portSpeedGbps.value_or(0) : 0;
    }
    for (const PortInfo &p : nodePorts(node, catalog))
        if (p.number == port)
            return p.speedGbps;
    return 0;
}

double linkSpeedGbps(const Design &design, const Link &link, const Catalog &catalog)
{
    const double a = portSpeed(design.node(link.a.node), link.a.port, catalog);
    const double b = portSpeed(design.node(link.b.node), link.b.port, catalog);
    if (a <= 0 || b <= 0)
        return std::max(a, b) > 0 && std::min(a, b) <= 0 ? 0 : std::min(a, b);
    return std::min(a, b);
}

NodeRole defaultRole(const Part &part)
{
    if (part.kind == PartKind::Switch)
        return NodeRole::Switch;
    return part.management ? NodeRole::Management : NodeRole::Server;
}

int designPlanes(const Design &design)
{
    int planes = 0;
    for (const Node &n : design.nodes)
        planes = std::max(planes, n.plane);
    return planes;
}

int linkPlane(const Design &design, const Link &link)
{
    const int a = link.a.node.value < design.nodes.size() ? design.node(link.a.node).plane : 0;
    return a > 0 ? a : (link.b.node.value < design.nodes.size() ? design.node(link.b.node).plane : 0);
}

Design planeView(const Design &design, int plane)
{
    Design view = design;
    std::vector<LinkId> otherLinks;
    std::vector<char> inPlane(design.nodes.size(), 0);
    for (std::uint32_t l = 0; l < design.links.size(); ++l) {
        const Link &link = design.links[l];
        if (linkPlane(design, link) != plane) {
            otherLinks.push_back(LinkId(l));
            continue;
        }
        for (NodeId n : {link.a.node, link.b.node})
            if (n.value < inPlane.size())
                inPlane[n.value] = 1;
    }
    std::vector<NodeId> otherNodes;
    for (std::uint32_t i = 0; i < design.nodes.size(); ++i) {
        const int p = design.nodes[i].plane;
        if (p != plane && (p != 0 || !inPlane[i]))
            otherNodes.push_back(NodeId(i));
    }
    view.removeLinks(otherLinks);
    view.removeNodes(otherNodes);
    return view;
}

int nodeGpuCount(const Node &node, const Catalog &catalog)
{
    if (node.role != NodeRole::Server)
        return 0;
    const Part *part = catalog.find(node.part);
    return part && part->kind == PartKind::GpuServer ? part->gpuCount : 0;
}

std::optional<std::pair<std::string, int>> parsePortRef(const std::string &text)
{
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 >= text.size())
        return std::nullopt;
    int port = 0;
    for (std::size_t i = colon + 1; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9' || port > 100000)
            return std::nullopt;
        port = port * 10 + (text[i] - '0');
    }
    return std::make_pair(text.substr(0, colon), port);
}

std::string formatPortRef(const Design &design, PortRef ref)
{
    return design.node(ref.node).id + ":" + std::to_string(ref.port);
}

std::string frontPanelPort(const std::vector<PortInfo> &ports, int port)
{
    if (port < 1 || std::size_t(port) > ports.size())
        return std::to_string(port);
    const PortInfo &info = ports[std::size_t(port - 1)];
    // The port's place in its adapter (servers) or cage (switches): ports before it in the same one.
    auto sameBefore = [&](auto same) {
        int k = 1;
        for (int p = port - 1; p >= 1 && same(ports[std::size_t(p - 1)]); --p)
            ++k;
        return k;
    };
    if (info.hca > 0)
        return "HCA-" + std::to_string(info.hca) + "/" + std::to_string(sameBefore([&](const PortInfo &o) { return o.hca == info.hca; }));
    const bool sharedCage = (port > 1 && ports[std::size_t(port - 2)].cage == info.cage) ||
                            (std::size_t(port) < ports.size() && ports[std::size_t(port)].cage == info.cage);
    if (!sharedCage)
        return std::to_string(port);
    return std::to_string(info.cage) + "/" + std::to_string(sameBefore([&](const PortInfo &o) { return o.cage == info.cage; }));
}

std::string portDisplayName(const Design &design, const Catalog &catalog, PortRef ref)
{
    std::string text = formatPortRef(design, ref);
    const std::string panel = frontPanelPort(nodePorts(design.node(ref.node), catalog), ref.port);
    if (panel != std::to_string(ref.port))
        text += " (" + panel + ")";
    return text;
}

std::uint64_t nodeGuid(const Node &node)
{
    if (node.guid)
        return *node.guid;
    // FNV-1a of the id, with a fixed vendor-like prefix in the top bits so GUIDs look like
    // real ones and never collide with zero.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : node.id) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return (0x0002c9ull << 40) | (h & 0xffffffffffull);
}

} // namespace cplan
