#pragma once

#include "schedule/capacity.h"
#include "schedule/job.h"
#include "schedule/scheduler.h"
#include "util/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

// What identifies a stored run. One run per scenario: saving a scenario again replaces it.
struct RunInfo
{
    std::string scenario;
    std::string pool;          // design or node-list file
    std::string trace;         // trace file or "synthetic:N"
    std::string policy;
    std::uint64_t seed = 1;
    bool network = true;
    bool capacity = false;
    std::string summaryJson;   // what `cplan schedule --json` printed
};

struct StoredRun
{
    std::int64_t id = 0;
    std::string scenario, policy, createdAt;
    std::int64_t jobs = 0;
    double gpuUtilization = 0, waitMean = 0, jctMean = 0;
};

// Writes the run to an SQLite file (tables runs, jobs, series, capacity), in one transaction.
// `schedule` and `capacity` may be null. Creates the file and its tables when needed.
Status saveScheduleRun(const std::string &path, const RunInfo &info, const std::vector<Job> &jobs,
                       const ScheduleResult *schedule, const CapacityResult *capacity);
Result<std::vector<StoredRun>> listScheduleRuns(const std::string &path);

} // namespace cplan
