#include "failure/failure.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <unordered_set>

namespace cplan {

FailureSpec failureSpecFromIds(const Design &design, const std::vector<std::string> &ids)
{
    FailureSpec spec;
    for (const std::string &id : ids) {
        if (design.findLink(id))
            spec.links.push_back(id);
        else if (auto n = design.findNode(id))
            (design.node(*n).role == NodeRole::Switch ? spec.switches : spec.servers).push_back(id);
    }
    return spec;
}

namespace {

Result<NodeId> failedNode(const Design &design, const std::string &id, bool wantSwitch)
{
    auto n = design.findNode(id);
    if (!n)
        return Error{"", 0, 0, "no node '" + id + "' in the design"};
    const bool isSwitch = design.node(*n).role == NodeRole::Switch;
    if (isSwitch != wantSwitch)
        return Error{"", 0, 0, "'" + id + "' is " + (isSwitch ? "a switch, not a server" : "not a switch")};
    return *n;
}

} // namespace

Result<ResolvedFailures> resolveFailures(const Design &design, const FailureSpec &spec)
{
    ResolvedFailures r;
    for (const std::string &id : spec.links) {
        auto l = design.findLink(id);
        if (!l)
            return Error{"", 0, 0, "no link '" + id + "' in the design"};
        r.links.push_back(*l);
    }
    for (const auto &[ids, wantSwitch] : {std::pair{&spec.switches, true}, std::pair{&spec.servers, false}})
        for (const std::string &id : *ids) {
            auto n = failedNode(design, id, wantSwitch);
            if (!n)
                return n.error();
            r.nodes.push_back(*n);
        }
    return r;
}

void applyFailures(Fabric &fabric, const ResolvedFailures &failures)
{
    for (LinkId l : failures.links)
        fabric.setLinkAlive(l, false);
    for (NodeId n : failures.nodes)
        fabric.setNodeAlive(n, false);
}

FailedCables failedCables(const Design &design, const Catalog &catalog, const FailureSpec &spec)
{
    std::unordered_set<std::uint32_t> nodes;
    for (const auto *ids : {&spec.switches, &spec.servers})
        for (const std::string &id : *ids)
            if (auto n = design.findNode(id))
                nodes.insert(n->value);
    std::unordered_set<std::string> links(spec.links.begin(), spec.links.end());
    FailedCables lost;
    for (const Link &l : design.links)
        if (links.count(l.id) || nodes.count(l.a.node.value) || nodes.count(l.b.node.value)) {
            ++lost.links;
            lost.capacityGbps += linkSpeedGbps(design, l, catalog);
        }
    return lost;
}

} // namespace cplan
