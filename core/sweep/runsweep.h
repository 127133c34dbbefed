#pragma once

// The sweep question (the entry point `cplan sweep`, the design explorer and a Slurm task call):
// expand a sweep, evaluate its points on N threads (points sharing a design share its
// generation, cost and routes), keep them in a results store, and rank them.

#include "analysis/control.h"
#include "sweep/pareto.h"
#include "sweep/sweepdb.h"

#include <functional>

namespace cplan {

struct SweepProgress
{
    std::size_t done = 0;       // points finished in this run (evaluated or found in the store)
    std::size_t total = 0;      // points this run covers
    std::size_t reused = 0;     // of which found in the store
    double elapsedS = 0;
    double etaS = -1;           // seconds left at the rate so far; -1 before the first point
};

struct SweepRunOptions
{
    unsigned threads = 0;                           // 0 = hardware concurrency
    SweepDb *store = nullptr;                       // reuse what it holds, save what is new
    std::function<bool(const SweepPoint &)> select; // evaluate only these (a slice); empty = all
    CancelToken cancel;
    RankOptions rank;                               // how the points are ranked (pareto.h)
    // Called after each group of points, from the worker threads but never two at once.
    std::function<void(const SweepProgress &)> progress;
};

struct SweepRun
{
    std::vector<PointResult> results;   // the selected points in expansion order, ranked (rankSweep)
    std::size_t evaluated = 0;          // points evaluated in this run
    std::size_t reused = 0;             // points taken from the store
    bool cancelled = false;             // then `results` holds only the points finished
    double wallS = 0;
};

// Errors: the sweep's quote does not read, the store cannot be written.
Result<SweepRun> runSweep(const SweepSpec &spec, const Catalog &catalog, const SweepRunOptions &options = {});

} // namespace cplan
