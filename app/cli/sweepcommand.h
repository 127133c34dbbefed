#pragma once

// `cplan sweep FILE [--jobs N] [--db RESULTS.sqlite] [--pareto] [--csv]` (and --json): evaluate a
// sweep file's points through core/sweep's runSweep and print them. The printing is shared with
// the commands that read sweep results back (a Slurm run's `sweep collect`).

#include "cli/cli.h"
#include "cli/sweepslurm.h"
#include "sweep/runsweep.h"

#include <iosfwd>
#include <string>

namespace cplan::cli {

struct SweepArgs
{
    std::string file;
    std::string db;          // results store; empty = none (nothing kept between runs)
    unsigned jobs = 0;       // threads; 0 = all cores
    bool pareto = false;     // only the non-dominated points
    bool includeIncomplete = false;   // rank points whose objective is a lower bound (RankOptions)
    bool csv = false;        // every point as CSV
    bool noProgress = false;
    SweepSlurmArgs slurm;    // --slurm, --slice and the like (sweepslurm.h)
};

// The `--json` document: {"points": [{"axes", "objectives", "pareto", "skipped", ...}]}.
std::string sweepJson(const SweepSpec &spec, const std::vector<PointResult> &results, bool paretoOnly);
// Every point as CSV: point, id, the axes, feasible, pareto, skipped, violations, every figure
// any point has, incomplete, design_hash.
std::string sweepCsv(const SweepSpec &spec, const std::vector<PointResult> &results);
// The table a terminal shows (the front first with --pareto, else every point).
void printSweepTable(std::ostream &out, const SweepSpec &spec, const std::vector<PointResult> &results, bool paretoOnly);

// Registers `sweep` and returns it, so that further options and subcommands can hang off it.
CLI::App *addSweepCommand(CLI::App &root, Context &ctx);

} // namespace cplan::cli
