#pragma once

#include "schedule/clusterstate.h"
#include "schedule/job.h"
#include "schedule/pool.h"
#include "util/error.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace cplan {

// Capacity mode ("how full can this pool get under this placement"), as in the FGD paper's
// experiments: jobs arrive and never leave. The trace is shuffled by the seed and extended
// with random copies of its own jobs until the arrived GPU demand reaches `inflate` × the
// pool's capacity; a job that fits nowhere is dropped and counted.
struct CapacityOptions
{
    Placement placement = Placement::BestFit;
    std::uint64_t seed = 1;
    double inflate = 1.3;
    bool sharedPool = false;     // ignore tenants' partitions
    std::function<void(double)> progress;
};

struct CapacityPoint
{
    int arrivedPct = 0;          // arrived GPU demand, % of capacity (shares count fractionally)
    double allocatedPct = 0.0;   // GPU capacity allocated, %
    double fragmentationPct = 0.0;   // free GPU capacity no job shape of the trace can use, %
};

struct CapacityResult
{
    std::vector<CapacityPoint> points;   // one per whole percent, 1 .. inflate·100
    std::size_t arrived = 0, placed = 0, dropped = 0;
    int capacityGpus = 0;
    double allocatedPct = 0.0;           // at the end
};

Result<CapacityResult> runCapacity(const Pool &pool, const std::vector<Job> &jobs, const CapacityOptions &options);

// The points of several runs averaged percent by percent (runs must have the same points).
std::vector<CapacityPoint> averageCapacity(const std::vector<CapacityResult> &runs);

} // namespace cplan
