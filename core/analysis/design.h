#pragma once

#include "analysis/blockingasked.h"
#include "analysis/control.h"
#include "analysis/cost.h"
#include "analysis/network.h"
#include "physical/racks.h"
#include "validate/validate.h"

#include <optional>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// Everything the window shows about a design, and the report prints: design rules, cost and the
// network analysis, in one run with one cancel token and one progress scale.
struct DesignRequest
{
    bool validate = true;
    BomTerms terms;
    bool analyseNetwork = true;
    NetworkRequest network;   // its failures also give findingsWithFailures
};

struct DesignCounts
{
    int servers = 0;          // nodes that are not switches (management appliances too)
    int switches = 0;
    int links = 0;
    int gpus = 0;
};

struct DesignAnalysis
{
    bool cancelled = false;
    std::vector<Finding> findings;
    std::vector<Finding> findingsWithFailures;   // the design without the failed objects
    CostAnalysis cost;
    std::vector<RackBudget> racks;               // per rack: space, power, heat, weight, budgets
    DesignCounts counts;
    std::optional<NetworkAnalysis> network;      // when asked for and possible ...
    std::optional<Error> networkError;           // ... else why not (a design without links: neither)
    // The leaf blocking the design's generator was asked for against what it built, and why
    // (analysis/blockingasked.h); empty for a design no generator made.
    std::optional<BlockingAsked> blocking;
    double wallS = 0;
};

DesignAnalysis analyzeDesign(const Design &design, const Catalog &catalog, const DesignRequest &request,
                             const RunControl &control = {});

} // namespace cplan
