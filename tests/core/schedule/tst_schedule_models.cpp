// Trace jobs that name a model (issue 28, item 7): their communication share comes from the
// step-time model on the design, and their slowdown under contention follows from it.
#include "analysis/scenario.h"
#include "analysis/training.h"
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "model/design.h"
#include "schedule/traces.h"
#include "fixtures.h"
#include "testmain.h"
#include "training/model.h"

#include <QtTest>

#include <cmath>

using namespace cplan;
using namespace cplan::test;

namespace {

const std::string kTraces = std::string(CPLAN_SOURCE_DIR) + "/tests/data/traces";

// 64 DGX H100 (512 GPUs) on a 2:1-blocking fat tree: two scalable units of 32 servers.
Design blockedDgx()
{
    static const Design design = generateOrStop(fatTreeSpec("dgx-h100", 64, "qm9700", 0, 2, 1));
    return design;
}

ScheduleScenario scenarioOn(const Design &design, const std::string &trace)
{
    ScheduleScenario s;
    s.pool.design = &design;
    s.pool.catalog = &builtinCatalog();
    s.pool.designFile = "blocked.cluster.yaml";
    s.jobs.tracePath = kTraces + "/" + trace;
    return s;
}

// c written out from the breakdown: the exposed communication parts whose group leaves a
// server of `g` GPUs (TP 8 on a DGX stays on NVLink), not the bubble.
double commShare(const training::StepEstimate &e, int g)
{
    const training::Breakdown &b = e.breakdown;
    const training::Plan &p = e.plan;
    double comm = 0;
    if (p.tp > g)
        comm += b.tp;
    if (p.tp * p.cp > g)
        comm += b.cp;
    if (p.tp * p.cp * p.ep > g)
        comm += b.ep;
    if (p.tp * p.cp * p.dp > g)
        comm += b.dpExposed;
    if (p.pp > 1 && p.gpus() > g)
        comm += b.ppP2p;
    return comm / e.stepS;
}

} // namespace

class TestScheduleModels : public QObject
{
    Q_OBJECT

private slots:
    // The trace's columns: model (built-in id, file relative to the trace, or a model profile)
    // and the plan's fixed parts; written back, the same jobs.
    void parsesModelColumns()
    {
        auto t = loadTrace(kTraces + "/models-dense-moe.csv");
        QVERIFY2(t.ok(), t.ok() ? "" : t.error().toString().c_str());
        QCOMPARE(t->jobs.size(), std::size_t(3));
        QCOMPARE(t->jobs[0].trainingModel, std::string("llama3-8b"));
        QCOMPARE(t->jobs[0].plan.tp, 8);
        QCOMPARE(t->jobs[0].plan.ep, 0);
        QCOMPARE(t->jobs[1].trainingModel, std::string("mixtral-8x7b"));
        QCOMPARE(t->jobs[1].plan.ep, 8);
        QVERIFY(t->jobs[1].model.empty());
        QCOMPARE(t->modelColumn, 5);
        auto again = parseTrace(writeTrace(t->jobs), "again.csv", TraceFormat::Ours);
        QVERIFY2(again.ok(), again.ok() ? "" : again.error().toString().c_str());
        QCOMPARE(writeTrace(again->jobs), writeTrace(t->jobs));

        auto f = loadTrace(kTraces + "/models-file.csv");
        QVERIFY2(f.ok(), f.ok() ? "" : f.error().toString().c_str());
        QVERIFY(f->jobs[0].trainingModel.ends_with("tests/data/training/gpt-175b-megatron.yaml"));
        QCOMPARE(f->jobs[1].model, std::string("resnet50"));   // a model profile keeps its meaning
        QVERIFY(f->jobs[1].trainingModel.empty());
    }

    // Errors name the column too (the line is checked with the other malformed traces).
    void malformedRowsNameTheColumn()
    {
        auto both = loadTrace(kTraces + "/malformed/model-and-comm.csv");
        QVERIFY(!both.ok());
        QCOMPARE(both.error().column, 5);
        auto tp = loadTrace(kTraces + "/malformed/model-bad-tp.csv");
        QVERIFY(!tp.ok());
        QCOMPARE(tp.error().line, 3);
        QCOMPARE(tp.error().column, 6);
        auto unknown = parseTrace("id,submit_s,gpus,duration_s,model\nj,0,8,10,llama9-1t\n", "t.csv", TraceFormat::Ours);
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error().line, 2);
        QCOMPARE(unknown.error().column, 5);
        QVERIFY2(unknown.error().message.find("llama3-8b") != std::string::npos, unknown.error().message.c_str());
    }

    // Each job's c is the breakdown's communication share of the step-time model for the same
    // design, GPUs and plan (analyzeTraining called here directly), one estimate per distinct
    // (model, GPUs, plan). The MoE model communicates more (the all-to-all crosses the fabric).
    void commFractionComesFromTheStepTimeModel()
    {
        const Design design = blockedDgx();
        ScheduleScenario s = scenarioOn(design, "models-dense-moe.csv");
        s.options.network = false;
        auto run = runScheduleScenario(s);
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
        QCOMPARE(run->input.modelComm.size(), std::size_t(3));
        const char *ids[] = {"llama3-8b", "mixtral-8x7b", "llama3-70b"};
        double c[3] = {};
        for (int k = 0; k < 3; ++k) {
            auto model = training::findModel(ids[k]);
            QVERIFY(model.ok());
            TrainingRequest r;
            r.model = *model;
            r.gpus = k == 2 ? 64 : 256;
            r.space.tp = 8;
            r.space.pp = k == 2 ? 4 : 1;
            if (k == 1)
                r.space.ep = 8;
            auto direct = analyzeTraining(design, builtinCatalog(), r);
            QVERIFY2(direct.ok(), direct.ok() ? "" : direct.error().toString().c_str());
            QCOMPARE(int(direct->system.gpusPerNode), 8);
            c[k] = commShare(direct->search.best, 8);
            const ModelCommShare &share = run->input.modelComm[std::size_t(k)];
            QCOMPARE(share.model, std::string(ids[k]));
            QCOMPARE(share.jobs, std::vector<std::size_t>{std::size_t(k)});
            QVERIFY(std::abs(share.commFraction - c[k]) <= 1e-12);
            QVERIFY(std::abs(run->input.jobs[std::size_t(k)].commFraction - c[k]) <= 1e-12);
            QVERIFY(std::abs(run->result.jobs[std::size_t(k)].commFraction - c[k]) <= 1e-12);
            QVERIFY(direct->search.best.breakdown.bubble >= 0);
        }
        qInfo("c from the step-time model: llama3-8b %.4f, mixtral-8x7b %.4f, llama3-70b PP 4 %.4f", c[0], c[1], c[2]);
        QVERIFY(c[0] >= 0 && c[1] < 1);
        QVERIFY(c[1] > c[0]);
        QVERIFY(run->input.modelComm[1].step.breakdown.ep > 0);
        QVERIFY(c[2] > 0);   // the pipeline's sends cross servers
        QVERIFY(run->input.modelComm[2].step.breakdown.bubble > 0);   // and the bubble is not in c
    }

    // Which parts count: those whose group spans more than one NVLink domain of 8 GPUs.
    void onlyTheFabricsPartsCount()
    {
        training::StepEstimate e;
        e.breakdown = {10, 1, 2, 4, 100, 8, 16};   // compute, tp, cp, pp_p2p, bubble, dp_exposed, ep
        e.stepS = e.breakdown.total();
        e.plan.tp = 8;
        e.plan.cp = 1;
        e.plan.ep = 1;
        e.plan.dp = 1;
        e.plan.pp = 1;
        QCOMPARE(modelCommFraction(e, 8), 0.0);            // one server: nothing crosses the fabric
        e.plan.dp = 4;
        QCOMPARE(modelCommFraction(e, 8), 8 / e.stepS);    // DP across servers
        e.plan.ep = 2;
        e.plan.pp = 2;
        QCOMPARE(modelCommFraction(e, 8), (8 + 16 + 4) / e.stepS);
        QCOMPARE(modelCommFraction(e, 72), 0.0);           // one NVL72 domain holds the 64-GPU job
        e.plan.tpStride = 2;                                // TP spread over two servers
        QCOMPARE(modelCommFraction(e, 8), (1 + 8 + 16 + 4) / e.stepS);
        e.stepS = 0;
        QCOMPARE(modelCommFraction(e, 8), 0.0);
    }

    // The two jobs side by side on the 2:1 fabric, each on 16 servers of each scalable unit,
    // taken in turn, so that every hop of their rings crosses the blocked uplinks: the MoE job
    // slows more than the dense one.
    void moeSlowsMoreThanDenseOnABlockedFabric()
    {
        const Design design = blockedDgx();
        ScheduleScenario s = scenarioOn(design, "models-dense-moe.csv");
        auto input = scenarioInput(s);
        QVERIFY2(input.ok(), input.ok() ? "" : input.error().toString().c_str());
        const auto &servers = input->pool.servers;
        QCOMPARE(servers.size(), std::size_t(64));
        for (std::size_t k = 0; k < 2; ++k)
            for (std::size_t i = 0; i < 16; ++i) {
                input->jobs[k].pinServers.push_back(servers[16 * k + i].id);        // first unit
                input->jobs[k].pinServers.push_back(servers[32 + 16 * k + i].id);   // second unit
            }
        auto run = runScheduleScenario(s, std::move(*input));
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
        QVERIFY(run->network);
        const JobOutcome &dense = run->result.jobs[0], &moe = run->result.jobs[1];
        qInfo("2:1 interleaved: dense c %.4f JCT %.1f s, MoE c %.4f JCT %.1f s", dense.commFraction, dense.jctS, moe.commFraction,
              moe.jctS);
        QVERIFY(moe.jctS > 1000.0 * (1 + 1e-9));
        QVERIFY(moe.jctS > dense.jctS);
    }

    // A job with a model needs the design's GPUs: on a node list it is refused at its line.
    void modelJobOnANodeListIsRefused()
    {
        ScheduleScenario s;
        s.pool.nodeListPath = kTraces + "/nodes-sample.csv";
        s.jobs.tracePath = kTraces + "/models-dense-moe.csv";
        auto input = scenarioInput(s);
        QVERIFY2(input.ok(), input.ok() ? "" : input.error().toString().c_str());
        input->jobs.resize(1);
        input->jobs[0].gpus = 1;
        auto run = runScheduleScenario(s, std::move(*input));
        QVERIFY(!run.ok());
        QCOMPARE(run.error().file, s.jobs.tracePath);
        QCOMPARE(run.error().line, 5);
        QCOMPARE(run.error().column, 5);
        QVERIFY2(run.error().message.find("needs a design") != std::string::npos, run.error().message.c_str());
    }

    // A plan the model cannot take on the job's GPUs (TP 3 does not divide 32 heads) is refused
    // at the job's line, before any simulation.
    void illegalPlanIsRefusedAtItsLine()
    {
        const Design design = blockedDgx();
        ScheduleScenario s = scenarioOn(design, "models-dense-moe.csv");
        auto input = scenarioInput(s);
        QVERIFY(input.ok());
        input->jobs[1].plan.tp = 3;
        auto run = runScheduleScenario(s, std::move(*input));
        QVERIFY(!run.ok());
        QCOMPARE(run.error().line, 6);
        QVERIFY2(run.error().message.find("job 'moe'") != std::string::npos, run.error().message.c_str());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestScheduleModels)
#include "tst_schedule_models.moc"
