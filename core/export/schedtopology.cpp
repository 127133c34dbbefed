#include "export/schedtopology.h"

#include "catalog/catalog.h"
#include "export/slurmtopology.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace cplan {

namespace {

struct Sets
{
    std::vector<std::uint32_t> parent;
    explicit Sets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
    std::uint32_t find(std::uint32_t x)
    {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    }
    void join(std::uint32_t a, std::uint32_t b) { parent[find(a)] = find(b); }
};

void sortUnique(std::vector<std::uint32_t> &v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Per node: the servers cabled to it (switches) and the switches of a lower tier cabled to it,
// and the reverse (the switches of a higher tier above a switch).
struct Cabling
{
    std::vector<std::vector<std::uint32_t>> servers, lower, upper;
};

Cabling cabling(const Design &design, const SchedTopologyOptions &options)
{
    const std::size_t n = design.nodes.size();
    Cabling c{std::vector<std::vector<std::uint32_t>>(n), std::vector<std::vector<std::uint32_t>>(n),
              std::vector<std::vector<std::uint32_t>>(n)};
    for (const Link &l : design.links) {
        if (options.link && !options.link(l))
            continue;
        for (int side = 0; side < 2; ++side) {
            const std::uint32_t a = side ? l.b.node.value : l.a.node.value;
            const std::uint32_t b = side ? l.a.node.value : l.b.node.value;
            const Node &na = design.nodes[a], &nb = design.nodes[b];
            if (na.role != NodeRole::Switch)
                continue;
            if (nb.role == NodeRole::Server) {
                c.servers[a].push_back(b);
            } else if (nb.role == NodeRole::Switch && nb.tier < na.tier && nb.tier >= Tier::Leaf) {
                c.lower[a].push_back(b);
                c.upper[b].push_back(a);
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        sortUnique(c.servers[i]);
        sortUnique(c.lower[i]);
        sortUnique(c.upper[i]);
    }
    return c;
}

// The group id every node of `ids` has, or "".
std::string commonGroup(const Design &design, const std::vector<std::uint32_t> &ids)
{
    if (ids.empty())
        return {};
    const std::string &g = design.nodes[ids.front()].group;
    for (std::uint32_t i : ids)
        if (design.nodes[i].group != g)
            return {};
    return g;
}

// Names the domains of one level: a single switch keeps its name; several switches take the
// group (SU, pod) they all belong to when no other domain of the level has it and no node is
// called so; otherwise "<tier>-group<N>".
void nameDomains(const Design &design, std::vector<SchedDomain> &domains, const std::set<std::string> &nodeNames)
{
    std::map<std::string, int> groupUse;
    std::vector<std::string> groups(domains.size());
    for (std::size_t i = 0; i < domains.size(); ++i) {
        std::string g = commonGroup(design, domains[i].switches);
        if (g.empty() && domains[i].level == 0)
            g = commonGroup(design, domains[i].members);
        groups[i] = hostlistSafe(g);
        if (!groups[i].empty())
            ++groupUse[groups[i]];
    }
    std::set<std::string> used;
    int numbered = 0;
    for (std::size_t i = 0; i < domains.size(); ++i) {
        SchedDomain &d = domains[i];
        const Node &first = design.nodes[d.switches.front()];
        if (d.switches.size() == 1) {
            d.name = slurmName(first);
        } else if (!groups[i].empty() && groupUse[groups[i]] == 1 && !nodeNames.count(groups[i])) {
            d.name = groups[i];
            d.named = true;
        } else {
            do
                d.name = std::string(toString(switchTier(first.tier))) + "-group" + std::to_string(++numbered);
            while (nodeNames.count(d.name) || used.count(d.name));
        }
        used.insert(d.name);
    }
}

std::vector<SchedDomain> leafLevel(const Design &design, const Cabling &c, std::vector<int> &leafDomainOf)
{
    const std::size_t n = design.nodes.size();
    Sets sets(n);
    std::vector<int> leavesOfServer(n, 0);
    for (std::uint32_t s = 0; s < n; ++s)
        for (std::uint32_t v : c.servers[s]) {
            sets.join(s, v);
            ++leavesOfServer[v];
        }
    std::map<std::uint32_t, std::size_t> byRoot;   // component root -> domain
    std::vector<SchedDomain> out;
    for (std::uint32_t s = 0; s < n; ++s) {
        if (c.servers[s].empty())
            continue;
        auto [it, fresh] = byRoot.emplace(sets.find(s), out.size());
        if (fresh)
            out.emplace_back();
        SchedDomain &d = out[it->second];
        d.switches.push_back(s);
        d.members.insert(d.members.end(), c.servers[s].begin(), c.servers[s].end());
        leafDomainOf[s] = int(it->second);
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        SchedDomain &d = out[i];
        sortUnique(d.members);
        d.servers = d.members;
        d.everyServerOnEveryLeaf = d.switches.size() > 1;
        for (std::uint32_t v : d.members) {
            leafDomainOf[v] = int(i);
            d.everyServerOnEveryLeaf = d.everyServerOnEveryLeaf && leavesOfServer[v] == int(d.switches.size());
        }
    }
    return out;
}

// The domains one level up: the switches above `below`'s switches, joined with the domains they
// reach. Empty when no switch is above.
std::vector<SchedDomain> levelAbove(const std::vector<SchedDomain> &below, const Cabling &c, std::vector<char> &placed,
                                    int level)
{
    const std::size_t n = c.servers.size(), m = below.size();
    Sets sets(m + n);   // domains first, then nodes
    std::vector<char> isParent(n, 0);
    for (std::uint32_t d = 0; d < m; ++d)
        for (std::uint32_t s : below[d].switches)
            for (std::uint32_t p : c.upper[s])
                if (!placed[p]) {
                    sets.join(d, std::uint32_t(m + p));
                    isParent[p] = 1;
                }
    std::map<std::uint32_t, std::size_t> byRoot;
    std::vector<SchedDomain> out;
    for (std::uint32_t p = 0; p < n; ++p) {
        if (!isParent[p])
            continue;
        auto [it, fresh] = byRoot.emplace(sets.find(std::uint32_t(m + p)), out.size());
        if (fresh) {
            out.emplace_back();
            out.back().level = level;
        }
        out[it->second].switches.push_back(p);
        placed[p] = 1;
    }
    for (std::uint32_t d = 0; d < m; ++d) {
        const auto it = byRoot.find(sets.find(d));
        if (it == byRoot.end())
            continue;
        SchedDomain &up = out[it->second];
        up.members.push_back(d);
        up.servers.insert(up.servers.end(), below[d].servers.begin(), below[d].servers.end());
    }
    for (SchedDomain &d : out)
        sortUnique(d.servers);
    return out;
}

// The server groups of each level, as sorted lists (to compare two topologies' groupings).
std::vector<std::vector<std::vector<std::uint32_t>>> groupings(const SchedulerTopology &t)
{
    std::vector<std::vector<std::vector<std::uint32_t>>> out;
    for (const std::vector<SchedDomain> &level : t.levels) {
        out.emplace_back();
        for (const SchedDomain &d : level)
            out.back().push_back(d.servers);
        std::sort(out.back().begin(), out.back().end());
    }
    out.push_back({t.unattached});
    return out;
}

SchedTopologyOptions planeLinks(const Design &design, int plane)
{
    SchedTopologyOptions o;
    o.link = [&design, plane](const Link &l) { return linkPlane(design, l) == plane; };
    return o;
}

} // namespace

SchedulerTopology schedulerTopology(const Design &design, const SchedTopologyOptions &options)
{
    const int planes = options.link ? 0 : designPlanes(design);
    if (planes > 0) {
        SchedulerTopology t = schedulerTopology(design, planeLinks(design, 1));
        t.planes = planes;
        const auto first = groupings(t);
        for (int p = 2; p <= planes; ++p)
            if (groupings(schedulerTopology(design, planeLinks(design, p))) != first)
                t.planesDiffering.push_back(p);
        return t;
    }

    const std::size_t n = design.nodes.size();
    Cabling c = cabling(design, options);
    SchedulerTopology t;
    t.leafDomainOf.assign(n, -1);
    std::set<std::string> nodeNames;
    for (std::uint32_t i = 0; i < n; ++i) {
        nodeNames.insert(slurmName(design.nodes[i]));
        if (design.nodes[i].role == NodeRole::Server)
            t.servers.push_back(i);
    }
    t.levels.push_back(leafLevel(design, c, t.leafDomainOf));
    std::vector<char> placed(n, 0);
    for (const SchedDomain &d : t.levels[0])
        for (std::uint32_t s : d.switches)
            placed[s] = 1;
    while (t.levels.size() <= n) {
        std::vector<SchedDomain> up = levelAbove(t.levels.back(), c, placed, int(t.levels.size()));
        if (up.empty())
            break;
        t.levels.push_back(std::move(up));
    }
    for (std::vector<SchedDomain> &level : t.levels)
        nameDomains(design, level, nodeNames);
    for (std::uint32_t v : t.servers)
        if (t.leafDomainOf[v] < 0)
            t.unattached.push_back(v);
    t.serverDomain.assign(t.levels.size(), std::vector<int>(n, -1));
    for (std::size_t l = 0; l < t.levels.size(); ++l)
        for (std::size_t d = 0; d < t.levels[l].size(); ++d)
            for (std::uint32_t v : t.levels[l][d].servers)
                t.serverDomain[l][v] = int(d);
    t.lowerSwitches = std::move(c.lower);
    t.upperSwitches = std::move(c.upper);
    return t;
}

std::string schedulerPlanesComment(const SchedulerTopology &t)
{
    if (t.planes == 0)
        return {};
    std::string out = "# Planes: the design has " + std::to_string(t.planes) +
                      " planes (independent fabrics; every server has HCAs in each). A server is\n"
                      "# described once, through plane 1's switches (p1-...), which stand for the same switches of\n"
                      "# every plane: the planes are identical copies, so a server's neighbours are the same in each.\n";
    if (t.planesDiffering.empty())
        return out + "# Checked: every plane groups the servers as plane 1 does.\n";
    std::string list;
    for (int p : t.planesDiffering)
        list += (list.empty() ? "" : ", ") + std::to_string(p);
    return out + "# WARNING: plane(s) " + list + " group the servers otherwise than plane 1 (edited or partly cabled);\n"
                 "# this file follows plane 1, so jobs placed by it may span more switches there.\n";
}

const SchedDomain *SchedulerTopology::domainOf(std::uint32_t server, std::size_t level) const
{
    if (level >= serverDomain.size() || server >= serverDomain[level].size() || serverDomain[level][server] < 0)
        return nullptr;
    return &levels[level][std::size_t(serverDomain[level][server])];
}

std::vector<NvlinkDomain> nvlinkDomains(const Design &design, const Catalog &catalog,
                                        const std::vector<std::uint32_t> &servers)
{
    std::vector<NvlinkDomain> out;
    std::map<std::pair<std::string, std::string>, std::size_t> open;   // (rack, part) -> filling domain
    std::vector<int> capacity;                                          // servers a domain holds
    for (std::uint32_t v : servers) {
        const Node &node = design.nodes[v];
        const Part *part = catalog.find(node.part);
        const int gpus = nodeGpuCount(node, catalog);
        int per = 1;
        if (part && part->nvlinkDomain && gpus > 0 && *part->nvlinkDomain > gpus)
            per = *part->nvlinkDomain / gpus;
        const auto key = std::make_pair(node.rack, node.part);
        auto it = open.find(key);
        if (per == 1 || it == open.end() || int(out[it->second].servers.size()) >= capacity[it->second]) {
            out.push_back({slurmName(node), {}, 0});
            capacity.push_back(per);
            if (per > 1)
                it = open.insert_or_assign(key, out.size() - 1).first;
        }
        NvlinkDomain &d = out[per > 1 ? it->second : out.size() - 1];
        d.servers.push_back(v);
        d.gpus += gpus;
    }
    // A domain of several servers is named after its rack (and its place in the rack).
    std::map<std::string, int> perRack, seen;
    for (const NvlinkDomain &d : out)
        if (d.servers.size() > 1)
            ++perRack[design.nodes[d.servers.front()].rack];
    for (NvlinkDomain &d : out) {
        const std::string &rack = design.nodes[d.servers.front()].rack;
        if (d.servers.size() > 1 && !rack.empty())
            d.name = "nvl-" + hostlistSafe(rack) + (perRack[rack] > 1 ? "-" + std::to_string(++seen[rack]) : "");
        else if (d.servers.size() > 1)
            d.name = "nvl-" + d.name;
    }
    return out;
}

} // namespace cplan
