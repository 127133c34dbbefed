#include "export/slurmtopology.h"

#include "export/schedtopology.h"
#include "reliability/rackblocks.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

namespace cplan {

std::string hostlistSafe(std::string name)
{
    for (char &c : name)
        if (std::isspace(static_cast<unsigned char>(c)) || c == '[' || c == ']' || c == ',' || c == '=' || c == '#')
            c = '_';
    return name;
}

std::string slurmName(const Node &node)
{
    return hostlistSafe(node.name.empty() ? node.id : node.name);
}

std::string compressHostlist(std::vector<std::string> names)
{
    // (prefix, digits) -> numbers; names without trailing digits stay as they are.
    struct Key
    {
        std::string prefix;
        std::size_t digits;
        auto operator<=>(const Key &) const = default;
    };
    std::map<Key, std::set<unsigned long long>> ranges;
    std::vector<std::pair<std::string, Key>> order;   // first appearance of each group
    std::set<std::string> seen;
    std::vector<std::string> plain;
    for (const std::string &n : names) {
        if (!seen.insert(n).second)
            continue;
        std::size_t d = n.size();
        while (d > 0 && std::isdigit(static_cast<unsigned char>(n[d - 1])))
            --d;
        const std::size_t digits = n.size() - d;
        if (digits == 0 || digits > 18) {
            order.push_back({n, Key{}});
            continue;
        }
        Key key{n.substr(0, d), digits};
        if (!ranges.count(key))
            order.push_back({std::string(), key});
        ranges[key].insert(std::stoull(n.substr(d)));
    }
    std::string out;
    auto pad = [](unsigned long long v, std::size_t digits) {
        std::string s = std::to_string(v);
        return std::string(digits > s.size() ? digits - s.size() : 0, '0') + s;
    };
    for (const auto &[literal, key] : order) {
        if (!out.empty())
            out += ',';
        if (!literal.empty()) {
            out += literal;
            continue;
        }
        const auto &nums = ranges[key];
        if (nums.size() == 1) {
            out += key.prefix + pad(*nums.begin(), key.digits);
            continue;
        }
        out += key.prefix + "[";
        bool first = true;
        for (auto it = nums.begin(); it != nums.end();) {
            unsigned long long lo = *it, hi = lo;
            auto next = std::next(it);
            while (next != nums.end() && *next == hi + 1) {
                hi = *next;
                ++next;
            }
            out += (first ? "" : ",") + pad(lo, key.digits) + (hi > lo ? "-" + pad(hi, key.digits) : std::string());
            first = false;
            it = next;
        }
        out += "]";
    }
    return out;
}

namespace {

std::string names(const Design &design, const std::vector<std::uint32_t> &ids)
{
    std::vector<std::string> v;
    for (std::uint32_t i : ids)
        v.push_back(slurmName(design.nodes[i]));
    return compressHostlist(std::move(v));
}

// What a rail group stands for, as a comment line above its SwitchName= line.
std::string railGroupComment(const Design &design, const SchedDomain &d)
{
    const std::string leaves = std::to_string(d.switches.size());
    return "# " + d.name + " = the " + leaves + " leaves " + names(design, d.switches) + ": each of its " +
           std::to_string(d.members.size()) + " servers is cabled to " +
           (d.everyServerOnEveryLeaf ? "all " + leaves + " (one leaf per rail)" : "several of them") + "\n";
}

const char *kRailGroupReason =
    "# Rail-optimised servers are cabled to several leaves (one per rail). Slurm's tree plugin takes\n"
    "# each node under exactly one leaf switch: with a node under several it warns \"Multiple leaf\n"
    "# switches contain nodes\" and places no job larger than one leaf. So the leaves that share\n"
    "# servers are one leaf-level switch here, named after their scalable unit.\n";

// Level-0 lines (leaves and rail groups), then every switch above them in tier order.
std::string treeLines(const Design &design, const SchedulerTopology &t, std::vector<std::string> &tops,
                      std::map<std::string, std::set<std::uint32_t>> &below)
{
    std::string out = "\n# tier 1 (leaf level)\n";
    for (const SchedDomain &d : t.levels[0])
        if (d.switches.size() > 1) {
            out += kRailGroupReason;
            break;
        }
    for (const SchedDomain &d : t.levels[0]) {
        if (d.switches.size() > 1)
            out += railGroupComment(design, d);
        for (std::uint32_t s : d.switches)
            if (!t.lowerSwitches[s].empty())
                out += "# " + slurmName(design.nodes[s]) + " also has switches below it; a Slurm switch lists nodes or "
                       "switches, so only its nodes are listed\n";
        out += "SwitchName=" + d.name + " Nodes=" + names(design, d.members) + "\n";
        below[d.name].insert(d.members.begin(), d.members.end());
        bool hasParent = false;
        for (std::uint32_t s : d.switches)
            hasParent = hasParent || !t.upperSwitches[s].empty();
        if (!hasParent)
            tops.push_back(d.name);
    }
    std::vector<std::uint32_t> upper;
    for (std::uint32_t i = 0; i < design.nodes.size(); ++i)
        if (design.nodes[i].role == NodeRole::Switch && t.leafDomainOf[i] < 0 && (t.planes == 0 || design.nodes[i].plane <= 1))
            upper.push_back(i);   // on a multi-plane design, plane 1's switches stand for every plane's
    std::stable_sort(upper.begin(), upper.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return design.nodes[a].tier < design.nodes[b].tier; });
    std::optional<Tier> currentTier;
    for (std::uint32_t s : upper) {
        const Node &sw = design.nodes[s];
        const std::string name = slurmName(sw);
        if (sw.tier != currentTier) {
            currentTier = sw.tier;
            out += "\n# tier " + std::to_string(level(sw.tier)) + "\n";
        }
        if (t.lowerSwitches[s].empty()) {
            out += "# " + name + ": nothing below it\n";
            continue;
        }
        std::vector<std::string> children;   // leaf-level entries by their name, other switches by theirs
        for (std::uint32_t c : t.lowerSwitches[s]) {
            const int d = t.leafDomainOf[c];
            children.push_back(d >= 0 ? t.levels[0][std::size_t(d)].name : slurmName(design.nodes[c]));
            below[name].insert(below[children.back()].begin(), below[children.back()].end());
        }
        out += "SwitchName=" + name + " Switches=" + compressHostlist(std::move(children)) + "\n";
        if (t.upperSwitches[s].empty())
            tops.push_back(name);
    }
    return out;
}

} // namespace

std::string exportSlurmTopology(const Design &design)
{
    const SchedulerTopology t = schedulerTopology(design);
    std::string out;
    out += "# Slurm topology.conf (TopologyPlugin=topology/tree) generated by Cluster Planner\n";
    out += "# from \"" + design.name + "\".\n# One line per leaf-level switch, then the switches above them by tier.\n";
    out += schedulerPlanesComment(t);
    std::vector<std::string> tops;
    std::map<std::string, std::set<std::uint32_t>> below;   // servers under each entry
    out += treeLines(design, t, tops, below);
    const std::size_t attached = t.servers.size() - t.unattached.size();
    bool covered = tops.empty();
    for (const std::string &top : tops)
        covered = covered || below[top].size() == attached;
    if (!covered && tops.size() > 1) {
        out += "\n# No switch reaches every server through the tiers below it (the fabric is not a tree):\n";
        out += "# a virtual root joins the top switches so that jobs may span them.\n";
        out += "SwitchName=fabric Switches=" + compressHostlist(tops) + "\n";
    }
    if (!t.unattached.empty())
        out += "\n# Servers cabled to no switch (Slurm needs every node under a switch): " +
               names(design, t.unattached) + "\n";
    return out;
}

std::string exportSlurmBlockTopology(const Design &design, const Catalog &catalog)
{
    const SchedulerTopology t = schedulerTopology(design);
    // Servers in fabric order (leaf-level domain by domain), so that the blocks Slurm pairs into
    // larger ones are neighbours in the fabric.
    std::vector<std::uint32_t> ordered;
    for (const SchedDomain &d : t.levels[0])
        ordered.insert(ordered.end(), d.members.begin(), d.members.end());
    ordered.insert(ordered.end(), t.unattached.begin(), t.unattached.end());
    const std::vector<NvlinkDomain> blocks = nvlinkDomains(design, catalog, ordered);

    std::string out;
    out += "# Slurm topology.conf for the block plugin (TopologyPlugin=topology/block, Slurm 23.11 or later)\n";
    out += "# generated by Cluster Planner from \"" + design.name + "\".\n";
    out += "# One block per NVLink domain, in fabric order (leaf-level domain by leaf-level domain), so\n"
           "# that the neighbouring blocks Slurm pairs into larger ones are neighbours in the fabric.\n";
    out += schedulerPlanesComment(t);
    if (blocks.empty())
        return out + "# The design has no servers: no blocks.\n";
    std::size_t base = blocks.front().servers.size();
    bool oneServerEach = true;
    for (const NvlinkDomain &b : blocks) {
        base = std::min(base, b.servers.size());
        oneServerEach = oneServerEach && b.servers.size() == 1;
    }
    if (oneServerEach)
        out += "# Every server is its own NVLink domain here: each block is one node, and the higher block sizes\n"
               "# group neighbouring servers. The tree export describes this fabric's switches.\n";
    out += "\n";
    for (const NvlinkDomain &b : blocks)
        out += "BlockName=" + b.name + " Nodes=" + names(design, b.servers) + "\n";
    // The base size, then base x 2^k up to the first that holds every block (Slurm stops there,
    // and takes k <= 15).
    std::string sizes = std::to_string(base);
    for (std::size_t k = 1; k <= kMaxSlurmBlockLevel && (std::size_t(1) << (k - 1)) < blocks.size(); ++k)
        sizes += "," + std::to_string(base << k);
    out += "\n# The planning base block (the smallest NVLink domain, in nodes), then base x 2, x 4, ... up to\n"
           "# the size that holds every block: Slurm aggregates that many neighbouring blocks at each level.\n";
    out += "BlockSizes=" + sizes + "\n";
    // Rack-scale domains (NVL72 trays): what failed trays do to jobs of each block size.
    std::size_t trays = 0;
    for (const NvlinkDomain &b : blocks)
        trays = std::max(trays, b.servers.size());
    if (trays > 1)
        out += "\n" + reliability::blockAdviceComment(reliability::adviseBlockSize(int(trays), kBlockCommentTrayDown)) +
               "# (1 % is an assumption here; cplan reliability derives it from failure rates and repair time.)\n";
    return out;
}

} // namespace cplan
