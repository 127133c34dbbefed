// Nothing stale in front of a customer (issue 31, defects 3, 4 and 11): every panel shows the
// current design's result or says that it is outdated or cancelled, with what was asked and
// when; the failure what-if states its figures before and after. Driven as the user does
// (menu actions, the Cancel button, clicks on the canvas); each test failed before its fix.
#include "windowfixture.h"

#include "analysis.h"
#include "canvasitems.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "document.h"
#include "explorertext.h"
#include "metricsview.h"
#include "schedulerview.h"

#include "analysis/network.h"
#include "model/design.h"

#include "testmain.h"

#include <QActionGroup>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>

#include <cmath>

using namespace cplan;
using namespace cplan::test;

class TestCurrent : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { loadCatalog(); }
    void init() { setUpWindow(); }
    void cleanup() { tearDownWindow(); }

    void cancelledPatternKeepsItsLabels();
    void cancelledEditSaysOutdated();
    void schedulerForgetsTheOtherDesign();
    void schedulerRunOutdatedByEdit();
    void failureWhatIfBeforeAndAfter();

private:
    // View > Utilization heatmap > the pattern, as the user picks it.
    void chooseHeatmap(const QString &pattern);
    QString checkedHeatmap() const;
    QString statusText() const;   // the permanent analysis label of the status bar
    // For a person to look at: CPLAN_SCREENSHOT_DIR=/tmp ctest -R tst_current
    void saveScreenshot(const QString &name) const
    {
        if (const QString dir = qEnvironmentVariable("CPLAN_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(m_window->grab().save(QDir(dir).filePath(name)));
    }
    QToolButton *cancelButton() const { return m_window->findChild<QToolButton *>(QStringLiteral("CancelAnalysis")); }
};

void TestCurrent::chooseHeatmap(const QString &pattern)
{
    for (QAction *a : m_window->actions().heatmap->actions())
        if (a->data().toString() == pattern) {
            a->trigger();
            return;
        }
    QFAIL(qPrintable(QStringLiteral("no heatmap action for ") + pattern));
}

QString TestCurrent::checkedHeatmap() const
{
    QAction *a = m_window->actions().heatmap->checkedAction();
    return a ? a->data().toString() : QStringLiteral("(none)");
}

QString TestCurrent::statusText() const
{
    QStringList texts;
    for (QLabel *l : m_window->statusBar()->findChildren<QLabel *>())
        texts << l->text();
    return texts.join(QLatin1Char('|')) + QLatin1Char('|') + m_window->statusBar()->currentMessage();
}

// Defect 3: all-to-all chosen after shift:1 and cancelled while it runs. The menu, the legend,
// the colours and the figures all name shift:1, the one computed; the status and the Metrics dock
// say the all-to-all was cancelled (never "Analysis done 100 %").
void TestCurrent::cancelledPatternKeepsItsLabels()
{
    open(superpodSample);
    AnalysisRunner *analysis = m_window->analysis();
    chooseHeatmap(QStringLiteral("shift:1"));
    QVERIFY(analysis->waitForIdle(120000));
    QCOMPARE(analysis->result().pattern, std::string("shift:1"));
    // Named as the View menu names it (the engine's "shift:1" was shown before).
    QVERIFY2(m_window->view()->legendTitle().contains(QStringLiteral("Shift by one (ring)")), qPrintable(m_window->view()->legendTitle()));
    QVERIFY(!m_window->view()->legendTitle().contains(QStringLiteral("shift:1")));
    const auto colours = analysis->result().linkUtilization;
    QVERIFY(!colours.empty());

    bool simulating = false;
    connect(analysis, &AnalysisRunner::progress, this, [&simulating](int, const QString &stage) {
        simulating = simulating || stage.contains(QStringLiteral("alltoall"));
    });
    chooseHeatmap(QStringLiteral("alltoall"));
    QTRY_VERIFY_WITH_TIMEOUT(simulating, 60000);
    disconnect(analysis, &AnalysisRunner::progress, this, nullptr);
    // While it runs the legend names the colours' pattern and the one coming.
    QVERIFY2(m_window->view()->legendTitle().contains(QStringLiteral("Shift by one (ring)")) &&
                 m_window->view()->legendTitle().contains(QStringLiteral("computing All-to-all")),
             qPrintable(m_window->view()->legendTitle()));
    QVERIFY(cancelButton()->isVisible());
    QTest::mouseClick(cancelButton(), Qt::LeftButton);
    QVERIFY(analysis->waitForWorker(30000));
    QApplication::processEvents();

    QCOMPARE(analysis->result().linkUtilization, colours);   // the colours are still shift:1's ...
    QCOMPARE(checkedHeatmap(), QStringLiteral("shift:1"));   // ... and the menu,
    const QString legend = m_window->view()->legendTitle();   // the legend
    QVERIFY2(legend.contains(QStringLiteral("Shift by one (ring)")) && !legend.contains(QStringLiteral("All-to-all")), qPrintable(legend));
    QCOMPARE(analysis->pattern(), QStringLiteral("shift:1"));   // and the next run say so too
    QVERIFY(analysis->isResultCurrent());
    // What was asked and not done, and when.
    const QString outdated = m_window->metrics()->outdatedText();
    QVERIFY2(outdated.contains(QStringLiteral("cancelled")) && outdated.contains(QStringLiteral("All-to-all")) &&
                 outdated.contains(QStringLiteral("Shift by one (ring)")),
             qPrintable(outdated));
    QVERIFY2(statusText().contains(QStringLiteral("cancelled")), qPrintable(statusText()));
    const QString bar = m_window->metrics()->findChild<QProgressBar *>()->text();
    QVERIFY2(!bar.contains(QStringLiteral("done")) && !bar.contains(QStringLiteral("100")), qPrintable(bar));
    QVERIFY(m_window->metrics()->row(QStringLiteral("completion_s")).label.contains(QStringLiteral("Shift by one (ring)")));
    saveScreenshot(QStringLiteral("current-cancelled-pattern.png"));
}

// Defect 3, an edit's run cancelled: the figures and colours stay those of the design before the
// edit, and the Metrics dock, the legend and the status bar say so.
void TestCurrent::cancelledEditSaysOutdated()
{
    open(superpodSample);
    AnalysisRunner *analysis = m_window->analysis();
    chooseHeatmap(QStringLiteral("shift:1"));
    QVERIFY(analysis->waitForIdle(120000));
    const quint64 analysed = analysis->result().revision;
    const std::string link = m_window->document()->design().links.front().id;
    m_window->scene()->selectObjects({QString::fromStdString(link)});
    QTest::keyClick(m_window->view(), Qt::Key_Delete);
    QVERIFY(m_window->document()->revision() != analysed);
    QTRY_VERIFY_WITH_TIMEOUT(cancelButton()->isVisible(), 20000);
    QTest::mouseClick(cancelButton(), Qt::LeftButton);
    QVERIFY(analysis->waitForWorker(30000));
    QApplication::processEvents();

    QCOMPARE(analysis->result().revision, analysed);
    QVERIFY(!analysis->isResultCurrent());
    const QString outdated = m_window->metrics()->outdatedText();
    QVERIFY2(outdated.contains(QStringLiteral("cancelled")) && outdated.contains(QStringLiteral("later changes")), qPrintable(outdated));
    QVERIFY2(m_window->view()->legendTitle().contains(QStringLiteral("outdated")), qPrintable(m_window->view()->legendTitle()));
    QVERIFY2(statusText().contains(QStringLiteral("outdated")), qPrintable(statusText()));
    for (const char *dock : {"MetricsDock", "ProblemsDock", "BomDock"})   // the docks the analysis fills
        QVERIFY(m_window->findChild<QDockWidget *>(QLatin1String(dock))->windowTitle().endsWith(QStringLiteral("(outdated)")));
    saveScreenshot(QStringLiteral("current-cancelled-edit.png"));
    // Tools > Run analysis now brings them up to date, and the marks go.
    analysis->runNow();
    QVERIFY(analysis->waitForIdle(120000));
    QVERIFY(m_window->metrics()->outdatedText().isEmpty());
    QVERIFY(!m_window->view()->legendTitle().contains(QStringLiteral("outdated")));
    QCOMPARE(m_window->findChild<QDockWidget *>(QStringLiteral("BomDock"))->windowTitle(), QStringLiteral("Bill of materials"));
}

// Defect 4: the Scheduler dock kept the previous design's run after another design was opened.
void TestCurrent::schedulerForgetsTheOtherDesign()
{
    open(edrSample);
    m_window->showDock(QStringLiteral("SchedulerDock"));
    SchedulerView *s = m_window->scheduler();
    s->setSyntheticJobs(40, 0.5);
    QPushButton *simulate = nullptr;
    for (QPushButton *b : s->findChildren<QPushButton *>())
        if (b->text() == QStringLiteral("Simulate"))
            simulate = b;
    QVERIFY(simulate);
    QTest::mouseClick(simulate, Qt::LeftButton);
    QVERIFY(s->waitForRun(60000));
    const QString before = s->summaryText();
    QVERIFY2(before.contains(QStringLiteral("40 jobs")), qPrintable(before));
    QVERIFY(!s->clockText().isEmpty());

    open(superpodSample);
    QVERIFY2(!s->summaryText().contains(QStringLiteral("40 jobs")), qPrintable(s->summaryText()));
    QVERIFY2(s->summaryText().contains(QStringLiteral("No run on this design")), qPrintable(s->summaryText()));
    QVERIFY(s->clockText().isEmpty());
    for (const QChartView *chart : s->findChildren<QChartView *>())   // no axes of the old run either
        QVERIFY(chart->chart()->series().isEmpty() && chart->chart()->axes().isEmpty());
    saveScreenshot(QStringLiteral("current-scheduler-other-design.png"));
    QVERIFY(!s->reportableResult());
    s->tick();   // the replay does not go on with the old run
    QVERIFY(s->clockText().isEmpty());
}

// An edit after a run: the run stays, under a line that says it is outdated, with what was run
// and when.
void TestCurrent::schedulerRunOutdatedByEdit()
{
    open(edrSample);
    SchedulerView *s = m_window->scheduler();
    s->setPolicy(QStringLiteral("backfill"));
    s->setSyntheticJobs(40, 0.5);
    s->run();
    QVERIFY(s->waitForRun(60000));
    QVERIFY(!s->summaryText().contains(QStringLiteral("Outdated")));
    const std::string link = m_window->document()->design().links.front().id;
    m_window->scene()->selectObjects({QString::fromStdString(link)});
    QTest::keyClick(m_window->view(), Qt::Key_Delete);
    const QString summary = s->summaryText();
    QVERIFY2(summary.startsWith(QStringLiteral("Outdated")) && summary.contains(QStringLiteral("backfill")) &&
                 summary.contains(QStringLiteral("40 jobs")),
             qPrintable(summary));
    s->run();
    QVERIFY(s->waitForRun(60000));
    QVERIFY(!s->summaryText().contains(QStringLiteral("Outdated")));
}

// Defect 11: a link failed in failure mode; the figures it changes read intact → failed with the
// change, from the engine's analysis of both (FailureImpact), never recomputed here.
void TestCurrent::failureWhatIfBeforeAndAfter()
{
    open(QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-1su.cluster.yaml"));
    AnalysisRunner *analysis = m_window->analysis();
    chooseHeatmap(QStringLiteral("shift:1"));
    QVERIFY(analysis->waitForIdle(60000));
    const Design &d = m_window->document()->design();
    // A leaf-spine cable whose middle no other cable covers, clicked in failure mode.
    std::string failed;
    QPoint at;
    for (const Link &l : d.links) {
        if (d.nodes[l.a.node.value].role != NodeRole::Switch || d.nodes[l.b.node.value].role != NodeRole::Switch)
            continue;
        const LinkItem *item = m_window->scene()->linkItem(l.id);
        QVERIFY(item);
        at = m_window->view()->mapFromScene(item->line().pointAt(0.5));
        if (m_window->view()->itemAt(at) == item) {
            failed = l.id;
            break;
        }
    }
    QVERIFY(!failed.empty());
    m_window->actions().failureMode->trigger();
    QTest::mouseClick(m_window->view()->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(m_window->scene()->failedObjects(), std::set<std::string>{failed});
    QVERIFY(analysis->waitForIdle(60000));

    const AnalysisResult &r = analysis->result();
    QVERIFY(r.network && r.network->failure && r.traffic() && !r.network->failure->trafficBefore.empty());
    const double before = r.network->failure->trafficBefore.front().completionS, after = r.traffic()->completionS;
    const QString value = m_window->metrics()->row(QStringLiteral("completion_s")).value;
    auto ms = [](double s) { return QLocale().toString(s * 1000, 'f', 2); };
    QVERIFY2(value.startsWith(ms(before) + QStringLiteral(" ms → ") + ms(after) + QStringLiteral(" ms, ")), qPrintable(value));
    const double pct = (after - before) / before * 100;
    if (std::abs(pct) >= 1)
        QVERIFY2(value.endsWith(QStringLiteral("%1 %").arg(QLocale().toString(std::abs(pct), 'f', 0))), qPrintable(value));
    // The bisection too: intact, then without the cable.
    const QString bisection = m_window->metrics()->row(QStringLiteral("bisection_gbps")).value;
    QVERIFY2(bisection.contains(QStringLiteral(" → ")), qPrintable(bisection));
    QVERIFY(r.network->failure->metricsBefore->bisectionGbps > r.network->metrics->bisectionGbps);
    QVERIFY2(bisection.contains(QStringLiteral("−")), qPrintable(bisection));
    saveScreenshot(QStringLiteral("current-failure-what-if.png"));
    // Restored: the plain figures again.
    m_window->scene()->clearFailures();
    QVERIFY(analysis->waitForIdle(60000));
    QVERIFY(!m_window->metrics()->row(QStringLiteral("completion_s")).value.contains(QStringLiteral("→")));
}

CPLAN_TEST_MAIN(TestCurrent)
#include "tst_current.moc"
