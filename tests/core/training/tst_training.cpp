// The step-time model against published training runs (each with its source and a 15 %
// tolerance), the direction physics dictates on the fabric, and the parallelism search.
#include "analysis/reliability.h"
#include "analysis/training.h"
#include "fixtures.h"
#include "testmain.h"
#include "training/model.h"

#include <QtTest>

using namespace cplan;
using namespace cplan::training;
using cplan::test::builtinCatalog;
using cplan::test::fatTreeSpec;
using cplan::test::generateOrStop;
using cplan::test::testDataPath;

namespace {

constexpr double kTolerance = 0.15;

Model model(const std::string &idOrFile)
{
    auto m = idOrFile.find(".yaml") != std::string::npos ? loadModelFile(testDataPath("training/" + idOrFile)) : findModel(idOrFile);
    if (!m)
        qFatal("%s", m.error().toString().c_str());
    return *m;
}

SearchSpace fixedPlan(int tp, int pp, int cp, int ep, int vp, int mbs, int gbs, Recompute rc, Precision prec, bool fsdp = false)
{
    SearchSpace s;
    s.tp = tp;
    s.pp = pp;
    s.cp = cp;
    s.ep = ep;
    s.vp = vp;
    s.microBatch = mbs;
    s.globalBatch = gbs;
    s.recompute = rc;
    s.precision = prec;
    s.fsdp = fsdp;
    return s;
}

TrainingAnalysis run(const Design &d, const Model &m, const SearchSpace &space, int gpus = 0)
{
    TrainingRequest r;
    r.model = m;
    r.space = space;
    r.gpus = gpus;
    auto a = analyzeTraining(d, builtinCatalog(), r);
    if (!a)
        qFatal("%s", a.error().toString().c_str());
    return *a;
}

Design dgx(const char *server, int count, const char *sw, int down = 1, int up = 1, bool railOnly = false)
{
    FatTreeSpec spec = fatTreeSpec(server, count, sw, 0, down, up);
    spec.railOnly = railOnly;
    return generateOrStop(spec);
}

// Narayanan et al.'s hardware FLOPs per iteration (§3.5, full recomputation).
double narayananFlops(const Model &m, double batch)
{
    const double s = m.seqLen, l = m.layers, h = m.hidden, V = m.vocab;
    return 96.0 * batch * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
}

} // namespace

class TestTraining : public QObject
{
    Q_OBJECT

private slots:
    void publishedRuns_data();
    void publishedRuns();
    void unknownFiguresAreUnknown();
    void costPerTokenFromCapexAndEnergy();
    void memoryDecidesFit();
    void daysWithFailures();
    void failedSpinesSlowTheStep();
    void congestedNeighbourSlowsTheStep();
    void blockingAndRailOnlyNeverSpeedUpDataParallel();
    void tensorParallelAcrossServersIsSlower();
    void moeSuffersMoreOnABlockedFabric();
    void autoParallelBeatsHandPlans();
};

// Each row: the run as published (system, model, plan) and its throughput in tokens/s per GPU,
// converted from the published figure where the paper gives TFLOP/s, MFU or days.
void TestTraining::publishedRuns_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<int>("servers");
    QTest::addColumn<QString>("sw");
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("cp");
    QTest::addColumn<int>("vp");
    QTest::addColumn<int>("gbs");
    QTest::addColumn<int>("recompute");
    QTest::addColumn<int>("precision");
    QTest::addColumn<bool>("fsdp");
    QTest::addColumn<double>("published");   // tokens/s per GPU
    const int full = int(Recompute::Full), sel = int(Recompute::Selective), bf16 = int(Precision::Bf16), fp8 = int(Precision::Fp8);
    // Narayanan et al. 2021 (arXiv:2104.04473) §5.1 and Table 1: GPT-3 175B on 1,024 A100
    // (DGX A100, HDR), batch 1536, 140 TFLOP/s per GPU with their 96 B s l h^2 (...) formula.
    const Model g175 = model("gpt-175b-megatron.yaml"), g530 = model("gpt-530b-megatron.yaml"), g1t = model("gpt-1t-megatron.yaml");
    auto narayanan = [&](const Model &m, double batch, double tflops) { return tflops * 1e12 / (narayananFlops(m, batch) / (batch * m.seqLen)); };
    QTest::newRow("Narayanan 2021, GPT-3 175B, 1024 A100, 140 TFLOP/s")
        << "dgx-a100" << 128 << "qm8700" << "gpt-175b-megatron.yaml" << 8 << 8 << 1 << 1 << 1536 << full << bf16 << false
        << narayanan(g175, 1536, 140);
    // Table 1: 529.6B on 2,520 A100 (TP 8, PP 35), batch 2520, 163 TFLOP/s per GPU.
    QTest::newRow("Narayanan 2021 Table 1, 530B, 2520 A100, 163 TFLOP/s")
        << "dgx-a100" << 315 << "qm8700" << "gpt-530b-megatron.yaml" << 8 << 35 << 1 << 1 << 2520 << full << bf16 << false
        << narayanan(g530, 2520, 163);
    // Table 1: 1,008B on 3,072 A100 (TP 8, PP 64), batch 3072, 163 TFLOP/s per GPU.
    QTest::newRow("Narayanan 2021 Table 1, 1T, 3072 A100, 163 TFLOP/s")
        << "dgx-a100" << 384 << "qm8700" << "gpt-1t-megatron.yaml" << 8 << 64 << 1 << 1 << 3072 << full << bf16 << false
        << narayanan(g1t, 3072, 163);
    // Korthikanti et al. 2022 (arXiv:2205.05198), abstract and §6: 530B on 2,240 A100 (TP 8, PP 35,
    // DP 8, batch 2240): MFU 54.2 % with sequence parallelism and selective recomputation, 42.1 %
    // with full recomputation. Model FLOPs per token 72 s l h^2 (1 + s/6h + V/12lh) / s.
    const double mf530 = trainingFlopsPerToken(g530, 2048);
    QTest::newRow("Korthikanti 2022, 530B, 2240 A100, selective, MFU 54.2 %")
        << "dgx-a100" << 280 << "qm8700" << "gpt-530b-megatron.yaml" << 8 << 35 << 1 << 1 << 2240 << sel << bf16 << false
        << 0.542 * 312e12 / mf530;
    QTest::newRow("Korthikanti 2022, 530B, 2240 A100, full, MFU 42.1 %")
        << "dgx-a100" << 280 << "qm8700" << "gpt-530b-megatron.yaml" << 8 << 35 << 1 << 1 << 2240 << full << bf16 << false
        << 0.421 * 312e12 / mf530;
    // NVIDIA Megatron-Bridge performance summary, NeMo 25.11, DGX-H100, FP8 (current scaling),
    // https://docs.nvidia.com/nemo/megatron-bridge/latest/performance-summary.html
    QTest::newRow("NeMo 25.11, Llama 3 70B, 64 H100 FP8, 1602 tok/s/GPU")
        << "dgx-h100" << 8 << "qm9700" << "llama3-70b" << 4 << 8 << 1 << 5 << 128 << sel << fp8 << false << 1602.0;
    QTest::newRow("NeMo 25.11, Llama 3.1 405B, 1024 H100 FP8, 292 tok/s/GPU")
        << "dgx-h100" << 128 << "qm9700" << "llama3.1-405b" << 8 << 8 << 2 << 8 << 512 << sel << fp8 << false << 292.0;
    QTest::newRow("NeMo 25.11, Llama 3 8B, 8 H100 FP8 FSDP, 14451 tok/s/GPU")
        << "dgx-h100" << 1 << "qm9700" << "llama3-8b" << 1 << 1 << 1 << 1 << 128 << sel << fp8 << true << 14451.0;
}

void TestTraining::publishedRuns()
{
    QFETCH(QString, server);
    QFETCH(int, servers);
    QFETCH(QString, sw);
    QFETCH(QString, model);
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, cp);
    QFETCH(int, vp);
    QFETCH(int, gbs);
    QFETCH(int, recompute);
    QFETCH(int, precision);
    QFETCH(bool, fsdp);
    QFETCH(double, published);
    const Design d = dgx(server.toUtf8().constData(), servers, sw.toUtf8().constData());
    const Model m = ::model(model.toStdString());
    const auto a = run(d, m, fixedPlan(tp, pp, cp, 1, vp, 1, gbs, Recompute(recompute), Precision(precision), fsdp));
    const StepEstimate &e = a.search.best;
    QVERIFY2(e.valid && e.known, e.invalid.c_str());
    const double dev = (e.tokensPerSPerGpu - published) / published;
    qInfo("%s: model %.1f tok/s/GPU (step %.2f s, %.0f TFLOP/s, MFU %.1f %%, %.1f GB), published %.1f, deviation %+.1f %%",
          QTest::currentDataTag(), e.tokensPerSPerGpu, e.stepS, e.modelTflopsPerGpu, 100 * e.mfu, e.memory.total(), published, 100 * dev);
    const Breakdown &b = e.breakdown;
    qInfo("  compute %.2f tp %.2f cp %.2f pp_p2p %.2f bubble %.2f dp %.2f ep %.2f; memory w %.1f g %.1f o %.1f a %.1f", b.compute, b.tp, b.cp,
          b.ppP2p, b.bubble, b.dpExposed, b.ep, e.memory.weights, e.memory.gradients, e.memory.optimizer, e.memory.activations);
    QVERIFY2(std::abs(dev) <= kTolerance, qPrintable(QStringLiteral("deviation %1 %").arg(100 * dev, 0, 'f', 1)));
}

// A GPU without a figure the model needs: no number, the figure named.
void TestTraining::unknownFiguresAreUnknown()
{
    const Design d = dgx("dgx-b300", 2, "q3400");
    TrainingRequest r;
    r.model = model("llama3-8b");
    r.space = fixedPlan(8, 1, 1, 1, 1, 1, 16, Recompute::Selective, Precision::Bf16);
    auto a = analyzeTraining(d, builtinCatalog(), r);
    QVERIFY(a.ok());
    QVERIFY(!a->search.best.known);
    QVERIFY(!a->days && !a->costPerMToken);
    const auto &u = a->search.best.unknown;
    QVERIFY(std::any_of(u.begin(), u.end(), [](const std::string &s) { return s.find("BF16 peak of GPU 'b300'") != std::string::npos; }));
}

// With every price and power known (a test catalog): CAPEX over the life plus energy at PUE and
// price, for the job's share of the design.
void TestTraining::costPerTokenFromCapexAndEnergy()
{
    Catalog catalog = builtinCatalog();
    for (Part p : catalog.parts()) {
        p.unitPrice = p.unitPrice.value_or(1000.0);
        p.powerW = p.powerW.value_or(50.0);
        catalog.addOrReplace(p);
    }
    const Design d = generateOrStop(fatTreeSpec("dgx-h100", 8, "qm9700"), catalog);
    TrainingRequest r;
    r.model = model("llama3-8b");
    r.space = fixedPlan(8, 1, 1, 1, 1, 1, 64, Recompute::Selective, Precision::Bf16);
    r.tokens = 1e12;
    r.gpus = 32;   // half the design
    r.pricePerKWh = 0.10;
    r.pue = 1.25;
    auto a = analyzeTraining(d, catalog, r);
    QVERIFY(a.ok());
    QVERIFY(a->capex && a->powerKW && a->energyKWhPerMToken && a->costPerMToken && a->days);
    const double tps = a->search.best.tokensPerS;
    QVERIFY(*a->powerKW > 4 * 10.2 * 1.25);   // four DGX H100 at 10.2 kW, plus fabric, times PUE
    const double lifeS = kDefaultLifeYears * 365.25 * 86400;
    const double expected = *a->capex / lifeS * (1e6 / tps) + *a->powerKW * (1e6 / tps) / 3600 * 0.10;
    QVERIFY(std::abs(*a->costPerMToken - expected) <= 1e-9 * expected);
    QVERIFY(std::abs(*a->days - 1e12 / tps / 86400) <= 1e-9 * *a->days);
    r.lifeYears = 8;
    auto longer = analyzeTraining(d, catalog, r);
    QVERIFY(longer.ok() && *longer->costPerMToken < *a->costPerMToken);
}

// Issue 30 item 3: days with failures are the days over the goodput analyzeReliability gives the
// same job (llama3 rates, a checkpoint of 14 bytes per parameter at 50 GB/s, Daly's interval);
// the bigger job loses more, faster storage loses less, and no preset gives no figure.
void TestTraining::daysWithFailures()
{
    const Design d = dgx("dgx-h100", 64, "qm9700");
    TrainingRequest r;
    r.model = model("llama3-8b");
    r.space = fixedPlan(1, 1, 1, 1, 1, 1, 512, Recompute::Selective, Precision::Bf16);
    r.tokens = 1e12;
    r.gpus = 64;
    auto small = analyzeTraining(d, builtinCatalog(), r);
    QVERIFY(small.ok() && small->days && small->daysWithFailures && small->goodput && small->checkpointGB);
    QVERIFY(std::abs(*small->daysWithFailures - *small->days / *small->goodput) <= 1e-12 * *small->days);
    QVERIFY(std::abs(*small->checkpointGB - modelSize(r.model).total * 14 / 1e9) < 1e-9);
    const auto preset = reliability::findFailurePreset("llama3");
    QVERIFY(preset.ok());
    ReliabilityRequest rr;
    rr.jobGpus = 64;
    rr.checkpointGB = *small->checkpointGB;
    rr.storageGBps = kDefaultStorageGBps;
    rr.trials = 0;
    const ReliabilityAnalysis direct = analyzeReliability(d, builtinCatalog(), *preset, rr);
    QVERIFY(direct.checkpoint);
    QCOMPARE(*small->goodput, direct.checkpoint->goodput);
    r.gpus = 512;
    auto big = analyzeTraining(d, builtinCatalog(), r);
    QVERIFY(big.ok() && big->goodput);
    QVERIFY(*big->goodput < *small->goodput);
    r.storageGBps = 500;
    auto fast = analyzeTraining(d, builtinCatalog(), r);
    QVERIFY(fast.ok() && *fast->goodput > *big->goodput);
    r.failurePreset.clear();
    auto none = analyzeTraining(d, builtinCatalog(), r);
    QVERIFY(none.ok() && none->days && !none->daysWithFailures);
}

// Build item 3: what failures do to the step. Mixtral 8x7B over 64 DGX H100 in 4-server units
// (every ring step crosses the spines), EP inside a server, data parallel across: with all but
// two of the spines out its gradient traffic shares what is left and the exposed part grows.
void TestTraining::failedSpinesSlowTheStep()
{
    FatTreeSpec spec = fatTreeSpec("dgx-h100", 64, "qm9700");
    spec.suSize = 4;
    const Design d = generateOrStop(spec);
    TrainingRequest r;
    r.model = model("mixtral-8x7b");
    r.space = fixedPlan(1, 1, 1, 8, 1, 1, 512, Recompute::Selective, Precision::Bf16);
    auto intact = analyzeTraining(d, builtinCatalog(), r);
    QVERIFY(intact.ok());
    std::vector<std::string> spines;
    for (const Node &n : d.nodes)
        if (n.role == NodeRole::Switch && n.tier == Tier::Spine)
            spines.push_back(n.id);
    QVERIFY(spines.size() > 4);
    r.failures.switches.assign(spines.begin() + 2, spines.end());
    auto failed = analyzeTraining(d, builtinCatalog(), r);
    QVERIFY(failed.ok());
    const StepEstimate &a = intact->search.best, &b = failed->search.best;
    qInfo("Mixtral 8x7B, DP x EP 8 over 512 H100: step %.3f s intact, %.3f s with %zu of %zu spines out (DP exposed %.3f -> %.3f s)",
          a.stepS, b.stepS, spines.size() - 2, spines.size(), a.breakdown.dpExposed, b.breakdown.dpExposed);
    QVERIFY(b.stepS > a.stepS * 1.05);
    QVERIFY(failed->system.ringFabric < intact->system.ringFabric || failed->system.treeFabric < intact->system.treeFabric);
}

// Build item 3: what a congested neighbour does. A data-parallel Llama 3 8B on 64 DGX H100 in
// 4-server units (its ring crosses the spines), the servers after it running an all-to-all the
// whole time. In a fat tree two jobs share a link only where they share a leaf: on 32 servers
// (8 whole units) the job is alone on its leaves and the neighbour costs nothing; on 30 the last
// unit's leaves carry both, and on a 2:1 fabric the neighbour takes uplinks the job's ring
// needs. A neighbour never makes the job faster.
void TestTraining::congestedNeighbourSlowsTheStep()
{
    auto step = [&](int down, int servers, const char *neighbour) {
        FatTreeSpec spec = fatTreeSpec("dgx-h100", 64, "qm9700", 0, down, 1);
        spec.suSize = 4;
        const Design d = generateOrStop(spec);
        TrainingRequest r;
        r.model = model("llama3-8b");
        r.space = fixedPlan(1, 1, 1, 1, 1, 1, 8 * servers, Recompute::Selective, Precision::Bf16);
        r.space.seq = 1024;
        r.gpus = 8 * servers;
        if (neighbour)
            r.neighbour = *parseNeighbour(neighbour);
        auto a = analyzeTraining(d, builtinCatalog(), r);
        if (!a)
            qFatal("%s", a.error().toString().c_str());
        if (neighbour && a->neighbourServers != std::uint32_t(64 - servers))
            qFatal("neighbour on %u servers, expected %d", a->neighbourServers, 64 - servers);
        qInfo("  %d:1, %d servers, neighbour %s: ring %.3f tree %.3f SHARP %.3f, step %.4f s (DP exposed %.4f s)", down, servers,
              neighbour ? neighbour : "none", a->system.ringFabric, a->system.treeFabric, a->system.inNetworkFabric, a->search.best.stepS,
              a->search.best.breakdown.dpExposed);
        return std::pair{a->search.best.stepS, a->system.ringFabric};
    };
    const auto [own, ownRing] = step(2, 32, nullptr);
    const auto [apart, apartRing] = step(2, 32, "alltoall");
    const auto [alone1, ring1] = step(1, 30, nullptr);
    const auto [beside1, ringBeside1] = step(1, 30, "alltoall");
    const auto [alone2, ring2] = step(2, 30, nullptr);
    const auto [beside2, ringBeside2] = step(2, 30, "alltoall");
    qInfo("DP step on leaves of its own, 2:1: %.4f s alone, %.4f s beside an all-to-all (ring share %.2f / %.2f)", own, apart, ownRing,
          apartRing);
    qInfo("Sharing a unit's leaves: 1:1 %.4f / %.4f s (ring share %.2f / %.2f); 2:1 %.4f / %.4f s (%.2f / %.2f)", alone1, beside1, ring1,
          ringBeside1, alone2, beside2, ring2, ringBeside2);
    QCOMPARE(apart, own);
    QVERIFY(beside1 >= alone1 * (1 - 1e-9));
    QVERIFY(beside2 >= alone2 * (1 - 1e-9));
    QVERIFY(ringBeside2 < ring2);
    QVERIFY(beside2 > alone2 * 1.02);
    // A neighbour needs servers of its own.
    TrainingRequest all;
    all.model = model("llama3-8b");
    all.neighbour = *parseNeighbour("allreduce");
    QVERIFY(!analyzeTraining(generateOrStop(fatTreeSpec("dgx-h100", 8, "qm9700")), builtinCatalog(), all).ok());
}

// 70B without model parallelism cannot fit in 80 GB; with TP 8 PP 4 it does.
void TestTraining::memoryDecidesFit()
{
    const Design d = dgx("dgx-h100", 4, "qm9700");
    const Model m = model("llama3-70b");
    const auto dense = run(d, m, fixedPlan(1, 1, 1, 1, 1, 1, 32, Recompute::Selective, Precision::Bf16));
    QVERIFY(!dense.search.best.fits);
    QVERIFY(dense.search.best.memory.total() > 80);
    const auto split = run(d, m, fixedPlan(8, 4, 1, 1, 1, 1, 32, Recompute::Selective, Precision::Bf16));
    QVERIFY2(split.search.best.fits, qPrintable(QString::number(split.search.best.memory.total())));
}

// A data-parallel job (Llama 3 8B, TP 1 on 512 H100s) on 1:1, 2:1 and rail-only fabrics.
void TestTraining::blockingAndRailOnlyNeverSpeedUpDataParallel()
{
    const Model m = model("llama3-8b");
    SearchSpace plan = fixedPlan(1, 1, 1, 1, 1, 1, 512, Recompute::Selective, Precision::Bf16);
    plan.seq = 1024;   // short sequences: little compute to hide the gradients' reduction behind
    const double full = run(dgx("dgx-h100", 64, "qm9700"), m, plan).search.best.stepS;
    const double blocked = run(dgx("dgx-h100", 64, "qm9700", 2, 1), m, plan).search.best.stepS;
    const double railOnly = run(dgx("dgx-h100", 64, "qm9700", 1, 1, true), m, plan).search.best.stepS;
    qInfo("DP-heavy step: 1:1 %.4f s, 2:1 %.4f s, rail-only %.4f s", full, blocked, railOnly);
    QVERIFY(blocked >= full * (1 - 1e-9));
    QVERIFY(railOnly >= full * (1 - 1e-9));
}

// The same TP 8 group inside one DGX H100 and spread over two (stride 2).
void TestTraining::tensorParallelAcrossServersIsSlower()
{
    const Design d = dgx("dgx-h100", 16, "qm9700");
    const auto a = run(d, model("llama3-70b"), fixedPlan(8, 4, 1, 1, 1, 1, 64, Recompute::Selective, Precision::Bf16));
    const Comm comm(a.system);
    GpuFigures gpu{"h100", 989.4, 1978.9, 80, 3.35, "hopper"};
    Plan inside = a.search.best.plan;
    Plan across = inside;
    across.tpStride = 2;
    const StepEstimate in = estimateStep(a.model, gpu, comm, inside), out = estimateStep(a.model, gpu, comm, across);
    qInfo("TP 8 inside a server: %.3f s (TP %.3f s); across two: %.3f s (TP %.3f s)", in.stepS, in.breakdown.tp, out.stepS, out.breakdown.tp);
    QVERIFY(out.breakdown.tp > in.breakdown.tp);
    QVERIFY(out.stepS > in.stepS);
}

// Mixtral (EP 8 over 8 servers) and a dense model with the same layout, 1:1 against 2:1.
void TestTraining::moeSuffersMoreOnABlockedFabric()
{
    const Design full = dgx("dgx-h100", 64, "qm9700"), blocked = dgx("dgx-h100", 64, "qm9700", 2, 1);
    const SearchSpace dense = fixedPlan(8, 1, 1, 1, 1, 1, 512, Recompute::Selective, Precision::Bf16);
    SearchSpace moe = dense;
    moe.ep = 8;
    const Model mixtral = model("mixtral-8x7b"), llama = model("llama3-8b");
    const double moeSlowdown = run(blocked, mixtral, moe).search.best.stepS / run(full, mixtral, moe).search.best.stepS;
    const double denseSlowdown = run(blocked, llama, dense).search.best.stepS / run(full, llama, dense).search.best.stepS;
    qInfo("2:1 slowdown: MoE %.4f, dense %.4f", moeSlowdown, denseSlowdown);
    QVERIFY(moeSlowdown > denseSlowdown);
    QVERIFY(moeSlowdown > 1.0);
}

// Llama 3 70B on 64 DGX H100: the search's plan fits and is at least as fast as every plan
// enumerated here by hand (priced with the same model).
void TestTraining::autoParallelBeatsHandPlans()
{
    const Design d = dgx("dgx-h100", 64, "qm9700");
    const Model m = model("llama3-70b");
    SearchSpace space;
    space.globalBatch = 512;
    space.seq = 8192;
    const auto a = run(d, m, space);
    const StepEstimate &best = a.search.best;
    QVERIFY(best.valid && best.known && best.fits);
    qInfo("auto: %s, %.0f tok/s/GPU, MFU %.1f %%, %.1f GB; %llu plans priced", best.plan.text().c_str(), best.tokensPerSPerGpu, 100 * best.mfu,
          best.memory.total(), static_cast<unsigned long long>(a.search.evaluated));
    const Comm comm(a.system);
    const GpuFigures gpu{"h100", 989.4, 1978.9, 80, 3.35, "hopper"};
    int hand = 0;
    for (int tp : {1, 2, 4, 8})
        for (int pp : {1, 2, 4, 5, 8, 10, 16})
            for (int cp : {1, 2})
                for (int vp : {1, 2, 5})
                    for (int mbs : {1, 2})
                        for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full}) {
                            Plan p;
                            p.tp = tp, p.pp = pp, p.cp = cp, p.vp = vp, p.microBatch = mbs, p.recompute = rc;
                            p.dp = 512 / (tp * pp * cp);
                            p.globalBatch = 512;
                            p.seq = 8192;
                            if (p.dp * tp * pp * cp != 512 || !checkPlan(m, p, 512).empty())
                                continue;
                            const StepEstimate e = estimateStep(m, gpu, comm, p);
                            if (!e.fits)
                                continue;
                            ++hand;
                            QVERIFY2(best.tokensPerS >= e.tokensPerS * (1 - 1e-9), p.text().c_str());
                        }
    QVERIFY(hand > 20);
}

CPLAN_TEST_APPLESS_MAIN(TestTraining)
#include "tst_training.moc"
