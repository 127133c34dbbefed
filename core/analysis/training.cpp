#include "analysis/training.h"

#include "analysis/cost.h"
#include "analysis/network.h"
#include "analysis/reliability.h"
#include "analysis/workloadspec.h"
#include "catalog/catalog.h"
#include "model/design.h"

#include <cmath>

namespace cplan {

namespace {

using namespace training;

// The NCCL system of the job's GPUs with the fabric's shares: an all-reduce over the job (ring
// and tree shares) and an all-to-all over its first servers (all-to-all share), through the
// routes, as analyzeNetwork runs them for `cplan simulate`.
// A neighbour job (request.neighbour) runs beside both: on the servers after the job's, or for
// the all-to-all sample of a job over kAllToAllSampleGpus, after the sample's.
struct MeasuredSystem
{
    nccl::System system;
    std::uint32_t neighbourServers = 0;
};

Result<MeasuredSystem> measuredSystem(const Design &design, const Catalog &catalog, const TrainingRequest &request,
                                      const RunControl &control)
{
    NetworkRequest r;
    r.reachability = r.metrics = r.latency = false;
    r.failures = request.failures;
    WorkloadSpec ar = *parseWorkload("allreduce");
    ar.bytes = double(1ull << 30);
    ar.gpus = std::uint32_t(request.gpus);
    ar.neighbour = request.neighbour;
    r.workloads = {ar};
    auto net = analyzeNetwork(design, catalog, r, control);
    if (!net)
        return net.error();
    if (net->traffic.size() != 1 || !net->traffic[0].collective)
        return makeError("", 0, 0, net->traffic.empty() ? "the design's network could not be analysed" : net->traffic[0].issueText);
    MeasuredSystem m{net->traffic[0].collective->system, net->traffic[0].neighbourServers};
    WorkloadSpec a2a = *parseWorkload("nccl-alltoall");
    a2a.bytes = double(1ull << 30);
    a2a.gpus = std::min(m.system.ranks(), std::uint32_t(kAllToAllSampleGpus));
    a2a.neighbour = request.neighbour;
    r.workloads = {a2a};
    auto all = analyzeNetwork(design, catalog, r, control);
    if (all && !all->traffic.empty() && all->traffic[0].collective)
        m.system.allToAllFabric = all->traffic[0].collective->system.allToAllFabric;
    return m;
}

const Part *firstGpuServer(const Design &design, const Catalog &catalog)
{
    for (const Node &n : design.nodes)
        if (n.role == NodeRole::Server && nodeGpuCount(n, catalog) > 0)
            return catalog.find(n.part);
    return nullptr;
}

GpuFigures gpuFigures(const Part &gpu)
{
    return GpuFigures{gpu.id, gpu.bf16Tflops, gpu.fp8Tflops, gpu.memoryGB, gpu.hbmTBps, gpu.architecture};
}

// Power and CAPEX of the job: its share (GPUs / the design's GPUs) of the design's servers and
// fabric (switches and optics; adapters inside GPU servers are in the server's figure).
void addMoney(const Design &design, const Catalog &catalog, const TrainingRequest &req, TrainingAnalysis &a)
{
    const CostAnalysis cost = analyzeCost(design, catalog);
    a.currency = cost.bom.currency;
    a.lifeYears = req.lifeYears;
    a.pricePerKWh = req.pricePerKWh.value_or(design.settings.electricityPricePerKWh);
    a.pue = req.pue.value_or(design.settings.pue);
    const double share = cost.bom.totals.gpus > 0 ? double(a.gpus) / cost.bom.totals.gpus : 0.0;
    double watts = 0;
    bool powerKnown = true;
    for (const BomLine &line : cost.bom.lines) {
        const Part *part = catalog.find(line.part);
        if (line.category != "server" && line.category != "switch" && line.category != "transceiver")
            continue;
        if (part && part->powerW) {
            watts += *part->powerW * double(line.quantity);
        } else {
            powerKnown = false;
            a.unknown.push_back("power of part '" + line.part + "' (energy and cost per token are not given)");
        }
    }
    if (!cost.bom.totals.capexComplete)
        a.unknown.push_back("price of part(s) " + [&] {
            std::string s;
            for (const std::string &p : cost.bom.unknownPrice)
                s += (s.empty() ? "'" : ", '") + p + "'";
            return s;
        }() + " (CAPEX and cost per token are not given)");
    else
        a.capex = cost.bom.totals.capex * share;
    const StepEstimate &e = a.search.best;
    if (!e.known || e.tokensPerS <= 0)
        return;
    if (powerKnown) {
        a.powerKW = watts * share / 1000.0 * a.pue;
        a.energyKWhPerMToken = *a.powerKW * (1e6 / e.tokensPerS) / 3600.0;
    }
    if (a.capex && a.energyKWhPerMToken) {
        const double lifeS = a.lifeYears * 365.25 * 86400.0;
        a.costPerMToken = *a.capex / lifeS * (1e6 / e.tokensPerS) + *a.energyKWhPerMToken * a.pricePerKWh;
    }
}

// Days with failures: the job's interruptions at the preset's rates (analyzeReliability, the
// expected figures only), the checkpoint plan at Daly's interval and its goodput.
void addFailures(const Design &design, const Catalog &catalog, const TrainingRequest &req, const RunControl &control,
                 TrainingAnalysis &a)
{
    if (!a.days || req.failurePreset.empty())
        return;
    const auto preset = reliability::findFailurePreset(req.failurePreset);
    if (!preset) {
        a.unknown.push_back("days with failures: " + preset.error().message);
        return;
    }
    ReliabilityRequest r;
    r.jobGpus = std::uint32_t(a.gpus);
    a.checkpointGB = req.checkpointGB.value_or(training::modelSize(req.model).total * kCheckpointBytesPerParam / 1e9);
    r.checkpointGB = a.checkpointGB;
    r.storageGBps = req.storageGBps.value_or(kDefaultStorageGBps);
    r.trials = 0;   // the expected figures, no Monte Carlo
    const ReliabilityAnalysis ra = analyzeReliability(design, catalog, *preset, r, control);
    if (!ra.error.empty() || !ra.checkpoint) {
        a.unknown.push_back("days with failures: " + (ra.error.empty() ? std::string("the job never fails at these rates") : ra.error));
        return;
    }
    a.failurePreset = req.failurePreset;
    a.goodput = ra.checkpoint->goodput;
    a.checkpointIntervalS = ra.checkpoint->intervalS;
    if (*a.goodput > 0)
        a.daysWithFailures = *a.days / *a.goodput;
}

} // namespace

Result<TrainingAnalysis> analyzeTraining(const Design &design, const Catalog &catalog, const TrainingRequest &req, const RunControl &control)
{
    TrainingAnalysis a;
    a.model = req.model;
    const Part *server = firstGpuServer(design, catalog);
    const Part *gpu = server ? catalog.find(server->gpu) : nullptr;
    if (!server || !gpu)
        return makeError("", 0, 0, "the design has no GPU servers");
    a.serverPart = server->id;
    a.gpuPart = gpu->id;
    auto measured = measuredSystem(design, catalog, req, control);
    if (!measured)
        return measured.error();
    a.system = measured->system;
    a.neighbourServers = measured->neighbourServers;
    a.neighbour = req.neighbour ? req.neighbour->name : std::string();
    a.servers = int(a.system.nodes);
    a.gpus = req.gpus > 0 ? req.gpus : int(a.system.ranks());
    SearchSpace space = req.space;
    if (!req.model.moe())
        space.ep = 1;
    if (space.seq <= 0)
        space.seq = req.model.seqLen;
    if (space.globalBatch <= 0)
        space.globalBatch = defaultGlobalBatch(a.gpus, space.seq);
    a.autoParallel = !(space.tp && space.pp && space.cp && space.ep && space.vp && space.microBatch && space.fsdp && space.recompute);
    const Comm comm(a.system);
    a.search = searchParallelism(req.model, gpuFigures(*gpu), comm, a.gpus, space);
    if (!a.search.best.valid)
        return makeError("", 0, 0, a.search.why.empty() ? a.search.best.invalid : a.search.why);
    const StepEstimate &e = a.search.best;
    if (e.known && req.tokens > 0)
        a.days = req.tokens / e.tokensPerS / 86400.0;
    addMoney(design, catalog, req, a);
    addFailures(design, catalog, req, control, a);
    return a;
}

} // namespace cplan
