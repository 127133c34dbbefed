#include "validate/validate.h"

#include "catalog/catalog.h"
#include "validate/linkrules.h"
#include "validate/mtu.h"
#include "validate/noderules.h"
#include "validate/roce.h"
#include "physical/checks.h"
#include "util/strings.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>

#include <algorithm>
#include <map>
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
    void add(Severity s, Rule rule, Message text, std::vector<std::string> objects)
    {
        add(Finding{s, ruleCode(rule), text.english(), std::move(objects), text});
    }

    void add(Finding finding)
    {
        int &n = m_counts[finding.code];
        ++n;
        if (n <= kPerCode)
            m_list.push_back(std::move(finding));
        else
            m_folded[finding.code] = finding.severity;
    }

    std::vector<Finding> take()
    {
        for (const auto &[code, severity] : m_folded) {
            Message text{CPLAN_TR("Engine", "... and %1 more '%2' finding(s)"), {std::to_string(m_counts[code] - kPerCode), code}};
            m_list.push_back(Finding{severity, code, text.english(), {}, text});
        }
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

// What the design-wide rules need to know of each node, worked out once.
struct Survey
{
    std::vector<const Part *> parts;  // nullptr: unknown part
    std::vector<int> linksOn;         // links ending on the node
};

// Node parts and HCAs are in the catalog; a server holds no more HCAs than it has room for.
void checkParts(const Design &design, const Catalog &catalog, Survey &survey, Findings &out)
{
    for (std::size_t i = 0; i < design.nodes.size(); ++i) {
        const Node &node = design.nodes[i];
        survey.parts[i] = catalog.find(node.part);
        if (auto f = checkNodePart(node, catalog)) {
            out.add(std::move(*f));
            continue;
        }
        for (Finding &f : checkHcaParts(node, catalog))
            out.add(std::move(f));
        if (auto f = checkHcaSlots(node, catalog))
            out.add(std::move(*f));
    }
}

// Every link against the link rules (ports, speeds, cables).
void checkLinks(const Design &design, const LinkRules &rules, Survey &survey, Findings &out)
{
    for (std::uint32_t i = 0; i < design.links.size(); ++i) {
        const Link &link = design.links[i];
        for (LinkFinding &f : rules.check(link, LinkId(i)).findings)
            out.add(std::move(f.finding));
        ++survey.linksOn[link.a.node.value];
        ++survey.linksOn[link.b.node.value];
    }
}

// Port numbers as people read them: "3, 5" or, for runs of three or more, "1-16, 18".
std::string portList(const std::vector<int> &ports)
{
    std::string out;
    for (std::size_t i = 0; i < ports.size();) {
        std::size_t j = i;
        while (j + 1 < ports.size() && ports[j + 1] == ports[j] + 1)
            ++j;
        const std::string first = std::to_string(ports[i]);
        out += (out.empty() ? "" : ", ") + (j >= i + 2 ? first + "-" + std::to_string(ports[j]) : first);
        i = j >= i + 2 ? j + 1 : i + 1;
    }
    return out;
}

// Servers with unconnected HCA ports; switches and servers with nothing connected.
void checkAttachments(const Design &design, const LinkRules &rules, const Survey &survey, Findings &out)
{
    for (std::uint32_t i = 0; i < design.nodes.size(); ++i) {
        const Node &node = design.nodes[i];
        if (!survey.parts[i])
            continue;
        if (node.role == NodeRole::Switch) {
            if (survey.linksOn[i] == 0)
                out.add(Severity::Warning, Rule::UnconnectedSwitch, {CPLAN_TR("Engine", "switch '%1' has no links"), {node.id}}, {node.id});
            continue;
        }
        const auto &ports = rules.ports(NodeId(i));
        std::vector<int> open;
        for (const PortInfo &p : ports)
            if (!design.linkAt(PortRef{NodeId(i), p.number}))
                open.push_back(p.number);
        if (ports.empty())
            out.add(Severity::Warning, Rule::NoHca, {CPLAN_TR("Engine", "server '%1' has no fabric HCA"), {node.id}}, {node.id});
        else if (!open.empty())
            out.add(Severity::Warning, Rule::UnconnectedHca, {CPLAN_TR("Engine", "server '%1' has unconnected fabric port(s) %2"), {node.id, portList(open)}},
                    {node.id});
    }
}

// Pieces of one fabric (Boost.Graph connected components): of the whole design (plane 0), or
// of one plane. In a plane, a server's cable is a piece of its own end (a server does not
// forward between its HCAs, and its other HCAs are other planes'), so only the plane's
// switches hold it together. Returns the number of pieces and up to 10 nodes outside the largest.
std::pair<std::size_t, std::vector<std::string>> fabricPieces(const Design &design, int plane)
{
    const std::size_t n = design.nodes.size();
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    std::vector<std::uint32_t> owner(n);   // vertex -> design node
    for (std::uint32_t i = 0; i < n; ++i)
        owner[i] = i;
    auto vertex = [&](NodeId node) -> std::size_t {
        if (plane == 0 || design.node(node).role == NodeRole::Switch)
            return node.value;
        owner.push_back(node.value);
        return owner.size() - 1;
    };
    std::vector<std::pair<std::size_t, std::size_t>> edges;
    for (const Link &l : design.links)
        if (l.a.node.value < n && l.b.node.value < n && (plane == 0 || linkPlane(design, l) == plane))
            edges.emplace_back(vertex(l.a.node), vertex(l.b.node));
    Graph g(owner.size());
    std::vector<char> linked(owner.size(), 0);
    for (auto [a, b] : edges) {
        boost::add_edge(a, b, g);
        linked[a] = linked[b] = 1;
    }
    std::vector<int> component(owner.size());
    boost::connected_components(g, component.data());
    std::map<int, int> sizes;
    for (std::size_t v = 0; v < owner.size(); ++v)
        if (linked[v])
            ++sizes[component[v]];
    int largest = -1, best = 0;
    for (auto [c, s] : sizes)
        if (s > best)
            best = s, largest = c;
    std::vector<std::string> cut;
    for (std::size_t v = 0; v < owner.size() && cut.size() < 10 && sizes.size() > 1; ++v)
        if (linked[v] && component[v] != largest && std::find(cut.begin(), cut.end(), design.nodes[owner[v]].id) == cut.end())
            cut.push_back(design.nodes[owner[v]].id);
    return {sizes.size(), cut};
}

// The fabric is one piece; with planes, each plane is (nodes without links are reported by
// checkAttachments).
void checkConnectivity(const Design &design, Findings &out)
{
    if (design.nodes.empty() || design.links.empty())
        return;
    const int planes = designPlanes(design);
    for (int plane = planes > 0 ? 1 : 0; plane <= planes; ++plane) {
        const auto [pieces, cut] = fabricPieces(design, plane);
        if (pieces <= 1)
            continue;
        if (plane == 0)
            out.add(Severity::Error, Rule::Disconnected,
                    {CPLAN_TR("Engine", "the fabric falls apart into %1 pieces; e.g. '%2' cannot reach the main fabric"),
                     {std::to_string(pieces), cut.front()}},
                    cut);
        else
            out.add(Severity::Error, Rule::Disconnected,
                    {CPLAN_TR("Engine", "plane %1 falls apart into %2 pieces; e.g. '%3' cannot reach the rest of the plane"),
                     {std::to_string(plane), std::to_string(pieces), cut.front()}},
                    cut);
    }
}

// Unicast LIDs each subnet needs: one per switch and per CA port (LMC 0); with planes, per
// plane (a server's cabled ports count in the plane they are cabled into). Index 0: the whole
// design when it has no planes.
std::vector<long long> subnetLids(const Design &design, const LinkRules &rules)
{
    const int planes = designPlanes(design);
    std::vector<long long> lids(std::size_t(planes) + 1, 0);
    for (std::uint32_t i = 0; i < design.nodes.size(); ++i) {
        const Node &node = design.nodes[i];
        if (node.role == NodeRole::Switch) {
            ++lids[std::size_t(node.plane)];
        } else if (planes == 0) {
            lids[0] += (long long)rules.ports(NodeId(i)).size();
        } else {
            for (const PortInfo &p : rules.ports(NodeId(i)))
                if (auto l = design.linkAt(PortRef{NodeId(i), p.number}))
                    ++lids[std::size_t(linkPlane(design, design.link(*l)))];
        }
    }
    return lids;
}

// LID space per subnet. Switch tiers.
void checkSubnet(const Design &design, const LinkRules &rules, Findings &out)
{
    const std::vector<long long> lids = subnetLids(design, rules);
    for (std::size_t plane = 0; plane < lids.size(); ++plane) {
        if (lids[plane] <= kMaxUnicastLids)
            continue;
        if (lids.size() == 1)
            out.add(Severity::Error, Rule::LidSpace,
                    {CPLAN_TR("Engine", "the fabric needs %1 unicast LIDs (one per switch and per HCA port); one InfiniBand subnet "
                                        "has %2. Split it into several subnets."),
                     {formatThousands(double(lids[plane])), formatThousands(kMaxUnicastLids)}},
                    {});
        else
            out.add(Severity::Error, Rule::LidSpace,
                    {CPLAN_TR("Engine", "plane %1 needs %2 unicast LIDs (one per switch and per HCA port in it); one InfiniBand "
                                        "subnet has %3. Use more planes."),
                     {plane == 0 ? std::string("0 (no plane)") : std::to_string(plane), formatThousands(double(lids[plane])),
                      formatThousands(kMaxUnicastLids)}},
                    {});
    }
    for (const Node &node : design.nodes)
        if (node.role == NodeRole::Switch && node.tier == Tier::Endpoint)
            out.add(Severity::Info, Rule::TierUnset, {CPLAN_TR("Engine", "switch '%1' has no tier; tier-based counts treat it as a leaf"), {node.id}},
                    {node.id});
}

// A server belongs to one tenant at most; GUIDs are unique (the subnet manager needs them so).
void checkIdentity(const Design &design, Findings &out)
{
    std::map<std::string, std::string> owner;
    for (const Tenant &t : design.tenants)
        for (const std::string &s : t.servers) {
            auto [it, inserted] = owner.emplace(s, t.id);
            if (!inserted && it->second != t.id)
                out.add(Severity::Error, Rule::TenantOverlap,
                        {CPLAN_TR("Engine", "server '%1' belongs to tenants '%2' and '%3'"), {s, it->second, t.id}}, {s});
        }
    std::unordered_map<std::uint64_t, std::size_t> guids;
    for (std::size_t i = 0; i < design.nodes.size(); ++i) {
        auto [it, inserted] = guids.emplace(nodeGuid(design.nodes[i]), i);
        if (!inserted)
            out.add(Severity::Error, Rule::DuplicateGuid,
                    {CPLAN_TR("Engine", "nodes '%1' and '%2' have the same GUID"), {design.nodes[it->second].id, design.nodes[i].id}},
                    {design.nodes[it->second].id, design.nodes[i].id});
    }
}

} // namespace

std::vector<Finding> validateDesign(const Design &design, const Catalog &catalog)
{
    Findings out;
    Survey survey{std::vector<const Part *>(design.nodes.size(), nullptr), std::vector<int>(design.nodes.size(), 0)};
    const LinkRules rules(design, catalog);
    checkParts(design, catalog, survey, out);
    checkLinks(design, rules, survey, out);
    checkAttachments(design, rules, survey, out);
    checkConnectivity(design, out);
    checkSubnet(design, rules, out);
    checkIdentity(design, out);
    // Ethernet (RoCE) fabrics: the lossless configuration assumed, spines, planes (roce.h).
    const RoceFindingSink sink = [&](Severity s, Rule rule, Message text, std::vector<std::string> objects) {
        out.add(s, rule, std::move(text), std::move(objects));
    };
    checkRoce(design, catalog, sink);
    // The MTU the design states: against each part's largest, across links, for RoCE (mtu.h).
    checkMtu(design, catalog, sink);
    // The physical plan: racks and U, rack budgets, cables against the floor, impossible cables
    // (physical/checks.h; rack-space and rack-power among them).
    checkPhysical(design, catalog, sink);
    return out.take();
}

} // namespace cplan
