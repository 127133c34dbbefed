#pragma once

// The headline figures of a design, each defined once: a stable id, its unit, which way is
// better, when it is computed, a title and a one-line meaning. The Metrics dock and its
// tooltips, presentation mode, `cplan --json` (key_figures), the PDF report, the sweep (its
// objectives and --json keys) and the design explorer all look figures up here by id, never
// by a translated label; keyFigures() computes all of them from one analysis.

#include "util/message.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

struct CostAnalysis;
struct DesignAnalysis;
struct NetworkAnalysis;
struct RackBudget;
struct ReliabilityAnalysis;
struct ScheduleResult;
struct TrafficResult;
struct TrainingAnalysis;

enum class Sense { Minimize, Maximize };

// When a figure can be computed: from the design and its cost, or only after a network run
// (metrics, latency), a workload or a scheduling run. The sweep computes the costly ones only
// when an objective or a constraint asks for them.
// Reliability: a failures-over-time analysis (analysis/reliability.h) with the built-in llama3
// rates and the default checkpoint.
// Training: a training analysis (analysis/training.h) of the sweep's model on every GPU.
enum class FigureCost { Design, Network, Latency, Workload, Schedule, Reliability, Training };

enum class Unit
{
    Count,
    Money,        // the design's currency
    Watts,
    RackUnits,
    Gbps,         // gigabits per second
    GBps,         // gigabytes per second (bus bandwidth, as nccl-tests prints it)
    Nanoseconds,
    Seconds,
    Fraction,     // 0..1 (shown as a percentage where a person reads it)
    Ratio,        // x:1 (oversubscription, blocking)
    Verdict,      // 1 yes, 0 no
};

// Exact; a lower bound (a price, power or height the catalog lacks counts as zero); unknown
// (no value at all: no price, no GPU, a collective the model cannot estimate, a cost figure with
// fewer than kMinPricedLineShare of its BOM lines priced, cost/coverage.h).
enum class Completeness { Exact, LowerBound, Unknown };

struct KeyFigureInfo
{
    const char *id;        // stable: JSON keys, sweep objectives, the report's logged figures
    Unit unit;
    Sense sense;           // which way is better
    FigureCost cost;
    bool sweep;            // a sweep point reports it (sweep/figures.h)
    const char *label;     // the title, CPLAN_TR("KeyFigures", ...): front ends translate it
    const char *what;      // one line for README, --help and the tooltips' first sentence
};

// Every key figure, in the order front ends list them.
const std::vector<KeyFigureInfo> &keyFigureTable();
// nullptr when `id` is not a key figure.
const KeyFigureInfo *findKeyFigure(std::string_view id);
// "capex", "W", "Gb/s", ...: the unit's symbol; empty for counts, money, fractions and verdicts.
const char *unitSymbol(Unit unit);

// How many BOM lines a cost figure rests on have a price (cost/coverage.h).
struct PricedLines
{
    int priced = 0, lines = 0;
    bool complete() const { return priced == lines; }
};

struct KeyFigure
{
    const KeyFigureInfo *info = nullptr;
    std::optional<double> value;   // empty exactly when completeness is Unknown
    Completeness completeness = Completeness::Unknown;
    // A cost figure (CAPEX, cost per GPU, TCO): its BOM lines priced, shown beside it while some
    // are not. Below kMinPricedLineShare the figure is Unknown ("unknown (3 of 8 lines priced)")
    // and `pricedPart` keeps the sum of the priced lines: the sweep ranks with it as a lower bound
    // (marked incomplete), no front end shows it as the figure.
    std::optional<PricedLines> priced = std::nullopt;
    std::optional<double> pricedPart = std::nullopt;

    std::string_view id() const { return info->id; }
    Unit unit() const { return info->unit; }
    Sense better() const { return info->sense; }
    bool lowerBound() const { return completeness == Completeness::LowerBound; }
};

// The figures of one analysis, in keyFigureTable() order; a figure whose source was not
// computed (no network run, no pattern) is absent, one that was computed but is unknown is
// present with Completeness::Unknown.
struct KeyFigures
{
    std::vector<KeyFigure> figures;

    const KeyFigure *find(std::string_view id) const;
    std::optional<double> value(std::string_view id) const;
};

// Verdicts, defined here only: full bisection when the bisection reaches what half the
// endpoints can inject; non-blocking when no tier is oversubscribed (within half a percent).
inline constexpr double kFullBisectionToleranceGbps = 1e-6;
inline constexpr double kNonBlockingTolerance = 0.005;

// A blocking or oversubscription ratio (down:up) as every front end words it: within
// kNonBlockingTolerance of 1:1, or below, "non-blocking (1:1)"; above, "1.92:1" (two decimals at
// most). The Metrics dock, presentation mode, the report and `cplan generate` all say it so.
bool isNonBlocking(double ratio);
Message blockingWording(double ratio);
// The key figures that are such a ratio ("blocking", "oversubscription"): worded as above.
bool isBlockingFigure(std::string_view id);
// A ratio as "1.92" (C locale, at most two decimals, no trailing zeros): what "%1:1" is filled with.
std::string ratioNumber(double ratio);

// What the figures are computed from; every source is optional.
struct KeyFigureSources
{
    const CostAnalysis *cost = nullptr;
    const std::vector<RackBudget> *racks = nullptr;   // per-rack budgets (rack peak, over budget)
    std::optional<int> links;                          // design links (cables as drawn)
    const NetworkAnalysis *network = nullptr;
    const TrafficResult *traffic = nullptr;            // the pattern asked for (completion, busbw)
    const TrafficResult *allreduce = nullptr;          // the sweep's named workloads
    const TrafficResult *alltoall = nullptr;
    std::optional<double> blocking;                    // the generator's leaf down / up ports
    const ScheduleResult *schedule = nullptr;
    // A job on every GPU, with a checkpoint (goodput) and the spares (their cost).
    const ReliabilityAnalysis *reliability = nullptr;
    // A model trained on every GPU, parallelism searched (tokens/s, days, cost per token).
    const TrainingAnalysis *training = nullptr;
};

KeyFigures keyFigures(const KeyFigureSources &sources);
// The window's and the report's: a design analysis and the pattern's run (may be null).
KeyFigures keyFigures(const DesignAnalysis &analysis, const TrafficResult *traffic);

} // namespace cplan
