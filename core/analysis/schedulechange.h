#pragma once

// Two scheduling runs side by side (the Scheduler dock's Compare: pooled against split, one
// policy against another): the schedule's key figures of each run, as FigureChange pairs (a: the
// run as set, b: the variant), from the key figures' one definition of each.

#include "analysis/failurechange.h"

#include <vector>

namespace cplan {

struct ScheduleResult;

// Jobs done, mean and p95 JCT, mean wait, makespan, GPU utilization and mean slowdown of both
// runs, in keyFigureTable() order; `before` is a's figure, `after` b's.
std::vector<FigureChange> scheduleChanges(const ScheduleResult &a, const ScheduleResult &b);

} // namespace cplan
