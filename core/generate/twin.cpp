#include "generate/twin.h"

#include "catalog/catalog.h"

#include <algorithm>

namespace cplan {

Result<FatTreeSpec> ethernetTwinSpec(const Design &design, const std::string &switchPart, const std::string &nicPart)
{
    FatTreeSpec spec;
    for (const Node &n : design.nodes) {
        if (n.role != NodeRole::Server)
            continue;
        auto same = [&](const std::pair<std::string, int> &s) { return s.first == n.part; };
        if (auto it = std::find_if(spec.servers.begin(), spec.servers.end(), same); it != spec.servers.end())
            ++it->second;
        else
            spec.servers.emplace_back(n.part, 1);
    }
    if (spec.servers.empty())
        return Error{"", 0, 0, "'" + design.name + "' has no servers to build an Ethernet twin for"};
    spec.switchPart = switchPart;
    spec.hcaOverride = nicPart;
    spec.planes = std::max(1, designPlanes(design));
    spec.name = design.name + " (Ethernet twin on " + switchPart + ")";
    return spec;
}

Result<Design> ethernetTwin(const Design &design, const Catalog &catalog, const std::string &switchPart, const std::string &nicPart,
                            FatTreeReport *report)
{
    auto spec = ethernetTwinSpec(design, switchPart, nicPart);
    if (!spec)
        return spec.error();
    auto twin = generateFatTree(*spec, catalog, report);
    if (!twin)
        return twin.error();
    twin->settings.currency = design.settings.currency;
    twin->settings.electricityPricePerKWh = design.settings.electricityPricePerKWh;
    twin->settings.pue = design.settings.pue;
    twin->settings.tcoYears = design.settings.tcoYears;
    twin->settings.sparesPercent = design.settings.sparesPercent;
    twin->settings.discountPercent = design.settings.discountPercent;
    return twin;
}

} // namespace cplan
