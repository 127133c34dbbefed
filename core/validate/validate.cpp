#include "validate/validate.h"

#include "catalog/catalog.h"
#include "util/strings.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace cplan {

const char *toString(Severity severity)
{
    switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    }
    return "error";
}

namespace {

// Keeps findings of one code from flooding the list: the first few are listed one by one,
// the rest folded into one summary finding.
class Findings
{
public:
    void add(Severity s, const std::string &code, std::string message, std::vector<std::string> objects)
    {
        int &n = m_counts[code];
        ++n;
        if (n <= kPerCode)
            m_list.push_back(Finding{s, code, std::move(message), std::move(objects)});
        else
            m_folded[code] = s;
    }

    std::vector<Finding> take()
    {
        for (const auto &[code, severity] : m_folded)
            m_list.push_back(Finding{severity, code,
                                     "... and " + std::to_string(m_counts[code] - kPerCode) + " more '" + code + "' finding(s)",
                                     {}});
        std::stable_sort(m_list.begin(), m_list.end(),
                         [](const Finding &a, const Finding &b) { return int(a.severity) < int(b.severity); });
        return std::move(m_list);
    }

private:
    static constexpr int kPerCode = 20;
    std::vector<Finding> m_list;
    std::map<std::string, int> m_counts;
    std::map<std::string, Severity> m_folded;
};

std::string gbps(double v) { return formatDouble(v) + " Gb/s"; }

} // namespace

std::vector<Finding> validateDesign(const Design &design, const Catalog &catalog)
{
    Findings out;
    const std::size_t n = design.nodes.size();

    // Parts and ports.
    std::vector<std::vector<PortInfo>> ports(n);
    std::vector<const Part *> parts(n, nullptr);
    for (std::size_t i = 0; i < n; ++i) {
        const Node &node = design.nodes[i];
        parts[i] = catalog.find(node.part);
        if (!parts[i]) {
            out.add(Severity::Error, "unknown-part", "node '" + node.id + "' uses unknown part '" + node.part + "'", {node.id});
            continue;
        }
        ports[i] = nodePorts(node, catalog);
        for (const std::string &h : node.hcas)
            if (!catalog.find(h))
                out.add(Severity::Error, "unknown-part", "node '" + node.id + "' has unknown HCA part '" + h + "'", {node.id});
    }

    // Links: ports in range and used once, speeds, cables.
    std::map<std::pair<std::uint32_t, int>, std::string> portUse;
    std::vector<int> linksOn(n, 0);
    for (const Link &link : design.links) {
        bool portsOk = true;
        for (const PortRef &end : {link.a, link.b}) {
            const Node &node = design.node(end.node);
            const auto &pl = ports[end.node.value];
            if (parts[end.node.value] && (end.port < 1 || end.port > int(pl.size()))) {
                out.add(Severity::Error, parts[end.node.value]->kind == PartKind::Switch ? "radix-exceeded" : "port-out-of-range",
                        "link '" + link.id + "' uses port " + std::to_string(end.port) + " of '" + node.id + "', which has " +
                            std::to_string(pl.size()) + " ports",
                        {link.id, node.id});
                portsOk = false;
            }
            auto [it, inserted] = portUse.emplace(std::make_pair(end.node.value, end.port), link.id);
            if (!inserted)
                out.add(Severity::Error, "port-used-twice",
                        "port " + node.id + ":" + std::to_string(end.port) + " is used by links '" + it->second + "' and '" + link.id + "'",
                        {it->second, link.id, node.id});
            ++linksOn[end.node.value];
        }
        if (!portsOk)
            continue;
        const double sa = ports[link.a.node.value].empty() ? 0 : ports[link.a.node.value][std::size_t(link.a.port - 1)].speedGbps;
        const double sb = ports[link.b.node.value].empty() ? 0 : ports[link.b.node.value][std::size_t(link.b.port - 1)].speedGbps;
        if (sa <= 0 || sb <= 0)
            out.add(Severity::Warning, "speed-unknown", "link '" + link.id + "': the speed of a port is unknown", {link.id});
        else if (std::fabs(sa - sb) > 1e-9)
            out.add(Severity::Warning, "speed-mismatch",
                    "link '" + link.id + "' joins a " + gbps(sa) + " port and a " + gbps(sb) + " port; it runs at " + gbps(std::min(sa, sb)),
                    {link.id});
        const double speed = std::min(sa, sb);
        if (link.cable.empty()) {
            out.add(Severity::Warning, "no-cable",
                    "link '" + link.id + "' has no cable part" +
                        (link.lengthM ? " (no cable in the catalog covers " + formatDouble(*link.lengthM) + " m at " + gbps(speed) + ")"
                                      : std::string()),
                    {link.id});
            continue;
        }
        const Part *cable = catalog.find(link.cable);
        if (!cable || cable->kind != PartKind::Cable) {
            out.add(Severity::Error, "unknown-part", "link '" + link.id + "' uses unknown cable '" + link.cable + "'", {link.id});
            continue;
        }
        if (link.lengthM && cable->lengthM && *link.lengthM > *cable->lengthM + 1e-9)
            out.add(Severity::Error, "cable-too-short",
                    "link '" + link.id + "' runs " + formatDouble(*link.lengthM) + " m but cable '" + cable->id + "' is " +
                        formatDouble(*cable->lengthM) + " m",
                    {link.id});
        else if (link.lengthM && cable->reachM && *link.lengthM > *cable->reachM + 1e-9)
            out.add(Severity::Error, "cable-reach",
                    "link '" + link.id + "' runs " + formatDouble(*link.lengthM) + " m, beyond the " + formatDouble(*cable->reachM) +
                        " m reach of '" + cable->id + "'",
                    {link.id});
        if (cable->speedGbps && speed > 0 && *cable->speedGbps + 1e-9 < speed)
            out.add(Severity::Warning, "cable-speed",
                    "link '" + link.id + "' runs at " + gbps(speed) + " but cable '" + cable->id + "' is rated " + gbps(*cable->speedGbps),
                    {link.id});
    }

    // Servers with unconnected HCA ports; switches and servers with nothing connected.
    for (std::size_t i = 0; i < n; ++i) {
        const Node &node = design.nodes[i];
        if (!parts[i])
            continue;
        if (node.role != NodeRole::Switch) {
            std::vector<int> open;
            for (const PortInfo &p : ports[i])
                if (!portUse.count({std::uint32_t(i), p.number}))
                    open.push_back(p.number);
            if (ports[i].empty())
                out.add(Severity::Warning, "no-hca", "server '" + node.id + "' has no fabric HCA", {node.id});
            else if (!open.empty()) {
                std::string list;
                for (int p : open)
                    list += (list.empty() ? "" : ", ") + std::to_string(p);
                out.add(Severity::Warning, "unconnected-hca", "server '" + node.id + "' has unconnected fabric port(s) " + list, {node.id});
            }
        } else if (linksOn[i] == 0) {
            out.add(Severity::Warning, "unconnected-switch", "switch '" + node.id + "' has no links", {node.id});
        }
    }

    // Connectivity (Boost.Graph connected components over nodes with links).
    if (n > 0 && !design.links.empty()) {
        using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
        Graph g(n);
        for (const Link &l : design.links)
            if (l.a.node.value < n && l.b.node.value < n)
                boost::add_edge(l.a.node.value, l.b.node.value, g);
        std::vector<int> component(n);
        const int count = boost::connected_components(g, component.data());
        // Isolated nodes without links are reported above; count components among linked nodes.
        std::map<int, int> sizes;
        for (std::size_t i = 0; i < n; ++i)
            if (linksOn[i] > 0)
                ++sizes[component[i]];
        if (sizes.size() > 1) {
            int largest = -1, best = 0;
            for (auto [c, s] : sizes)
                if (s > best)
                    best = s, largest = c;
            std::vector<std::string> cut;
            for (std::size_t i = 0; i < n && cut.size() < 10; ++i)
                if (linksOn[i] > 0 && component[i] != largest)
                    cut.push_back(design.nodes[i].id);
            out.add(Severity::Error, "disconnected",
                    "the fabric falls apart into " + std::to_string(sizes.size()) + " pieces; e.g. '" + cut.front() +
                        "' cannot reach the main fabric",
                    cut);
        }
        (void)count;
    }

    // LID space: one LID per switch and per CA port (LMC 0).
    long long lids = 0;
    for (std::size_t i = 0; i < n; ++i)
        lids += design.nodes[i].role == NodeRole::Switch ? 1 : (long long)ports[i].size();
    if (lids > kMaxUnicastLids)
        out.add(Severity::Error, "lid-space",
                "the fabric needs " + formatThousands(double(lids)) + " unicast LIDs (one per switch and per HCA port); one "
                "InfiniBand subnet has " + formatThousands(kMaxUnicastLids) + ". Split it into several subnets.",
                {});

    // Tiers: more than 3 switch tiers means long paths.
    for (std::size_t i = 0; i < n; ++i)
        if (design.nodes[i].role == NodeRole::Switch && design.nodes[i].tier == 0)
            out.add(Severity::Info, "tier-unset", "switch '" + design.nodes[i].id + "' has no tier; tier-based counts treat it as a leaf",
                    {design.nodes[i].id});

    // Tenants: a server belongs to at most one.
    std::map<std::string, std::string> owner;
    for (const Tenant &t : design.tenants)
        for (const std::string &s : t.servers) {
            auto [it, inserted] = owner.emplace(s, t.id);
            if (!inserted && it->second != t.id)
                out.add(Severity::Error, "tenant-overlap",
                        "server '" + s + "' belongs to tenants '" + it->second + "' and '" + t.id + "'", {s});
        }

    // Duplicate GUIDs would confuse the subnet manager.
    std::unordered_map<std::uint64_t, std::size_t> guids;
    for (std::size_t i = 0; i < n; ++i) {
        auto [it, inserted] = guids.emplace(nodeGuid(design.nodes[i]), i);
        if (!inserted)
            out.add(Severity::Error, "duplicate-guid",
                    "nodes '" + design.nodes[it->second].id + "' and '" + design.nodes[i].id + "' have the same GUID",
                    {design.nodes[it->second].id, design.nodes[i].id});
    }

    // Racks: space and power against the rack part.
    const Part *rack = catalog.find("rack-42u");
    std::map<std::string, std::pair<double, double>> rackLoad; // U, W
    std::map<std::string, bool> rackPowerUnknown;
    for (std::size_t i = 0; i < n; ++i) {
        const Node &node = design.nodes[i];
        if (node.rack.empty() || !parts[i])
            continue;
        auto &load = rackLoad[node.rack];
        load.first += parts[i]->rackUnits.value_or(0);
        if (parts[i]->powerW)
            load.second += *parts[i]->powerW;
        else
            rackPowerUnknown[node.rack] = true;
    }
    if (rack)
        for (const auto &[name, load] : rackLoad) {
            if (rack->capacityU && load.first > *rack->capacityU)
                out.add(Severity::Warning, "rack-space",
                        "rack '" + name + "' holds " + formatDouble(load.first) + " U of equipment; a " + rack->model + " has " +
                            formatDouble(*rack->capacityU) + " U",
                        {});
            if (rack->powerBudgetW && load.second > *rack->powerBudgetW)
                out.add(Severity::Warning, "rack-power",
                        "rack '" + name + "' draws up to " + formatThousands(load.second) + " W; the budget is " +
                            formatThousands(*rack->powerBudgetW) + " W",
                        {});
        }

    return out.take();
}

} // namespace cplan
