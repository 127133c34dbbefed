// An analysis at work in the window (issue 17 item 1): the Cancel button by the progress bar
// stops a running analysis, and quitting during one stops it instead of waiting for it. How
// fast they take effect is a figure, printed by tests/bench/bench_cancel (no timing asserts
// here); these check that the window asks and that the engine stops mid-run.
#include "windowfixture.h"

#include "analysis.h"
#include "canvasscene.h"
#include "document.h"
#include "metricsview.h"

#include "model/design.h"

#include "testmain.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace cplan;
using namespace cplan::test;

class TestAnalysisRun : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { loadCatalog(); }
    void init() { setUpWindow(); }
    void cleanup() { tearDownWindow(); }

    void cancelButtonStopsTheRun();
    void changedRequestCancelsTheOld();
    void quitDuringAnalysisStopsIt();
    void editDuringSnapshotCopy();

private:
    // Opens the 4-SU SuperPOD and chooses the all-to-all heatmap (1M flows, a run of seconds);
    // returns once the flow simulation is under way.
    void startAllToAll();
    int m_cancelledBefore = 0;   // runs cancelled before the all-to-all started
};

void TestAnalysisRun::startAllToAll()
{
    open(superpodSample);
    AnalysisRunner *analysis = m_window->analysis();
    m_cancelledBefore = analysis->cancelledRuns();
    bool simulating = false;
    connect(analysis, &AnalysisRunner::progress, this, [&simulating](int, const QString &stage) {
        simulating = simulating || stage.contains(QStringLiteral("alltoall"));
    });
    m_window->setHeatmapPattern(QStringLiteral("alltoall"));
    QTRY_VERIFY_WITH_TIMEOUT(simulating, 60000);
    disconnect(analysis, &AnalysisRunner::progress, this, nullptr);
    QVERIFY(analysis->isRunning());
}

void TestAnalysisRun::cancelButtonStopsTheRun()
{
    AnalysisRunner *analysis = m_window->analysis();
    auto *cancel = m_window->findChild<QToolButton *>(QStringLiteral("CancelAnalysis"));
    QVERIFY(cancel);
    QTRY_VERIFY(cancel->isHidden());   // nothing runs once the window's first analysis is done
    startAllToAll();
    QVERIFY(cancel->isVisible());
    QSignalSpy finished(analysis, &AnalysisRunner::finished);
    QSignalSpy cancelled(analysis, &AnalysisRunner::cancelled);
    QTest::mouseClick(cancel, Qt::LeftButton);
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(cancel->isHidden());
    // The engine noticed in the middle of the simulation and returned a cancelled run.
    QVERIFY(analysis->waitForWorker(30000));
    QTRY_COMPARE(analysis->cancelledRuns(), m_cancelledBefore + 1);
    QTest::qWait(50);
    QCOMPARE(finished.count(), 0);
    QCOMPARE(analysis->result().pattern, std::string());   // the figures shown are the last run's
}

// Turning the heatmap off while the all-to-all runs stops that run mid-way and shows the design
// without a pattern.
void TestAnalysisRun::changedRequestCancelsTheOld()
{
    startAllToAll();
    AnalysisRunner *analysis = m_window->analysis();
    QSignalSpy finished(analysis, &AnalysisRunner::finished);
    m_window->setHeatmapPattern(QString());
    QVERIFY(analysis->waitForIdle(60000));
    QCOMPARE(finished.count(), 1);   // the new request's, not the old one's
    QCOMPARE(analysis->cancelledRuns(), m_cancelledBefore + 1);   // the all-to-all stopped mid-way
    QCOMPARE(analysis->result().pattern, std::string());
    QVERIFY(analysis->result().linkUtilization.empty());
}

void TestAnalysisRun::quitDuringAnalysisStopsIt()
{
    startAllToAll();
    AnalysisRunner *analysis = m_window->analysis();
    QSignalSpy cancelled(analysis, &AnalysisRunner::cancelled);
    QVERIFY(m_window->close());
    QCOMPARE(cancelled.count(), 1);   // closing asked the run to stop ...
    QVERIFY(analysis->waitForWorker(30000));
    QTRY_COMPARE(analysis->cancelledRuns(), m_cancelledBefore + 1);   // ... and it stopped mid-run
    delete m_window;   // returns once the engine has: nothing left running behind the window
    m_window = nullptr;
}

// The run's snapshot is copied a slice of links at a time between events; an edit that comes
// in between starts the copy again, and the figures shown are those of the edited design.
void TestAnalysisRun::editDuringSnapshotCopy()
{
    open(superpodSample);
    AnalysisRunner *analysis = m_window->analysis();
    QVERIFY(analysis->waitForIdle(60000));
    QString linksBefore = m_window->metrics()->figure(QStringLiteral("Links"));
    analysis->setLinksPerSlice(1); // a turn of the event loop per link
    const Design &design = m_window->document()->design();
    const std::string server = design.nodes.back().id;
    const std::size_t linksOfServer = m_window->document()->linksOfNodes({server}).size();
    QVERIFY(linksOfServer > 0);
    // Once the first delete's run has begun its copy, the second delete comes in.
    bool editedWhileCopying = false;
    connect(analysis, &AnalysisRunner::started, this, [&] {
        QTimer::singleShot(0, this, [&] {
            if (editedWhileCopying || !analysis->isCopyingSnapshot())
                return;
            editedWhileCopying = true;
            m_window->scene()->selectObjects({QString::fromStdString(server)});
            m_window->scene()->deleteSelection();
        });
    });
    m_window->scene()->selectObjects({QString::fromStdString(design.links.front().id)});
    m_window->scene()->deleteSelection(); // one link less
    QTRY_VERIFY_WITH_TIMEOUT(editedWhileCopying, 20000);
    QVERIFY(analysis->waitForIdle(60000));
    QCOMPARE(analysis->result().revision, m_window->document()->revision());
    const int expected = linksBefore.remove(QLatin1Char(',')).toInt() - 1 - int(linksOfServer);
    QCOMPARE(m_window->metrics()->figure(QStringLiteral("Links")).remove(QLatin1Char(',')).toInt(), expected);
}

CPLAN_TEST_MAIN(TestAnalysisRun)
#include "tst_analysisrun.moc"
