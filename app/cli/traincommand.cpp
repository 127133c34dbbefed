// cplan train: how fast a model trains on a design, and what a token costs (core/analysis/training.h).
#include "cli/cli.h"
#include "cli/table.h"

#include "analysis/training.h"
#include "model/design.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

namespace cplan::cli {

namespace {

using namespace training;

struct TrainArgs
{
    std::string design, model, tokens, precision = "bf16", recompute, failures = "llama3", neighbour;
    int gpus = 0;
    std::optional<int> tp, pp, cp, ep, vp, gbs, mbs, seq;
    bool fsdp = false;
    double lifeYears = kDefaultLifeYears;
    std::optional<double> kwhPrice, pue, checkpointGB, storageGBps;
    std::vector<std::string> failLinks, failSwitches;
};

Result<TrainingRequest> request(const TrainArgs &a)
{
    TrainingRequest r;
    auto model = findModel(a.model);
    if (!model)
        return model.error();
    r.model = *model;
    r.gpus = a.gpus;
    SearchSpace &s = r.space;
    s.tp = a.tp, s.pp = a.pp, s.cp = a.cp, s.ep = a.ep, s.vp = a.vp, s.microBatch = a.mbs;
    s.globalBatch = a.gbs.value_or(0);
    s.seq = a.seq.value_or(0);
    s.precision = *precisionFromString(a.precision);
    if (!a.recompute.empty())
        s.recompute = *recomputeFromString(a.recompute);
    if (a.fsdp)
        s.fsdp = true;
    else if (a.tp || a.pp)   // a plan written by hand is not sharded unless it says so
        s.fsdp = false;
    if (!a.tokens.empty()) {
        auto t = parseTokenCount(a.tokens);
        if (!t)
            return Error{"--tokens", 0, 0, "'" + a.tokens + "' is not a token count (e.g. 15T, 300B, 2.5e12)"};
        r.tokens = *t;
    }
    r.lifeYears = a.lifeYears;
    r.pricePerKWh = a.kwhPrice;
    r.pue = a.pue;
    r.failurePreset = a.failures == "none" ? std::string() : a.failures;
    r.failures.links = a.failLinks;
    r.failures.switches = a.failSwitches;
    if (!a.neighbour.empty()) {
        auto n = parseNeighbour(a.neighbour);
        if (!n)
            return Error{"--neighbour", 0, 0, n.error().message};
        r.neighbour = *n;
    }
    r.checkpointGB = a.checkpointGB;
    r.storageGBps = a.storageGBps;
    return r;
}

nlohmann::ordered_json orNull(const std::optional<double> &v)
{
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json trainJson(const TrainingAnalysis &a)
{
    const StepEstimate &e = a.search.best;
    const bool k = e.known;
    auto known = [k](double v) { return k ? nlohmann::ordered_json(v) : nlohmann::ordered_json(nullptr); };
    nlohmann::ordered_json j;
    j["model"] = a.model.id;
    j["gpus"] = a.gpus;
    j["gpu"] = a.gpuPart;
    j["step_s"] = known(e.stepS);
    j["tokens_per_s"] = known(e.tokensPerS);
    j["tokens_per_s_per_gpu"] = known(e.tokensPerSPerGpu);
    j["model_tflops_per_gpu"] = known(e.modelTflopsPerGpu);
    j["mfu"] = known(e.mfu);
    j["memory_gb_per_gpu"] = e.memory.total();
    j["hbm_gb"] = orNull(e.hbmGB);
    j["fits"] = e.fits;
    j["days"] = orNull(a.days);
    j["days_with_failures"] = orNull(a.daysWithFailures);
    j["goodput"] = orNull(a.goodput);
    j["checkpoint_interval_s"] = orNull(a.checkpointIntervalS);
    j["checkpoint_gb"] = orNull(a.checkpointGB);
    j["cost_per_mtoken"] = orNull(a.costPerMToken);
    j["currency"] = a.currency;
    const Breakdown &b = e.breakdown;
    j["breakdown"] = {{"compute", known(b.compute)}, {"tp", known(b.tp)},      {"cp", known(b.cp)},  {"pp_p2p", known(b.ppP2p)},
                      {"bubble", known(b.bubble)},   {"dp_exposed", known(b.dpExposed)}, {"ep", known(b.ep)}};
    const Plan &p = e.plan;
    j["parallelism"] = {{"tp", p.tp}, {"pp", p.pp}, {"dp", p.dp}, {"cp", p.cp}, {"ep", p.ep}, {"vp", p.vp}, {"fsdp", p.fsdp},
                        {"micro_batch", p.microBatch}, {"global_batch", p.globalBatch}, {"seq", p.seq},
                        {"recompute", toString(p.recompute)}, {"precision", toString(p.precision)}, {"auto", a.autoParallel}};
    j["memory"] = {{"weights_gb", e.memory.weights}, {"gradients_gb", e.memory.gradients}, {"optimizer_gb", e.memory.optimizer},
                   {"activations_gb", e.memory.activations}, {"reserved_gb", e.memory.reserved}};
    j["power_kw"] = orNull(a.powerKW);
    j["energy_kwh_per_mtoken"] = orNull(a.energyKWhPerMToken);
    j["capex"] = orNull(a.capex);
    j["assumptions"] = {{"life_years", a.lifeYears}, {"price_per_kwh", a.pricePerKWh}, {"pue", a.pue}};
    j["plans_evaluated"] = a.search.evaluated;
    j["neighbour"] = a.neighbour.empty() ? nlohmann::ordered_json(nullptr)
                                         : nlohmann::ordered_json{{"traffic", a.neighbour}, {"servers", a.neighbourServers}};
    j["fabric_share"] = {{"ring", a.system.ringFabric}, {"tree", a.system.treeFabric}, {"alltoall", a.system.allToAllFabric},
                         {"in_network", a.system.inNetworkFabric}};
    std::vector<std::string> unknown = e.unknown;
    unknown.insert(unknown.end(), a.unknown.begin(), a.unknown.end());
    j["unknown"] = unknown;
    return j;
}

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

void printTrain(const TrainingAnalysis &a, double wallS)
{
    const StepEstimate &e = a.search.best;
    std::cout << a.model.name << " on " << a.gpus << " x " << a.gpuPart << " (" << a.servers << " x " << a.serverPart << ")\n";
    std::cout << "plan: " << e.plan.text() << (a.autoParallel ? " (auto: " + std::to_string(a.search.evaluated) + " plans priced)" : "")
              << "\n";
    if (!a.neighbour.empty())
        std::cout << "neighbour job: " << a.neighbour << " on the next " << a.neighbourServers
                  << " servers the whole time; fabric share left to the job: ring " << fixed(100 * a.system.ringFabric, 0) << " %, tree "
                  << fixed(100 * a.system.treeFabric, 0) << " %, all-to-all " << fixed(100 * a.system.allToAllFabric, 0)
                  << " %, in-network (SHARP) " << fixed(100 * a.system.inNetworkFabric, 0) << " %\n";
    const double mem = e.memory.total();
    std::cout << "memory per GPU: " << fixed(mem, 1) << " GB of " << (e.hbmGB ? fixed(*e.hbmGB, 0) + " GB" : "unknown")
              << (e.fits ? " (fits)" : e.hbmGB ? " (DOES NOT FIT)" : "") << ": weights " << fixed(e.memory.weights, 1) << ", gradients "
              << fixed(e.memory.gradients, 1) << ", optimizer " << fixed(e.memory.optimizer, 1) << ", activations "
              << fixed(e.memory.activations, 1) << ", reserved " << fixed(e.memory.reserved, 1) << "\n";
    if (e.known) {
        Table t({"part", "seconds", "share"});
        const Breakdown &b = e.breakdown;
        const std::pair<const char *, double> parts[] = {{"compute", b.compute}, {"tp", b.tp},         {"cp", b.cp}, {"pp_p2p", b.ppP2p},
                                                         {"bubble", b.bubble},   {"dp_exposed", b.dpExposed}, {"ep", b.ep}};
        for (const auto &[name, v] : parts)
            t.addRow({name, fixed(v, 3), fixed(100 * v / e.stepS, 1) + " %"});
        t.addSeparator();
        t.addRow({"step", fixed(e.stepS, 3), "100.0 %"});
        t.print(std::cout);
        std::cout << "tokens/s: " << fixed(e.tokensPerS, 0) << " (" << fixed(e.tokensPerSPerGpu, 1) << " per GPU)\n";
        std::cout << "model TFLOP/s per GPU: " << fixed(e.modelTflopsPerGpu, 1) << ", MFU " << fixed(100 * e.mfu, 1) << " %\n";
    }
    if (a.days)
        std::cout << "days to train: " << fixed(*a.days, 1) << "\n";
    if (a.daysWithFailures)
        std::cout << "days with failures: " << fixed(*a.daysWithFailures, 1) << " (goodput " << fixed(100 * *a.goodput, 1)
                  << " %: " << a.failurePreset << " failure rates, a " << fixed(*a.checkpointGB, 0) << " GB checkpoint every "
                  << fixed(*a.checkpointIntervalS / 60, 0) << " min)\n";
    std::cout << "power: " << (a.powerKW ? fixed(*a.powerKW, 1) + " kW at PUE " + fixed(a.pue, 2) : "unknown") << "; energy per million tokens: "
              << (a.energyKWhPerMToken ? fixed(*a.energyKWhPerMToken, 2) + " kWh" : "unknown") << "\n";
    std::cout << "cost per million tokens: " << (a.costPerMToken ? fixed(*a.costPerMToken, 2) + " " + a.currency : "unknown")
              << " (CAPEX over " << fixed(a.lifeYears, 1) << " years + energy at " << fixed(a.pricePerKWh, 3) << " " << a.currency << "/kWh)\n";
    for (const std::string &u : e.unknown)
        std::cout << "unknown: " << u << "\n";
    for (const std::string &u : a.unknown)
        std::cout << "unknown: " << u << "\n";
    std::cout << "(" << fixed(wallS, 2) << " s)\n";
}

int runTrain(const TrainArgs &args, Context &ctx)
{
    const auto t0 = std::chrono::steady_clock::now();
    auto design = loadDesign(ctx, args.design);
    if (!design)
        return fail(design.error());
    auto req = request(args);
    if (!req)
        return fail(req.error());
    auto a = analyzeTraining(*design, *catalog(ctx), *req);
    if (!a)
        return fail(a.error());
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (ctx.json) {
        nlohmann::ordered_json j = trainJson(*a);
        j["wall_s"] = wall;
        std::cout << j.dump(2) << '\n';
    } else {
        printTrain(*a, wall);
    }
    return ExitOk;
}

} // namespace

void addTrainCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<TrainArgs>();
    CLI::App *cmd = root.add_subcommand("train", "Step time, tokens/s, MFU, memory, days, energy and cost per token of training a model "
                                                 "on the design (parallelism not given = searched)");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--model", a->model, "A built-in model (llama3-8b, llama3-70b, llama3.1-405b, gpt3-175b, mixtral-8x7b, deepseek-v3) "
                                         "or a model FILE.yaml")->required();
    cmd->add_option("--gpus", a->gpus, "Train on the first servers holding N GPUs (default: every GPU server)")->check(CLI::PositiveNumber);
    for (auto [flag, field, what] : {std::tuple{"--tp", &a->tp, "Tensor-parallel size"}, {"--pp", &a->pp, "Pipeline-parallel size"},
                                     {"--cp", &a->cp, "Context-parallel size"}, {"--ep", &a->ep, "Expert-parallel size (MoE)"},
                                     {"--vp", &a->vp, "Virtual pipeline stages per GPU (interleaved 1F1B)"}})
        cmd->add_option(flag, *field, std::string(what) + " (default: searched)")->check(CLI::PositiveNumber);
    cmd->add_flag("--fsdp", a->fsdp, "Shard weights, gradients and optimizer over data parallel (default: searched when the plan is)");
    cmd->add_option("--gbs", a->gbs, "Global batch in sequences (default: about 4M tokens, a power of two)")->check(CLI::PositiveNumber);
    cmd->add_option("--mbs", a->mbs, "Micro batch in sequences (default: searched)")->check(CLI::PositiveNumber);
    cmd->add_option("--seq", a->seq, "Sequence length (default: the model's)")->check(CLI::PositiveNumber);
    cmd->add_option("--precision", a->precision, "bf16 or fp8 (default bf16)")->check(CLI::IsMember({"bf16", "fp8"}));
    cmd->add_option("--recompute", a->recompute, "none, selective or full (default: searched)")->check(CLI::IsMember({"none", "selective", "full"}));
    cmd->add_option("--tokens", a->tokens, "Tokens to train, for the days: 15T, 300B, 2.5e12");
    cmd->add_option("--fail-link", a->failLinks, "Take this link out first: the job runs on the rerouted fabric (repeatable)");
    cmd->add_option("--fail-switch", a->failSwitches, "Take this switch out first (repeatable)");
    cmd->add_option("--neighbour", a->neighbour, "A congested neighbour job on the next servers: allreduce or alltoall, "
                                                  "optionally :GPUS (default: every other GPU server)");
    cmd->add_option("--failures", a->failures, "Failure-rate preset for the days with failures (llama3, a preset file, or none)");
    cmd->add_option("--checkpoint-gb", a->checkpointGB, "Checkpoint size, GB (default: 14 bytes per parameter)")->check(CLI::PositiveNumber);
    cmd->add_option("--storage-gbps", a->storageGBps, "Checkpoint storage bandwidth, GB/s (default 50)")->check(CLI::PositiveNumber);
    cmd->add_option("--life-years", a->lifeYears, "Years the CAPEX is written off over (default 4)")->check(CLI::PositiveNumber);
    cmd->add_option("--kwh-price", a->kwhPrice, "Electricity price per kWh (default: the design's setting, 0.12 USD unless set)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--pue", a->pue, "Power usage effectiveness (default: the design's setting, 1.3 unless set)")->check(CLI::Range(1.0, 5.0));
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runTrain(*a, ctx); }; });
}

} // namespace cplan::cli
