// Small pools and jobs written out in the schedule tests.
#pragma once

#include "schedule/scheduler.h"

#include <string>
#include <vector>

namespace cplan::test {

// `servers` servers s1, s2, ... of `gpusPerServer` H100s each; no CPU or memory limits.
inline Pool uniformPool(int servers, int gpusPerServer)
{
    Pool p;
    for (int i = 0; i < servers; ++i) {
        PoolServer s;
        s.id = "s" + std::to_string(i + 1);
        s.gpuType = "h100";
        s.gpus = gpusPerServer;
        p.servers.push_back(s);
    }
    return p;
}

// A job as a row of a hand-computed case; pin names the one server it must run on ("" none).
struct JobRow
{
    const char *id;
    double submit;
    int gpus;
    double duration;
    const char *pin = "";
};

inline std::vector<Job> jobsFromRows(const std::vector<JobRow> &rows, bool oneServer)
{
    std::vector<Job> jobs;
    for (const JobRow &row : rows) {
        Job j;
        j.id = row.id;
        j.submitS = row.submit;
        j.gpus = row.gpus;
        j.durationS = row.duration;
        j.oneServer = oneServer;
        if (*row.pin)
            j.pinServers = { row.pin };
        jobs.push_back(j);
    }
    return jobs;
}

} // namespace cplan::test
