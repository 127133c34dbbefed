#pragma once

// The failures-over-time question: how often a job of N GPUs on this design is interrupted and
// by what, the checkpoint interval that loses least, the share of time spent training
// (goodput), the spares to hold, and what failed trays do to a rack-scale NVLink domain. One
// entry point for every front end (`cplan reliability` now; the window's panel, the report page
// and the sweep objectives call the same), the model in core/reliability/.

#include "analysis/control.h"
#include "analysis/cost.h"
#include "reliability/checkpoint.h"
#include "reliability/failurerates.h"
#include "reliability/interruptions.h"
#include "reliability/montecarlo.h"
#include "reliability/rackblocks.h"
#include "reliability/spares.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cplan {

class Catalog;
class Design;

// Defaults every front end states.
inline constexpr double kDefaultReliabilityDays = 30.0;      // the period interruptions are counted over
inline constexpr double kDefaultRepairDays = 3.0;            // a failed part out of service until replaced
inline constexpr double kDefaultSpareTarget = 0.99;          // spares cover a repair time with this probability
inline constexpr double kDefaultRestartMin = 10.0;
inline constexpr int kDefaultMonteCarloTrials = 1000;        // simulated years of the whole cluster
inline constexpr double kDefaultBlockKeep = 0.95;            // the block size that keeps this share usable
// The checkpoint the window, the report and the sweep assume when nobody gave one (`cplan
// reliability` asks for both): a 2,000 GB checkpoint written at 50 GB/s, 40 s (the manual's
// example). Stated wherever goodput is shown.
inline constexpr double kDefaultCheckpointGB = 2000.0;
inline constexpr double kDefaultStorageGBps = 50.0;

struct ReliabilityRequest
{
    std::uint32_t jobGpus = 0;                 // 0 = every GPU of the design; else the first servers holding N
    double days = kDefaultReliabilityDays;
    std::optional<double> checkpointGB;        // checkpoint size (1e9 bytes) ...
    std::optional<double> storageGBps;         // ... and the storage bandwidth it is written at
    double restartMin = kDefaultRestartMin;
    double repairDays = kDefaultRepairDays;
    double spareTarget = kDefaultSpareTarget;
    std::uint64_t seed = 1;
    int trials = kDefaultMonteCarloTrials;
};

struct ReliabilityAnalysis
{
    std::string error;                                    // the job does not fit, ...: nothing else is set
    reliability::JobFootprint job, cluster;
    reliability::InterruptionEstimate interruptions;      // the job over request.days
    std::optional<reliability::CheckpointPlan> checkpoint;   // when size and bandwidth are given and the job can fail
    reliability::SparesPlan spares;                       // for the whole cluster
    reliability::MonteCarloResult monteCarlo;             // a year of the whole cluster, trials times
    // Rack-scale NVLink domains of several servers (NVL72 trays): the usable share by block
    // size at the trays' unavailability from the preset (repair time x tray failure rate).
    std::optional<reliability::BlockAdvice> blocks;
    std::vector<std::string> unknownTrayClasses;          // tray failure classes without a rate
};

ReliabilityAnalysis analyzeReliability(const Design &design, const Catalog &catalog,
                                       const reliability::FailurePreset &preset, const ReliabilityRequest &request,
                                       const RunControl &control = {});

// The quote with the spares' lines added (category "spare", after the hardware, before the
// discount): what `cplan bom --failure-spares PRESET` prices. A spare priced in another currency
// than the BOM's keeps an unknown price and is named in bom.unknownPrice.
void addSparesToQuote(CostAnalysis &cost, const reliability::SparesPlan &spares);

} // namespace cplan
