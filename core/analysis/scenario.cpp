#include "analysis/scenario.h"

#include "analysis/training.h"
#include "model/design.h"
#include "schedule/jobfabric.h"
#include "schedule/synthetic.h"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

namespace cplan {

namespace {

Result<Pool> scenarioPool(const ScenarioPool &source)
{
    if (!source.design)
        return loadNodeList(source.nodeListPath);
    auto pool = poolFromDesign(*source.design, *source.catalog);
    if (!pool)
        return Error{source.designFile, 0, 0, pool.error().message};
    return pool;
}

Result<std::vector<Job>> syntheticJobs(const ScenarioJobs &source, const Pool &pool, std::uint64_t seed)
{
    SyntheticSpec spec;
    spec.jobs = source.synthetic;
    spec.seed = seed;
    spec.capacityGpus = pool.totalGpus();
    spec.serverGpus = pool.maxGpusPerServer();
    spec.load = source.load;
    spec.fractionalShare = source.fractionalShare;
    for (const PoolTenant &t : pool.tenants)
        spec.tenants.push_back(t.id);
    if (!source.tenantWeights.empty() && source.tenantWeights.size() != spec.tenants.size())
        return Error{"", 0, 0, "give one tenant weight per tenant of the pool (" + std::to_string(spec.tenants.size()) + ")"};
    spec.tenantWeights = source.tenantWeights;
    return generateSyntheticJobs(spec);
}

// Where each job ran: a placement lasts until the job's next (later) start, or until its end
// (the end of the run for a job that never ends).
std::vector<PlacementSpan> placementSpans(const std::vector<std::vector<PlacementSpan>> &starts, const ScheduleResult &result)
{
    const double runEnd = result.makespanS + (result.series.empty() ? 0.0 : result.series.front().timeS);
    std::vector<PlacementSpan> spans;
    for (std::size_t j = 0; j < starts.size() && j < result.jobs.size(); ++j) {
        const auto &js = starts[j];
        for (std::size_t k = 0; k < js.size(); ++k) {
            double end = result.jobs[j].endS;
            for (std::size_t n = k + 1; n < js.size(); ++n)
                if (js[n].startS > js[k].startS) {
                    end = js[n].startS;
                    break;
                }
            PlacementSpan span = js[k];
            span.endS = end < 0 ? runEnd : end;
            spans.push_back(span);
        }
    }
    return spans;
}

// The step for one (model, GPUs, plan) on the design.
Status modelStep(const ScenarioPool &pool, ModelCommShare &share, const RunControl &control)
{
    auto model = training::findModel(share.model);
    if (!model)
        return model.error();
    TrainingRequest request;
    request.model = std::move(*model);
    request.gpus = share.gpus;
    auto fixed = [](int v) { return v > 0 ? std::optional<int>(v) : std::nullopt; };
    request.space.tp = fixed(share.plan.tp);
    request.space.pp = fixed(share.plan.pp);
    request.space.cp = fixed(share.plan.cp);
    request.space.ep = fixed(share.plan.ep);
    request.space.globalBatch = share.plan.globalBatch;
    auto training = analyzeTraining(*pool.design, *pool.catalog, request, control);
    if (!training)
        return training.error();
    const training::StepEstimate &step = training->search.best;
    if (!step.known || step.stepS <= 0) {
        std::string why;
        for (const std::string &u : step.unknown)
            why += (why.empty() ? "" : ", ") + u;
        return makeError("", 0, 0, "the step time is unknown (" + why + ")");
    }
    share.step = step;
    share.nvlinkGpus = int(std::max(1u, training->system.gpusPerNode));
    share.commFraction = modelCommFraction(step, share.nvlinkGpus);
    return Ok{};
}

// Sets the commFraction of every job with a step-time model, one estimate per distinct
// (model, GPUs, plan). Jobs larger than the pool are left alone (the scheduler rejects them).
Status deriveModelComm(const ScheduleScenario &scenario, ScenarioInput &input, const RunControl &control)
{
    std::map<std::tuple<std::string, int, Job::Plan>, std::size_t> index;
    for (std::size_t j = 0; j < input.jobs.size(); ++j) {
        Job &job = input.jobs[j];
        if (job.trainingModel.empty() || job.gpus > input.pool.totalGpus())
            continue;
        auto where = [&](const std::string &message) {
            return Error{input.traceName, job.sourceLine, input.modelColumn, "job '" + job.id + "': " + message};
        };
        if (!scenario.pool.design)
            return where("model '" + job.trainingModel + "' needs a design's GPUs and fabric (not a node list)");
        auto [it, added] = index.emplace(std::make_tuple(job.trainingModel, job.gpus, job.plan), input.modelComm.size());
        if (added) {
            ModelCommShare share{job.trainingModel, job.gpus, job.plan, {}, 1, 0, {}};
            if (auto st = modelStep(scenario.pool, share, control); !st)
                return where(job.trainingModel + " on " + std::to_string(job.gpus) + " GPUs: " + st.error().toString());
            input.modelComm.push_back(std::move(share));
        }
        ModelCommShare &share = input.modelComm[it->second];
        share.jobs.push_back(j);
        job.commFraction = share.commFraction;
    }
    return Ok{};
}

} // namespace

double modelCommFraction(const training::StepEstimate &step, int nvlinkGpus)
{
    const training::Breakdown &b = step.breakdown;
    const training::Plan &p = step.plan;
    if (step.stepS <= 0)
        return 0.0;
    auto across = [nvlinkGpus](long long span, double seconds) { return span > nvlinkGpus ? seconds : 0.0; };
    const long long tp = p.tp, cp = p.cp;
    const double comm = across(tp * std::max(1, p.tpStride), b.tp) + across(tp * cp, b.cp) + across(tp * cp * p.ep, b.ep) +
                        across(tp * cp * p.dp, b.dpExposed) + across(p.pp > 1 ? tp * cp * p.dp * p.pp : 0, b.ppP2p);
    return std::clamp(comm / step.stepS, 0.0, 1.0);
}

Result<ScenarioInput> scenarioInput(const ScheduleScenario &scenario)
{
    ScenarioInput in;
    auto pool = scenarioPool(scenario.pool);
    if (!pool)
        return pool.error();
    in.pool = std::move(*pool);
    if (!scenario.jobs.tracePath.empty()) {
        auto trace = loadTrace(scenario.jobs.tracePath, scenario.jobs.traceFormat);
        if (!trace)
            return trace.error();
        in.jobs = std::move(trace->jobs);
        in.hasTimes = trace->hasTimes;
        in.modelColumn = trace->modelColumn;
        in.traceName = scenario.jobs.tracePath;
    } else {
        auto jobs = syntheticJobs(scenario.jobs, in.pool, scenario.options.seed);
        if (!jobs)
            return jobs.error();
        in.jobs = std::move(*jobs);
        in.traceName = "synthetic:" + std::to_string(scenario.jobs.synthetic);
    }
    return in;
}

Result<ScheduleScenarioResult> runScheduleScenario(const ScheduleScenario &scenario, const RunControl &control)
{
    auto input = scenarioInput(scenario);
    if (!input)
        return input.error();
    return runScheduleScenario(scenario, std::move(*input), control);
}

Result<ScheduleScenarioResult> runScheduleScenario(const ScheduleScenario &scenario, ScenarioInput input, const RunControl &control)
{
    if (!input.hasTimes)
        return Error{input.traceName, 0, 0, "this trace has no timestamps; it can only be used in capacity mode"};
    if (input.modelComm.empty())
        if (auto st = deriveModelComm(scenario, input, control); !st)
            return st.error();
    ScheduleScenarioResult out;
    ScheduleOptions options = scenario.options;
    std::unique_ptr<DesignFabric> fabric;
    options.network = options.network && scenario.pool.design;
    if (options.network) {
        auto built = DesignFabric::build(*scenario.pool.design, *scenario.pool.catalog, input.pool);
        if (!built)
            return Error{scenario.pool.designFile, 0, 0, built.error().message};
        fabric = std::move(*built);
    }
    std::vector<std::vector<PlacementSpan>> starts(scenario.recordPlacements ? input.jobs.size() : 0);
    if (scenario.recordPlacements)
        options.onStart = [&starts, user = scenario.options.onStart](std::size_t job, const Allocation &allocation, double t) {
            for (const ServerShare &share : allocation)
                starts[job].push_back({job, share.server, share.wholeGpus() + (share.sharedGpu >= 0 ? 1 : 0), t, t});
            if (user)
                user(job, allocation, t);
        };
    options.progress = [&control, user = scenario.options.progress](double share) {
        control.report(int(share * 100), AnalysisStage::Scheduling);
        if (user)
            user(share);
    };
    options.cancelled = [&control] { return control.cancelled(); };
    auto result = simulateSchedule(input.pool, input.jobs, options, fabric.get());
    if (!result)
        return Error{input.traceName, result.error().line, 0, result.error().message};
    out.network = options.network;
    out.result = std::move(*result);
    out.placements = placementSpans(starts, out.result);
    out.input = std::move(input);
    out.cancelled = control.cancelled();
    return out;
}

Result<CapacityScenarioResult> runCapacityScenario(const ScenarioInput &input, const CapacityOptions &options, int seeds,
                                                   const RunControl &control)
{
    CapacityScenarioResult out;
    CapacityOptions o = options;
    for (int k = 0; k < seeds && !control.cancelled(); ++k) {
        o.seed = options.seed + std::uint64_t(k);
        o.progress = [&control, k, seeds, user = options.progress](double s) {
            control.report(int(100 * (k + s) / seeds), AnalysisStage::Scheduling);
            if (user)
                user((k + s) / seeds);
        };
        auto r = runCapacity(input.pool, input.jobs, o);
        if (!r)
            return Error{input.traceName, 0, 0, r.error().message};
        out.runs.push_back(std::move(*r));
    }
    out.cancelled = control.cancelled();
    if (out.runs.empty())
        return out;
    out.points = averageCapacity(out.runs);
    for (const CapacityResult &r : out.runs) {
        out.arrived += double(r.arrived);
        out.placed += double(r.placed);
        out.dropped += double(r.dropped);
        out.allocatedPct += r.allocatedPct;
    }
    const double n = double(out.runs.size());
    out.arrived /= n;
    out.placed /= n;
    out.dropped /= n;
    out.allocatedPct /= n;
    return out;
}

} // namespace cplan
