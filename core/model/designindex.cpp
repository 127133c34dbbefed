// Design's edits that add or remove nodes and links, and the lookups they keep up to date.
// An edit of one server in a 300,000-link design (the window's Delete and its undo) updates
// the lookups in place: entries of what went are erased, the rest renumbered, no id hashed
// again. Where the lookups are not exact (an unindexed copy, duplicate ids, a port used twice:
// what the validator reports) the edit rebuilds them, which keeps "the first entry wins".
#include "model/design.h"

#include <algorithm>

namespace cplan {

namespace {

// Positions in `ids` below `size`, sorted, each once.
template <class Id>
std::vector<std::uint32_t> validPositions(const std::vector<Id> &ids, std::size_t size)
{
    std::vector<std::uint32_t> out;
    out.reserve(ids.size());
    for (Id id : ids)
        if (id.value < size)
            out.push_back(id.value);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// Drops the elements at `dead` (sorted) in place; returns old position -> new position
// (invalidValue for the dropped ones). Elements before the first dropped one do not move.
template <class T>
std::vector<std::uint32_t> compact(std::vector<T> &v, const std::vector<std::uint32_t> &dead)
{
    constexpr std::uint32_t gone = NodeId::invalidValue;
    std::vector<std::uint32_t> to(v.size());
    std::size_t d = 0, w = 0;
    for (std::size_t r = 0; r < v.size(); ++r) {
        if (d < dead.size() && dead[d] == r) {
            to[r] = gone;
            ++d;
            continue;
        }
        if (w != r)
            v[w] = std::move(v[r]);
        to[r] = std::uint32_t(w++);
    }
    v.resize(w);
    return to;
}

// Merges `added` (final position, element; sorted by position) into `v`; returns old position
// -> new position of the elements that were there.
template <class T>
std::vector<std::uint32_t> merge(std::vector<T> &v, std::vector<std::pair<std::uint32_t, T>> &added)
{
    std::vector<T> merged;
    merged.reserve(v.size() + added.size());
    std::vector<std::uint32_t> to(v.size());
    std::size_t next = 0;
    for (auto &[at, element] : added) {
        while (merged.size() < at && next < v.size()) {
            to[next] = std::uint32_t(merged.size());
            merged.push_back(std::move(v[next++]));
        }
        merged.push_back(std::move(element));
    }
    while (next < v.size()) {
        to[next] = std::uint32_t(merged.size());
        merged.push_back(std::move(v[next++]));
    }
    v = std::move(merged);
    return to;
}

} // namespace

NodeId Design::addNode(Node node)
{
    NodeId id(std::uint32_t(nodes.size()));
    nodes.push_back(std::move(node));
    m_nodeIndex.insert(nodes.back().id, id.value, [this](std::uint32_t i) -> const std::string & { return nodes[i].id; });
    return id;
}

LinkId Design::addLink(Link link)
{
    LinkId id(std::uint32_t(links.size()));
    m_portLinks.insert(link.a, id.value);
    m_portLinks.insert(link.b, id.value);
    links.push_back(std::move(link));
    m_linkIndex.insert(links.back().id, id.value, [this](std::uint32_t i) -> const std::string & { return links[i].id; });
    return id;
}

bool Design::nodeIndexExact() const
{
    return m_nodeIndex.size() == nodes.size();
}

bool Design::linkIndexExact() const
{
    return m_linkIndex.size() == links.size() && m_portLinks.size() == 2 * links.size();
}

bool Design::eraseNodeEntries(const std::vector<std::uint32_t> &dead)
{
    const auto nodeId = [this](std::uint32_t i) -> const std::string & { return nodes[i].id; };
    for (std::uint32_t n : dead)
        if (!m_nodeIndex.erase(nodes[n].id, n, nodeId))
            return false;
    return true;
}

bool Design::eraseLinkEntries(const std::vector<std::uint32_t> &dead)
{
    const auto linkId = [this](std::uint32_t i) -> const std::string & { return links[i].id; };
    for (std::uint32_t l : dead)
        if (!m_linkIndex.erase(links[l].id, l, linkId) || !m_portLinks.erase(links[l].a, l)
            || !m_portLinks.erase(links[l].b, l))
            return false;
    return true;
}

void Design::removeNodes(const std::vector<NodeId> &ids)
{
    const std::vector<std::uint32_t> deadNodes = validPositions(ids, nodes.size());
    if (deadNodes.empty())
        return;
    std::vector<char> dead(nodes.size(), 0);
    for (std::uint32_t n : deadNodes)
        dead[n] = 1;
    std::vector<std::uint32_t> deadLinks;
    for (std::uint32_t l = 0; l < links.size(); ++l) {
        const auto a = links[l].a.node.value, b = links[l].b.node.value;
        if (a >= nodes.size() || b >= nodes.size() || dead[a] || dead[b])
            deadLinks.push_back(l);
    }
    const bool inPlace = nodeIndexExact() && linkIndexExact() && eraseNodeEntries(deadNodes) && eraseLinkEntries(deadLinks);
    const std::vector<std::uint32_t> nodeTo = compact(nodes, deadNodes);
    const std::vector<std::uint32_t> linkTo = compact(links, deadLinks);
    for (Link &l : links) {
        l.a.node = NodeId(nodeTo[l.a.node.value]);
        l.b.node = NodeId(nodeTo[l.b.node.value]);
    }
    if (!inPlace)
        return reindex();
    m_nodeIndex.remap(nodeTo);
    m_linkIndex.remap(linkTo);
    m_portLinks.remapLinks(linkTo);
    m_portLinks.remapNodes(nodeTo, NodeId::invalidValue, nodes.size());
}

void Design::removeLinks(const std::vector<LinkId> &ids)
{
    const std::vector<std::uint32_t> dead = validPositions(ids, links.size());
    if (dead.empty())
        return;
    const bool inPlace = linkIndexExact() && eraseLinkEntries(dead);
    const std::vector<std::uint32_t> to = compact(links, dead);
    if (!inPlace)
        return reindex();
    m_linkIndex.remap(to);
    m_portLinks.remapLinks(to);
}

void Design::insertNodes(std::vector<std::pair<std::uint32_t, Node>> added)
{
    if (added.empty())
        return;
    const bool exact = nodeIndexExact() && linkIndexExact();
    const std::vector<std::uint32_t> to = merge(nodes, added);
    for (Link &l : links)
        for (PortRef *end : {&l.a, &l.b})
            if (end->node.value < to.size())
                end->node = NodeId(to[end->node.value]);
    if (!exact)
        return reindex();
    m_nodeIndex.remap(to);
    const auto nodeId = [this](std::uint32_t i) -> const std::string & { return nodes[i].id; };
    for (const auto &entry : added)
        m_nodeIndex.insert(nodes[entry.first].id, entry.first, nodeId);
    if (!nodeIndexExact()) // an id that was there already: the first one by position wins
        return reindex();
    m_portLinks.remapNodes(to, NodeId::invalidValue, nodes.size());
}

void Design::insertLinks(std::vector<std::pair<std::uint32_t, Link>> added)
{
    if (added.empty())
        return;
    const bool exact = linkIndexExact();
    const std::vector<std::uint32_t> to = merge(links, added);
    if (!exact)
        return reindex();
    m_linkIndex.remap(to);
    m_portLinks.remapLinks(to);
    const auto linkId = [this](std::uint32_t i) -> const std::string & { return links[i].id; };
    for (const auto &entry : added) {
        const Link &l = links[entry.first];
        m_linkIndex.insert(l.id, entry.first, linkId);
        m_portLinks.insert(l.a, entry.first);
        m_portLinks.insert(l.b, entry.first);
    }
    if (!linkIndexExact())
        reindex();
}

std::optional<NodeId> Design::findNode(const std::string &id) const
{
    const auto i = m_nodeIndex.find(id, [this](std::uint32_t n) -> const std::string & { return nodes[n].id; });
    return i ? std::optional<NodeId>(NodeId(*i)) : std::nullopt;
}

std::optional<LinkId> Design::findLink(const std::string &id) const
{
    const auto i = m_linkIndex.find(id, [this](std::uint32_t l) -> const std::string & { return links[l].id; });
    return i ? std::optional<LinkId>(LinkId(*i)) : std::nullopt;
}

std::optional<LinkId> Design::linkAt(PortRef port) const
{
    const auto i = m_portLinks.find(port);
    return i ? std::optional<LinkId>(LinkId(*i)) : std::nullopt;
}

void Design::reindex()
{
    m_nodeIndex.clear();
    m_linkIndex.clear();
    m_nodeIndex.reserve(nodes.size());
    m_linkIndex.reserve(links.size());
    const auto nodeId = [this](std::uint32_t i) -> const std::string & { return nodes[i].id; };
    const auto linkId = [this](std::uint32_t i) -> const std::string & { return links[i].id; };
    for (std::uint32_t i = 0; i < nodes.size(); ++i)
        m_nodeIndex.insert(nodes[i].id, i, nodeId);
    for (std::uint32_t i = 0; i < links.size(); ++i)
        m_linkIndex.insert(links[i].id, i, linkId);
    m_portLinks.clear();
    m_portLinks.reserveNodes(nodes.size());
    for (std::uint32_t i = 0; i < links.size(); ++i) {
        m_portLinks.insert(links[i].a, i);
        m_portLinks.insert(links[i].b, i);
    }
}

} // namespace cplan
