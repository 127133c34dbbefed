#pragma once

// A sweep on a Slurm cluster, Slurm doing the scheduling:
//   cplan sweep FILE --slurm [--array-size N] [--partition P] [--db RESULTS] [--wait]
// writes a batch script next to the results store (RESULTS.parts/sweep.sbatch) and submits it
// with sbatch as a job array of N tasks; task i runs `cplan sweep FILE --slice i/N --db
// RESULTS.parts/part-i.sqlite`, the points of every N-th design (points sharing a design stay in
// one task, which generates and routes it once). Then
//   cplan sweep collect FILE [--db RESULTS]
// merges the tasks' stores into RESULTS (idempotent, and safe while tasks still run: a point is
// in a part only once its task committed it) and prints the sweep's results as the local run
// would (table, --csv, --json, --pareto), with how many points are still to come. --wait waits
// for the array (sbatch --wait) and collects.

#include "cli/cli.h"

#include <functional>
#include <string>

namespace cplan {
struct SweepPoint;
struct SweepSpec;
} // namespace cplan

namespace cplan::cli {

struct SweepArgs;

struct SweepSlurmArgs
{
    bool submit = false;        // --slurm
    unsigned arraySize = 0;     // --array-size; 0: one task per design, at most kDefaultMaxTasks
    std::string partition;      // --partition
    std::string dir;            // --slurm-dir; default RESULTS.parts
    bool wait = false;          // --wait
    std::string slice;          // --slice i/N (hidden: what a task runs)
};

inline constexpr unsigned kDefaultMaxTasks = 64;

// Adds --slurm, --array-size, --partition, --slurm-dir, --wait and the hidden --slice to `sweep`,
// and its `collect` subcommand (which reads the sweep options it shares: --db, --pareto, --csv).
void addSweepSlurm(CLI::App &sweep, SweepArgs &args, Context &ctx);

// Writes the batch script and submits it (--slurm); with --wait, then collects.
int submitSweepToSlurm(const SweepArgs &args, Context &ctx);

// The points a task evaluates (--slice i/N): those of every N-th design, counted in expansion
// order. Empty function without --slice; an error for a malformed slice.
Result<std::function<bool(const SweepPoint &)>> sliceSelector(const SweepSpec &spec, const std::string &slice);

} // namespace cplan::cli
