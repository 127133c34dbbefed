#include "schedule/pool.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cplan {

int Pool::totalGpus() const
{
    int n = 0;
    for (const PoolServer &s : servers)
        n += s.gpus;
    return n;
}

int Pool::maxGpusPerServer() const
{
    int n = 0;
    for (const PoolServer &s : servers)
        n = std::max(n, s.gpus);
    return n;
}

Status checkPool(const Pool &pool)
{
    for (const PoolServer &s : pool.servers) {
        if (s.gpus < 0 || s.gpus > kMaxGpusPerServer)
            return makeError(pool.name, 0, 0,
                             "server '" + s.id + "' has " + std::to_string(s.gpus) + " GPUs; a server holds 0 to " +
                                 std::to_string(kMaxGpusPerServer));
        if (!(s.cpuMilli >= 0 && s.memoryMib >= 0) || !std::isfinite(s.cpuMilli) || !std::isfinite(s.memoryMib))
            return makeError(pool.name, 0, 0, "server '" + s.id + "' has a negative or non-finite CPU or memory size");
        if (s.tenant >= int(pool.tenants.size()) || std::ptrdiff_t(s.blocks.size()) != std::ptrdiff_t(pool.levels))
            return makeError(pool.name, 0, 0, "server '" + s.id + "' names a tenant or topology level the pool lacks");
    }
    return Ok{};
}

int Pool::partitionFor(const std::string &tenant, bool sharedPool) const
{
    const bool anyPartition = std::any_of(tenants.begin(), tenants.end(), [](const PoolTenant &t) { return t.partitionGpus > 0; });
    if (!anyPartition || sharedPool)
        return -2;
    const auto t = tenant.empty() ? std::nullopt : findTenant(tenant);
    return t && tenants[std::size_t(*t)].partitionGpus > 0 ? *t : -1;
}

std::optional<int> Pool::findTenant(const std::string &idOrName) const
{
    for (std::size_t i = 0; i < tenants.size(); ++i)
        if (tenants[i].id == idOrName)
            return int(i);
    for (std::size_t i = 0; i < tenants.size(); ++i)
        if (tenants[i].name == idOrName)
            return int(i);
    return std::nullopt;
}

namespace {

// Topology blocks: leaf-switch set, then group (SU), then the group's parent (pod).
void assignBlocks(const Design &design, Pool &pool)
{
    std::vector<std::vector<std::uint32_t>> leaves(design.nodes.size());
    for (const Link &l : design.links) {
        const Node &a = design.node(l.a.node), &b = design.node(l.b.node);
        if (a.role == NodeRole::Server && b.role == NodeRole::Switch)
            leaves[l.a.node.value].push_back(l.b.node.value);
        else if (b.role == NodeRole::Server && a.role == NodeRole::Switch)
            leaves[l.b.node.value].push_back(l.a.node.value);
    }
    std::map<std::string, std::string> groupParent;
    for (const Group &g : design.groups)
        groupParent[g.id] = g.parent;
    std::map<std::vector<std::uint32_t>, int> leafBlocks;
    std::map<std::string, int> groupBlocks, podBlocks;
    const bool anyGroup = std::any_of(pool.servers.begin(), pool.servers.end(),
                                      [&](const PoolServer &s) { return !design.nodes[std::size_t(s.designNode)].group.empty(); });
    const bool anyPod = std::any_of(design.groups.begin(), design.groups.end(), [](const Group &g) { return !g.parent.empty(); });
    for (PoolServer &s : pool.servers) {
        auto set = leaves[std::size_t(s.designNode)];
        std::sort(set.begin(), set.end());
        set.erase(std::unique(set.begin(), set.end()), set.end());
        s.blocks.push_back(leafBlocks.emplace(set, int(leafBlocks.size())).first->second);
        const std::string &group = design.nodes[std::size_t(s.designNode)].group;
        if (anyGroup)
            s.blocks.push_back(groupBlocks.emplace(group, int(groupBlocks.size())).first->second);
        if (anyGroup && anyPod) {
            auto it = groupParent.find(group);
            const std::string pod = it == groupParent.end() ? std::string() : it->second;
            s.blocks.push_back(podBlocks.emplace(pod, int(podBlocks.size())).first->second);
        }
    }
}

} // namespace

Result<Pool> poolFromDesign(const Design &design, const Catalog &catalog)
{
    Pool pool;
    pool.name = design.name;
    std::map<std::string, int> serverIndex;
    for (std::size_t i = 0; i < design.nodes.size(); ++i) {
        const Node &n = design.nodes[i];
        if (n.role != NodeRole::Server)
            continue;
        const int gpus = nodeGpuCount(n, catalog);
        if (gpus <= 0)
            continue;
        const Part *part = catalog.find(n.part);
        PoolServer s;
        s.id = n.id;
        s.gpuType = part ? part->gpu : std::string();
        s.gpus = gpus;
        s.designNode = std::int32_t(i);
        serverIndex[n.id] = int(pool.servers.size());
        pool.servers.push_back(std::move(s));
    }
    if (pool.servers.empty())
        return makeError(design.name, 0, 0, "the design has no servers with GPUs to pool");

    for (const Tenant &t : design.tenants) {
        PoolTenant pt{t.id, t.name.empty() ? t.id : t.name, t.quotaGpus, 0};
        const int index = int(pool.tenants.size());
        for (const std::string &sid : t.servers) {
            auto it = serverIndex.find(sid);
            if (it == serverIndex.end())
                continue;   // a tenant may name hosts without GPUs; validation reports unknown ids
            PoolServer &s = pool.servers[std::size_t(it->second)];
            if (s.tenant >= 0 && s.tenant != index)
                return makeError(design.name, 0, 0,
                                 "server '" + sid + "' belongs to tenants '" + pool.tenants[std::size_t(s.tenant)].id + "' and '" + t.id + "'");
            if (s.tenant != index) {
                s.tenant = index;
                pt.partitionGpus += s.gpus;
            }
        }
        pool.tenants.push_back(std::move(pt));
    }

    assignBlocks(design, pool);
    pool.levels = int(pool.servers.front().blocks.size());
    if (auto ok = checkPool(pool); !ok)
        return ok.error();
    return pool;
}

} // namespace cplan
