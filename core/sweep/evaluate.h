#pragma once

// Evaluating sweep points through the engine's entry points: generateFatTree, analyzeCost,
// analyzeNetwork (routes, metrics, latency, workloads) and runScheduleScenario.

#include "analysis/control.h"
#include "sweep/sweeppoints.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

class Catalog;
class Design;

struct SweepFigure
{
    std::string name;                    // a sweepFigures() name
    double value = 0;
    bool operator==(const SweepFigure &) const = default;
};

struct PointResult
{
    std::size_t index = 0;               // the point's index in this sweep's expansion
    std::string id, key;                 // as the point's
    std::vector<SweepSetting> axes;
    std::string designHash;              // hashText of the generated design file; empty when skipped
    // Why the point was not evaluated: an invalid combination (the generator's or the
    // workload's reason). Empty for an evaluated point.
    std::string skipped;
    std::vector<SweepFigure> figures;    // what was computed, in sweepFigures() order
    std::vector<std::string> incomplete; // figures that are lower bounds (a price or power unknown)
    // The figures the evaluation was asked for (requiredFigures): one it lacks does not apply
    // here (a bus bandwidth of a traffic pattern), and a rerun asking no more reuses the point.
    std::vector<std::string> asked;

    // Set by rankSweep (derived, never stored): the constraints the point breaks, and whether it
    // is on the Pareto front of the feasible points.
    std::vector<std::string> violations;
    bool pareto = false;
    // Feasible but left off the front: an objective is a lower bound (RankOptions).
    bool leftOff = false;

    std::optional<double> figure(std::string_view name) const;
    bool feasible() const { return skipped.empty() && violations.empty(); }
};

// Puts figures in sweepFigures() order, the order every front end and the store list them in.
void sortFigures(std::vector<SweepFigure> &figures);

// The figures a sweep needs computed beyond the design's own: its objectives and the figures
// its constraints look at.
std::vector<std::string> requiredFigures(const SweepSpec &spec);

// The catalog a sweep prices with: `base`, with the sweep's quote (prices:) applied.
Result<Catalog> sweepCatalog(const SweepSpec &spec, const Catalog &base);

// Evaluates points that share one designKey (see SweepPoint): the design is generated, priced
// and routed once, every point's workload runs on those routes, every point's schedule on it.
// `routingThreads` 1 when points run in parallel. A cancelled run returns the points done.
std::vector<PointResult> evaluatePoints(const SweepSpec &spec, const std::vector<const SweepPoint *> &points,
                                        const Catalog &catalog, const RunControl &control = {}, unsigned routingThreads = 1);
// The design a point's options generate, as evaluatePoints generates it (the same design hash):
// what the design explorer opens for a point. Errors: the combination the generator refuses.
Result<Design> sweepPointDesign(const SweepPoint &point, const Catalog &catalog);

// One point; nullopt when cancelled.
std::optional<PointResult> evaluatePoint(const SweepSpec &spec, const SweepPoint &point, const Catalog &catalog,
                                         const RunControl &control = {});

} // namespace cplan
