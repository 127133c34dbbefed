// Running sweeps (core/sweep/runsweep, evaluate, sweepdb): issue 18's acceptance sweep over switch
// model x blocking x rails for 1,024 H100 GPUs with a budget, invalid combinations skipped with
// their reason, the results store (resumable, the same tables whatever the threads or slices),
// cancellation.
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/reliability.h"
#include "sweep/evaluate.h"
#include "sweep/runsweep.h"
#include "sweep/sweeppoints.h"
#endif

#include "fixtures.h"
#include "testmain.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace cplan;

namespace {

SweepSpec loadOrStop(const std::string &name)
{
    auto spec = loadSweep(test::testDataPath("sweep/" + name));
    if (!spec)
        qFatal("sweep: %s", spec.error().toString().c_str());
    return *spec;
}

SweepSpec parseOrStop(const std::string &text)
{
    auto spec = parseSweep(text, "test.sweep.yaml");
    if (!spec)
        qFatal("sweep: %s", spec.error().toString().c_str());
    return *spec;
}

SweepRun runOrStop(const SweepSpec &spec, SweepRunOptions options = {})
{
    auto run = runSweep(spec, test::builtinCatalog(), options);
    if (!run)
        qFatal("run: %s", run.error().toString().c_str());
    return std::move(*run);
}

const PointResult &at(const SweepRun &run, const std::string &sw, const std::string &blocking, const std::string &rails)
{
    for (const PointResult &r : run.results)
        if (r.axes == std::vector<SweepSetting>{{"switch", sw}, {"blocking", blocking}, {"rails", rails}})
            return r;
    qFatal("no point %s %s %s", sw.c_str(), blocking.c_str(), rails.c_str());
}

std::string dumpOrStop(const SweepDb &db)
{
    auto text = db.dump();
    if (!text)
        qFatal("dump: %s", text.error().toString().c_str());
    return *text;
}

} // namespace

class TestSweep : public QObject
{
    Q_OBJECT

private slots:
    // Issue 18's acceptance: a non-blocking QM9700 design beats a 2:1 one on all-to-all time,
    // the 2:1 one beats it on cost, and the front is non-dominated.
    void acceptanceSweep()
    {
        const SweepSpec spec = loadOrStop("h100-1024.sweep.yaml");
        SweepRunOptions options;
        options.threads = 2;
        const SweepRun run = runOrStop(spec, options);
        QCOMPARE(run.results.size(), std::size_t(8));
        QCOMPARE(run.evaluated, std::size_t(8));
        QVERIFY(!run.cancelled);
        for (const PointResult &r : run.results) {
            QVERIFY2(r.skipped.empty(), r.skipped.c_str());
            QVERIFY(r.incomplete.empty() || r.incomplete == std::vector<std::string>{"power_w"});   // the quote prices every part
            QCOMPARE(*r.figure("gpus"), 1024.0);
            QVERIFY(r.figure("capex") && r.figure("completion_s"));
            QCOMPARE(r.designHash.size(), std::size_t(16));
        }
        const PointResult &full = at(run, "qm9700", "1:1", "8");
        const PointResult &half = at(run, "qm9700", "2:1", "8");
        QCOMPARE(*full.figure("blocking"), 1.0);
        QCOMPARE(*half.figure("blocking"), 2.0);
        QVERIFY2(*full.figure("completion_s") < *half.figure("completion_s"), "non-blocking is faster on all-to-all");
        QVERIFY2(*half.figure("capex") < *full.figure("capex"), "2:1 is cheaper");

        // The budget rules points out, by name.
        std::size_t over = 0;
        for (const PointResult &r : run.results) {
            const bool expensive = *r.figure("capex") > *spec.constraints.budget;
            QCOMPARE(!r.feasible(), expensive);
            over += expensive ? 1 : 0;
            if (expensive)
                QVERIFY(r.violations.front().find("budget") != std::string::npos);
        }
        QVERIFY(over > 0 && over < 8);

        // The front: feasible, nobody feasible dominates it, and each point off it is dominated
        // by one on it.
        auto dominates = [](const PointResult &a, const PointResult &b) {
            const double ca = *a.figure("capex"), cb = *b.figure("capex");
            const double ta = *a.figure("completion_s"), tb = *b.figure("completion_s");
            return ca <= cb && ta <= tb && (ca < cb || ta < tb);
        };
        std::size_t front = 0;
        for (const PointResult &r : run.results) {
            front += r.pareto ? 1 : 0;
            if (r.pareto) {
                QVERIFY(r.feasible());
                for (const PointResult &o : run.results)
                    QVERIFY(!(o.feasible() && dominates(o, r)));
            } else if (r.feasible()) {
                bool dominated = false;
                for (const PointResult &o : run.results)
                    dominated = dominated || (o.pareto && dominates(o, r));
                QVERIFY(dominated);
            }
        }
        QVERIFY(front >= 2);
    }

    // The minimal file: four points on the built-in catalog, whose prices are partly
    // unknown: CAPEX is then a lower bound and says so.
    void minimalFileRuns()
    {
        const SweepRun run = runOrStop(loadOrStop("minimal.sweep.yaml"));
        QCOMPARE(run.results.size(), std::size_t(4));
        for (const PointResult &r : run.results) {
            QVERIFY2(r.skipped.empty(), r.skipped.c_str());
            QVERIFY(*r.figure("completion_s") > 0);
            QVERIFY(std::find(r.incomplete.begin(), r.incomplete.end(), "capex") != r.incomplete.end());
        }
    }

    // Issue 29: the fabric as a sweep axis. The same servers on Ethernet have their own parts and
    // path policy: ECMP's hashed ring loses bus bandwidth that spraying keeps, and InfiniBand
    // (NVLS with SHARP) beats both; bad fabric and policy names are refused with their line.
    void fabricAxis()
    {
        const SweepRun run = runOrStop(loadOrStop("fabric.sweep.yaml"));
        QCOMPARE(run.results.size(), std::size_t(4));
        auto point = [&](const std::string &fabric, const std::string &lb) -> const PointResult & {
            for (const PointResult &r : run.results)
                if (r.axes == std::vector<SweepSetting>{{"fabric", fabric}, {"load-balancing", lb}})
                    return r;
            qFatal("no point %s %s", fabric.c_str(), lb.c_str());
        };
        for (const PointResult &r : run.results)
            QVERIFY2(r.skipped.empty(), r.skipped.c_str());
        const double ecmp = *point("ethernet", "ecmp").figure("busbw_gbps");
        const double spray = *point("ethernet", "spray").figure("busbw_gbps");
        qInfo("1,024 B200 all-reduce 1 GiB: Ethernet ECMP %.1f, sprayed %.1f, InfiniBand %.1f GB/s", ecmp, spray,
              *point("infiniband", "ecmp").figure("busbw_gbps"));
        QVERIFY(ecmp < spray);
        QVERIFY(*point("infiniband", "spray").figure("busbw_gbps") >= spray);
        QVERIFY(point("ethernet", "ecmp").designHash != point("infiniband", "ecmp").designHash);

        auto bad = parseSweep("format: cluster-planner-sweep/1\nfixed: {servers: 8, server: dgx-b200, switch: qm9700}\n"
                              "axes: {fabric: [infiniband, etherneet]}\nobjectives: [capex]\n",
                              "bad.sweep.yaml");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().line, 3);
        QVERIFY2(bad.error().message.find("'etherneet' is not infiniband or ethernet") != std::string::npos, bad.error().message.c_str());
    }

    // Invalid combinations are skipped with the reason, the rest evaluated.
    void invalidCombinationsAreSkipped()
    {
        const SweepSpec spec = parseOrStop("format: cluster-planner-sweep/1\n"
                                           "fixed: {server: dgx-h100, switch: qm9700}\n"
                                           "axes: {gpus: [64, 60], rails: [8, 3], pattern: [allreduce, \"shift:100\"]}\n"
                                           "objectives: [capex, completion_s]\n");
        const SweepRun run = runOrStop(spec);
        QCOMPARE(run.results.size(), std::size_t(8));
        const PointResult &good = run.results[0];   // 64 GPUs, 8 rails, all-reduce
        QVERIFY2(good.skipped.empty(), good.skipped.c_str());
        QVERIFY(good.figure("completion_s"));
        // 64 GPUs on 8 servers have 64 endpoints: a shift by 100 does not fit.
        QVERIFY(run.results[1].skipped.find("shift") != std::string::npos || !run.results[1].skipped.empty());
        QVERIFY2(run.results[2].skipped.find("rails") != std::string::npos, run.results[2].skipped.c_str());   // 3 rails
        for (std::size_t i = 4; i < 8; ++i)   // 60 GPUs are 7.5 DGX H100
            QVERIFY2(run.results[i].skipped.find("not a whole number") != std::string::npos, run.results[i].skipped.c_str());
        for (const PointResult &r : run.results)
            if (!r.skipped.empty()) {
                QVERIFY(r.figures.empty());
                QVERIFY(!r.pareto);
            }
    }

    // A rerun evaluates nothing; asking for a new figure evaluates again; two stores made with
    // other thread counts or in slices merged hold the same tables.
    void storeIsResumableAndDeterministic()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const SweepSpec spec = parseOrStop("format: cluster-planner-sweep/1\n"
                                           "fixed: {servers: 16, server: dgx-h100}\n"
                                           "axes: {switch: [qm9700, qm8700], blocking: [\"1:1\", \"2:1\", \"3:1\"], pattern: [allreduce, \"shift:1\"]}\n"
                                           "objectives: [capex, completion_s, busbw_gbps]\n");
        const std::string path = dir.filePath(QStringLiteral("a.sqlite")).toStdString();
        auto db = SweepDb::open(path);
        QVERIFY(db);
        SweepRunOptions options;
        options.threads = 2;
        options.store = &*db;
        const SweepRun first = runOrStop(spec, options);
        QCOMPARE(first.evaluated, std::size_t(12));
        QVERIFY(first.results[0].figure("busbw_gbps"));    // all-reduce: a collective
        QVERIFY(!first.results[1].figure("busbw_gbps"));   // a shift is no collective: no bus bandwidth ...
        const SweepRun again = runOrStop(spec, options);
        QCOMPARE(again.evaluated, std::size_t(0));         // ... and still nothing to evaluate again
        QCOMPARE(again.reused, std::size_t(12));
        for (std::size_t i = 0; i < 12; ++i) {
            QCOMPARE(again.results[i].figures, first.results[i].figures);
            QCOMPARE(again.results[i].pareto, first.results[i].pareto);
            QCOMPARE(again.results[i].designHash, first.results[i].designHash);
        }
        // One thread, in two slices into two stores, merged: the same table.
        auto odd = SweepDb::open(dir.filePath(QStringLiteral("odd.sqlite")).toStdString());
        auto even = SweepDb::open(dir.filePath(QStringLiteral("even.sqlite")).toStdString());
        QVERIFY(odd && even);
        for (auto [store, parity] : {std::pair<SweepDb *, int>{&*odd, 1}, std::pair<SweepDb *, int>{&*even, 0}}) {
            SweepRunOptions slice;
            slice.threads = 1;
            slice.store = store;
            slice.select = [parity](const SweepPoint &p) { return int(p.index % 2) == parity; };
            QCOMPARE(runOrStop(spec, slice).evaluated, std::size_t(6));
        }
        auto merged = odd->merge(dir.filePath(QStringLiteral("even.sqlite")).toStdString());
        QVERIFY(merged);
        QCOMPARE(*merged, std::size_t(6));
        QCOMPARE(*odd->merge(dir.filePath(QStringLiteral("even.sqlite")).toStdString()), std::size_t(0));   // idempotent
        QCOMPARE(dumpOrStop(*odd), dumpOrStop(*db));
        QVERIFY(dumpOrStop(*db).find("completion_s=") != std::string::npos);

        // Another objective the store lacks: those points are evaluated again.
        SweepSpec more = spec;
        more.objectives.push_back("bisection_gbps");
        const SweepRun third = runOrStop(more, options);
        QCOMPARE(third.evaluated, std::size_t(12));
        QVERIFY(*third.results[0].figure("bisection_gbps") > 0);
        QCOMPARE(runOrStop(more, options).evaluated, std::size_t(0));
    }

    void storeRefusesOtherFiles()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("junk.sqlite")).toStdString();
        QVERIFY(test::writeBytes(path, QByteArray("this is not a database, just text\n").repeated(100)));
        auto db = SweepDb::open(path);
        QVERIFY(!db);
        QCOMPARE(db.error().file, path);
    }

    void cancelStopsTheRun()
    {
        const SweepSpec spec = loadOrStop("minimal.sweep.yaml");
        SweepRunOptions options;
        options.cancel.cancel();
        const SweepRun run = runOrStop(spec, options);
        QVERIFY(run.cancelled);
        QVERIFY(run.results.empty());
        // Progress reaches the total.
        SweepRunOptions counted;
        std::size_t last = 0, total = 0;
        counted.progress = [&](const SweepProgress &p) {
            QVERIFY(p.done >= last);
            last = p.done;
            total = p.total;
        };
        const SweepSpec small = parseOrStop("format: cluster-planner-sweep/1\nfixed: {servers: 8, server: dgx-h100}\n"
                                            "axes: {switch: [qm9700, qm8700]}\nobjectives: [capex]\n");
        QCOMPARE(runOrStop(small, counted).results.size(), std::size_t(2));
        QCOMPARE(last, std::size_t(2));
        QCOMPARE(total, std::size_t(2));
    }

    void schedulingObjectives()
    {
        const SweepSpec spec = parseOrStop("format: cluster-planner-sweep/1\nfixed: {servers: 16, server: dgx-h100, switch: qm9700}\n"
                                           "schedule: {jobs: 200, seed: 3}\naxes: {policy: [fifo, topo-pack]}\n"
                                           "objectives: [jct_mean_s, jct_p95_s]\n");
        const SweepRun run = runOrStop(spec);
        QCOMPARE(run.results.size(), std::size_t(2));
        for (const PointResult &r : run.results) {
            QVERIFY2(r.skipped.empty(), r.skipped.c_str());
            QVERIFY(*r.figure("jct_p95_s") >= *r.figure("jct_mean_s") * 0.5);
            QVERIFY(*r.figure("gpu_utilization") > 0);
        }
        QCOMPARE(run.results[0].designHash, run.results[1].designHash);
    }

    // goodput and spares_cost (issue 30 item 6): computed only when asked, equal to
    // analyzeReliability's on the point's design, and a sweep ranks by them: the smaller
    // cluster's whole-cluster job trains a larger share of the time and needs fewer spares.
    void reliabilityObjectives()
    {
        const std::string fixed = "format: cluster-planner-sweep/1\nfixed: {server: dgx-h100, switch: qm9700}\n"
                                  "axes: {servers: [64, 8]}\n";
        const SweepRun plain = runOrStop(parseOrStop(fixed + "objectives: [capex]\n"));
        for (const PointResult &r : plain.results)
            QVERIFY(!r.figure("goodput") && !r.figure("spares_cost"));
        const SweepSpec spec = parseOrStop(fixed + "objectives: [goodput, spares_cost]\n");
        // The built-in catalog prices few spares: spares_cost is a lower bound, ranked as such.
        SweepRunOptions options;
        options.rank.includeIncomplete = true;
        const SweepRun run = runOrStop(spec, options);
        QCOMPARE(run.results.size(), std::size_t(2));
        const PointResult &big = run.results[0], &small = run.results[1];
        QVERIFY2(big.skipped.empty() && small.skipped.empty(), (big.skipped + small.skipped).c_str());
        QVERIFY(*small.figure("goodput") > *big.figure("goodput"));
        QVERIFY(*small.figure("spares_cost") <= *big.figure("spares_cost"));
        QVERIFY(small.pareto);
        QVERIFY(!big.pareto);
        // The engine's own figures for the point's design, with the stated default checkpoint.
        const Catalog &catalog = test::builtinCatalog();
        auto design = sweepPointDesign(expandSweep(spec).at(0), catalog);
        QVERIFY(design.ok());
        auto preset = reliability::findFailurePreset("llama3");
        QVERIFY(preset.ok());
        ReliabilityRequest request;
        request.checkpointGB = kDefaultCheckpointGB;
        request.storageGBps = kDefaultStorageGBps;
        request.trials = 0;
        const ReliabilityAnalysis a = analyzeReliability(*design, catalog, *preset, request);
        QVERIFY(a.checkpoint);
        QVERIFY(qFuzzyCompare(*big.figure("goodput"), a.checkpoint->goodput));
        // Spares of cables and switches have no rate in llama3: the cost is a lower bound.
        QVERIFY(std::find(big.incomplete.begin(), big.incomplete.end(), "spares_cost") != big.incomplete.end());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestSweep)
#include "tst_sweep.moc"
