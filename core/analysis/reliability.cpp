#include "analysis/reliability.h"

#include "catalog/catalog.h"
#include "export/schedtopology.h"
#include "model/design.h"

#include <algorithm>
#include <map>

namespace cplan {

namespace {

using namespace reliability;

// Trays of the design's largest rack-scale NVLink domain (an NVL72 rack: 18),
// 0 when every server is its own domain.
int domainTrays(const Design &design, const Catalog &catalog, const JobFootprint &cluster)
{
    std::map<std::size_t, int> sizes;
    for (const NvlinkDomain &d : nvlinkDomains(design, catalog, cluster.servers))
        if (d.servers.size() > 1)
            ++sizes[d.servers.size()];
    if (sizes.empty())
        return 0;
    return int(sizes.rbegin()->first);
}

// A tray's unavailability: failures that take a server out (spare: server) at the preset's
// rates, each out for the repair time; steady state r R / (1 + r R).
std::optional<double> trayUnavailability(const FailurePreset &preset, double gpusPerTray, double repairDays,
                                         std::vector<std::string> &unknown)
{
    double perYear = 0;
    for (const FailureClass &c : preset.classes) {
        if (c.spare != SpareKind::Server || !(c.per == Unit::Gpu || c.per == Unit::Server))
            continue;
        if (!c.ratePerDeviceYear) {
            unknown.push_back(c.id);
            continue;
        }
        perYear += *c.ratePerDeviceYear * (c.per == Unit::Gpu ? gpusPerTray : 1.0);
    }
    if (perYear <= 0)
        return std::nullopt;
    const double down = perYear * repairDays / kDaysPerYear;
    return down / (1.0 + down);
}

} // namespace

ReliabilityAnalysis analyzeReliability(const Design &design, const Catalog &catalog, const FailurePreset &preset,
                                       const ReliabilityRequest &request, const RunControl &control)
{
    ReliabilityAnalysis a;
    a.job = jobFootprint(design, catalog, request.jobGpus);
    if (!a.job.error.empty()) {
        a.error = a.job.error;
        return a;
    }
    a.cluster = request.jobGpus == 0 ? a.job : jobFootprint(design, catalog, 0);
    a.interruptions = expectedInterruptions(preset, a.job.devices, request.days);
    if (request.checkpointGB && request.storageGBps && a.interruptions.mtbiHours)
        a.checkpoint = planCheckpoints(*request.checkpointGB, *request.storageGBps, request.restartMin * 60.0,
                                       *a.interruptions.mtbiHours * 3600.0);
    a.spares = planSpares(preset, design, catalog, a.cluster, request.repairDays, request.spareTarget);
    if (const int trays = domainTrays(design, catalog, a.cluster); trays > 1) {
        const double gpusPerTray = at(a.cluster.devices, Unit::Gpu) / std::max(1.0, at(a.cluster.devices, Unit::Server));
        if (auto lambda = trayUnavailability(preset, gpusPerTray, request.repairDays, a.unknownTrayClasses))
            a.blocks = adviseBlockSize(trays, *lambda, kDefaultBlockKeep);
    }
    MonteCarloOptions mc;
    mc.seed = request.seed;
    mc.trials = request.trials;
    mc.repairDays = request.repairDays;
    a.monteCarlo = simulateFailures(preset, a.cluster.devices, a.job.devices, mc, control);
    return a;
}

void addSparesToQuote(CostAnalysis &cost, const SparesPlan &spares)
{
    for (const SpareLine &s : spares.lines) {
        if (s.spares <= 0)
            continue;
        BomLine line = s.bom;
        if (line.currency != cost.bom.currency || !line.unitPrice) {
            line.unitPrice.reset();
            line.total.reset();
            line.currency.clear();
            cost.bom.unknownPrice.push_back(line.part);
            cost.bom.totals.capexComplete = false;
        }
        cost.bom.lines.push_back(std::move(line));
    }
    cost.pricing = priceBom(cost.bom, cost.terms);
}

} // namespace cplan
