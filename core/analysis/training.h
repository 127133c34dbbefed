#pragma once

// The training question: how fast does this model train on this design, and what does a token
// cost. One entry point for every front end (`cplan train`; the window's Training dock, the
// report page and the sweep objectives come later and call the same): the design's fabric and
// placement through the NCCL model (analyzeNetwork runs the flow model), the step-time model and
// the parallelism search (core/training/), the design's power and CAPEX (analyzeCost).

#include "analysis/control.h"
#include "analysis/workloadspec.h"
#include "failure/failure.h"
#include "training/search.h"
#include "util/error.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// Defaults every front end states: the hardware is written off over 4 years; electricity price
// and PUE are the design's settings (Settings::electricityPricePerKWh, Settings::pue).
inline constexpr double kDefaultLifeYears = 4.0;
// The all-to-all's fabric share is measured over at most this many GPUs (its flows grow with
// the square of the servers; an expert-parallel group is far smaller).
inline constexpr int kAllToAllSampleGpus = 512;

struct TrainingRequest
{
    training::Model model;
    int gpus = 0;                            // 0 = every GPU of the design; else the first servers holding N
    training::SearchSpace space;             // fixed parts of the plan; globalBatch 0 = default, seq 0 = the model's
    double tokens = 0;                       // to train (0 = no days / totals)
    double lifeYears = kDefaultLifeYears;
    std::optional<double> pricePerKWh;       // default: the design's setting
    std::optional<double> pue;               // default: the design's setting
    // Links, switches or servers taken out first: the job's collectives then run on the
    // rerouted fabric (what a failure does to the step).
    FailureSpec failures;
    // A congested neighbour: another job on the servers after this one's, running all-reduce or
    // all-to-all traffic the whole time; the job's collectives get the fabric share left to them.
    std::optional<NeighbourSpec> neighbour;
    // Days with failures (issue 30 item 3): the job's interruptions at a preset's rates, Daly's
    // checkpoint interval and the goodput it leaves. Checkpoint size default: 14 bytes per
    // parameter (BF16 weights, FP32 master weights and Adam's two moments, as Megatron's
    // distributed optimizer saves them); storage default kDefaultStorageGBps.
    std::string failurePreset = "llama3";    // a built-in id or a file; "" = no failures
    std::optional<double> checkpointGB;
    std::optional<double> storageGBps;
};

// Bytes per parameter of a training checkpoint (see TrainingRequest).
inline constexpr double kCheckpointBytesPerParam = 14.0;

struct TrainingAnalysis
{
    training::Model model;
    std::string gpuPart, serverPart;
    int gpus = 0, servers = 0;
    bool autoParallel = false;               // some part of the plan was searched
    training::SearchResult search;           // search.best is the plan (the given one when fixed)
    nccl::System system;                     // what the NCCL model saw (fabric shares included)
    std::string neighbour;                   // the neighbour job's traffic (request.neighbour), empty: none
    std::uint32_t neighbourServers = 0;      // and its servers
    std::optional<double> days;              // to train request.tokens
    // The same with the interruptions the preset predicts for this job and the time checkpoints,
    // restarts and lost work take: days / goodput. Unknown without a preset or tokens.
    std::optional<double> goodput, daysWithFailures, checkpointIntervalS, checkpointGB;
    std::string failurePreset;               // the preset the days with failures used
    // Power the job draws (servers with their GPUs, plus its share of the fabric's switches,
    // adapters and optics), times PUE; energy and cost per million tokens.
    std::optional<double> powerKW;
    std::optional<double> energyKWhPerMToken;
    std::optional<double> capex;             // the job's share of the design's CAPEX
    std::optional<double> costPerMToken;     // CAPEX over the life + energy, in `currency`
    std::string currency = "USD";
    double lifeYears = kDefaultLifeYears, pricePerKWh = 0, pue = 1;
    std::vector<std::string> unknown;        // why a figure above is not given
};

Result<TrainingAnalysis> analyzeTraining(const Design &design, const Catalog &catalog, const TrainingRequest &request,
                                         const RunControl &control = {});

} // namespace cplan
