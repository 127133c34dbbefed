#include "sweep/evaluate.h"

#include "analysis/cost.h"
#include "analysis/keyfigures.h"
#include "analysis/network.h"
#include "analysis/reliability.h"
#include "analysis/scenario.h"
#include "analysis/training.h"
#include "catalog/catalog.h"
#include "catalog/pricequote.h"
#include "generate/fattree.h"
#include "generate/twin.h"
#include "generate/fattreeoptions.h"
#include "io/designyaml.h"
#include "sweep/figures.h"
#include "util/strings.h"

#include <algorithm>
#include <map>
#include <set>

namespace cplan {

std::optional<double> PointResult::figure(std::string_view name) const
{
    for (const SweepFigure &f : figures)
        if (f.name == name)
            return f.value;
    return std::nullopt;
}

void sortFigures(std::vector<SweepFigure> &figures)
{
    std::vector<SweepFigure> ordered;
    for (const FigureInfo &info : sweepFigures())
        for (const SweepFigure &f : figures)
            if (f.name == info.id)
                ordered.push_back(f);
    figures = std::move(ordered);
}

std::vector<std::string> requiredFigures(const SweepSpec &spec)
{
    std::vector<std::string> out = spec.objectives;
    auto add = [&](const char *name, bool when) {
        if (when && std::find(out.begin(), out.end(), name) == out.end())
            out.emplace_back(name);
    };
    add("capex", spec.constraints.budget.has_value());
    add("power_w", spec.constraints.powerW.has_value());
    add("racks", spec.constraints.racks.has_value());
    add("blocking", spec.constraints.maxBlocking.has_value());
    return out;
}

Result<Catalog> sweepCatalog(const SweepSpec &spec, const Catalog &base)
{
    Catalog catalog = base;
    if (spec.pricesPath.empty())
        return catalog;
    auto quote = readPriceQuoteFile(spec.pricesPath, catalog);
    if (!quote)
        return quote.error();
    for (const PriceOverride &p : *quote)
        if (!p.quantityBreak || *p.quantityBreak <= 1)
            catalog.overridePrice(p.partId, p.unitPrice, p.currency, p.source, false);
    return catalog;
}

namespace {

// The generator's spec from a point's options.
Result<FatTreeSpec> fatTreeSpec(const SweepPoint &point, const Catalog &catalog)
{
    FatTreeSpec spec;
    const std::string server = point.setting("server");
    int servers = int(parseInt(point.setting("servers", "0")).value_or(0));
    if (const std::string gpus = point.setting("gpus"); !gpus.empty()) {
        const Part *part = catalog.find(server);
        if (!part || part->gpuCount <= 0)
            return Error{"", 0, 0, "gpus needs one GPU server part (not a mix): give servers for '" + server + "'"};
        const long long n = parseInt(gpus).value_or(0);
        if (n % part->gpuCount != 0)
            return Error{"", 0, 0, gpus + " GPUs are not a whole number of " + server + " servers (" + std::to_string(part->gpuCount) + " GPUs each)"};
        if (n / part->gpuCount > 1'000'000)
            return Error{"", 0, 0, gpus + " GPUs are more than 1,000,000 " + server + " servers"};
        servers = int(n / part->gpuCount);
    }
    auto mix = parseServerMix(server, servers);
    if (!mix)
        return mix.error();
    spec.servers = *mix;
    auto ratio = parseBlockingRatio(point.setting("blocking", "1:1"));
    if (!ratio)
        return ratio.error();
    spec.blockingDown = ratio->first;
    spec.blockingUp = ratio->second;
    spec.switchPart = point.setting("switch");
    spec.hcaOverride = point.setting("hca");
    // fabric: ethernet builds the same servers on the Ethernet parts (default: Spectrum-4
    // SN5600 leaves and spines, ConnectX-7 in Ethernet mode); infiniband keeps switch and hca.
    if (point.setting("fabric") == "ethernet") {
        spec.switchPart = point.setting("ethernet-switch", std::string(kDefaultEthernetSwitch));
        spec.hcaOverride = point.setting("ethernet-hca", std::string(kDefaultEthernetNic));
    }
    const std::string tiers = point.setting("tiers", "auto");
    spec.tiers = tiers == "auto" ? 0 : int(parseInt(tiers).value_or(0));
    const std::string rails = point.setting("rails", "auto");
    spec.rails = rails == "auto" ? 0 : int(parseInt(rails).value_or(0));
    spec.suSize = int(parseInt(point.setting("su-size", "0")).value_or(0));
    spec.planes = int(parseInt(point.setting("planes", "1")).value_or(1));
    spec.mgmtNodes = int(parseInt(point.setting("mgmt-nodes", "0")).value_or(0));
    spec.serversPerRack = int(parseInt(point.setting("servers-per-rack", "4")).value_or(4));
    spec.name = std::to_string(servers) + "x " + server + " on " + spec.switchPart;
    return spec;
}

// The generated design with the point's quote terms in its settings, as a design file sets them.
Result<Design> pointDesign(const SweepPoint &point, const Catalog &catalog, FatTreeReport *report)
{
    auto generatorSpec = fatTreeSpec(point, catalog);
    if (!generatorSpec)
        return generatorSpec.error();
    auto design = generateFatTree(*generatorSpec, catalog, report);
    if (design) {
        design->settings.sparesPercent = parseDouble(point.setting("spares", "0")).value_or(0);
        design->settings.discountPercent = parseDouble(point.setting("discount", "0")).value_or(0);
        if (const std::string lb = point.setting("load-balancing"); !lb.empty())
            design->settings.loadBalancing = loadBalancingFromString(lb);
    }
    return design;
}

// The workload a point runs, or none.
std::optional<WorkloadSpec> pointWorkload(const SweepPoint &point, const std::string &pattern)
{
    if (pattern.empty())
        return std::nullopt;
    auto w = parseWorkload(pattern);   // checked when the file was read
    if (!w)
        return std::nullopt;
    w->bytes = parseByteSize(point.setting("bytes", "1MiB")).value_or(kDefaultMessageBytes);
    w->name = pattern + "@" + formatDouble(w->bytes);
    return *w;
}

bool wants(const std::vector<std::string> &required, FigureCost cost)
{
    return std::any_of(required.begin(), required.end(), [&](const std::string &n) {
        const FigureInfo *f = findFigure(n);
        return f && f->cost == cost;
    });
}

bool wants(const std::vector<std::string> &required, const char *name)
{
    return std::find(required.begin(), required.end(), name) != required.end();
}

// The key figures a sweep reports, and which of them are lower bounds. A cost figure too partly
// priced to be shown keeps its priced part here, as a lower bound: the explorer draws the point
// (hollow) and the ranking leaves it off the front (pareto.h).
void addFigures(const KeyFigures &figures, PointResult &r)
{
    for (const KeyFigure &f : figures.figures) {
        const std::optional<double> v = f.value ? f.value : f.pricedPart;
        if (f.info->sweep && v) {
            r.figures.push_back({std::string(f.id()), *v});
            if (f.lowerBound() || !f.value)
                r.incomplete.emplace_back(f.id());
        }
    }
}

// The design's own figures: cost, power, space, shape.
void designFigures(const Design &design, const Catalog &catalog, const FatTreeReport &report, PointResult &r)
{
    const CostAnalysis cost = analyzeCost(design, catalog, designTerms(design.settings));   // the quote's terms
    KeyFigureSources sources;
    sources.cost = &cost;
    sources.blocking = report.leafUp > 0 ? double(report.leafDown) / report.leafUp : 1.0;
    addFigures(keyFigures(sources), r);
}

struct GroupNetwork
{
    std::optional<NetworkAnalysis> analysis;
    std::string error;
    std::map<std::string, std::size_t> workloadIndex;   // WorkloadSpec::name -> traffic index
};

// One network analysis for the whole group: metrics and latency when asked, every workload.
GroupNetwork analyseGroup(const SweepSpec &spec, const std::vector<const SweepPoint *> &points, const Design &design,
                          const Catalog &catalog, const RunControl &control, unsigned threads)
{
    GroupNetwork g;
    const std::vector<std::string> required = requiredFigures(spec);
    NetworkRequest request;
    request.threads = threads;
    request.reachability = false;
    request.metrics = wants(required, FigureCost::Network);
    request.latency = wants(required, FigureCost::Latency);
    auto addWorkload = [&](std::optional<WorkloadSpec> w) {
        if (w && !g.workloadIndex.count(w->name)) {
            g.workloadIndex[w->name] = request.workloads.size();
            request.workloads.push_back(*w);
        }
    };
    for (const SweepPoint *p : points) {
        addWorkload(pointWorkload(*p, p->setting("pattern")));
        for (const char *named : {"allreduce", "alltoall"})
            if (wants(required, (std::string(named) + "_s").c_str()))
                addWorkload(pointWorkload(*p, named));
    }
    if (!request.metrics && !request.latency && request.workloads.empty())
        return g;
    if (const std::string engine = points.front()->setting("engine"); !engine.empty())
        request.engine = routingEngineFromString(engine);
    auto analysis = analyzeNetwork(design, catalog, request, control);
    if (!analysis)
        g.error = analysis.error().message;
    else
        g.analysis = std::move(*analysis);
    return g;
}

// A point's share of the group's network analysis; false (with the reason in r.skipped) when
// its workload cannot run on this fabric.
bool networkFigures(const SweepSpec &spec, const SweepPoint &p, const GroupNetwork &g, PointResult &r)
{
    if (!g.error.empty()) {
        r.skipped = g.error;
        return false;
    }
    if (!g.analysis)
        return true;
    const NetworkAnalysis &n = *g.analysis;
    auto traffic = [&](const std::string &pattern) -> const TrafficResult * {
        const auto w = pointWorkload(p, pattern);
        const auto it = w ? g.workloadIndex.find(w->name) : g.workloadIndex.end();
        return it == g.workloadIndex.end() || it->second >= n.traffic.size() ? nullptr : &n.traffic[it->second];
    };
    const std::vector<std::string> required = requiredFigures(spec);
    KeyFigureSources sources;
    sources.network = &n;
    sources.allreduce = wants(required, "allreduce_s") ? traffic("allreduce") : nullptr;
    sources.alltoall = wants(required, "alltoall_s") ? traffic("alltoall") : nullptr;
    sources.traffic = traffic(p.setting("pattern"));
    for (const TrafficResult *t : {sources.allreduce, sources.alltoall, sources.traffic}) {
        if (t && t->issue != TrafficResult::Issue::None) {
            r.skipped = t->issueText;
            return false;
        }
    }
    if (const TrafficResult *t = sources.traffic; t && t->collective && !t->collective->known) {   // unknown, never 0 s
        r.skipped = "the collective's figures are unknown: " + unknownText(*t->collective);
        return false;
    }
    addFigures(keyFigures(sources), r);
    return true;
}

// The point's scheduling run on the design; false (reason in r.skipped) when it cannot run.
bool scheduleFigures(const SweepSpec &spec, const SweepPoint &p, const Design &design, const Catalog &catalog,
                     const RunControl &control, PointResult &r)
{
    if (!spec.schedule || !wants(requiredFigures(spec), FigureCost::Schedule))
        return true;
    ScheduleScenario scenario;
    scenario.pool.design = &design;
    scenario.pool.catalog = &catalog;
    scenario.pool.designFile = r.id;
    scenario.jobs.tracePath = spec.schedule->tracePath;
    scenario.jobs.synthetic = spec.schedule->syntheticJobs;
    scenario.jobs.load = spec.schedule->load;
    scenario.options.seed = spec.schedule->seed;
    scenario.options.network = spec.schedule->network;
    scenario.options.policy = policyFromString(p.setting("policy", "fifo")).value_or(Policy::Fifo);
    auto run = runScheduleScenario(scenario, control);
    if (!run) {
        r.skipped = run.error().message;
        return false;
    }
    KeyFigureSources sources;
    sources.schedule = &run->result;
    addFigures(keyFigures(sources), r);
    return true;
}

// Goodput and the spares' cost, only when asked: a failures-over-time analysis of a job on every
// GPU with the built-in llama3 rates and the default checkpoint (kDefaultCheckpointGB at
// kDefaultStorageGBps). False (reason in r.skipped) when the preset cannot be read.
bool reliabilityFigures(const SweepSpec &spec, const Design &design, const Catalog &catalog, const RunControl &control,
                        PointResult &r)
{
    if (!wants(requiredFigures(spec), FigureCost::Reliability))
        return true;
    static const auto preset = reliability::findFailurePreset("llama3");
    if (!preset) {
        r.skipped = preset.error().message;
        return false;
    }
    ReliabilityRequest request;
    request.checkpointGB = kDefaultCheckpointGB;
    request.storageGBps = kDefaultStorageGBps;
    request.trials = 0;   // the expected figures only, no Monte Carlo
    const ReliabilityAnalysis a = analyzeReliability(design, catalog, *preset, request, control);
    if (!a.error.empty()) {
        r.skipped = a.error;
        return false;
    }
    const CostAnalysis cost = analyzeCost(design, catalog, designTerms(design.settings));
    KeyFigureSources sources;
    sources.cost = &cost;
    sources.reliability = &a;
    KeyFigures figures = keyFigures(sources);
    std::erase_if(figures.figures, [](const KeyFigure &f) { return f.info->cost != FigureCost::Reliability; });
    addFigures(figures, r);
    return true;
}

// Tokens/s, days and cost per million tokens, only when asked: the sweep's model trained on every
// GPU of the point's design, parallelism searched. A design on which no plan is legal keeps its
// other figures and has these unknown; false (reason in r.skipped) when the model cannot be read.
bool trainingFigures(const SweepSpec &spec, const Design &design, const Catalog &catalog, const RunControl &control, PointResult &r)
{
    if (!spec.training || !wants(requiredFigures(spec), FigureCost::Training))
        return true;
    auto model = training::findModel(spec.training->model);
    if (!model) {
        r.skipped = model.error().message;
        return false;
    }
    TrainingRequest request;
    request.model = std::move(*model);
    request.tokens = spec.training->tokens;
    const auto a = analyzeTraining(design, catalog, request, control);
    if (!a)
        return true;
    KeyFigureSources sources;
    sources.training = &*a;
    addFigures(keyFigures(sources), r);
    return true;
}

PointResult blankResult(const SweepPoint &p)
{
    PointResult r;
    r.index = p.index;
    r.id = p.id;
    r.key = p.key;
    r.axes = p.axes;
    return r;
}

// One design's points: generated, priced and routed once, each point's workload and schedule run.
std::vector<PointResult> evaluateGroup(const SweepSpec &spec, const std::vector<const SweepPoint *> &points,
                                       const Catalog &catalog, const RunControl &control, unsigned routingThreads)
{
    std::vector<PointResult> out;
    if (points.empty() || control.cancelled())
        return out;
    auto skipAll = [&](const std::string &why) {
        for (const SweepPoint *p : points) {
            out.push_back(blankResult(*p));
            out.back().skipped = why;
        }
        return out;
    };
    FatTreeReport report;
    auto design = pointDesign(*points.front(), catalog, &report);
    if (!design)
        return skipAll(design.error().message);
    PointResult shared = blankResult(*points.front());
    shared.designHash = hashText(serializeDesign(*design));
    designFigures(*design, catalog, report, shared);
    const GroupNetwork network = analyseGroup(spec, points, *design, catalog, control, routingThreads);
    if (control.cancelled() || (network.analysis && network.analysis->cancelled))
        return out;
    for (const SweepPoint *p : points) {
        PointResult r = blankResult(*p);
        r.designHash = shared.designHash;
        r.figures = shared.figures;
        r.incomplete = shared.incomplete;
        if (networkFigures(spec, *p, network, r) && scheduleFigures(spec, *p, *design, catalog, control, r) &&
            reliabilityFigures(spec, *design, catalog, control, r) && trainingFigures(spec, *design, catalog, control, r)) {
            sortFigures(r.figures);
        } else {
            std::string why = std::move(r.skipped);
            r = blankResult(*p);
            r.skipped = std::move(why);
        }
        if (control.cancelled())
            break;
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

std::vector<PointResult> evaluatePoints(const SweepSpec &spec, const std::vector<const SweepPoint *> &points,
                                        const Catalog &catalog, const RunControl &control, unsigned routingThreads)
{
    std::vector<PointResult> out = evaluateGroup(spec, points, catalog, control, routingThreads);
    const std::vector<std::string> asked = requiredFigures(spec);
    for (PointResult &r : out)
        r.asked = asked;
    return out;
}

Result<Design> sweepPointDesign(const SweepPoint &point, const Catalog &catalog)
{
    return pointDesign(point, catalog, nullptr);
}

std::optional<PointResult> evaluatePoint(const SweepSpec &spec, const SweepPoint &point, const Catalog &catalog,
                                         const RunControl &control)
{
    auto results = evaluatePoints(spec, {&point}, catalog, control, 0);
    if (results.empty())
        return std::nullopt;
    return std::move(results.front());
}

} // namespace cplan
