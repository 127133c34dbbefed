// The everyday actions the window gained (issue 17): a link's cable, find, design settings,
// right-click menus, close, help, the pod overview, the figures' tooltips, the scheduler's trace
// and shared pool. Driven through the real widgets and checked on the document.
#include "windowfixture.h"

#include "analysis.h"
#include "canvasclipboard.h"
#include "canvasitems.h"
#include "canvasscene.h"
#include "canvassearch.h"
#include "canvasview.h"
#include "commands.h"
#include "designsettingsdialog.h"
#include "exporter.h"
#include "analysis/exportformats.h"
#include "document.h"
#include "inspector.h"
#include "metricsview.h"
#include "overviewview.h"
#include "problemsview.h"
#include "schedulerview.h"
#include "export/deliverables.h"
#include "io/designyaml.h"
#include "routing/fabric.h"
#include "testmain.h"
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollArea>
#include <QMenuBar>
#include <QMimeData>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QScrollArea>
#include <QTest>
#include <QTimer>

using namespace cplan;
using namespace cplan::test;

class TestActions : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { loadCatalog(); }
    void init() { setUpWindow(); }
    void cleanup() { tearDownWindow(); }

    void cableChangeIsOneUndoStep();
    void canvasSearchFindsGuid();
    void designSettingsOneUndoStep();
    void contextMenuOffersFailure();
    void closeLeavesEmptyDesign();
    void helpAndAbout();
    void overviewZoomsOntoUnit();
    void metricTooltipsSayWhatFiguresMean();
    void schedulerTraceAndSharedPool();
    void exportStartsInLastFolder();
    void reportIncludesScheduleRun();
    void exportMenuHasEveryFormat();
    void inspectorKeepsDockWidth();
    void metricsFitTheirDock();
};

void TestActions::cableChangeIsOneUndoStep()
{
    open(edrSample);
    const QString before = text();
    const std::string id = m_window->document()->design().links[0].id;
    m_window->scene()->selectObjects({QString::fromStdString(id)});
    Inspector *inspector = m_window->inspector();
    QCOMPARE(inspector->currentLink(), id);
    QComboBox *cable = inspector->cableCombo();
    QVERIFY(cable->count() > 2);
    const int count = m_window->document()->undoStack()->count();
    // Choose another cable than the current one, then type a length.
    int other = cable->currentIndex() == 1 ? 2 : 1;
    cable->setCurrentIndex(other);
    emit cable->activated(other);
    const std::string chosen = cable->itemData(other).toString().toStdString();
    QDoubleSpinBox *length = inspector->lengthSpin();
    length->clear();
    QTest::keyClicks(length, QStringLiteral("7"));
    const Link &link = m_window->document()->design().links[0];
    QCOMPARE(link.cable, chosen);
    QVERIFY(link.lengthM && std::abs(*link.lengthM - 7) < 1e-9);
    QCOMPARE(m_window->document()->undoStack()->count(), count + 1);
    m_window->document()->undoStack()->undo();
    QCOMPARE(text(), before);
    QCOMPARE(inspector->cableCombo()->currentData().toString().toStdString(), m_window->document()->design().links[0].cable);
}

void TestActions::canvasSearchFindsGuid()
{
    open(superpodSample);
    const Design &d = m_window->document()->design();
    const Fabric fabric = Fabric::build(d, *m_catalog);
    const FabricNode *ca = nullptr;
    for (const FabricNode &n : fabric.nodes())
        if (!n.isSwitch() && n.hca == 3)
            ca = &n;
    QVERIFY(ca);
    const std::string server = d.node(ca->designNode).id;
    QTest::keyClick(m_window->view(), Qt::Key_F, Qt::ControlModifier);
    CanvasSearchBar *bar = m_window->searchBar();
    QVERIFY(bar->isVisible());
    QVERIFY(bar->edit()->hasFocus());
    // Port 1 of the server's third HCA, written as ibnetdiscover writes it.
    const QString guid = QStringLiteral("0x%1").arg(ca->guid + 1, 16, 16, QLatin1Char('0'));
    QTest::keyClicks(bar->edit(), guid);
    QTest::keyClick(bar->edit(), Qt::Key_Return);
    QCOMPARE(m_window->scene()->selectedNodeIds(), std::vector<std::string>{server});
    QVERIFY2(bar->resultText().contains(QStringLiteral("%1:%2").arg(QString::fromStdString(server)).arg(ca->firstDesignPort)), qPrintable(bar->resultText()));
    // A switch by name, a node by "node:port", and something that is not there.
    QVERIFY(bar->find(QString::fromStdString(d.nodes[0].id)) >= 1);
    QCOMPARE(m_window->scene()->selectedNodeIds(), std::vector<std::string>{d.nodes[0].id});
    QVERIFY(bar->find(QString::fromStdString(server) + QStringLiteral(":2")) >= 1);
    QCOMPARE(bar->find(QStringLiteral("no-such-thing")), 0);
    QTest::keyClick(bar->edit(), Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
}

void TestActions::designSettingsOneUndoStep()
{
    open(edrSample);
    const QString before = text();
    DesignSettingsDialog dialog(m_window->document(), m_window);
    dialog.nameEdit()->setText(QStringLiteral("Lab cluster"));
    dialog.pueSpin()->setValue(1.5);
    dialog.tcoYearsSpin()->setValue(4);
    dialog.sparesSpin()->setValue(10);
    dialog.discountSpin()->setValue(7.5);
    QCOMPARE(dialog.mtuSpin()->text(), QStringLiteral("Not stated"));
    dialog.mtuSpin()->setValue(9000);
    dialog.apply();
    const Design &d = m_window->document()->design();
    QCOMPARE(d.name, std::string("Lab cluster"));
    QVERIFY(std::abs(d.settings.pue - 1.5) < 1e-9);
    QCOMPARE(d.settings.tcoYears, 4);
    // The quote's terms are saved with the design (the workbook and the report quote them).
    QCOMPARE(d.settings.sparesPercent, 10.0);
    QCOMPARE(d.settings.discountPercent, 7.5);
    QVERIFY2(text().contains(QStringLiteral("discount_percent: 7.5")), qPrintable(text()));
    QCOMPARE(d.settings.mtu, std::optional<int>(9000));
    QVERIFY2(text().contains(QStringLiteral("\n  mtu: 9000\n")), qPrintable(text()));
    QCOMPARE(m_window->document()->undoStack()->count(), 1);
    m_window->document()->undoStack()->undo();
    QCOMPARE(text(), before);
    // Nothing changed: nothing pushed.
    const int count = m_window->document()->undoStack()->count();
    DesignSettingsDialog(m_window->document(), m_window).apply();
    QCOMPARE(m_window->document()->undoStack()->count(), count);
}

void TestActions::contextMenuOffersFailure()
{
    open(edrSample);
    CanvasView *view = m_window->view();
    LinkItem *link = m_window->scene()->linkItem(m_window->document()->design().links[2].id);
    const QPoint at = view->mapFromScene(link->line().pointAt(0.5));
    QStringList entries;
    auto *timer = new QTimer(this);
    timer->setInterval(50);
    connect(timer, &QTimer::timeout, this, [timer, &entries] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        timer->stop();
        timer->deleteLater();
        for (QAction *a : menu->actions())
            if (!a->isSeparator())
                entries << a->text();
        // Choose "Fail".
        for (QAction *a : menu->actions())
            if (a->text().contains(QStringLiteral("Fail")))
                a->trigger();
        menu->close();
    });
    timer->start();
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &event);
    QTRY_VERIFY_WITH_TIMEOUT(!entries.isEmpty(), 10000);
    QVERIFY2(entries.join(QLatin1Char('|')).contains(QStringLiteral("Delete")), qPrintable(entries.join(QLatin1Char('|'))));
    QTRY_VERIFY(link->failed());
}

void TestActions::closeLeavesEmptyDesign()
{
    open(edrSample);
    QAction *close = nullptr;
    for (QAction *a : m_window->findChildren<QAction *>())
        if (a->shortcut() == QKeySequence(QKeySequence::Close) && !a->shortcut().isEmpty())
            close = a;
    QVERIFY(close);
    close->trigger();
    QVERIFY(m_window->document()->design().nodes.empty());
    QVERIFY(m_window->document()->fileName().isEmpty());
}

void TestActions::helpAndAbout()
{
    QTest::keyClick(m_window->view(), Qt::Key_F1);
    QDialog *help = nullptr;
    QTRY_VERIFY((help = m_window->findChild<QDialog *>(QStringLiteral("HelpDialog"))) != nullptr);
    QVERIFY(help->isVisible());
    help->close();
    QStringList menus;
    for (QAction *a : m_window->menuBar()->actions())
        menus << a->text();
    QVERIFY2(menus.contains(QStringLiteral("&Help")), qPrintable(menus.join(QLatin1Char(' '))));
}

void TestActions::overviewZoomsOntoUnit()
{
    open(superpodSample);
    CanvasScene *scene = m_window->scene();
    scene->setAllGroupsCollapsed(true);
    m_window->view()->fitAll();
    const double fitZoom = m_window->view()->zoom();
    QListWidget *tiles = m_window->overview()->list();
    QListWidgetItem *su2 = nullptr;
    for (int i = 0; i < tiles->count(); ++i)
        if (tiles->item(i)->text().startsWith(QStringLiteral("SU 2")))
            su2 = tiles->item(i);
    QVERIFY2(su2, qPrintable(QString::number(tiles->count())));
    QVERIFY2(su2->text().contains(QStringLiteral("256 GPUs")), qPrintable(su2->text()));
    QCOMPARE(tiles->count(), 5); // four units and the spines outside them
    QVERIFY(scene->isGroupCollapsed(QStringLiteral("su02")));
    emit tiles->itemClicked(su2);
    QVERIFY(!scene->isGroupCollapsed(QStringLiteral("su02")));
    QVERIFY(m_window->view()->zoom() > 2 * fitZoom);
    const QRectF visible = m_window->view()->mapToScene(m_window->view()->viewport()->rect()).boundingRect();
    for (const Node &n : m_window->document()->design().nodes)
        if (n.group == "su02")
            QVERIFY2(visible.contains(scene->nodeItem(n.id)->sceneBoundingRect()), n.id.c_str());
}

void TestActions::metricTooltipsSayWhatFiguresMean()
{
    open(superpodSample);
    auto tip = [this](const QString &label) {
        for (QLabel *l : m_window->metrics()->findChildren<QLabel *>())
            if (l->text() == label)
                return l->toolTip();
        return QString();
    };
    QVERIFY2(tip(QStringLiteral("CAPEX")).contains(QStringLiteral("≥")), qPrintable(tip(QStringLiteral("CAPEX"))));
    QVERIFY2(tip(QStringLiteral("Latency p50 / p99")).contains(QStringLiteral("150 ns")), qPrintable(tip(QStringLiteral("Latency p50 / p99"))));
    QVERIFY2(tip(QStringLiteral("Bisection")).contains(QStringLiteral("half")), qPrintable(tip(QStringLiteral("Bisection"))));
    for (const auto &[label, value] : m_window->metrics()->keyFigures())
        if (label != QStringLiteral("Servers") && label != QStringLiteral("Links") && label != QStringLiteral("Unreachable pairs") &&
            label != QStringLiteral("Failed objects"))
            QVERIFY2(!tip(label).isEmpty(), qPrintable(label));
}

void TestActions::schedulerTraceAndSharedPool()
{
    open(QStringLiteral(CPLAN_SOURCE_DIR "/samples/h100-pool-128gpu.cluster.yaml"));
    QTemporaryDir dir;
    // team-a's partition is 8 servers (64 GPUs): a 96-GPU job of theirs fits only a shared pool.
    const QString trace = dir.filePath(QStringLiteral("trace.csv"));
    QFile f(trace);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("id,submit_s,gpus,duration_s,tenant\nbig,0,96,600,team-a\nsmall,0,8,600,team-b\n");
    f.close();
    SchedulerView *s = m_window->scheduler();
    s->setPolicy(QStringLiteral("fifo"));
    s->setTraceFile(trace);
    s->setSharedPool(false);
    s->run();
    QVERIFY(s->waitForRun(60000));
    QVERIFY2(s->summaryText().contains(QStringLiteral("1 job(s) rejected")), qPrintable(s->summaryText()));
    s->setSharedPool(true);
    s->run();
    QVERIFY(s->waitForRun(60000));
    QVERIFY2(s->summaryText().contains(QStringLiteral("0 job(s) rejected")), qPrintable(s->summaryText()));
    s->setSyntheticJobs(50, 0.5);
    s->run();
    QVERIFY(s->waitForRun(60000));
    QVERIFY2(s->summaryText().startsWith(QStringLiteral("50 jobs")), qPrintable(s->summaryText()));
}

// Issue 17 item 6: an export dialog suggests the design's name with the export's ending, in the
// folder of the last export (the design's folder before the first one).
void TestActions::exportStartsInLastFolder()
{
    QSettings().remove(QStringLiteral("exportDirectory"));
    // A design of the user's (a bundled sample opens untitled, issue 31), in a folder of its own.
    QTemporaryDir designDir;
    const QString design = designDir.filePath(QStringLiteral("edr-32gpu.cluster.yaml"));
    QVERIFY(QFile::copy(edrSample, design));
    open(design);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto suggestion = [](QDialog *dialog) {
        auto *files = qobject_cast<QFileDialog *>(dialog);
        return files ? files->selectedFiles().value(0) : QString();
    };
    QString first;
    const QString picture = dir.filePath(QStringLiteral("edr-32gpu-view.png"));
    answerNextDialog([&](QDialog *dialog) {
        first = suggestion(dialog);
        if (auto *files = qobject_cast<QFileDialog *>(dialog))
            files->selectFile(picture);
        dialog->accept();
    });
    m_window->exporter()->exportView();
    QCOMPARE(QFileInfo(first).fileName(), QStringLiteral("edr-32gpu-view.png"));
    QCOMPARE(QFileInfo(first).absolutePath(), QFileInfo(design).absolutePath());
    QVERIFY(QFileInfo(picture).size() > 0);
    QString second;
    answerNextDialog([&](QDialog *dialog) {
        second = suggestion(dialog);
        dialog->reject();
    });
    m_window->exporter()->exportReport();
    QCOMPARE(QFileInfo(second).fileName(), QStringLiteral("edr-32gpu-report.pdf"));
    QCOMPARE(QFileInfo(second).absolutePath(), QFileInfo(picture).absolutePath());
    // An untitled design (a bundled sample) is suggested by its name, not "design-report.pdf"
    // for every one of them (pre-sales day).
    open(superpodSample);
    QVERIFY(m_window->document()->fileName().isEmpty());
    QString third;
    answerNextDialog([&](QDialog *dialog) {
        third = suggestion(dialog);
        dialog->reject();
    });
    m_window->exporter()->exportReport();
    QCOMPARE(QFileInfo(third).fileName(), QStringLiteral("DGX-H100-SuperPOD-4-SU-127-nodes-4-UFM-report.pdf"));
}

// Issue 17 item 6: the report from the window includes the scheduling run just shown, as long
// as it still describes the design (an edit of the wiring leaves it out again).
void TestActions::reportIncludesScheduleRun()
{
    open(edrSample);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    QString error;
    const int without = m_window->exporter()->writeReport(pdf, &error);
    QVERIFY2(without > 0, qPrintable(error));
    SchedulerView *s = m_window->scheduler();
    QVERIFY(!s->reportableResult());
    s->setPolicy(QStringLiteral("backfill"));
    s->setSyntheticJobs(40, 0.5);
    s->run();
    QVERIFY(s->waitForRun(60000));
    QVERIFY(s->reportableResult());
    QVERIFY2(s->reportableScenario().startsWith(QStringLiteral("synthetic:40 | backfill")), qPrintable(s->reportableScenario()));
    QCOMPARE(m_window->exporter()->writeReport(pdf, &error), without + 1);   // the scheduling page
    const std::string link = m_window->document()->design().links[0].id;
    m_window->scene()->selectObjects({QString::fromStdString(link)});
    m_window->scene()->deleteSelection();
    QVERIFY(!s->reportableResult());
    QCOMPARE(m_window->exporter()->writeReport(pdf, &error), without);
}

// Issue 27: the window exports every deliverable `cplan export` writes, from the engine's one table,
// and writes the same bytes.
void TestActions::exportMenuHasEveryFormat()
{
    open(edrSample);
    QStringList listed;
    for (QAction *top : m_window->menuBar()->actions())
        if (QMenu *file = top->menu())
            for (QAction *a : file->actions())
                if (a->menu() && a->text().contains(QStringLiteral("deliverable")))
                    for (QAction *f : a->menu()->actions())
                        listed << f->text().remove(QStringLiteral("…"));
    QCOMPARE(listed.size(), int(exportFormats().size()));
    for (const ExportFormat &f : exportFormats())
        QVERIFY2(listed.contains(QString::fromLatin1(f.name)), f.name);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csv = dir.filePath(QStringLiteral("cables.csv"));
    QString error;
    QVERIFY2(m_window->exporter()->writeFormat(QStringLiteral("cable-plan"), csv, 0, &error), qPrintable(error));
    auto expected = cablePlanFile(m_window->document()->design(), *m_catalog);
    QVERIFY(expected.ok());
    QFile written(csv);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll().toStdString(), *expected);
    QVERIFY(!m_window->exporter()->writeFormat(QStringLiteral("no-such-format"), csv, 0, &error));
}

// Showing a link in the Inspector left the left dock wider (the cable combo sized itself to
// its longest cable name), squeezing the canvas; switching between a node and a link keeps it.
void TestActions::inspectorKeepsDockWidth()
{
    open(QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-4su.cluster.yaml"));
    QWidget *dock = m_window->findChild<QWidget *>(QStringLiteral("InspectorDock"));
    QVERIFY(dock);
    const Design &design = m_window->document()->design();
    m_window->scene()->selectObjects({QString::fromStdString(design.nodes[0].id)});
    QTest::qWait(50);
    const int nodeWidth = dock->width();
    m_window->scene()->selectObjects({QString::fromStdString(design.links.back().id)});
    QTest::qWait(50);
    QVERIFY(!m_window->inspector()->currentLink().empty());
    QCOMPARE(dock->width(), nodeWidth);
    QVERIFY2(m_window->inspector()->minimumSizeHint().width() < 320, qPrintable(QString::number(m_window->inspector()->minimumSizeHint().width())));
}

// Long figures wrap: the Metrics dock's content asks for no more width than a dock has (the
// price coverage line made it wider than a 1,600 px window's dock, values cut at its edge).
void TestActions::metricsFitTheirDock()
{
    open(superpodSample);
    MetricsView *metrics = m_window->metrics();
    QTRY_VERIFY_WITH_TIMEOUT(metrics->figure(QStringLiteral("Price coverage")).size() > 30, 60000);
    QWidget *content = nullptr;
    for (QScrollArea *area : metrics->findChildren<QScrollArea *>())
        content = area->widget();
    QVERIFY(content);
    QVERIFY2(content->minimumSizeHint().width() < 320, qPrintable(QString::number(content->minimumSizeHint().width())));
}

CPLAN_TEST_MAIN(TestActions)
#include "tst_actions.moc"
