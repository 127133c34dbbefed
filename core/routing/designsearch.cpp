#include "routing/designsearch.h"

#include "routing/fabric.h"

#include <algorithm>
#include <cctype>

namespace cplan {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

bool contains(const std::string &haystack, const std::string &needle)
{
    return lower(haystack).find(needle) != std::string::npos;
}

// GUID hits: a switch's node GUID is also the GUID of its ports (port 0); a CA's port p has
// GUID node GUID + p.
void searchGuid(const Design &design, const Catalog &catalog, std::uint64_t guid, std::vector<SearchHit> &hits)
{
    const Fabric fabric = Fabric::build(design, catalog);
    for (const FabricNode &n : fabric.nodes()) {
        const std::string &id = design.node(n.designNode).id;
        if (n.guid == guid) {
            hits.push_back({SearchHit::Node, id, n.isSwitch() ? 0 : n.firstDesignPort, "node GUID"});
            return;
        }
        if (!n.isSwitch() && guid > n.guid && guid <= n.guid + std::uint64_t(n.portCount)) {
            hits.push_back({SearchHit::Node, id, n.firstDesignPort + int(guid - n.guid) - 1, "port GUID"});
            return;
        }
    }
}

// A port written as the cable plan and the labels write it: "node 17/2", "node:17/2",
// "node HCA-3/1" (frontPanelPort). Adds the hit; false when the query is not one.
bool searchFrontPanel(const Design &design, const Catalog &catalog, const std::string &q, std::vector<SearchHit> &hits)
{
    const auto cut = q.find_last_of(" :");
    if (cut == std::string::npos || q.find('/', cut) == std::string::npos)
        return false;
    // The cable plan names a device by its name (its id when unnamed).
    const std::string device = q.substr(0, cut);
    auto n = design.findNode(device);
    for (std::size_t i = 0; !n && i < design.nodes.size(); ++i)
        if (design.nodes[i].name == device)
            n = NodeId{std::uint32_t(i)};
    if (!n)
        return false;
    const std::string label = lower(q.substr(cut + 1));
    const std::vector<PortInfo> ports = nodePorts(design.node(*n), catalog);
    for (const PortInfo &p : ports)
        if (lower(frontPanelPort(ports, p.number)) == label) {
            hits.push_back({SearchHit::Node, design.node(*n).id, p.number, "port"});
            return true;
        }
    return false;
}

} // namespace

std::optional<std::uint64_t> parseGuid(const std::string &text)
{
    std::string hex;
    std::string t = lower(text);
    if (t.rfind("0x", 0) == 0)
        t = t.substr(2);
    for (char c : t) {
        if (c == ':' || c == '-')
            continue;
        if (!std::isxdigit(static_cast<unsigned char>(c)))
            return std::nullopt;
        hex += c;
    }
    // Short hex runs are ids or port numbers more likely than GUIDs.
    if (hex.size() < 8 || hex.size() > 16)
        return std::nullopt;
    return std::stoull(hex, nullptr, 16);
}

std::vector<SearchHit> searchDesign(const Design &design, const Catalog &catalog, const std::string &query, std::size_t limit)
{
    std::vector<SearchHit> hits;
    std::string q = query;
    q.erase(0, q.find_first_not_of(" \t"));
    q.erase(q.find_last_not_of(" \t") + 1);
    if (q.empty() || limit == 0)
        return hits;
    // Exact: node id, "node:port", link id.
    if (auto n = design.findNode(q))
        hits.push_back({SearchHit::Node, design.node(*n).id, 0, "id"});
    if (auto ref = parsePortRef(q)) {
        if (auto n = design.findNode(ref->first); n && ref->second >= 1 && ref->second <= nodePortCount(design.node(*n), catalog))
            hits.push_back({SearchHit::Node, ref->first, ref->second, "port"});
    }
    searchFrontPanel(design, catalog, q, hits);
    if (auto l = design.findLink(q))
        hits.push_back({SearchHit::Link, design.link(*l).id, 0, "id"});
    if (auto guid = parseGuid(q))
        searchGuid(design, catalog, *guid, hits);
    // Then exact names, then substrings of ids, names and racks.
    const std::string lq = lower(q);
    auto seen = [&](const std::string &id) {
        return std::any_of(hits.begin(), hits.end(), [&](const SearchHit &h) { return h.kind == SearchHit::Node && h.id == id; });
    };
    for (const Node &n : design.nodes)
        if (hits.size() < limit && lower(n.name) == lq && !seen(n.id))
            hits.push_back({SearchHit::Node, n.id, 0, "name"});
    for (const Node &n : design.nodes) {
        if (hits.size() >= limit)
            break;
        if (seen(n.id))
            continue;
        if (contains(n.id, lq))
            hits.push_back({SearchHit::Node, n.id, 0, "id"});
        else if (contains(n.name, lq))
            hits.push_back({SearchHit::Node, n.id, 0, "name"});
        else if (!n.rack.empty() && contains(n.rack, lq))
            hits.push_back({SearchHit::Node, n.id, 0, "rack"});
    }
    if (hits.size() > limit)
        hits.resize(limit);
    return hits;
}

} // namespace cplan
