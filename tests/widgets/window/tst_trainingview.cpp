// The Training dock (issue 28 item 6): it shows what analyzeTraining gives for the design as it
// is (step time and its breakdown, tokens/s, MFU, memory, days, cost per token or why unknown),
// it follows an edit (servers taken out: fewer GPUs, fewer tokens/s), and a refresh cancelled
// by the next one leaves it usable. The GUI thread's share of a refresh is measured and printed.
#include "windowfixture.h"

#include "commands.h"
#include "document.h"
#include "enginejob.h"
#include "trainingview.h"

#include "analysis/training.h"
#include "catalog/catalog.h"
#include "model/design.h"
#include "training/model.h"

#include "testmain.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QLocale>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

using namespace cplan;
using namespace cplan::test;
using namespace cplan::training;

namespace {
// 16 DGX H100: a GPU count the auto search splits (the 4-SU SuperPOD's 1,016 does not).
const QString poolSample = QStringLiteral(CPLAN_SOURCE_DIR "/samples/h100-pool-128gpu.cluster.yaml");
} // namespace

class TestTrainingView : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { loadCatalog(); }
    void init() { setUpWindow(); }
    void cleanup() { tearDownWindow(); }

    void showsTheEngineFigures();
    void fixedPlanFromTheForm();
    void neighbourJobFromTheForm();
    void followsAnEdit();
    void cancelledRefreshLeavesItUsable();
    void noLegalPlanSaysSo();

private:
    TrainingView *shownView()
    {
        m_window->showDock(QStringLiteral("TrainingDock"));
        return m_window->findChild<TrainingView *>();
    }
    TrainingAnalysis direct(const TrainingView *view) const
    {
        auto req = view->request();
        if (!req)
            qFatal("%s", req.error().toString().c_str());
        req->model = *findModel(view->model().toStdString());
        auto a = analyzeTraining(m_window->document()->design(), *m_catalog, *req);
        if (!a)
            qFatal("%s", a.error().toString().c_str());
        return *a;
    }
    static QString cell(const TrainingView *view, const QString &figure)
    {
        const QTableWidget *t = view->figuresTable();
        for (int r = 0; r < t->rowCount(); ++r)
            if (t->item(r, 0)->text() == figure)
                return t->item(r, 1)->text();
        return {};
    }
};

void TestTrainingView::showsTheEngineFigures()
{
    open(poolSample);
    TrainingView *view = shownView();
    QVERIFY(view);
    QVERIFY(view->waitForResult(60000));
    const TrainingView::Result *r = view->result();
    QVERIFY2(r->error.isEmpty(), qPrintable(r->error));
    QVERIFY(r->analysis);

    const TrainingAnalysis a = direct(view);
    const StepEstimate &e = a.search.best;
    QVERIFY(e.known);
    QCOMPARE(r->analysis->gpus, a.gpus);
    QVERIFY(qFuzzyCompare(r->analysis->search.best.stepS, e.stepS));
    const QLocale l;
    QCOMPARE(cell(view, QStringLiteral("Step time")), l.toString(e.stepS, 'f', 2) + QStringLiteral(" s"));
    QCOMPARE(cell(view, QStringLiteral("Tokens/s")), l.toString(e.tokensPerS, 'f', 0));
    QCOMPARE(cell(view, QStringLiteral("Tokens/s per GPU")), l.toString(e.tokensPerSPerGpu, 'f', 1));
    QCOMPARE(cell(view, QStringLiteral("Model TFLOP/s per GPU")), l.toString(e.modelTflopsPerGpu, 'f', 1));
    QCOMPARE(cell(view, QStringLiteral("MFU")), l.toString(100 * e.mfu, 'f', 1) + QStringLiteral(" %"));
    QVERIFY(a.days);
    QCOMPARE(cell(view, QStringLiteral("Days to train")), l.toString(*a.days, 'f', 1));
    QVERIFY(cell(view, QStringLiteral("Memory per GPU")).contains(l.toString(e.memory.total(), 'f', 1)));
    // Cost per token: a number when the engine gives one, else "unknown" and why, never a number.
    const QString cost = cell(view, QStringLiteral("Cost per million tokens"));
    if (a.costPerMToken)
        QCOMPARE(cost, l.toString(*a.costPerMToken, 'f', 2) + QLatin1Char(' ') + QString::fromStdString(a.currency));
    else
        QVERIFY2(cost.startsWith(QStringLiteral("unknown: no ")), qPrintable(cost));
    // The bar: the engine's seven parts, summing to the step.
    const auto &parts = view->breakdownBar()->parts();
    QCOMPARE(parts.size(), std::size_t(7));
    double sum = 0;
    for (const auto &p : parts)
        sum += p.seconds;
    QVERIFY(std::abs(sum - e.stepS) < 1e-6 * e.stepS);
    QCOMPARE(parts.front().seconds, e.breakdown.compute);
    QVERIFY(view->summaryText().contains(QString::fromStdString(e.plan.text())));
    qInfo("GUI thread per refresh: %.2f ms (snapshot and result shown)", view->lastGuiMs());
}

void TestTrainingView::fixedPlanFromTheForm()
{
    open(poolSample);
    TrainingView *view = shownView();
    view->setModel(QStringLiteral("llama3-8b"));
    view->setParallelism(false, 2, 1, 4, 1);   // TP 2 x DP 4: 8 GPUs
    QVERIFY(view->waitForResult(60000));
    QVERIFY2(view->result()->error.isEmpty(), qPrintable(view->result()->error));
    const Plan &p = view->result()->analysis->search.best.plan;
    QCOMPARE(p.tp, 2);
    QCOMPARE(p.dp, 4);
    QCOMPARE(view->result()->analysis->gpus, 8);
    QVERIFY(!view->result()->analysis->autoParallel || p.tp == 2);
    // A token count that cannot be read says so, and the next good one computes again.
    view->setTokens(QStringLiteral("lots"));
    QVERIFY(view->waitForResult(10000));
    QVERIFY(view->result()->error.contains(QStringLiteral("lots")));
    view->setTokens(QStringLiteral("300B"));
    QVERIFY(view->waitForResult(60000));
    QVERIFY(view->result()->analysis);
}

// A neighbour job picked in the form: the engine runs beside it and the figures say so.
void TestTrainingView::neighbourJobFromTheForm()
{
    open(poolSample);
    TrainingView *view = shownView();
    view->setModel(QStringLiteral("llama3-8b"));
    view->setParallelism(false, 2, 1, 4, 1);   // TP 2 x DP 4: 8 GPUs, the other servers free
    QVERIFY(view->waitForResult(60000));
    auto *box = view->findChild<QComboBox *>(QStringLiteral("neighbourBox"));
    QVERIFY(box);
    box->setCurrentIndex(box->findData(QStringLiteral("alltoall")));
    QVERIFY(view->waitForResult(60000));
    QVERIFY2(view->result()->error.isEmpty(), qPrintable(view->result()->error));
    const TrainingAnalysis &a = *view->result()->analysis;
    QCOMPARE(a.neighbour, std::string("alltoall"));
    QVERIFY(a.neighbourServers > 0);
    const TrainingAnalysis d = direct(view);
    QCOMPARE(d.neighbourServers, a.neighbourServers);
    QVERIFY(cell(view, QStringLiteral("Beside a neighbour job")).startsWith(QStringLiteral("alltoall on %1 servers").arg(a.neighbourServers)));
}

void TestTrainingView::followsAnEdit()
{
    open(poolSample);
    TrainingView *view = shownView();
    QVERIFY(view->waitForResult(60000));
    const int gpusBefore = view->result()->analysis->gpus;
    std::vector<std::string> servers;
    for (const Node &n : m_window->document()->design().nodes)
        if (const Part *part = m_catalog->find(n.part); part && part->gpuCount > 0 && servers.size() < 8)
            servers.push_back(n.id);
    QCOMPARE(servers.size(), std::size_t(8));
    m_window->document()->undoStack()->push(new RemoveNodes(m_window->document(), servers));
    // The dock refreshes on its own after a pause.
    QTRY_VERIFY_WITH_TIMEOUT(view->result()->analysis && view->result()->analysis->gpus < gpusBefore, 30000);
    const TrainingAnalysis a = direct(view);
    QCOMPARE(view->result()->analysis->gpus, a.gpus);
    QVERIFY(qFuzzyCompare(view->result()->analysis->search.best.tokensPerS, a.search.best.tokensPerS));
    QCOMPARE(cell(view, QStringLiteral("Tokens/s")), QLocale().toString(a.search.best.tokensPerS, 'f', 0));
    qInfo("GUI thread per refresh after an edit: %.2f ms", view->lastGuiMs());
    m_window->document()->undoStack()->undo();
    QTRY_VERIFY_WITH_TIMEOUT(view->result()->analysis->gpus == gpusBefore, 30000);
}

// Each refresh cancels the one running (one job per kind); the last one's figures are shown.
void TestTrainingView::cancelledRefreshLeavesItUsable()
{
    open(poolSample);
    TrainingView *view = shownView();
    QVERIFY(view->waitForResult(60000));
    view->setModel(QStringLiteral("llama3.1-405b"));
    QElapsedTimer t;
    t.start();
    view->refresh();
    const double snapshotMs = double(t.nsecsElapsed()) / 1e6;
    view->setModel(QStringLiteral("llama3-8b"));
    view->refresh();   // cancels the 405B run
    m_window->jobs()->cancelKind(QStringLiteral("training"));
    QVERIFY(m_window->jobs()->waitForWorkers(10000));
    QVERIFY(!view->isRunning());
    // Usable: the next refresh gives the 8B model's figures.
    view->refresh();
    QVERIFY(view->waitForResult(60000));
    QVERIFY2(view->result()->error.isEmpty(), qPrintable(view->result()->error));
    QCOMPARE(view->result()->analysis->model.id, std::string("llama3-8b"));
    QVERIFY(view->result()->analysis->search.best.known);
    qInfo("GUI thread: refresh() %.2f ms; last refresh %.2f ms", snapshotMs, view->lastGuiMs());
}

// The SuperPOD's 1,016 GPUs have no legal plan for a 512-sequence batch: the dock says so and
// names a count that splits.
void TestTrainingView::noLegalPlanSaysSo()
{
    open(superpodSample);
    TrainingView *view = shownView();
    QVERIFY(view->waitForResult(60000));
    QVERIFY(!view->result()->analysis);
    QVERIFY2(view->result()->error.contains(QStringLiteral("Try 512 GPUs")), qPrintable(view->result()->error));
    view->setGpus(512);
    QVERIFY(view->waitForResult(60000));
    QVERIFY2(view->result()->error.isEmpty(), qPrintable(view->result()->error));
    QCOMPARE(view->result()->analysis->gpus, 512);
}

CPLAN_TEST_MAIN(TestTrainingView)
#include "tst_trainingview.moc"
