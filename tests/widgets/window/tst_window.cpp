// The window at work (issue 17): each everyday action a user reaches for, and each bug a full
// session in the window found, driven through the real widgets as a user would (clicks at the
// zoom the window opens with, keys, menus) and checked on the document and on the pixels.
#include "mainwindow.h"

#include "analysis.h"
#include "canvasclipboard.h"
#include "canvasitems.h"
#include "canvasscene.h"
#include "canvassearch.h"
#include "canvasview.h"
#include "commands.h"
#include "designsettingsdialog.h"
#include "document.h"
#include "inspector.h"
#include "metricsview.h"
#include "overviewview.h"
#include "problemsview.h"
#include "schedulerview.h"

#include "catalog/catalog.h"
#include "io/designyaml.h"
#include "routing/fabric.h"

#include "testmain.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QRegularExpression>
#include <QScreen>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace cplan;

namespace {

const QString edrSample = QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml");
const QString superpodSample = QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-4su.cluster.yaml");

// Distance in device pixels from a viewport point to a link's line.
double pixelDistance(const CanvasView *view, const QLineF &sceneLine, QPoint p)
{
    const QLineF l(view->mapFromScene(sceneLine.p1()), view->mapFromScene(sceneLine.p2()));
    const QPointF d = l.p2() - l.p1();
    const double len2 = QPointF::dotProduct(d, d);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(QPointF(p) - l.p1(), d) / len2, 0.0, 1.0) : 0.0;
    return QLineF(QPointF(p), l.p1() + t * d).length();
}

} // namespace

class TestWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void failureClickAtDefaultZoom();
    void escLeavesPresentation();
    void inspectorFollowsWiring();
    void redoWithCtrlY();
    void saveAsWithCtrlShiftS();
    void cutWithCtrlX();
    void pastedNodeHasName();
    void noGhostLinesAfterUndoMove();
    void failedLinksStandOutOfHeatmap();
    void metricsWaitWhileOpening();
    void problemCountsAgree();
    void replayClockStopsAtMakespan();
    void exportLegendBesideDrawing();
    void cableChangeIsOneUndoStep();
    void canvasSearchFindsGuid();
    void designSettingsOneUndoStep();
    void contextMenuOffersFailure();
    void closeLeavesEmptyDesign();
    void helpAndAbout();
    void overviewZoomsOntoUnit();

private:
    QString text() const { return QString::fromStdString(serializeDesign(m_window->document()->design())); }
    void open(const QString &file);
    // Closes the next modal dialog that appears (a file dialog, a question); returns its title.
    void closeNextDialog(QString *title);
    QImage grabCanvas() const;

    std::optional<Catalog> m_catalog;
    MainWindow *m_window = nullptr;
};

void TestWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    auto c = loadCatalog(QDir::temp().filePath(QStringLiteral("cplan-tst-window-store.sqlite")).toStdString());
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().toString().c_str());
    m_catalog = std::move(*c);
}

void TestWindow::init()
{
    m_window = new MainWindow(*m_catalog);
    m_window->setAutosaveEnabled(false);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QApplication::setActiveWindow(m_window);
    m_window->view()->setFocus();
}

void TestWindow::cleanup()
{
    m_window->document()->undoStack()->setClean(); // no unsaved-changes prompt
    delete m_window;
    m_window = nullptr;
}

void TestWindow::open(const QString &file)
{
    QString error;
    QVERIFY2(m_window->openFile(file, false, &error), qPrintable(error));
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    // The zoom the window opens a design with.
    m_window->view()->fitAll();
    QApplication::processEvents();
}

void TestWindow::closeNextDialog(QString *title)
{
    auto *timer = new QTimer(this);
    timer->setInterval(50);
    connect(timer, &QTimer::timeout, this, [timer, title] {
        if (QWidget *w = QApplication::activeModalWidget()) {
            *title = w->windowTitle();
            timer->stop();
            timer->deleteLater();
            if (auto *dialog = qobject_cast<QDialog *>(w))
                dialog->reject();
            else
                w->close();
        }
    });
    timer->start();
}

QImage TestWindow::grabCanvas() const
{
    // The offscreen platform grabs from the window's backing store: what the partial repaints
    // left there, ghosts included (QWidget::grab() would paint everything afresh).
    QWidget *viewport = m_window->view()->viewport();
    const QPoint origin = viewport->mapTo(m_window, QPoint(0, 0));
    return m_window->screen()->grabWindow(m_window->winId(), origin.x(), origin.y(), viewport->width(), viewport->height()).toImage();
}

// Issue 17 item 2: a click a few pixels beside a link, at the zoom the window opens with,
// fails it (it used to need a pixel-exact hit on a 5-unit-wide shape).
void TestWindow::failureClickAtDefaultZoom()
{
    open(edrSample);
    CanvasView *view = m_window->view();
    QVERIFY2(view->zoom() < 0.8, qPrintable(QString::number(view->zoom())));
    const std::string id = m_window->document()->design().links[0].id;
    LinkItem *link = m_window->scene()->linkItem(id);
    QVERIFY(link);
    m_window->actions().failureMode->setChecked(true);
    // Three pixels off the middle of the line, across it.
    const QLineF line(view->mapFromScene(link->line().p1()), view->mapFromScene(link->line().p2()));
    const QPointF normal = QPointF(-line.dy(), line.dx()) / line.length();
    const QPoint click = (line.center() + 3 * normal).toPoint();
    QVERIFY(pixelDistance(view, link->line(), click) > 2);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, click);
    QVERIFY(link->failed());
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    QCOMPARE(m_window->analysis()->result().network->failure->cables.links, 1);
    // Clicking again restores it.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, click);
    QVERIFY(!link->failed());
    QVERIFY(!m_window->document()->isModified());
}

// Issue 17 item 4: Esc leaves presentation mode, and the screen says how.
void TestWindow::escLeavesPresentation()
{
    open(edrSample);
    m_window->setPresentationMode(true);
    QVERIFY(m_window->presentationMode());
    QVERIFY(!m_window->menuBar()->isVisible());
    QVERIFY(m_window->view()->hint().contains(QStringLiteral("Esc")));
    QApplication::setActiveWindow(m_window);
    m_window->view()->setFocus();
    QTest::keyClick(m_window->view(), Qt::Key_Escape);
    QVERIFY(!m_window->presentationMode());
    QVERIFY(m_window->menuBar()->isVisible());
    QVERIFY(m_window->view()->hint().isEmpty());
    // Esc on the canvas otherwise only clears the selection.
    QTest::keyClick(m_window->view(), Qt::Key_Escape);
    QVERIFY(!m_window->presentationMode());
}

// Issue 17 item 5: the Inspector follows wiring ("Ports wired: 0 of 1" stayed until reselect).
void TestWindow::inspectorFollowsWiring()
{
    CanvasScene *scene = m_window->scene();
    QVERIFY(scene->dropPart("qm9700", QPointF(0, -150)));
    QVERIFY(scene->dropPart("host-1hca", QPointF(0, 100)));
    const Design &d = m_window->document()->design();
    const std::string sw = d.nodes[0].id, host = d.nodes[1].id;
    CanvasView *view = m_window->view();
    view->resetTransform();
    view->scale(2, 2);
    view->centerOn(0, 0);
    scene->selectObjects({QString::fromStdString(host)});
    QVERIFY2(m_window->inspector()->figuresText().contains(QStringLiteral("Ports wired: 0 of 1")), qPrintable(m_window->inspector()->figuresText()));
    const QPoint from = view->mapFromScene(scene->nodeItem(host)->portScenePos(1));
    const QPoint to = view->mapFromScene(scene->nodeItem(sw)->portScenePos(2));
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, from);
    QTest::mouseMove(view->viewport(), to);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, to);
    QCOMPARE(d.links.size(), std::size_t(1));
    QCOMPARE(m_window->inspector()->currentNode(), host);
    QVERIFY2(m_window->inspector()->figuresText().contains(QStringLiteral("Ports wired: 1 of 1")), qPrintable(m_window->inspector()->figuresText()));
    m_window->document()->undoStack()->undo();
    QVERIFY2(m_window->inspector()->figuresText().contains(QStringLiteral("Ports wired: 0 of 1")), qPrintable(m_window->inspector()->figuresText()));
}

// Issue 17 item 5: Ctrl+Y redoes (as Ctrl+Shift+Z does).
void TestWindow::redoWithCtrlY()
{
    QVERIFY(m_window->scene()->dropPart("qm9700", QPointF(0, 0)));
    const QString after = text();
    m_window->document()->undoStack()->undo();
    QVERIFY(m_window->document()->design().nodes.empty());
    QTest::keyClick(m_window->view(), Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(text(), after);
    QTest::keyClick(m_window->view(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(m_window->document()->design().nodes.empty());
    QTest::keyClick(m_window->view(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(text(), after);
}

// Issue 17 item 5: Ctrl+Shift+S opens "Save design" (save as).
void TestWindow::saveAsWithCtrlShiftS()
{
    QVERIFY(m_window->scene()->dropPart("qm9700", QPointF(0, 0)));
    QString title;
    closeNextDialog(&title);
    QTest::keyClick(m_window->view(), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE_WITH_TIMEOUT(title, QStringLiteral("Save design"), 10000);
    QVERIFY(m_window->document()->isModified()); // cancelled: nothing saved
}

// Issue 17 item 5: Ctrl+X cuts: the selection goes to the clipboard and away, one undo step.
void TestWindow::cutWithCtrlX()
{
    CanvasScene *scene = m_window->scene();
    QVERIFY(scene->dropPart("qm9700", QPointF(0, -150)));
    QVERIFY(scene->dropPart("host-1hca", QPointF(0, 100)));
    const Design &d = m_window->document()->design();
    m_window->document()->undoStack()->push(new AddLinks(m_window->document(), {makeLink("l-1", d.nodes[1].id, 1, d.nodes[0].id, 1)}));
    const QString before = text();
    const std::string sw = d.nodes[0].id;
    scene->selectObjects({QString::fromStdString(sw)});
    QApplication::clipboard()->clear();
    QTest::keyClick(m_window->view(), Qt::Key_X, Qt::ControlModifier);
    QCOMPARE(d.nodes.size(), std::size_t(1));
    QVERIFY(d.links.empty());
    const QMimeData *mime = QApplication::clipboard()->mimeData();
    QVERIFY(mime && mime->hasFormat(QString::fromLatin1(kDesignMimeType)));
    m_window->document()->undoStack()->undo();
    QCOMPARE(text(), before);
}

// Issue 17 item 5: a pasted node has a name (a name equal to the id is not written to the
// clipboard's YAML, and came back empty).
void TestWindow::pastedNodeHasName()
{
    CanvasScene *scene = m_window->scene();
    QVERIFY(scene->dropPart("qm9700", QPointF(0, 0)));
    scene->selectObjects({QString::fromStdString(m_window->document()->design().nodes[0].id)});
    std::unique_ptr<QMimeData> mime(m_window->clipboard()->copySelection());
    QVERIFY(mime);
    QVERIFY(m_window->clipboard()->paste(mime.get(), QPointF(400, 0)));
    const Node &pasted = m_window->document()->design().nodes.back();
    QVERIFY(pasted.id != m_window->document()->design().nodes[0].id);
    QCOMPARE(pasted.name, pasted.id);
}

// Issue 17 item 5: moving a node repaints where its links were. Dragging was fine; undoing the
// drag (which moves the node back) left the dragged links' lines on the canvas.
void TestWindow::noGhostLinesAfterUndoMove()
{
    open(edrSample);
    CanvasView *view = m_window->view();
    const Design &d = m_window->document()->design();
    const std::string id = d.nodes[1].id;
    QVERIFY(d.nodes[1].role == NodeRole::Server);
    NodeItem *item = m_window->scene()->nodeItem(id);
    LinkItem *link = item->links().front();
    // Drag the server by its title bar straight up, as a user would.
    const QPoint grab = view->mapFromScene(item->mapToScene(QPointF(item->boundingRect().left() + 4, item->boundingRect().top() + 2)));
    QWidget *viewport = view->viewport();
    QTest::mousePress(viewport, Qt::LeftButton, {}, grab);
    for (int i = 1; i <= 10; ++i)
        QTest::mouseMove(viewport, grab + QPoint(0, -25 * i));
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, grab + QPoint(0, -250));
    QCOMPARE(m_window->document()->undoStack()->count(), 1);
    QTest::qWait(200);
    const QLineF moved = link->line();
    m_window->document()->undoStack()->undo();
    QTest::qWait(200);
    const QLineF back = link->line();
    QVERIFY(moved != back);
    const QImage image = grabCanvas();
    QVERIFY(!image.isNull());
    // Sample the dragged line away from where the link is now and from nodes.
    int ghost = 0, samples = 0;
    for (double t = 0.1; t <= 0.9; t += 0.01) {
        const QPoint p = view->mapFromScene(moved.pointAt(t));
        if (!image.rect().contains(p) || pixelDistance(view, back, p) < 8)
            continue;
        bool nearNode = false;
        for (const QGraphicsItem *i : m_window->scene()->items(view->mapToScene(QRect(p - QPoint(6, 6), QSize(12, 12)))))
            nearNode |= i->type() == NodeItemType;
        if (nearNode)
            continue;
        ++samples;
        const QColor c = image.pixelColor(p);
        ghost += (c.red() + c.green() + c.blue()) < 3 * 235 ? 1 : 0;   // the background is (250, 251, 252)
    }
    QVERIFY2(samples > 10, qPrintable(QString::number(samples)));
    QVERIFY2(ghost == 0, qPrintable(QStringLiteral("%1 of %2 samples of the old line still drawn").arg(ghost).arg(samples)));
}

// Issue 17 item 5: under a heatmap, a failed link is drawn in the failed colour, which is none
// of the heatmap's (it was red, as a saturated link), and so are the links of a failed switch
// (they were drawn in the heatmap's colours, as idle links).
void TestWindow::failedLinksStandOutOfHeatmap()
{
    open(edrSample);
    m_window->setHeatmapPattern(QStringLiteral("alltoall"));
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    CanvasScene *scene = m_window->scene();
    QVERIFY(scene->hasUtilization());
    CanvasView *view = m_window->view();
    auto near = [](QColor a, QColor b) { return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) < 60; };
    const QColor failedColour(60, 60, 60);
    // Samples along the links: how many in the failed colour, how many in a heatmap colour.
    auto look = [&](const std::vector<LinkItem *> &links, int *failed, int *heat, int *samples) {
        QTest::qWait(100);
        const QImage image = view->viewport()->grab().toImage();
        *failed = *heat = *samples = 0;
        for (LinkItem *item : links)
            for (double t = 0.3; t <= 0.7; t += 0.01) {
                const QPoint p = view->mapFromScene(item->line().pointAt(t));
                if (!image.rect().contains(p))
                    continue;
                // Where a live link crosses, its colour is on top: not a sample of this one.
                bool crossed = false;
                for (const auto &[otherId, other] : scene->linkItems())
                    if (!other->isDown() && pixelDistance(view, other->line(), p) < 4)
                        crossed = true;
                if (crossed)
                    continue;
                ++*samples;
                const QColor c = image.pixelColor(p);
                *failed += near(c, failedColour);
                *heat += near(c, utilizationColor(0)) || near(c, utilizationColor(1)) || near(c, utilizationColor(0.5));
            }
    };
    const Design &d = m_window->document()->design();
    LinkItem *one = scene->linkItem(d.links[0].id);
    scene->toggleFailed(d.links[0].id);
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    int failed = 0, heat = 0, samples = 0;
    look({one}, &failed, &heat, &samples);
    QVERIFY(samples > 20);
    QVERIFY2(failed > samples / 4 && heat == 0, qPrintable(QStringLiteral("failed link: %1 failed-colour, %2 heat-colour of %3").arg(failed).arg(heat).arg(samples)));
    // A spine of the 2:1 HDR cluster: the heatmap stays, the spine's links are down.
    open(QStringLiteral(CPLAN_SOURCE_DIR "/samples/hdr-2to1-520gpu.cluster.yaml"));
    m_window->setHeatmapPattern(QStringLiteral("alltoall"));
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    const Design &hdr = m_window->document()->design();
    std::string spine;
    for (const Node &n : hdr.nodes)
        if (n.role == NodeRole::Switch && n.tier == Tier::Spine && spine.empty())
            spine = n.id;
    QVERIFY(!spine.empty());
    scene->toggleFailed(spine);
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    QVERIFY(scene->hasUtilization());
    std::vector<LinkItem *> spineLinks;
    for (LinkItem *l : scene->nodeItem(spine)->links())
        spineLinks.push_back(l);
    look(spineLinks, &failed, &heat, &samples);
    QVERIFY(samples > 50);
    QVERIFY2(failed > samples / 4 && heat == 0, qPrintable(QStringLiteral("failed switch: %1 failed-colour, %2 heat-colour of %3").arg(failed).arg(heat).arg(samples)));
}

// Issue 17 item 5: while a design is being opened the metrics do not show the empty design's
// "0 GPUs" next to "Analysis done 100 %".
void TestWindow::metricsWaitWhileOpening()
{
    QVERIFY(m_window->analysis()->waitForIdle(20000));
    QSignalSpy opened(m_window, &MainWindow::fileOpened);
    m_window->openFileAsync(superpodSample, false);
    QVERIFY(m_window->isOpening());
    QVERIFY2(m_window->metrics()->figure(QStringLiteral("GPUs")) != QStringLiteral("0"), qPrintable(m_window->metrics()->figure(QStringLiteral("GPUs"))));
    QVERIFY(opened.wait(60000));
    // Opened, the analysis of the new design under way: still not the empty design's figures.
    QVERIFY2(m_window->metrics()->figure(QStringLiteral("GPUs")) != QStringLiteral("0"), qPrintable(m_window->metrics()->figure(QStringLiteral("GPUs"))));
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    QCOMPARE(m_window->metrics()->figure(QStringLiteral("GPUs")), QLocale().toString(1016));
    // A file that does not open brings the figures back.
    m_window->openFileAsync(QStringLiteral(CPLAN_TEST_DATA "/design-malformed/missing-node.cluster.yaml"), false);
    QVERIFY(opened.wait(60000));
    QCOMPARE(m_window->metrics()->figure(QStringLiteral("GPUs")), QLocale().toString(1016));
}

// Issue 17 item 5: with a failure active, Metrics and Problems count the same problems.
void TestWindow::problemCountsAgree()
{
    open(edrSample);
    m_window->scene()->toggleFailed(m_window->document()->design().links[0].id);
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    QVERIFY(!m_window->analysis()->result().findingsWithFailures.empty());
    auto numbers = [](const QString &text) {
        QStringList n;
        auto it = QRegularExpression(QStringLiteral("\\d+")).globalMatch(text);
        while (it.hasNext())
            n << it.next().captured();
        return n;
    };
    const QString metrics = m_window->metrics()->figure(QStringLiteral("Problems"));
    const QString problems = m_window->problems()->summaryText();
    QCOMPARE(numbers(metrics), numbers(problems));
}

// Issue 17 item 5: the replay clock stops at the makespan.
void TestWindow::replayClockStopsAtMakespan()
{
    QVERIFY(SchedulerView::engineAvailable());
    open(QStringLiteral(CPLAN_SOURCE_DIR "/samples/h100-pool-128gpu.cluster.yaml"));
    SchedulerView *s = m_window->scheduler();
    s->setPolicy(QStringLiteral("fifo"));
    s->setSyntheticJobs(100, 0.8);
    s->run();
    QVERIFY(s->waitForRun(60000));
    s->setPlaying(false);
    s->seek(1.0);
    const QString atEnd = s->clockText();
    for (int i = 0; i < 100; ++i)
        s->tick();
    QCOMPARE(s->clockText(), atEnd);
}

// Issue 17 item 5: the exported picture's legend and figures sit beside the drawing, never on it.
void TestWindow::exportLegendBesideDrawing()
{
    open(edrSample);
    m_window->setHeatmapPattern(QStringLiteral("alltoall"));
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    m_window->setPresentationMode(true); // the key figures too
    const CanvasView::ExportLayout layout = m_window->view()->exportLayout(QSize(2400, 1000));
    QVERIFY(!layout.legend.isEmpty());
    QVERIFY(!layout.figures.isEmpty());
    QVERIFY(!layout.legend.intersects(layout.drawing));
    QVERIFY(!layout.figures.intersects(layout.drawing));
    QVERIFY(QRectF(QPointF(0, 0), QSizeF(layout.page)).contains(layout.legend.united(layout.figures).united(layout.drawing)));
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("view.png"));
    QVERIFY2(m_window->view()->exportTo(png, true, &error), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.width(), layout.page.width());
    m_window->setPresentationMode(false);
}

// Issue 17 item 6: a link's cable and length are chosen in the Inspector, one undo step.
void TestWindow::cableChangeIsOneUndoStep()
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

// Issue 17 item 6: Ctrl+F finds a port by its GUID (as the subnet manager reports it).
void TestWindow::canvasSearchFindsGuid()
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

// Issue 17 item 6: the design settings are one undoable edit.
void TestWindow::designSettingsOneUndoStep()
{
    open(edrSample);
    const QString before = text();
    DesignSettingsDialog dialog(m_window->document(), m_window);
    dialog.nameEdit()->setText(QStringLiteral("Lab cluster"));
    dialog.pueSpin()->setValue(1.5);
    dialog.tcoYearsSpin()->setValue(4);
    dialog.apply();
    const Design &d = m_window->document()->design();
    QCOMPARE(d.name, std::string("Lab cluster"));
    QVERIFY(std::abs(d.settings.pue - 1.5) < 1e-9);
    QCOMPARE(d.settings.tcoYears, 4);
    m_window->document()->undoStack()->undo();
    QCOMPARE(text(), before);
    // Nothing changed: nothing pushed.
    const int count = m_window->document()->undoStack()->count();
    DesignSettingsDialog(m_window->document(), m_window).apply();
    QCOMPARE(m_window->document()->undoStack()->count(), count);
}

// Issue 17 item 6: right-clicking a link offers to fail it.
void TestWindow::contextMenuOffersFailure()
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

// Issue 17 item 6: File ▸ Close leaves an empty design (after asking about unsaved work).
void TestWindow::closeLeavesEmptyDesign()
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

// Issue 17 item 6: F1 opens the help, which says what the figures mean and leave out.
void TestWindow::helpAndAbout()
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

// Issue 17 item 6: a pod / scalable-unit overview; a click zooms onto one unit, expanded.
void TestWindow::overviewZoomsOntoUnit()
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

CPLAN_TEST_MAIN(TestWindow)
#include "tst_window.moc"
