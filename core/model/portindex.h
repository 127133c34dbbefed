#pragma once

#include "model/ids.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace cplan {

// Design's port -> link lookup: for each node (by position) its used ports, sorted, with the
// link on each. Removing or inserting nodes shifts whole lists, so an edit of one server in a
// 300,000-link design renumbers links in one pass instead of rehashing 600,000 ports (a key
// holding the node's position would change for every node after the edit).
// Insert keeps the first link for a port, as a hash map's emplace did.
class PortIndex
{
public:
    void clear()
    {
        m_nodes.clear();
        m_size = 0;
    }
    void reserveNodes(std::size_t n) { m_nodes.reserve(n); }
    std::size_t size() const { return m_size; }

    void insert(PortRef p, std::uint32_t link)
    {
        if (p.node.value >= m_nodes.size())
            m_nodes.resize(std::size_t(p.node.value) + 1);
        std::vector<Entry> &ports = m_nodes[p.node.value];
        const auto at = lower(ports, p.port);
        if (at != ports.end() && at->port == p.port)
            return;
        ports.insert(at, Entry{p.port, link});
        ++m_size;
    }
    std::optional<std::uint32_t> find(PortRef p) const
    {
        if (p.node.value >= m_nodes.size())
            return std::nullopt;
        const std::vector<Entry> &ports = m_nodes[p.node.value];
        const auto at = lower(ports, p.port);
        if (at == ports.end() || at->port != p.port)
            return std::nullopt;
        return at->link;
    }
    // Removes the port's entry if it holds `link`; false if it does not (the caller rebuilds).
    bool erase(PortRef p, std::uint32_t link)
    {
        if (p.node.value >= m_nodes.size())
            return false;
        std::vector<Entry> &ports = m_nodes[p.node.value];
        const auto at = lower(ports, p.port);
        if (at == ports.end() || at->port != p.port || at->link != link)
            return false;
        ports.erase(at);
        --m_size;
        return true;
    }
    // Links renumbered: every link l becomes to[l].
    void remapLinks(const std::vector<std::uint32_t> &to)
    {
        for (std::vector<Entry> &ports : m_nodes)
            for (Entry &e : ports)
                e.link = to[e.link];
    }
    // Nodes renumbered: node n moves to to[n] (or goes, if its entry is `gone`; its ports must
    // have been erased). Entries keep their order.
    void remapNodes(const std::vector<std::uint32_t> &to, std::uint32_t gone, std::size_t nodeCount)
    {
        std::vector<std::vector<Entry>> moved(nodeCount);
        for (std::size_t n = 0; n < m_nodes.size() && n < to.size(); ++n)
            if (to[n] != gone && to[n] < nodeCount)
                moved[to[n]] = std::move(m_nodes[n]);
        m_nodes = std::move(moved);
    }

private:
    struct Entry
    {
        int port = 0;
        std::uint32_t link = 0;
    };
    static std::vector<Entry>::const_iterator lower(const std::vector<Entry> &ports, int port)
    {
        return std::lower_bound(ports.begin(), ports.end(), port, [](const Entry &e, int p) { return e.port < p; });
    }
    static std::vector<Entry>::iterator lower(std::vector<Entry> &ports, int port)
    {
        return std::lower_bound(ports.begin(), ports.end(), port, [](const Entry &e, int p) { return e.port < p; });
    }

    std::vector<std::vector<Entry>> m_nodes; // by node position: ports in use, sorted
    std::size_t m_size = 0;
};

} // namespace cplan
