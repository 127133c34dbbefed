#pragma once

#include "flow/flowsimulator.h"

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace cplan {

// Route classes: a flow set too big to hold (all-to-all over 16,384 endpoints is 268M flows)
// simulated as an aggregated problem with one flow per class of flows and one link per class
// of links.
//
// The classes are the coarsest equitable partition (colour refinement, as in graph
// isomorphism testing) of the flows and links that keeps apart flows of different bytes and
// links of different capacity: every flow of a class crosses the same number of links of each
// link class, and every link of a class is crossed by the same number of flows of each flow
// class. On such a partition the aggregated problem (link class j: capacity = its links' sum;
// flow class i: weight = its flows, path = the link classes it crosses, with repeats) has
// exactly the per-flow problem's max-min rates, class by class: the class rates fill every
// link of a class alike, so each flow keeps the bottleneck its class has (Bertsekas &
// Gallager, 6.5.2), and max-min rates are unique. A class finishes all at once, so this holds
// event after event: the aggregated simulation is the per-flow one. Symmetric fabrics and
// patterns (a fat tree's all-to-all) have few classes; an irregular pattern (uniform random
// destinations) refines down to nearly one flow per class.
//
// When the partition would need more classes than the budget holds, the refinement stops at
// the last round that fit: links of a class then carry different flow mixes, the aggregated
// result spreads them evenly, and it is an approximation (`exact` false; `imbalance` says how
// uneven the links of a class are).

// Flows of a listing that share everything after their first link (destination routing:
// sources on one switch sending to one destination): one flow per entry of `heads` (its first
// link), each followed by `tail`. A lone flow is a bundle of one head. Links at most once on a
// flow's path; delays (path latency) are added to a flow's finish.
struct ListedBundle
{
    std::span<const std::uint32_t> heads;
    std::span<const double> headDelayS;     // per head; empty: 0
    std::span<const std::uint32_t> tail;
    double bytes = 0.0;
    double tailDelayS = 0.0;
};
// Returns false to stop the listing.
using FlowVisitor = std::function<bool(const ListedBundle &)>;
// Lists every flow, in the same order at each call; returns false when the visitor stopped it.
using FlowLister = std::function<bool(const FlowVisitor &)>;

struct RouteClassOptions
{
    std::size_t maxClasses = 4u << 20;   // flow classes the aggregated problem may hold
    int maxRounds = 24;                  // refinement rounds (each lists every flow once)
    // Asked every 4,096 bundles; true stops (RouteClasses::cancelled).
    std::function<bool()> cancelled;
};

struct RouteClasses
{
    // One flow per class (weight = its flows, the bytes of each, the link classes it crosses),
    // one link per link class (capacity = the sum over its links).
    FlowProblem problem;
    std::vector<double> delayS;               // per class: its members' longest delay
    std::vector<double> firstLinkBps;         // per class: capacity of one link of its first class
    std::vector<std::uint32_t> linkClass;     // per directed link of the listing
    std::vector<std::uint32_t> linkClassSize; // links per link class
    std::uint64_t flows = 0;                  // flows listed
    int rounds = 0;                           // refinement rounds run
    bool exact = false;                       // equitable: the aggregated run is the per-flow one
    // Over link classes crossed by flows: the most flows on one link of the class over the
    // class's mean, minus 1 (0 when every link of a class carries as many flows).
    double imbalance = 0.0;
    bool cancelled = false;
};

// How a front end asks for a traffic run: Auto simulates flow by flow while the flows fit the
// memory budget and by route classes beyond it; Always by route classes; Never flow by flow
// (refused over the budget).
enum class FlowAggregation { Auto, Always, Never };

// What a traffic run says about its aggregation.
struct AggregationSummary
{
    bool used = false;              // simulated by route classes
    bool exact = true;              // the classes are equitable: the per-flow result, to rounding
    std::size_t flowClasses = 0;
    std::size_t linkClasses = 0;
    int rounds = 0;
    double imbalance = 0.0;         // see RouteClasses::imbalance
};

RouteClasses findRouteClasses(const std::vector<double> &capacityBps, const FlowLister &list,
                              const RouteClassOptions &options = {});

// The per-link figures of an aggregated run, on the listing's links: each link of a class
// carries its class's bytes and load over the class's size (utilization is the class's).
void spreadLinkFigures(const RouteClasses &classes, const FlowResult &aggregated, FlowResult &perLink);

} // namespace cplan
