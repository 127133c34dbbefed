// The sweep's training objectives (issue 28 item 6): tokens_per_s, days and cost_per_mtoken of
// the sweep file's model (`training: {model, tokens}`) on every GPU of each point, computed only
// when asked, equal to analyzeTraining's on the point's design, and a sweep ranks by them.
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/training.h"
#include "sweep/evaluate.h"
#include "sweep/runsweep.h"
#include "sweep/sweeppoints.h"
#include "training/model.h"
#endif

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

using namespace cplan;

namespace {

const std::string kFixed = "format: cluster-planner-sweep/1\nfixed: {server: dgx-h100, switch: qm9700}\naxes: {servers: [8, 16]}\n";

SweepSpec parseOrStop(const std::string &text)
{
    auto spec = parseSweep(text, "test.sweep.yaml");
    if (!spec)
        qFatal("sweep: %s", spec.error().toString().c_str());
    return *spec;
}

SweepRun runOrStop(const SweepSpec &spec)
{
    auto run = runSweep(spec, test::builtinCatalog(), {});
    if (!run)
        qFatal("run: %s", run.error().toString().c_str());
    return std::move(*run);
}

} // namespace

class TestSweepTraining : public QObject
{
    Q_OBJECT

private slots:
    void parsesTheTrainingSection()
    {
        const SweepSpec spec = parseOrStop(kFixed + "training: {model: llama3-8b, tokens: 300B}\nobjectives: [tokens_per_s]\n");
        QVERIFY(spec.training);
        QCOMPARE(spec.training->model, std::string("llama3-8b"));
        QCOMPARE(spec.training->tokens, 300e9);
        // Another model is another result (the point's key holds it).
        const SweepSpec other = parseOrStop(kFixed + "training: {model: llama3-70b, tokens: 300B}\nobjectives: [tokens_per_s]\n");
        QVERIFY(expandSweep(spec).at(0).id != expandSweep(other).at(0).id);
    }

    void malformedTrainingSections_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QTest::newRow("no section") << "objectives: [tokens_per_s]\n" << "needs a training section" << 4;
        QTest::newRow("unknown model") << "training: {model: llama9-1t}\nobjectives: [days]\n" << "model: " << 4;
        QTest::newRow("bad tokens") << "training: {model: llama3-8b, tokens: lots}\nobjectives: [days]\n" << "not a token count" << 4;
        QTest::newRow("no model") << "training: {tokens: 15T}\nobjectives: [days]\n" << "needs a model" << 4;
        QTest::newRow("unknown key") << "training: {model: llama3-8b, gpus: 8}\nobjectives: [days]\n" << "unknown key 'gpus'" << 4;
    }
    void malformedTrainingSections()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, line);
        auto spec = parseSweep(kFixed + text.toStdString(), "bad.sweep.yaml");
        QVERIFY(!spec);
        QVERIFY2(QString::fromStdString(spec.error().message).contains(message), spec.error().toString().c_str());
        QCOMPARE(spec.error().line, line);
    }

    // Not computed unless asked; the engine's figures for the point's design; 16 servers train
    // faster and sooner than 8, so they rank first on tokens_per_s and days.
    void ranksByTokensPerSecond()
    {
        const SweepRun plain = runOrStop(parseOrStop(kFixed + "training: {model: llama3-8b, tokens: 1T}\nobjectives: [capex]\n"));
        for (const PointResult &r : plain.results)
            QVERIFY(!r.figure("tokens_per_s") && !r.figure("days") && !r.figure("cost_per_mtoken"));

        const SweepSpec spec = parseOrStop(kFixed + "training: {model: llama3-8b, tokens: 1T}\nobjectives: [tokens_per_s, days]\n");
        const SweepRun run = runOrStop(spec);
        QCOMPARE(run.results.size(), std::size_t(2));
        const PointResult &small = run.results[0], &big = run.results[1];
        QVERIFY2(big.skipped.empty() && small.skipped.empty(), (big.skipped + small.skipped).c_str());
        QVERIFY(small.figure("tokens_per_s") && big.figure("tokens_per_s") && big.figure("days"));
        QVERIFY(*big.figure("tokens_per_s") > *small.figure("tokens_per_s"));
        QVERIFY(*big.figure("days") < *small.figure("days"));
        QVERIFY(big.pareto);
        QVERIFY(!small.pareto);

        const Catalog &catalog = test::builtinCatalog();
        auto design = sweepPointDesign(expandSweep(spec).at(1), catalog);
        QVERIFY(design.ok());
        TrainingRequest request;
        request.model = *training::findModel("llama3-8b");
        request.tokens = 1e12;
        auto a = analyzeTraining(*design, catalog, request);
        QVERIFY(a.ok());
        QVERIFY(qFuzzyCompare(*big.figure("tokens_per_s"), a->search.best.tokensPerS));
        QVERIFY(qFuzzyCompare(*big.figure("days"), *a->days));
        // Cost per token: given only when every price and power figure is known, never zero.
        QCOMPARE(big.figure("cost_per_mtoken").has_value(), a->costPerMToken.has_value());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestSweepTraining)
#include "tst_sweeptraining.moc"
