#pragma once

// Two designs side by side (issue 29: InfiniBand or Ethernet for the same servers): every key
// figure of each, computed by the same entry points (analyzeDesign, analyzeNetwork with the same
// workloads, analyzeTraining with the same model), their difference, and the reasons a buyer
// can follow (the fabric's protocol and parts, its load balancing and what hash collisions cost,
// prices the catalog lacks). `cplan compare` prints it; the window can show it.

#include "analysis/control.h"
#include "analysis/keyfigures.h"
#include "analysis/training.h"
#include "analysis/workloadspec.h"
#include "util/error.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

struct CompareRequest
{
    // Run on both designs. Default: all-reduce and NCCL's all-to-all at 1 GiB.
    std::vector<WorkloadSpec> workloads;
    // A model trained on every GPU of each (tokens/s, days, cost per token); none: no training.
    std::optional<TrainingRequest> training;
    int hashSeeds = 0;   // hashed load balancing: seeds (0: the default)
};

// The workloads compare runs when none are asked for.
std::vector<WorkloadSpec> defaultCompareWorkloads();

struct CompareSide
{
    std::string name;                     // the design's name
    KeyFigures figures;
    std::string protocol;                 // "InfiniBand", "Ethernet", "InfiniBand and Ethernet", "no switches"
    std::vector<std::string> switchParts; // part ids, in design order of first use
    std::vector<std::string> switchModels;// the same as a buyer reads them ("NVIDIA Spectrum-4 SN5600 ...")
    std::string loadBalancing;            // "lft", "ecmp", ...
    int seeds = 1;
    // Per workload run (in request order): completion, its spread over the seeds, and for a
    // collective the share of the NIC bandwidth the fabric gave its algorithm.
    struct Run
    {
        std::string workload;
        double completionS = 0, minS = 0, maxS = 0;
        std::optional<double> fabricShare;
        std::string algorithm;            // NCCL's choice ("NVLSTree/Simple"), and why
        std::string why;
    };
    std::vector<Run> runs;
    int unpricedParts = 0;                // BOM lines without a price
};

struct CompareRow
{
    const KeyFigureInfo *info = nullptr;
    KeyFigure a, b;                       // absent on a side: info null there (not computed)
    std::optional<double> delta;          // b - a, when both are known exactly
    std::optional<double> deltaPercent;   // relative to a, when a is not 0
    // Which side is better by the figure's sense: -1 a, 1 b, 0 equal or not known (a lower
    // bound on one side reaching the other's value, or on both sides).
    int better = 0;
    bool bounded = false;                 // both have a value and one is a lower bound
};

// One figure of both sides: their difference, and which side is better where that is known.
CompareRow compareRow(const KeyFigureInfo &info, const KeyFigure *a, const KeyFigure *b);

struct Comparison
{
    CompareSide a, b;
    std::vector<CompareRow> rows;         // key figure order; figures neither side has are left out
    std::vector<std::string> reasons;     // the differences explained, in English
};

Result<Comparison> compareDesigns(const Design &a, const Design &b, const Catalog &catalog, const CompareRequest &request,
                                  const RunControl &control = {});

} // namespace cplan
