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
    void add(Severity s, const std::string &code, Message text, std::vector<std::string> objects)
    {
        int &n = m_counts[code];
        ++n;
        if (n <= kPerCode)
            push(s, code, std::move(text), std::move(objects));
        else
            m_folded[code] = s;
    }

    std::vector<Finding> take()
    {
        for (const auto &[code, severity] : m_folded)
            push(severity, code, {CPLAN_TR("Engine", "... and %1 more '%2' finding(s)"), {std::to_string(m_counts[code] - kPerCode), code}}, {});
        std::stable_sort(m_list.begin(), m_list.end(),
                         [](const Finding &a, const Finding &b) { return int(a.severity) < int(b.severity); });
        return std::move(m_list);
    }

private:
    void push(Severity s, const std::string &code, Message text, std::vector<std::string> objects)
    {
        std::string english = text.english();
        m_list.push_back(Finding{s, code, std::move(english), std::move(objects), std::move(text)});
    }

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
            out.add(Severity::Error, "unknown-part", {CPLAN_TR("Engine", "node '%1' uses unknown part '%2'"), {node.id, node.part}}, {node.id});
            continue;
        }
        ports[i] = nodePorts(node, catalog);
        for (const std::string &h : node.hcas)
            if (!catalog.find(h))
                out.add(Severity::Error, "unknown-part", {CPLAN_TR("Engine", "node '%1' has unknown HCA part '%2'"), {node.id, h}}, {node.id});
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
                        {CPLAN_TR("Engine", "link '%1' uses port %2 of '%3', which has %4 ports"),
                         {link.id, std::to_string(end.port), node.id, std::to_string(pl.size())}},
                        {link.id, node.id});
                portsOk = false;
            }
            auto [it, inserted] = portUse.emplace(std::make_pair(end.node.value, end.port), link.id);
            if (!inserted)
                out.add(Severity::Error, "port-used-twice",
                        {CPLAN_TR("Engine", "port %1:%2 is used by links '%3' and '%4'"), {node.id, std::to_string(end.port), it->second, link.id}},
                        {it->second, link.id, node.id});
            ++linksOn[end.node.value];
        }
        if (!portsOk)
            continue;
        const double sa = ports[link.a.node.value].empty() ? 0 : ports[link.a.node.value][std::size_t(link.a.port - 1)].speedGbps;
        const double sb = ports[link.b.node.value].empty() ? 0 : ports[link.b.node.value][std::size_t(link.b.port - 1)].speedGbps;
        if (sa <= 0 || sb <= 0)
            out.add(Severity::Warning, "speed-unknown", {CPLAN_TR("Engine", "link '%1': the speed of a port is unknown"), {link.id}}, {link.id});
        else if (std::fabs(sa - sb) > 1e-9)
            out.add(Severity::Warning, "speed-mismatch",
                    {CPLAN_TR("Engine", "link '%1' joins a %2 port and a %3 port; it runs at %4"),
                     {link.id, gbps(sa), gbps(sb), gbps(std::min(sa, sb))}},
                    {link.id});
        const double speed = std::min(sa, sb);
        if (link.cable.empty()) {
            out.add(Severity::Warning, "no-cable",
                    link.lengthM ? Message{CPLAN_TR("Engine", "link '%1' has no cable part (no cable in the catalog covers %2 m at %3)"),
                                           {link.id, formatDouble(*link.lengthM), gbps(speed)}}
                                 : Message{CPLAN_TR("Engine", "link '%1' has no cable part"), {link.id}},
                    {link.id});
            continue;
        }
        const Part *cable = catalog.find(link.cable);
        if (!cable || cable->kind != PartKind::Cable) {
            out.add(Severity::Error, "unknown-part", {CPLAN_TR("Engine", "link '%1' uses unknown cable '%2'"), {link.id, link.cable}}, {link.id});
            continue;
        }
        if (link.lengthM && cable->lengthM && *link.lengthM > *cable->lengthM + 1e-9)
            out.add(Severity::Error, "cable-too-short",
                    {CPLAN_TR("Engine", "link '%1' runs %2 m but cable '%3' is %4 m"),
                     {link.id, formatDouble(*link.lengthM), cable->id, formatDouble(*cable->lengthM)}},
                    {link.id});
        else if (link.lengthM && cable->reachM && *link.lengthM > *cable->reachM + 1e-9)
            out.add(Severity::Error, "cable-reach",
                    {CPLAN_TR("Engine", "link '%1' runs %2 m, beyond the %3 m reach of '%4'"),
                     {link.id, formatDouble(*link.lengthM), formatDouble(*cable->reachM), cable->id}},
                    {link.id});
        if (cable->speedGbps && speed > 0 && *cable->speedGbps + 1e-9 < speed)
            out.add(Severity::Warning, "cable-speed",
                    {CPLAN_TR("Engine", "link '%1' runs at %2 but cable '%3' is rated %4"), {link.id, gbps(speed), cable->id, gbps(*cable->speedGbps)}},
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
                out.add(Severity::Warning, "no-hca", {CPLAN_TR("Engine", "server '%1' has no fabric HCA"), {node.id}}, {node.id});
            else if (!open.empty()) {
                std::string list;
                for (int p : open)
                    list += (list.empty() ? "" : ", ") + std::to_string(p);
                out.add(Severity::Warning, "unconnected-hca", {CPLAN_TR("Engine", "server '%1' has unconnected fabric port(s) %2"), {node.id, list}}, {node.id});
            }
        } else if (linksOn[i] == 0) {
            out.add(Severity::Warning, "unconnected-switch", {CPLAN_TR("Engine", "switch '%1' has no links"), {node.id}}, {node.id});
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
                    {CPLAN_TR("Engine", "the fabric falls apart into %1 pieces; e.g. '%2' cannot reach the main fabric"),
                     {std::to_string(sizes.size()), cut.front()}},
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
                {CPLAN_TR("Engine", "the fabric needs %1 unicast LIDs (one per switch and per HCA port); one InfiniBand subnet "
                                    "has %2. Split it into several subnets."),
                 {formatThousands(double(lids)), formatThousands(kMaxUnicastLids)}},
                {});

    // Tiers: more than 3 switch tiers means long paths.
    for (std::size_t i = 0; i < n; ++i)
        if (design.nodes[i].role == NodeRole::Switch && design.nodes[i].tier == Tier::Endpoint)
            out.add(Severity::Info, "tier-unset", {CPLAN_TR("Engine", "switch '%1' has no tier; tier-based counts treat it as a leaf"), {design.nodes[i].id}},
                    {design.nodes[i].id});

    // Tenants: a server belongs to at most one.
    std::map<std::string, std::string> owner;
    for (const Tenant &t : design.tenants)
        for (const std::string &s : t.servers) {
            auto [it, inserted] = owner.emplace(s, t.id);
            if (!inserted && it->second != t.id)
                out.add(Severity::Error, "tenant-overlap",
                        {CPLAN_TR("Engine", "server '%1' belongs to tenants '%2' and '%3'"), {s, it->second, t.id}}, {s});
        }

    // Duplicate GUIDs would confuse the subnet manager.
    std::unordered_map<std::uint64_t, std::size_t> guids;
    for (std::size_t i = 0; i < n; ++i) {
        auto [it, inserted] = guids.emplace(nodeGuid(design.nodes[i]), i);
        if (!inserted)
            out.add(Severity::Error, "duplicate-guid",
                    {CPLAN_TR("Engine", "nodes '%1' and '%2' have the same GUID"), {design.nodes[it->second].id, design.nodes[i].id}},
                    {design.nodes[it->second].id, design.nodes[i].id});
    }

    // Racks: space and power against the rack part.
    const Part *rack = catalog.defaultRack();
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
                        {CPLAN_TR("Engine", "rack '%1' holds %2 U of equipment; a %3 has %4 U"),
                         {name, formatDouble(load.first), rack->model, formatDouble(*rack->capacityU)}},
                        {});
            if (rack->powerBudgetW && load.second > *rack->powerBudgetW)
                out.add(Severity::Warning, "rack-power",
                        {CPLAN_TR("Engine", "rack '%1' draws up to %2 W; the budget is %3 W"),
                         {name, formatThousands(load.second), formatThousands(*rack->powerBudgetW)}},
                        {});
        }

    return out.take();
}

} // namespace cplan
