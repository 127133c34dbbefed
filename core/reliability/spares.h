#pragma once

#include "cost/bom.h"
#include "reliability/failurerates.h"
#include "reliability/interruptions.h"

#include <string>
#include <vector>

namespace cplan::reliability {

// Smallest s with P(X <= s) >= target for X ~ Poisson(mean): the spares that cover the failures
// of one repair time with that probability (failures as a Poisson process, each spare used
// until the failed part comes back).
int poissonSpares(double mean, double target);

struct SpareLine
{
    SpareKind kind = SpareKind::Server;
    std::string part;                // catalog id (a link's cable part; empty cable = chosen by the BOM)
    double devices = 0;              // installed devices whose failures this part replaces
    double failuresPerYear = 0;
    double expectedInRepair = 0;     // failures during one repair time
    int spares = 0;
    BomLine bom;                     // category "spare", the catalog's price
};

struct SparesPlan
{
    double repairDays = 0, target = 0;
    std::vector<SpareLine> lines;            // by kind, then part
    std::vector<std::string> unknown;        // kinds whose classes have no rate (no spares computed)
};

// Spares for the devices of `footprint` (usually the whole cluster: jobFootprint(..., 0)).
SparesPlan planSpares(const FailurePreset &preset, const Design &design, const Catalog &catalog,
                      const JobFootprint &footprint, double repairDays, double targetAvailability);

} // namespace cplan::reliability
