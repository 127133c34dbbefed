#pragma once

// Ranking sweep results: the constraints each point breaks, and the Pareto front of the rest.

#include "sweep/evaluate.h"

#include <string>
#include <vector>

namespace cplan {

// Indices (into `results`) of the non-dominated points among those that are feasible and have
// every objective: no other such point is at least as good on every objective and better on
// one (each objective's sense from sweepFigures(): capex down, bisection up). Ascending.
std::vector<std::size_t> paretoFront(const std::vector<PointResult> &results, const std::vector<std::string> &objectives);

// The constraints of `spec` a result breaks, as sentences ("capex 41,200,000 over the budget
// 40,000,000"). A constraint on a figure the point lacks is not checked.
std::vector<std::string> constraintViolations(const SweepSpec &spec, const PointResult &result);

// Sets every result's violations and pareto flag.
void rankSweep(const SweepSpec &spec, std::vector<PointResult> &results);

} // namespace cplan
