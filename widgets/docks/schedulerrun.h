#pragma once

// What a finished scheduling run leaves the Scheduler dock (its replay, its summary, the
// report's result), and the engine runs behind Simulate and Compare: runScheduleScenario on the
// worker's snapshot, the result turned into the replay's series and placements.

#include "schedulerview.h"

#include "analysis/control.h"

#include <QDateTime>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace cplan {

struct ScheduleResult;
struct ScheduleScenario;

struct SchedulerView::Run
{
    bool ok = false;
    QString error;
    int capacityGpus = 0;
    double makespanS = 0;
    double t0 = 0;
    QString summary;
    struct Point
    {
        double t, alloc, effective, queued;
    };
    std::vector<Point> series;
    // Where jobs ran: each placement of a job on a server, from its start until its next
    // (re)start or its end.
    struct Segment
    {
        double start, end;
        int server, gpus;
    };
    std::vector<Segment> segments;
    std::vector<std::string> serverIds;
    std::shared_ptr<const ScheduleResult> result;   // for the report and a comparison
    QString scenario;                               // what was run, with the engine's ids
    QString variant;                                // the policy and the pool, as the user reads them
    QDateTime finishedAt;
};

// A comparison's two runs: a as the dock is set, b the variant.
struct SchedulerComparison
{
    std::shared_ptr<SchedulerView::Run> a, b;
};

// The engine's scheduling scenario on a snapshot of the design, as the dock replays it.
std::shared_ptr<SchedulerView::Run> runSchedulerScenario(const ScheduleScenario &scenario, const RunControl &control);
// Both scenarios, one after the other (progress: a the first half, b the second).
SchedulerComparison runSchedulerComparison(const ScheduleScenario &a, const ScheduleScenario &b, const RunControl &control);
// "First come, first served, one shared pool": the policy's title and how the pool is used.
QString schedulerVariantText(const ScheduleScenario &scenario);

} // namespace cplan
