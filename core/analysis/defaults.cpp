#include "analysis/defaults.h"

#include "catalog/catalog.h"
#include "model/design.h"
#include "util/strings.h"

#include <cmath>

namespace cplan {

RoutingEngine defaultRoutingEngine(const Design &design)
{
    return routingEngineFromString(design.settings.routingEngine).value_or(RoutingEngine::FTree);
}

LoadBalancing defaultLoadBalancing(const Design &design, const Catalog &catalog)
{
    if (design.settings.loadBalancing)
        return *design.settings.loadBalancing;
    for (const Node &n : design.nodes)
        if (n.role == NodeRole::Switch)
            if (const Part *part = catalog.find(n.part); part && part->protocol == Protocol::Ethernet)
                return LoadBalancing::Ecmp;
    return LoadBalancing::Lft;
}

PathPolicy pathPolicy(LoadBalancing policy, std::uint64_t seed, int qps)
{
    PathPolicy p;
    p.policy = policy;
    p.seed = seed;
    p.qpsPerConnection = qps > 0 ? qps : policy == LoadBalancing::EnhancedEcmp ? kEnhancedEcmpQps : kDefaultQpsPerConnection;
    p.flowlets = policy == LoadBalancing::Flowlet ? kFlowletsPerFlow : 1;
    return p;
}

std::string formatByteSize(double bytes)
{
    static const char *const units[] = {"GiB", "MiB", "KiB"};
    double scale = double(1ull << 30);
    for (const char *unit : units) {
        if (bytes >= scale && std::fmod(bytes, scale) == 0)
            return formatDouble(bytes / scale) + unit;
        scale /= 1024;
    }
    return formatDouble(bytes);
}

} // namespace cplan
