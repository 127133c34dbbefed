#pragma once

#include "analysis/control.h"
#include "reliability/failurerates.h"
#include "reliability/interruptions.h"

#include <cstdint>

namespace cplan::reliability {

struct MonteCarloOptions
{
    std::uint64_t seed = 1;
    int trials = 1000;          // simulated periods
    double days = kDaysPerYear; // length of one period
    double repairDays = 3;      // a failure that takes a server out keeps it out this long
};

struct Distribution
{
    double mean = 0, p5 = 0, p50 = 0, p95 = 0, min = 0, max = 0;
};

struct MonteCarloResult
{
    int trials = 0;                       // completed (fewer when cancelled)
    bool cancelled = false;
    Distribution jobInterruptions;        // failures of the job's devices per period
    Distribution clusterFailures;         // failures anywhere in the cluster per period
    Distribution peakServersDown;         // most servers out at once (failures with spare: server)
    std::uint64_t events = 0;             // failures drawn over all trials
};

// A seeded Monte Carlo of the whole cluster: each class with a known rate is a Poisson process
// over its devices (rate x devices); each failure strikes a device drawn uniformly, and hits
// the job when that device is one of the job's (the job's devices are the first ones of each
// unit). The same seed and inputs give the same result on every platform (own generator and
// draws, no std:: distributions). The cancel token is checked between trials; progress is
// reported as the Traffic stage with detail "failures" (the window words it "Simulating failures").
MonteCarloResult simulateFailures(const FailurePreset &preset, const DeviceCounts &cluster, const DeviceCounts &job,
                                  const MonteCarloOptions &options, const RunControl &control = {});

} // namespace cplan::reliability
