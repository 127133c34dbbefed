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
