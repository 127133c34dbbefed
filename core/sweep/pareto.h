#pragma once

// Ranking sweep results: the constraints each point breaks, and the Pareto front of the rest.

#include "sweep/evaluate.h"

#include <string>
#include <vector>

namespace cplan {

struct RankOptions
{
    // Rank the points an objective of which is a lower bound (a part without a price or power
    // figure: PointResult::incomplete). Off, they are left off the front (PointResult::leftOff):
    // the missing figure could put them anywhere. `cplan sweep --include-incomplete`, the
    // explorer's "Include incomplete points".
    bool includeIncomplete = false;
};

// True when one of `figures` is a lower bound for the result.
bool incompleteIn(const PointResult &result, const std::vector<std::string> &figures);

// The figures a point must have exactly to be ranked: the objectives, then the figures a
// constraint limits (a CAPEX of "$27.5M or more" under a $28M budget does not say the point
// keeps to it; one over the budget breaks it whatever the missing prices are).
std::vector<std::string> rankedFigures(const SweepSpec &spec);

// Indices (into `results`) of the non-dominated points among those that are feasible and have
// every objective, with the `exact` figures complete unless options say otherwise (default: the
// objectives): no other such point is at least as good on every objective and better on one
// (each objective's sense from sweepFigures(): capex down, bisection up). Ascending.
std::vector<std::size_t> paretoFront(const std::vector<PointResult> &results, const std::vector<std::string> &objectives,
                                     const RankOptions &options = {});
std::vector<std::size_t> paretoFront(const std::vector<PointResult> &results, const std::vector<std::string> &objectives,
                                     const RankOptions &options, const std::vector<std::string> &exact);

// The constraints of `spec` a result breaks, as sentences ("capex 41,200,000 over the budget
// 40,000,000"). A constraint on a figure the point lacks is not checked.
std::vector<std::string> constraintViolations(const SweepSpec &spec, const PointResult &result);

// Sets every result's violations, pareto and leftOff flags (leftOff: a rankedFigures() figure
// is a lower bound, unless options include incomplete points).
void rankSweep(const SweepSpec &spec, std::vector<PointResult> &results, const RankOptions &options = {});

} // namespace cplan
