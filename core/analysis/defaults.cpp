#include "analysis/defaults.h"

#include "model/design.h"
#include "util/strings.h"

#include <cmath>

namespace cplan {

RoutingEngine defaultRoutingEngine(const Design &design)
{
    return routingEngineFromString(design.settings.routingEngine).value_or(RoutingEngine::FTree);
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
