#include "cli/cli.h"
#include "cli/progressbar.h"
#include "cli/table.h"

#include "analysis/scenario.h"
#include "catalog/catalog.h"
#include "io/designyaml.h"
#include "model/design.h"
#include "schedule/runstore.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace cplan::cli {

namespace {

struct ScheduleArgs
{
    std::string design, pool, jobs, policy, placement, db, scenario, traceFormat = "auto";
    std::string topoLevel, jobsCsv, seriesCsv, writeTrace, tenantWeights;
    std::size_t synthetic = 0;
    std::uint64_t seed = 1;
    int seeds = 1;
    bool noNetwork = false, capacity = false, sharedPool = false, noQuotas = false, migrate = false;
    bool topoRequired = false, noProgress = false;
    double inflate = 1.3, pause = 30.0, load = 0.9, fractional = 0.0;
};

nlohmann::ordered_json summaryJson(const Summary &s)
{
    return {{"mean", s.mean}, {"p50", s.p50}, {"p95", s.p95}, {"p99", s.p99}};
}

std::string fmt(double v, int decimals = 1)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

Status writeText(const std::string &path, const std::string &text)
{
    return writeFileAtomically(path, text);
}

std::string jobsCsv(const std::vector<Job> &jobs, const ScheduleResult &r)
{
    std::string out = "id,tenant,gpus,submit_s,start_s,end_s,wait_s,jct_s,slowdown,servers,comm_fraction,mean_rate,preemptions,migrations,status\n";
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const Job &j = jobs[i];
        const JobOutcome &o = r.jobs[i];
        const bool done = o.endS >= 0;
        out += j.id + ',' + j.tenant + ',' + formatDouble(double(j.gpuDemandMilli()) / 1000.0) + ',' + formatDouble(j.submitS) + ',';
        out += (o.startS >= 0 ? formatDouble(o.startS) : "") + ',' + (done ? formatDouble(o.endS) : "") + ',';
        out += (done ? formatDouble(o.waitS) : "") + ',' + (done ? formatDouble(o.jctS) : "") + ',' + (done ? formatDouble(o.slowdown) : "") + ',';
        out += std::to_string(o.servers) + ',' + formatDouble(o.commFraction) + ',' + formatDouble(o.meanRate) + ',';
        out += std::to_string(o.preemptions) + ',' + std::to_string(o.migrations) + ',' + (o.rejected ? "rejected" : done ? "done" : "unfinished") + '\n';
    }
    return out;
}

std::string seriesCsv(const ScheduleResult &r)
{
    std::string out = "t_s,allocated_gpus,effective_gpus,queued,running,fabric_utilization,max_link_utilization,fragmentation_gpus\n";
    for (const SeriesPoint &p : r.series)
        out += formatDouble(p.timeS) + ',' + formatDouble(p.allocatedGpus) + ',' + formatDouble(p.effectiveGpus) + ',' +
               std::to_string(p.queued) + ',' + std::to_string(p.running) + ',' + formatDouble(p.fabricUtilization) + ',' +
               formatDouble(p.maxLinkUtilization) + ',' + formatDouble(p.fragmentationGpus) + '\n';
    return out;
}

// The flags as the engine's scenario (policy and the rest checked here, where the flags are).
Result<ScheduleScenario> scenarioFromArgs(const ScheduleArgs &a)
{
    if (a.design.empty() == a.pool.empty())
        return Error{"", 0, 0, "give either a design file or --pool NODES.csv"};
    if (a.jobs.empty() == (a.synthetic == 0))
        return Error{"", 0, 0, "give either --jobs TRACE or --synthetic N"};
    ScheduleScenario s;
    auto policy = policyFromString(a.policy);
    if (!policy) {
        std::string names;
        for (const std::string &n : policyNames())
            names += (names.empty() ? "" : ", ") + n;
        return Error{"", 0, 0, "--policy '" + a.policy + "' is not one of: " + names};
    }
    s.options.policy = *policy;
    if (!a.placement.empty()) {
        s.options.placement = placementFromString(a.placement);
        if (!s.options.placement)
            return Error{"", 0, 0, "--placement must be firstfit, bestfit, random, topo or fragmentation"};
    }
    if (a.traceFormat != "auto") {
        s.jobs.traceFormat = traceFormatFromString(a.traceFormat);
        if (!s.jobs.traceFormat)
            return Error{"", 0, 0, "--trace-format must be ours, philly, alibaba or auto"};
    }
    if (!a.topoLevel.empty()) {
        const std::map<std::string, int> levels = {{"leaf", 0}, {"su", 1}, {"pod", 2}};
        if (levels.count(a.topoLevel))
            s.options.topoLevel = levels.at(a.topoLevel);
        else if (auto v = parseInt(a.topoLevel); v && *v >= 0 && *v <= 8)
            s.options.topoLevel = int(*v);
        else
            return Error{"", 0, 0, "--topo-level must be leaf, su, pod or a level number"};
    }
    for (const std::string &w : a.tenantWeights.empty() ? std::vector<std::string>{} : split(a.tenantWeights, ',')) {
        auto v = parseDouble(w);
        if (!v || *v < 0)
            return Error{"", 0, 0, "--tenant-weights must be numbers separated by commas"};
        s.jobs.tenantWeights.push_back(*v);
    }
    s.pool.designFile = a.design;
    s.pool.nodeListPath = a.pool;
    s.jobs.tracePath = a.jobs;
    s.jobs.synthetic = a.synthetic;
    s.jobs.load = a.load;
    s.jobs.fractionalShare = a.fractional;
    s.options.seed = a.seed;
    s.options.network = !a.noNetwork;
    s.options.sharedPool = a.sharedPool;
    s.options.quotas = !a.noQuotas;
    s.options.migration = a.migrate;
    s.options.pauseS = a.pause;
    s.options.topoRequired = a.topoRequired;
    return s;
}

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

nlohmann::ordered_json headerJson(const ScheduleArgs &a, const ScheduleScenario &s, const ScenarioInput &in)
{
    nlohmann::ordered_json j;
    j["policy"] = toString(s.options.policy);
    j["placement"] = toString(s.options.placement.value_or(defaultPlacement(s.options.policy)));
    j["seed"] = a.seed;
    j["pool"] = {{"source", a.design.empty() ? a.pool : a.design}, {"servers", in.pool.servers.size()}, {"gpus", in.pool.totalGpus()}};
    j["trace"] = in.traceName;
    return j;
}

std::string scenarioName(const ScheduleArgs &a, const ScheduleScenario &s, const ScenarioInput &in)
{
    if (!a.scenario.empty())
        return a.scenario;
    return (a.design.empty() ? a.pool : a.design) + " | " + in.traceName + " | " + toString(s.options.policy) + " | seed " +
           std::to_string(a.seed) + (a.capacity ? " | capacity" : a.noNetwork ? " | no-network" : "") +
           (a.sharedPool ? " | shared-pool" : "") + (a.placement.empty() ? "" : " | " + a.placement) + (a.migrate ? " | migrate" : "");
}

int runCapacityMode(const ScheduleArgs &a, Context &ctx, const ScheduleScenario &s, const ScenarioInput &in,
                    std::chrono::steady_clock::time_point wallStart)
{
    CapacityOptions opt;
    opt.placement = s.options.placement.value_or(defaultPlacement(s.options.policy));
    opt.inflate = a.inflate;
    opt.sharedPool = a.sharedPool;
    opt.seed = a.seed;
    ProgressBar bar(!a.noProgress, "capacity");
    opt.progress = [&](double share) { bar.update(share); };
    auto cap = runCapacityScenario(in, opt, a.seeds);
    bar.done();
    if (!cap)
        return fail(cap.error());
    nlohmann::ordered_json j = headerJson(a, s, in);
    j["mode"] = "capacity";
    j["network"] = false;
    j["seeds"] = a.seeds;
    j["inflate"] = a.inflate;
    j["jobs"] = cap->arrived;
    j["placed"] = cap->placed;
    j["dropped"] = cap->dropped;
    j["makespan_s"] = 0;
    j["gpu_utilization"] = cap->allocatedPct / 100.0;
    j["wait_s"] = summaryJson({});
    j["jct_s"] = summaryJson({});
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const CapacityPoint &p : cap->points)
        points.push_back({{"arrived_pct", p.arrivedPct}, {"allocated_pct", p.allocatedPct}, {"fragmentation_pct", p.fragmentationPct}});
    j["capacity"] = points;
    if (!a.db.empty()) {
        RunInfo info{scenarioName(a, s, in), a.design.empty() ? a.pool : a.design, in.traceName, toString(s.options.policy), a.seed, false, true, j.dump()};
        CapacityResult avg = cap->runs.front();
        avg.points = cap->points;
        avg.arrived = std::size_t(cap->arrived);
        avg.placed = std::size_t(cap->placed);
        avg.dropped = std::size_t(cap->dropped);
        avg.allocatedPct = cap->allocatedPct;
        if (auto st = saveScheduleRun(a.db, info, in.jobs, nullptr, &avg); !st)
            return fail(st.error());
    }
    j["wall_s"] = secondsSince(wallStart);
    if (ctx.json) {
        std::cout << j.dump(2) << '\n';
        return ExitOk;
    }
    std::cout << "Capacity mode, " << toString(opt.placement) << " placement, " << a.seeds << " seed(s) from " << a.seed << ": "
              << in.pool.totalGpus() << " GPUs, " << fmt(cap->arrived, 0) << " jobs arrived, " << fmt(cap->dropped, 0) << " dropped\n";
    Table t({"arrived %", "allocated %", "fragmentation %"});
    for (const CapacityPoint &p : cap->points)
        if (p.arrivedPct % 10 == 0 || p.arrivedPct == int(cap->points.size()))
            t.addRow({std::to_string(p.arrivedPct), fmt(p.allocatedPct, 2), fmt(p.fragmentationPct, 2)});
    t.print(std::cout);
    std::cout << "wall " << fmt(j["wall_s"].get<double>(), 2) << " s\n";
    return ExitOk;
}

// The jobs whose c came from the step-time model: the model, the plan it took on the job's GPUs
// and the step's breakdown, so the figure can be checked against `cplan train`.
nlohmann::ordered_json modelJobsJson(const ScenarioInput &in)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const ModelCommShare &m : in.modelComm) {
        const training::Breakdown &b = m.step.breakdown;
        const training::Plan &p = m.step.plan;
        for (std::size_t j : m.jobs)
            out.push_back({{"id", in.jobs[j].id},
                           {"model", m.model},
                           {"gpus", m.gpus},
                           {"comm_fraction", m.commFraction},
                           {"comm_from", "model"},
                           {"step_s", m.step.stepS},
                           {"breakdown", {{"compute", b.compute}, {"tp", b.tp}, {"cp", b.cp}, {"pp_p2p", b.ppP2p},
                                          {"bubble", b.bubble}, {"dp_exposed", b.dpExposed}, {"ep", b.ep}}},
                           {"parallelism", {{"tp", p.tp}, {"pp", p.pp}, {"dp", p.dp}, {"cp", p.cp}, {"ep", p.ep}, {"vp", p.vp},
                                            {"micro_batch", p.microBatch}, {"global_batch", p.globalBatch}}},
                           {"fits", m.step.fits}});
    }
    return out;
}

nlohmann::ordered_json timeJson(const ScheduleArgs &a, const ScheduleScenario &s, const ScheduleScenarioResult &run)
{
    const ScheduleResult &res = run.result;
    nlohmann::ordered_json j = headerJson(a, s, run.input);
    j["mode"] = "time";
    j["network"] = run.network;
    j["shared_pool"] = a.sharedPool;
    j["jobs"] = run.input.jobs.size();
    j["completed"] = res.completed;
    j["rejected"] = res.rejected;
    j["makespan_s"] = res.makespanS;
    j["gpu_utilization"] = res.gpuUtilization;
    j["effective_utilization"] = res.effectiveUtilization;
    j["wait_s"] = summaryJson(res.wait);
    j["jct_s"] = summaryJson(res.jct);
    j["slowdown"] = summaryJson(res.slowdown);
    j["mean_queue"] = res.meanQueue;
    j["fragmentation_pct"] = res.meanFragmentation * 100.0;
    j["multi_server_jobs"] = res.multiServerJobs;
    j["network_slowdown_mean"] = res.meanSlowdownNetwork;
    j["preemptions"] = res.preemptions;
    j["migrations"] = res.migrations;
    j["rate_events"] = res.events;
    j["series_points"] = res.series.size();
    if (!run.input.modelComm.empty())
        j["model_jobs"] = modelJobsJson(run.input);
    return j;
}

void printTimeMode(const ScheduleScenarioResult &run, const ScheduleScenario &s, double wall)
{
    const ScheduleResult &res = run.result;
    std::cout << "Scheduled " << run.input.jobs.size() << " jobs on " << run.input.pool.totalGpus() << " GPUs ("
              << run.input.pool.servers.size() << " servers), policy " << toString(s.options.policy) << ", network "
              << (run.network ? "on" : "off") << '\n';
    Table t({"metric", "value"});
    t.addRow({"completed", std::to_string(res.completed)});
    t.addRow({"rejected", std::to_string(res.rejected)});
    t.addRow({"makespan (s)", fmt(res.makespanS, 0)});
    t.addRow({"GPU utilization (%)", fmt(res.gpuUtilization * 100, 1)});
    t.addRow({"effective utilization (%)", fmt(res.effectiveUtilization * 100, 1)});
    t.addRow({"mean queue length", fmt(res.meanQueue, 1)});
    t.addRow({"fragmentation (% of GPUs)", fmt(res.meanFragmentation * 100, 2)});
    t.addRow({"multi-server jobs", std::to_string(res.multiServerJobs)});
    t.addRow({"mean network slowdown", fmt(res.meanSlowdownNetwork, 3)});
    t.addRow({"preemptions", std::to_string(res.preemptions)});
    t.addRow({"migrations", std::to_string(res.migrations)});
    t.print(std::cout);
    Table d({"", "mean", "p50", "p95", "p99"});
    d.addRow({"wait (s)", fmt(res.wait.mean), fmt(res.wait.p50), fmt(res.wait.p95), fmt(res.wait.p99)});
    d.addRow({"JCT (s)", fmt(res.jct.mean), fmt(res.jct.p50), fmt(res.jct.p95), fmt(res.jct.p99)});
    d.addRow({"slowdown", fmt(res.slowdown.mean, 2), fmt(res.slowdown.p50, 2), fmt(res.slowdown.p95, 2), fmt(res.slowdown.p99, 2)});
    d.print(std::cout);
    if (!run.input.modelComm.empty()) {
        std::cout << "Comm fraction from the step-time model (exposed TP, CP, PP p2p, DP, EP over the step):\n";
        Table m({"model", "GPUs", "plan", "step (s)", "comm fraction", "jobs"});
        for (const ModelCommShare &c : run.input.modelComm) {
            const training::Plan &p = c.step.plan;
            m.addRow({c.model, std::to_string(c.gpus),
                      "TP " + std::to_string(p.tp) + " PP " + std::to_string(p.pp) + " DP " + std::to_string(p.dp) + " CP " +
                          std::to_string(p.cp) + " EP " + std::to_string(p.ep),
                      fmt(c.step.stepS, 3), fmt(c.commFraction, 3), std::to_string(c.jobs.size())});
        }
        m.print(std::cout);
    }
    std::cout << "wall " << fmt(wall, 2) << " s\n";
}

int runTimeMode(const ScheduleArgs &a, Context &ctx, const ScheduleScenario &s, ScenarioInput in,
                std::chrono::steady_clock::time_point wallStart)
{
    ScheduleScenario scenario = s;
    ProgressBar bar(!a.noProgress && in.jobs.size() >= 2000, "schedule");
    scenario.options.progress = [&](double share) { bar.update(share); };
    auto run = runScheduleScenario(scenario, std::move(in));
    bar.done();
    if (!run)
        return fail(run.error());
    const ScheduleResult &res = run->result;
    nlohmann::ordered_json j = timeJson(a, s, *run);
    if (!a.jobsCsv.empty())
        if (auto st = writeText(a.jobsCsv, jobsCsv(run->input.jobs, res)); !st)
            return fail(st.error());
    if (!a.seriesCsv.empty())
        if (auto st = writeText(a.seriesCsv, seriesCsv(res)); !st)
            return fail(st.error());
    if (!a.db.empty()) {
        RunInfo info{scenarioName(a, s, run->input), a.design.empty() ? a.pool : a.design, run->input.traceName,
                     toString(s.options.policy), a.seed, run->network, false, j.dump()};
        if (auto st = saveScheduleRun(a.db, info, run->input.jobs, &res, nullptr); !st)
            return fail(st.error());
    }
    const double wall = secondsSince(wallStart);
    j["wall_s"] = wall;
    if (ctx.json)
        std::cout << j.dump(2) << '\n';
    else
        printTimeMode(*run, s, wall);
    return ExitOk;
}

int runSchedule(const ScheduleArgs &a, Context &ctx)
{
    const auto wallStart = std::chrono::steady_clock::now();
    auto scenario = scenarioFromArgs(a);
    if (!scenario)
        return fail(scenario.error().message);
    Design design;
    if (!a.design.empty()) {
        auto d = loadDesign(ctx, a.design);
        if (!d)
            return fail(d.error());
        design = std::move(*d);
        scenario->pool.design = &design;
        scenario->pool.catalog = catalog(ctx);
        if (!scenario->pool.catalog)
            return ExitBadInput;
    }
    scenario->options.network = scenario->options.network && !a.capacity;
    auto input = scenarioInput(*scenario);
    if (!input) {
        const Error &e = input.error();
        return e.file.empty() && !a.tenantWeights.empty() ? fail("--tenant-weights: " + e.message) : fail(e);
    }
    if (!a.writeTrace.empty())
        if (auto st = writeText(a.writeTrace, writeTrace(input->jobs)); !st)
            return fail(st.error());
    if (a.capacity)
        return runCapacityMode(a, ctx, *scenario, *input, wallStart);
    return runTimeMode(a, ctx, *scenario, std::move(*input), wallStart);
}

} // namespace

void addScheduleCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<ScheduleArgs>();
    CLI::App *cmd = root.add_subcommand("schedule", "Simulate a GPU scheduler on a design's pool (or a node list), coupled to the network model");
    cmd->add_option("design", a->design, "Design file (*.cluster.yaml)");
    cmd->add_option("--pool", a->pool, "Node list CSV in Alibaba's format (sn,cpu_milli,memory_mib,gpu,model) instead of a design");
    cmd->add_option("--jobs", a->jobs,
                    "Job trace CSV; a job gives comm_fraction, or a model (llama3-8b, FILE.yaml) with tp, pp, cp, ep, gbs "
                    "(unset = searched): its comm fraction then comes from the step-time model on the design");
    cmd->add_option("--synthetic", a->synthetic, "Generate N synthetic jobs instead of a trace")->check(CLI::Range(std::size_t(1), std::size_t(50'000'000)));
    cmd->add_option("--policy", a->policy, "fifo, backfill, sjf, sjf-greedy, topo-pack, random, bestfit, fragmentation or priority")->required();
    cmd->add_option("--placement", a->placement, "Override the policy's placement: firstfit, bestfit, random, topo, fragmentation");
    cmd->add_option("--seed", a->seed, "Seed for the synthetic trace, random placement and capacity mode (default 1)");
    cmd->add_flag("--no-network", a->noNetwork, "Do not couple job speed to the network model");
    cmd->add_flag("--capacity", a->capacity, "Capacity mode: jobs arrive and never leave");
    cmd->add_option("--inflate", a->inflate, "Capacity mode: arrived demand as a multiple of capacity (default 1.3)")->check(CLI::Range(0.01, 100.0));
    cmd->add_option("--seeds", a->seeds, "Capacity mode: average over this many seeds from --seed (default 1)")->check(CLI::Range(1, 1000));
    cmd->add_option("--db", a->db, "Store the run in this SQLite file (one run per scenario)");
    cmd->add_option("--scenario", a->scenario, "Scenario name in the database (default: pool | trace | policy | seed)");
    cmd->add_option("--trace-format", a->traceFormat, "ours, philly, alibaba or auto (default: from the header)");
    cmd->add_flag("--shared-pool", a->sharedPool, "One shared pool: tenants' partitions become soft quotas");
    cmd->add_flag("--no-quotas", a->noQuotas, "Ignore tenants' quotas");
    cmd->add_flag("--migrate", a->migrate, "Migrate single-server jobs to make room (defragmentation)");
    cmd->add_option("--pause", a->pause, "Pause cost of a migration or a restart after preemption, seconds (default 30)")->check(CLI::Range(0.0, 1e9));
    cmd->add_option("--topo-level", a->topoLevel, "topo-pack: keep a job within a leaf, su or pod (preferred)");
    cmd->add_flag("--topo-required", a->topoRequired, "topo-pack: the --topo-level is required (jobs wait)");
    cmd->add_option("--load", a->load, "Synthetic: offered load relative to capacity (default 0.9)")->check(CLI::Range(0.01, 100.0));
    cmd->add_option("--tenant-weights", a->tenantWeights, "Synthetic: share of jobs per tenant, e.g. 0.7,0.3 (default equal)");
    cmd->add_option("--fractional", a->fractional, "Synthetic: share of jobs taking a fraction of a GPU (default 0)")->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--jobs-csv", a->jobsCsv, "Write per-job results (wait, start, end, slowdown) to this CSV");
    cmd->add_option("--series-csv", a->seriesCsv, "Write the time series (utilization, queue, fabric) to this CSV");
    cmd->add_option("--write-trace", a->writeTrace, "Write the jobs (e.g. the synthetic trace) as a trace CSV");
    cmd->add_flag("--no-progress", a->noProgress, "No progress bar");
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runSchedule(*a, ctx); }; });
}

} // namespace cplan::cli
