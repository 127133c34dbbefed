#pragma once

#include "schedule/job.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

// A seeded synthetic trace shaped like the public ones (Philly, Helios, Alibaba): Poisson
// arrivals, most jobs one GPU and a long tail to hundreds, log-normal run times (median
// 30 min), multi-server jobs communication-heavy. std::mt19937_64 with hand-written
// distributions, so the same seed gives the same trace on every platform.
struct SyntheticSpec
{
    std::size_t jobs = 1000;
    std::uint64_t seed = 1;
    int capacityGpus = 64;          // the pool the load refers to
    int serverGpus = 8;             // jobs up to this size run on one server
    int maxGpus = 0;                // largest job (0 = capacityGpus)
    double load = 0.9;              // offered GPU-time per GPU-time of capacity
    double medianDurationS = 1800;
    double durationSigma = 1.5;     // of the log-normal
    double fractionalShare = 0.0;   // share of jobs that take a fraction of one GPU (inference)
    std::vector<std::string> tenants;   // jobs are spread over these round-robin-ish (random)
    std::vector<double> tenantWeights;  // optional, same size as tenants
    bool priorities = true;         // 0 (60%), 1 (30%), 2 (10%)
};

std::vector<Job> generateSyntheticJobs(const SyntheticSpec &spec);

} // namespace cplan
