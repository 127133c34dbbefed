#pragma once

// A sweep file (`*.sweep.yaml`, format cluster-planner-sweep/1): what the customer needs (fixed
// options), the alternatives to try (axes), the workload and scheduling scenario each point
// runs, the objectives to rank points by and the constraints that rule points out.
//
//   format: cluster-planner-sweep/1
//   fixed: {servers: 128, server: dgx-h100}             # any option below, one value
//   axes: {switch: [qm9700, qm8700], blocking: ["1:1", "2:1"]}   # lists; every combination
//   workload: {pattern: alltoall, bytes: 1MiB}          # optional; pattern or collective name
//   schedule: {jobs: 500, policy: fifo, seed: 1}        # optional; or trace: FILE.csv
//   training: {model: llama3-70b, tokens: 15T}          # optional; for tokens_per_s, days, cost_per_mtoken
//   objectives: [capex, completion_s]                   # figure names (sweep/figures.h)
//   constraints: {budget: 40e6, power_w: 2e6, racks: 60, max_blocking: "2:1"}
//   prices: quote.csv                                   # optional quote (CSV/XLSX) to price with
//
// Options (`fixed` and `axes`) are the flags of `cplan generate fat-tree` without the dashes
// (`servers`, `gpus` (servers = gpus / GPUs per server), `server`, `switch`, `tiers`, `blocking`,
// `rails`, `su-size`, `planes`, `mgmt-nodes`, `servers-per-rack`, `hca`), `spares` and `discount`
// (the quote's terms in percent, as a design's settings give them: cost_per_gpu is the quote's),
// plus `pattern`, `bytes` (the workload), `policy` (the scheduling policy) and `engine`
// (routing). `fabric: [infiniband, ethernet]` builds the same servers on InfiniBand (`switch`,
// `hca`) or on Ethernet (`ethernet-switch`, `ethernet-hca`; default SN5600 and ConnectX-7 in
// Ethernet mode); `load-balancing` sets the design's path policy (lft, ar, ecmp, eecmp,
// flowlet, spray; default the fabric's own). '_' may stand for '-'.

#include "util/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

class Catalog;

inline constexpr const char *kSweepFormat = "cluster-planner-sweep/1";
// Points one sweep may have (the product of its axes).
inline constexpr std::size_t kMaxSweepPoints = 1'000'000;

// One option value as written, with where it was written (for errors).
struct SweepValue
{
    std::string text;
    int line = 0, column = 0;
};

// A fixed option (one value) or an axis (several), in file order.
struct SweepOption
{
    std::string name;                   // canonical: "su-size", never "su_size"
    std::vector<SweepValue> values;     // one for a fixed option
    int line = 0, column = 0;
};

struct SweepSchedule
{
    std::size_t syntheticJobs = 0;      // this many synthetic jobs ...
    std::string tracePath;              // ... or a trace (resolved against the sweep file's folder)
    double load = 0.9;                  // synthetic: offered load
    std::uint64_t seed = 1;
    bool network = true;                // couple job speed to the fabric
};

// The model the training objectives (tokens_per_s, days, cost_per_mtoken) train on every GPU,
// parallelism searched: `training: {model: llama3-70b, tokens: 15T}`.
struct SweepTraining
{
    std::string model;                  // a built-in id, or a model file (resolved like the trace)
    double tokens = 0;                  // to train, for days (0: days unknown)
};

struct SweepConstraints
{
    std::optional<double> budget;       // capex at most (the design's currency)
    std::optional<double> powerW;       // power_w at most
    std::optional<double> racks;        // racks at most
    std::optional<double> maxBlocking;  // blocking (leaf down / up ports) at most, e.g. 2 for "2:1"
};

struct SweepSpec
{
    std::string file;                   // named in errors
    std::string name;
    std::vector<SweepOption> fixed;     // one value each
    std::vector<SweepOption> axes;      // points: every combination, the last axis varying fastest
    bool hasWorkload = false;           // a `workload:` section (its options are in `fixed`)
    std::optional<SweepSchedule> schedule;
    std::optional<SweepTraining> training;
    std::vector<std::string> objectives;   // figure names, at least one
    SweepConstraints constraints;
    std::string pricesPath;             // a quote to price with (resolved like the trace)
    int objectivesLine = 0;
};

// Parses a sweep file's text. Errors name the file, the line and column, and what is wrong: an
// unknown key or option, a value that does not parse (a ratio, a size, a pattern, a policy), an
// unknown objective, an option both fixed and swept, an empty axis, too many points.
Result<SweepSpec> parseSweep(std::string_view text, const std::string &file);
// Reads and parses a sweep file.
Result<SweepSpec> loadSweep(const std::string &path);
// What needs the catalog: every part an option names exists and is of the right kind, the
// prices file reads. Errors at the value's line.
Status checkSweep(const SweepSpec &spec, const Catalog &catalog);
// Reads, parses and checks a sweep file: what every command that runs a sweep starts with.
Result<SweepSpec> loadCheckedSweep(const std::string &path, const Catalog &catalog);

// The option names a sweep file accepts, for messages and the explorer's pickers.
const std::vector<std::string> &sweepOptionNames();

} // namespace cplan
