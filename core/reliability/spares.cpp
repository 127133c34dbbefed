#include "reliability/spares.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <cmath>
#include <map>

namespace cplan::reliability {

int poissonSpares(double mean, double target)
{
    if (!(mean > 0))
        return 0;
    const double limit = mean + 40.0 * std::sqrt(mean) + 40.0;
    double cdf = 0;
    for (int k = 0; k <= int(limit); ++k) {
        cdf += std::exp(-mean + k * std::log(mean) - std::lgamma(k + 1.0));
        if (cdf >= target)
            return k;
    }
    return int(std::ceil(limit));
}

namespace {

using Key = std::pair<SpareKind, std::string>;

std::string hcaPartOf(const Node &n, const Catalog &catalog)
{
    if (!n.hcas.empty())
        return n.hcas.front();
    const Part *p = catalog.find(n.part);
    return p ? p->hca : std::string();
}

// Devices of `per` held by the footprint, by the part a failure of them makes us stock.
std::map<std::string, double> population(const Design &design, const Catalog &catalog, const JobFootprint &f,
                                         Unit per, SpareKind kind)
{
    std::map<std::string, double> out;
    const bool serverUnit = per == Unit::Gpu || per == Unit::Server || per == Unit::Hca;
    if (serverUnit && (kind == SpareKind::Server || kind == SpareKind::Hca)) {
        for (std::uint32_t s : f.servers) {
            const Node &n = design.nodes[s];
            const Part *p = catalog.find(n.part);
            double count = 1;
            if (per == Unit::Gpu)
                count = nodeGpuCount(n, catalog);
            else if (per == Unit::Hca)
                count = std::max(p ? p->hcaCount : 0, int(n.hcas.size()));
            out[kind == SpareKind::Server ? n.part : hcaPartOf(n, catalog)] += count;
        }
    } else if (per == Unit::Link && kind == SpareKind::Cable) {
        for (std::uint32_t l : f.links)
            out[design.links[l].cable] += 1;
    } else if (per == Unit::Switch && kind == SpareKind::Switch) {
        for (std::uint32_t s : f.switches)
            out[design.nodes[s].part] += 1;
    }
    return out;
}

Unit unitOf(SpareKind k)
{
    switch (k) {
    case SpareKind::Hca: return Unit::Hca;
    case SpareKind::Cable: return Unit::Link;
    case SpareKind::Switch: return Unit::Switch;
    default: return Unit::Server;
    }
}

BomLine bomLine(const std::string &part, int quantity, const Catalog &catalog)
{
    BomLine line;
    line.part = part.empty() ? "cable" : part;
    line.category = "spare";
    line.quantity = quantity;
    if (const Part *p = catalog.find(part)) {
        line.description = "spare " + p->vendor + " " + p->model;
        line.partNumber = p->partNumber.value_or("");
        line.unitPrice = p->unitPrice;
        line.currency = p->currency;
        line.priceEstimate = p->priceEstimate;
        if (p->unitPrice)
            line.total = *p->unitPrice * quantity;
    } else {
        line.description = part.empty() ? "spare cable (the BOM chooses the part)" : "spare " + part;
    }
    return line;
}

} // namespace

SparesPlan planSpares(const FailurePreset &preset, const Design &design, const Catalog &catalog,
                      const JobFootprint &footprint, double repairDays, double targetAvailability)
{
    SparesPlan plan;
    plan.repairDays = repairDays;
    plan.target = targetAvailability;
    std::map<Key, double> perYear;   // -> failures per year
    for (const FailureClass &c : preset.classes) {
        if (c.spare == SpareKind::None)
            continue;
        const auto pop = population(design, catalog, footprint, c.per, c.spare);
        if (!c.ratePerDeviceYear) {
            if (!pop.empty())
                plan.unknown.push_back(c.id);
            continue;
        }
        for (const auto &[part, n] : pop)
            perYear[{c.spare, part}] += *c.ratePerDeviceYear * n;
    }
    for (const auto &[key, rate] : perYear) {
        SpareLine s;
        s.kind = key.first;
        s.part = key.second;
        s.failuresPerYear = rate;
        s.devices = population(design, catalog, footprint, unitOf(s.kind), s.kind)[s.part];
        s.expectedInRepair = s.failuresPerYear * repairDays / kDaysPerYear;
        s.spares = poissonSpares(s.expectedInRepair, targetAvailability);
        s.bom = bomLine(s.part, s.spares, catalog);
        plan.lines.push_back(std::move(s));
    }
    return plan;
}

} // namespace cplan::reliability
