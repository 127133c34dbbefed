#include "analysis/verification.h"

#include "model/design.h"
#include "verify/lldpasbuilt.h"

#include <set>
#include <tuple>
#include <utility>

namespace cplan {

Result<VerificationAnalysis> analyzeVerification(const Design &plan, const std::string &asBuiltPath, const Catalog &catalog,
                                                 int plane)
{
    if (isLldpAsBuilt(std::vector<std::string>{asBuiltPath}))
        return analyzeVerification(plan, std::vector<std::string>{asBuiltPath}, catalog, plane);
    const int planes = designPlanes(plan);
    if (plane < 0 || plane > planes)
        return Error{"", 0, 0, "plane " + std::to_string(plane) + ": the plan has " + std::to_string(planes) + " plane(s)"};
    auto found = loadAsBuilt(asBuiltPath, catalog);
    if (!found)
        return found.error();
    if (found->fromDump && planes > 0 && plane == 0)
        return Error{asBuiltPath, 0, 0, "the plan has " + std::to_string(planes) +
                                            " planes, each its own subnet, and an ibnetdiscover dump shows one: give the plane it "
                                            "was taken on (--plane N)"};
    VerificationAnalysis out;
    out.result = verifyAsBuilt(plan, *found, catalog, plane);
    out.asBuilt = std::move(*found);
    return out;
}

Result<VerificationAnalysis> analyzeVerification(const Design &plan, const std::vector<std::string> &asBuiltPaths,
                                                 const Catalog &catalog, int plane)
{
    if (!isLldpAsBuilt(asBuiltPaths))
        return asBuiltPaths.empty() ? Result<VerificationAnalysis>(Error{"", 0, 0, "no as-built file given"})
                                    : analyzeVerification(plan, asBuiltPaths.front(), catalog, plane);
    if (plane > 0)
        return Error{asBuiltPaths.front(), 0, 0, "LLDP neighbour tables show every plane at once: verify them without --plane"};
    auto found = loadLldpAsBuilt(asBuiltPaths, plan, catalog);
    if (!found)
        return found.error();
    VerificationAnalysis out;
    out.result = verifyAsBuilt(plan, *found, catalog);
    out.asBuilt = std::move(*found);
    return out;
}

std::vector<PlaneNodeCounts> planeNodeCounts(const Design &design, const Catalog &catalog)
{
    std::vector<PlaneNodeCounts> out(std::size_t(designPlanes(design)) + 1);
    // (plane, node, HCA) of every non-switch end of a cable, each once; plane 0: the whole design.
    std::set<std::tuple<int, std::uint32_t, int>> hcas;
    std::vector<std::vector<PortInfo>> ports(design.nodes.size());
    for (const Link &link : design.links) {
        const int plane = linkPlane(design, link);
        for (const PortRef &end : {link.a, link.b}) {
            if (end.node.value >= design.nodes.size())
                continue;
            const Node &node = design.nodes[end.node.value];
            if (node.role == NodeRole::Switch)
                continue;
            std::vector<PortInfo> &p = ports[end.node.value];
            if (p.empty())
                p = nodePorts(node, catalog);
            const int hca = end.port >= 1 && std::size_t(end.port) <= p.size() ? p[std::size_t(end.port) - 1].hca : 0;
            hcas.insert({0, end.node.value, hca});
            if (plane > 0)
                hcas.insert({plane, end.node.value, hca});
        }
    }
    std::set<std::pair<int, std::uint32_t>> servers;
    for (const auto &[plane, node, hca] : hcas) {
        ++out[std::size_t(plane)].hcas;
        if (servers.insert({plane, node}).second)
            ++out[std::size_t(plane)].servers;
    }
    for (const Node &n : design.nodes)
        if (n.role == NodeRole::Switch) {
            ++out[0].switches;
            if (n.plane > 0 && std::size_t(n.plane) < out.size())
                ++out[std::size_t(n.plane)].switches;
        }
    return out;
}

} // namespace cplan
