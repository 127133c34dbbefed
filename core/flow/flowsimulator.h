#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace cplan {

// A flow problem in flat arrays: directed links with capacities, and flows as paths in CSR form.
// Independent of the design model and of routing: the caller maps its links and routes to
// indices (each cable = two directed links).
//
// A flow may stand for several identical ones (weight w: w flows, each with these bytes, each
// getting the flow's rate), and a path may cross a link more than once (it then takes its rate
// there once per crossing): route classes (flow/routeclasses.h) pose an aggregated problem so.
struct FlowProblem
{
    std::vector<double> capacityBps;          // per directed link, bytes/s
    std::vector<std::uint32_t> pathOffsets;   // size flows + 1 (CSR), first entry 0
    std::vector<std::uint32_t> pathLinks;     // concatenated directed-link indices
    std::vector<double> bytes;                // per flow
    std::vector<double> startS;               // per flow start date; empty = all start at 0
    std::vector<double> weight;               // per flow: flows it stands for (> 0); empty = all 1

    std::size_t flowCount() const { return bytes.size(); }
    std::span<const std::uint32_t> path(std::size_t flow) const
    {
        return {pathLinks.data() + pathOffsets[flow], pathOffsets[flow + 1] - pathOffsets[flow]};
    }
    double start(std::size_t flow) const { return startS.empty() ? 0.0 : startS[flow]; }
    double flowWeight(std::size_t flow) const { return weight.empty() ? 1.0 : weight[flow]; }
    // Appends a flow (keeps the CSR arrays consistent; startS is filled only once used).
    void addFlow(std::span<const std::uint32_t> links, double flowBytes, double flowStartS = 0.0);
    void reserve(std::size_t flows, std::size_t totalPathLinks);
};

struct FlowOptions
{
    // Completions (and starts) within this relative time of the next event are handled in the
    // same event: symmetric patterns then cost one rate computation instead of thousands.
    // SimGrid's own default precision is 1e-9 s absolute (surf/precision).
    double relTolerance = 1e-9;
    // Flows with the same path and the same start share one solver entry (weight = count).
    bool aggregateIdenticalPaths = true;
    // Asked before each event (rate computation) and, inside one, every few thousand flows
    // (one rate computation over millions of flows takes longer than a cancel may wait); true
    // stops the run, which then returns what it has with `cancelled` set. Empty: never.
    std::function<bool()> cancelled;
};

struct FlowResult
{
    std::vector<double> finishS;          // per flow; +inf when it never finishes (0-capacity link)
    std::vector<double> rateAtStartBps;   // per flow, max-min rate right after it started
    std::vector<double> linkBytes;        // per directed link (weights and crossings counted)
    std::vector<double> linkUtilization;  // bytes / (capacity × completion)
    std::vector<double> linkPeakLoadBps;  // highest load seen on the link over the run
    double completionS = 0.0;             // last (finite) finish date
    double maxLinkUtilization = 0.0;
    std::size_t events = 0;               // rate computations (each after a batch of events)
    std::size_t rerated = 0;              // solver entries re-rated, summed over events
    std::size_t classes = 0;              // solver entries after path aggregation
    std::size_t unfinished = 0;           // flows (weights, rounded) that cannot finish (a 0-capacity link)
    bool cancelled = false;               // stopped by FlowOptions::cancelled: figures incomplete
};

// Empty when the problem is well formed; otherwise what is wrong (first problem found).
std::string checkFlowProblem(const FlowProblem &problem);

// Event-driven fluid simulation with exact max-min fair rates (progressive filling). Rates are
// recomputed when flows finish or start, only in the affected connected components. The
// problem must be well formed (checkFlowProblem). Deterministic: same input, same output bits.
FlowResult simulateFlows(const FlowProblem &problem, const FlowOptions &options = {});

// One max-min allocation (no time): per-flow rate in bytes/s for the flows listed in
// activeFlows (all flows when empty); flows not listed get 0. For repeated re-rating of a
// changing flow set, use MaxMinSolver directly (flow/maxminsolver.h).
std::vector<double> maxMinRates(const FlowProblem &problem,
                                std::span<const std::uint32_t> activeFlows = {});

} // namespace cplan
