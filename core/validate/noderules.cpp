#include "validate/noderules.h"

#include "catalog/catalog.h"
#include "validate/rules.h"

#include <algorithm>

namespace cplan {

namespace {

const Part *serverPart(const Node &node, const Catalog &catalog)
{
    const Part *part = catalog.find(node.part);
    return part && part->kind == PartKind::GpuServer ? part : nullptr;
}

int hcaRoom(const Part &server) { return server.hcaCount + server.hcaSlots; }

Finding finding(Rule rule, Message text, std::string node)
{
    std::string english = text.english();
    return Finding{Severity::Error, ruleCode(rule), std::move(english), {std::move(node)}, std::move(text)};
}

} // namespace

std::optional<Finding> checkNodePart(const Node &node, const Catalog &catalog)
{
    if (catalog.find(node.part))
        return std::nullopt;
    return finding(Rule::UnknownPart, {CPLAN_TR("Engine", "node '%1' uses unknown part '%2'"), {node.id, node.part}}, node.id);
}

std::vector<Finding> checkHcaParts(const Node &node, const Catalog &catalog)
{
    std::vector<Finding> out;
    for (const std::string &h : node.hcas) {
        const Part *hca = catalog.find(h);
        if (!hca)
            out.push_back(finding(Rule::UnknownPart, {CPLAN_TR("Engine", "node '%1' has unknown HCA part '%2'"), {node.id, h}}, node.id));
        else if (hca->kind != PartKind::Hca)
            out.push_back(finding(Rule::UnknownPart, {CPLAN_TR("Engine", "node '%1' lists '%2' as an HCA, but it is a %3"), {node.id, h, toString(hca->kind)}},
                                  node.id));
    }
    return out;
}

int fittedHcaCount(const Node &node, const Part &server)
{
    return node.hcas.empty() ? server.hcaCount : int(node.hcas.size());
}

int freeHcaSlots(const Node &node, const Catalog &catalog)
{
    const Part *part = serverPart(node, catalog);
    return part ? std::max(0, hcaRoom(*part) - fittedHcaCount(node, *part)) : 0;
}

std::optional<std::vector<std::string>> hcasAfterAdding(const Node &node, const Catalog &catalog, const std::string &hcaPart)
{
    const Part *hca = catalog.find(hcaPart);
    const Part *part = serverPart(node, catalog);
    if (!hca || hca->kind != PartKind::Hca || !part || freeHcaSlots(node, catalog) <= 0)
        return std::nullopt;
    std::vector<std::string> list = node.hcas;
    if (list.empty())
        list.assign(std::size_t(std::max(0, part->hcaCount)), part->hca);
    list.push_back(hcaPart);
    return list;
}

std::optional<Finding> checkHcaSlots(const Node &node, const Catalog &catalog)
{
    const Part *part = serverPart(node, catalog);
    // An imported host holds the adapters the fabric showed; its free slots are unknown.
    if (!part || part->imported || fittedHcaCount(node, *part) <= hcaRoom(*part))
        return std::nullopt;
    return finding(Rule::HcaSlots,
                   {CPLAN_TR("Engine", "server '%1' holds %2 HCAs; a %3 has room for %4"),
                    {node.id, std::to_string(fittedHcaCount(node, *part)), part->model, std::to_string(hcaRoom(*part))}},
                   node.id);
}

} // namespace cplan
