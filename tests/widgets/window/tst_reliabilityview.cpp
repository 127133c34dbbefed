// The Reliability dock (issue 30 item 6): it shows what analyzeReliability gives for the design
// as it is (interruptions by cause, MTBI, the checkpoint interval and goodput, spares, MTBI by
// job size), and it follows an edit: servers taken out lengthen the whole-cluster job's MTBI,
// undoing it (the servers back) shortens it again.
#include "windowfixture.h"

#include "commands.h"
#include "document.h"
#include "reliabilityview.h"

#include "analysis/reliability.h"
#include "catalog/catalog.h"
#include "model/design.h"

#include "testmain.h"

#include <QLocale>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

using namespace cplan;
using namespace cplan::test;
using namespace cplan::reliability;

class TestReliabilityView : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { loadCatalog(); }
    void init() { setUpWindow(); }
    void cleanup() { tearDownWindow(); }

    void showsTheEngineFigures();
    void jobSizeAndCheckpointFromTheForm();
    void followsAnEdit();

private:
    ReliabilityView *shownView()
    {
        m_window->showDock(QStringLiteral("ReliabilityDock"));
        auto *view = m_window->findChild<ReliabilityView *>();
        return view;
    }
    ReliabilityAnalysis direct(const ReliabilityRequest &request) const
    {
        auto preset = findFailurePreset("llama3");
        if (!preset)
            qFatal("%s", preset.error().toString().c_str());
        return analyzeReliability(m_window->document()->design(), *m_catalog, *preset, request);
    }
};

void TestReliabilityView::showsTheEngineFigures()
{
    open(superpodSample);
    ReliabilityView *view = shownView();
    QVERIFY(view);
    QVERIFY(view->waitForResult(60000));
    const ReliabilityView::Result *r = view->result();
    QVERIFY2(r->error.isEmpty(), qPrintable(r->error));

    const ReliabilityAnalysis a = direct(view->request());
    QVERIFY(a.interruptions.mtbiHours);
    QCOMPARE(r->analysis.interruptions.causes.size(), a.interruptions.causes.size());
    QVERIFY(qFuzzyCompare(*r->analysis.interruptions.mtbiHours, *a.interruptions.mtbiHours));
    // What the dock prints: the MTBI and interruptions per day, each cause's row.
    const QLocale l;
    QVERIFY2(view->summaryText().contains(l.toString(*a.interruptions.mtbiHours, 'f', 1) + QStringLiteral(" h")),
             qPrintable(view->summaryText()));
    QVERIFY(view->summaryText().contains(l.toString(a.interruptions.perYear / kDaysPerYear, 'f', 2)));
    QTableWidget *causes = view->causesTable();
    QCOMPARE(causes->rowCount(), int(a.interruptions.causes.size()));
    for (int row = 0; row < causes->rowCount(); ++row) {
        const CauseFigure &c = a.interruptions.causes[std::size_t(row)];
        QCOMPARE(causes->item(row, 0)->text(), QString::fromStdString(c.name));
        QCOMPARE(causes->item(row, 2)->text(), l.toString(c.perYear / kDaysPerYear, 'f', 3));
    }
    // Checkpoints: the form's defaults give Daly's interval and goodput.
    QVERIFY(a.checkpoint);
    QVERIFY(view->checkpointText().contains(l.toString(a.checkpoint->goodput * 100, 'f', 1) + QStringLiteral(" %")));
    // Spares, and the unknown classes named.
    QCOMPARE(view->sparesTable()->rowCount(), int(a.spares.lines.size()));
    for (int row = 0; row < view->sparesTable()->rowCount(); ++row)
        QCOMPARE(view->sparesTable()->item(row, 3)->text(), QString::number(a.spares.lines[std::size_t(row)].spares));
    // MTBI by job size: 8, 64, 512, then every GPU; each the engine's own answer for that size.
    QCOMPARE(r->sizes.size(), ReliabilityView::chartSizes(r->designGpus).size());
    QCOMPARE(r->sizes.front().gpus, 8u);
    ReliabilityRequest eight;
    eight.jobGpus = 8;
    eight.trials = 1;
    QVERIFY(qFuzzyCompare(*r->sizes.front().mtbiHours, *direct(eight).interruptions.mtbiHours));
    QVERIFY(*r->sizes.front().mtbiHours > *r->sizes.back().mtbiHours);
}

void TestReliabilityView::jobSizeAndCheckpointFromTheForm()
{
    open(superpodSample);
    ReliabilityView *view = shownView();
    QVERIFY(view->waitForResult(60000));
    const double all = *view->result()->analysis.interruptions.mtbiHours;
    view->setJobGpus(64);
    view->setCheckpoint(0, 50, 10);   // no checkpoint size: interval and goodput unknown
    QVERIFY(view->waitForResult(60000));
    QCOMPARE(view->result()->analysis.job.devices[std::size_t(Unit::Gpu)], 64.0);
    QVERIFY(*view->result()->analysis.interruptions.mtbiHours > all);
    QVERIFY(!view->result()->analysis.checkpoint);
    QVERIFY2(view->checkpointText().contains(QStringLiteral("unknown")), qPrintable(view->checkpointText()));
}

void TestReliabilityView::followsAnEdit()
{
    open(superpodSample);
    ReliabilityView *view = shownView();
    QVERIFY(view->waitForResult(60000));
    const double before = *view->result()->analysis.interruptions.mtbiHours;
    const double gpusBefore = view->result()->designGpus;
    std::vector<std::string> servers;
    for (const Node &n : m_window->document()->design().nodes)
        if (const Part *part = m_catalog->find(n.part); part && part->gpuCount > 0 && servers.size() < 8)
            servers.push_back(n.id);
    QCOMPARE(servers.size(), std::size_t(8));
    m_window->document()->undoStack()->push(new RemoveNodes(m_window->document(), servers));
    // The dock refreshes on its own after a pause.
    QTRY_VERIFY_WITH_TIMEOUT(view->result()->designGpus < gpusBefore, 30000);
    const double fewer = *view->result()->analysis.interruptions.mtbiHours;
    QVERIFY2(fewer > before, qPrintable(QStringLiteral("%1 h, then %2 h").arg(before).arg(fewer)));
    QVERIFY(qFuzzyCompare(fewer, *direct(view->request()).interruptions.mtbiHours));
    // The servers back (undo): the MTBI is what it was.
    m_window->document()->undoStack()->undo();
    QTRY_VERIFY_WITH_TIMEOUT(view->result()->designGpus == gpusBefore, 30000);
    QVERIFY(qFuzzyCompare(*view->result()->analysis.interruptions.mtbiHours, before));
}

CPLAN_TEST_MAIN(TestReliabilityView)
#include "tst_reliabilityview.moc"
