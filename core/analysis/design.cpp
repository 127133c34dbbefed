#include "analysis/design.h"

#include "model/design.h"

#include <chrono>

namespace cplan {

namespace {

// The design's findings once the failed objects are gone (a fabric in pieces, idle HCAs).
std::vector<Finding> findingsWithout(const Design &design, const Catalog &catalog, const FailureSpec &spec)
{
    auto resolved = resolveFailures(design, spec);
    if (!resolved)
        return {};
    Design degraded = design;
    degraded.removeLinks(resolved->links);
    degraded.removeNodes(resolved->nodes);
    return validateDesign(degraded, catalog);
}

} // namespace

DesignAnalysis analyzeDesign(const Design &design, const Catalog &catalog, const DesignRequest &request, const RunControl &control)
{
    const auto t0 = std::chrono::steady_clock::now();
    DesignAnalysis r;
    auto done = [&] {
        r.cancelled = control.cancelled();
        r.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return r;
    };
    if (request.validate) {
        control.report(5, AnalysisStage::Validating);
        r.findings = validateDesign(design, catalog);
    }
    if (control.cancelled())
        return done();
    control.report(35, AnalysisStage::Pricing);
    r.cost = analyzeCost(design, catalog, request.terms);
    r.racks = rackBudgets(design, catalog);
    r.counts.gpus = r.cost.bom.totals.gpus;
    for (const Node &n : design.nodes)
        ++(n.role == NodeRole::Switch ? r.counts.switches : r.counts.servers);
    r.counts.links = int(design.links.size());
    r.blocking = blockingAskedVsBuilt(design);
    if (control.cancelled())
        return done();
    if (request.validate && !request.network.failures.empty()) {
        control.report(50, AnalysisStage::ApplyingFailures);
        r.findingsWithFailures = findingsWithout(design, catalog, request.network.failures);
    }
    if (request.analyseNetwork && !design.links.empty() && !control.cancelled()) {
        NetworkRequest network = request.network;
        network.requireRoutableFabric = true;
        RunControl scaled = control;
        if (control.progress)   // the network takes 55..100 % of the run
            scaled.progress = [&control](const Progress &p) { control.report(55 + p.percent * 45 / 100, p.stage, p.detail); };
        auto analysed = analyzeNetwork(design, catalog, network, scaled);
        if (analysed)
            r.network = std::move(*analysed);
        else
            r.networkError = analysed.error();
    }
    control.report(100, AnalysisStage::Done);
    return done();
}

} // namespace cplan
