// The canvas's level of detail (CanvasLod) on a 2-plane, 4,096-GPU design generated here and
// treated as large (the threshold lowered): units are blocks at fit-all and expand when zoomed
// in, find and select reach a node inside a collapsed unit or on the other plane, the plane tabs
// show one plane drawn where plane 1 is, edits inside collapsed units update the blocks and undo;
// a small sample stays drawn whole, without tabs; and (issue 31 item 6) the 4-SU SuperPOD, a
// mesh of 2,044 lines at Fit, is drawn in summary there and in presentation mode: SUs and the
// spines as blocks with their counts legible on screen, bundles labelled "256 × 400G", the full
// drawing back when zoomed in, the key figures at a projector's size.
#include "../window/windowfixture.h"

#include "canvasitems.h"
#include "canvaslod.h"
#include "canvasscene.h"
#include "canvassearch.h"
#include "canvasview.h"
#include "commands.h"
#include "document.h"
#include "inspector.h"
#include "mainwindow.h"
#include "overviewview.h"
#include "planetabs.h"

#include "generate/fattree.h"
#include "testmain.h"

#include <QApplication>
#include <QListWidget>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>

using namespace cplan;
using namespace cplan::test;

class TestLod : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup() { tearDownWindow(); }

    void collapsedAtFitAll();
    void expandsWhenZoomedIn();
    void selectAndFindReachCollapsedNodes();
    void planeTabsShowOnePlane();
    void editsInCollapsedUnits();
    void sampleDrawnWhole();
    void summaryAtFit();
    void zoomingInBringsFullDrawingBack();
    void presentationAtProjectorSize();
    void overviewOpensSpineRow();
    void podBlockSaysWhatItHolds();
    void bundleLabelsApart();
    void reopenedDesignStartsAsDrawn();

private:
    void openSuperpod();
    void wheel(int notches);
    CanvasScene *scene() const { return m_window->scene(); }
    std::vector<const Node *> nodesOf(const std::string &group, bool servers) const;
    int itemsOfType(int type) const;

    Design m_design;
};

void TestLod::initTestCase()
{
    loadCatalog();
    FatTreeSpec spec;
    spec.name = "lod 4096 GPUs, 2 planes";
    spec.servers = {{"dgx-h100", 512}};
    spec.switchPart = "qm9700";
    spec.planes = 2;
    auto d = generateFatTree(spec, *m_catalog);
    QVERIFY2(d, d ? "" : d.error().toString().c_str());
    m_design = std::move(*d);
    QCOMPARE(designPlanes(m_design), 2);
}

void TestLod::init()
{
    setUpWindow();
    scene()->setLargeDesignNodes(200);   // 704 nodes: large for this test
    Design copy = m_design;
    m_window->document()->reset(std::move(copy), QString());
    m_window->view()->fitAll();
    scene()->flushLevelOfDetail();
}

std::vector<const Node *> TestLod::nodesOf(const std::string &group, bool servers) const
{
    std::vector<const Node *> out;
    for (const Node &n : m_window->document()->design().nodes)
        if (n.group == group && (n.role == NodeRole::Server) == servers)
            out.push_back(&n);
    return out;
}

int TestLod::itemsOfType(int type) const
{
    int n = 0;
    const auto items = scene()->items();
    for (const QGraphicsItem *i : items)
        n += i->type() == type;
    return n;
}

void TestLod::collapsedAtFitAll()
{
    QVERIFY(scene()->isLargeDesign());
    QCOMPARE(scene()->planeCount(), 2);
    QCOMPARE(scene()->plane(), 1);
    QVERIFY(m_window->view()->zoom() < CanvasLod::kExpandScale);
    int units = 0;
    for (const Group &g : m_window->document()->design().groups) {
        if (g.kind != GroupKind::ScalableUnit)
            continue;
        ++units;
        QVERIFY2(scene()->isGroupCollapsed(QString::fromStdString(g.id)), g.id.c_str());
        QVERIFY(scene()->groupBlock(QString::fromStdString(g.id)));
        for (const Node *n : nodesOf(g.id, true))
            QVERIFY(!scene()->nodeItem(n->id));
    }
    QCOMPARE(units, 16);
    QCOMPARE(itemsOfType(GroupItemType), units);
    // No server is an item; the links into the blocks are bundles, not 8,000 link items.
    QCOMPARE(itemsOfType(NodeItemType) + itemsOfType(LinkItemType) < 200, true);
    QVERIFY(!scene()->levelOfDetail()->bundles().empty());
    // A block says what it holds, on which plane.
    const GroupItem *block = scene()->groupBlock(QStringLiteral("su01"));
    QVERIFY(block);
    QVERIFY2(block->summary().contains(QStringLiteral("32 servers")), qPrintable(block->summary()));
    QVERIFY2(block->summary().contains(QStringLiteral("plane 1")), qPrintable(block->summary()));
}

void TestLod::expandsWhenZoomedIn()
{
    const QRectF su1 = scene()->groupBounds(QStringLiteral("su01"));
    QVERIFY(!su1.isNull());
    m_window->view()->fitRect(su1);
    QVERIFY(m_window->view()->zoom() >= CanvasLod::kExpandScale);
    QTRY_VERIFY(!scene()->levelOfDetail()->isPending());   // built in slices from a timer
    QVERIFY(!scene()->isGroupCollapsed(QStringLiteral("su01")));
    for (const Node *n : nodesOf("su01", true))
        QVERIFY2(scene()->nodeItem(n->id), n->id.c_str());
    QVERIFY(scene()->isGroupCollapsed(QStringLiteral("su16")));   // far out of view
    QVERIFY(itemsOfType(LinkItemType) > 0);
    // Zoomed out again, everything is a block.
    m_window->view()->fitAll();
    QTRY_VERIFY(!scene()->levelOfDetail()->isPending());
    QVERIFY(scene()->isGroupCollapsed(QStringLiteral("su01")));
    QCOMPARE(itemsOfType(LinkItemType), 0);
}

void TestLod::selectAndFindReachCollapsedNodes()
{
    const std::string server = nodesOf("su09", true).front()->id;
    QVERIFY(!scene()->nodeItem(server));
    scene()->selectObjects({QString::fromStdString(server)});
    QVERIFY(scene()->nodeItem(server));
    QVERIFY(scene()->nodeItem(server)->isSelected());
    QCOMPARE(m_window->inspector()->currentNode(), server);
    // A unit holding the selection stays expanded when the view zooms out.
    m_window->view()->fitAll();
    scene()->flushLevelOfDetail();
    QVERIFY(scene()->nodeItem(server) && scene()->nodeItem(server)->isSelected());

    // Find (Ctrl+F) a leaf of plane 2 while plane 1 is shown: the plane and its unit come up.
    std::string leaf;
    for (const Node *n : nodesOf("su12", false))
        if (n->plane == 2)
            leaf = n->id;
    QVERIFY(!leaf.empty());
    m_window->view()->fitAll();
    QVERIFY(m_window->searchBar()->find(QString::fromStdString(leaf)) >= 1);
    QCOMPARE(scene()->plane(), 2);
    QVERIFY(scene()->nodeItem(leaf));
    QVERIFY(scene()->nodeItem(leaf)->isSelected());
    QCOMPARE(m_window->inspector()->currentNode(), leaf);
    // ... and the view goes to it, zoomed in from Fit until it can be seen and clicked.
    CanvasView *view = m_window->view();
    const QRect onScreen = view->mapFromScene(scene()->nodeItem(leaf)->sceneBoundingRect()).boundingRect();
    QVERIFY2(onScreen.width() >= CanvasView::kRevealPx - 1, qPrintable(QString::number(onScreen.width())));
    QVERIFY(view->viewport()->rect().contains(onScreen.center()));
}

void TestLod::planeTabsShowOnePlane()
{
    auto *tabs = m_window->findChild<PlaneTabs *>();
    QVERIFY(tabs);
    QVERIFY(tabs->isVisibleTo(m_window));
    QCOMPARE(tabs->count(), 3);   // all planes, plane 1, plane 2
    QCOMPARE(tabs->currentIndex(), 1);
    const Design &d = m_window->document()->design();
    std::vector<const Node *> spines[3];
    for (const Node &n : d.nodes)
        if (n.tier == Tier::Spine)
            spines[n.plane].push_back(&n);
    QVERIFY(!spines[1].empty() && spines[1].size() == spines[2].size());
    for (const Node *n : spines[1])
        QVERIFY(scene()->nodeItem(n->id));
    for (const Node *n : spines[2])
        QVERIFY(!scene()->nodeItem(n->id));

    tabs->setCurrentIndex(2);
    QCOMPARE(scene()->plane(), 2);
    scene()->flushLevelOfDetail();
    for (const Node *n : spines[1])
        QVERIFY(!scene()->nodeItem(n->id));
    // Plane 2 is drawn where plane 1 is: its first spine over plane 1's first spine.
    const NodeItem *p2 = scene()->nodeItem(spines[2].front()->id);
    QVERIFY(p2);
    QCOMPARE(p2->sceneBoundingRect().center().y(), spines[1].front()->y);
    QCOMPARE(p2->pos(), QPointF(spines[2].front()->x, spines[2].front()->y));   // the design's own position
    QVERIFY(scene()->groupBlock(QStringLiteral("su01"))->summary().contains(QStringLiteral("plane 2")));

    tabs->setCurrentIndex(0);   // all planes, where the design puts them
    scene()->flushLevelOfDetail();
    QCOMPARE(scene()->plane(), 0);
    QVERIFY(scene()->nodeItem(spines[1].front()->id));
    QCOMPARE(scene()->nodeItem(spines[2].front()->id)->sceneBoundingRect().center().y(), spines[2].front()->y);
}

void TestLod::editsInCollapsedUnits()
{
    Document *doc = m_window->document();
    const std::string server = nodesOf("su05", true).front()->id;
    const QString before = scene()->groupBlock(QStringLiteral("su05"))->summary();
    // Delete a server of a collapsed unit (as the inspector or a script does): one undo step.
    removeObjects(doc, {server}, {});
    QVERIFY(!doc->design().findNode(server));
    scene()->flushLevelOfDetail();
    QVERIFY2(scene()->groupBlock(QStringLiteral("su05"))->summary().contains(QStringLiteral("31 servers")),
             qPrintable(scene()->groupBlock(QStringLiteral("su05"))->summary()));
    doc->undoStack()->undo();
    scene()->flushLevelOfDetail();
    QCOMPARE(scene()->groupBlock(QStringLiteral("su05"))->summary(), before);

    // Drag a spine (always drawn: spines are in no unit here) with the mouse: one MoveNodes.
    const Node *spine = nullptr;
    for (const Node &n : doc->design().nodes)
        if (n.tier == Tier::Spine && n.plane == 1 && !spine)
            spine = &n;
    const std::string spineId = spine->id;
    const QPointF from(spine->x, spine->y);
    m_window->view()->fitRect(scene()->nodeItem(spineId)->sceneBoundingRect().adjusted(-400, -300, 400, 300));
    QTRY_VERIFY(!scene()->levelOfDetail()->isPending());
    QWidget *vp = m_window->view()->viewport();
    // On its title, away from the ports (a press on a port starts a wire).
    const QRectF box = scene()->nodeItem(spineId)->sceneBoundingRect();
    const QPoint at = m_window->view()->mapFromScene(QPointF(box.left() + 30, box.top() + 8));
    QTest::mousePress(vp, Qt::LeftButton, {}, at);
    QTest::mouseMove(vp, at + QPoint(20, 0));
    QTest::mouseMove(vp, at + QPoint(40, 0));
    QTest::mouseRelease(vp, Qt::LeftButton, {}, at + QPoint(40, 0));
    const Node &moved = doc->design().node(*doc->design().findNode(spineId));
    QVERIFY(moved.x > from.x());
    QCOMPARE(doc->undoStack()->count(), 1);   // the move replaced the undone removal
    QVERIFY2(doc->undoStack()->text(0).startsWith(QStringLiteral("Move")), qPrintable(doc->undoStack()->text(0)));
    doc->undoStack()->undo();
    QCOMPARE(QPointF(doc->design().node(*doc->design().findNode(spineId)).x, doc->design().node(*doc->design().findNode(spineId)).y), from);
}

void TestLod::sampleDrawnWhole()
{
    scene()->setLargeDesignNodes(CanvasLod::kDefaultLargeDesignNodes);
    open(QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-1su.cluster.yaml"));   // 508 links
    QVERIFY(!scene()->isLargeDesign());
    QCOMPARE(scene()->planeCount(), 0);
    QVERIFY(!m_window->findChild<PlaneTabs *>()->isVisibleTo(m_window));
    const Design &d = m_window->document()->design();
    for (const Node &n : d.nodes)
        QVERIFY2(scene()->nodeItem(n.id), n.id.c_str());
    QCOMPARE(scene()->linkItems().size(), d.links.size());
    QCOMPARE(itemsOfType(GroupItemType), 0);
    QVERIFY(scene()->levelOfDetail()->bundles().empty());
    // Zooming in and out changes nothing on a small design.
    m_window->view()->zoomBy(8);
    QTest::qWait(150);
    QVERIFY(!scene()->levelOfDetail()->isPending());
    QCOMPARE(scene()->linkItems().size(), d.links.size());
}

void TestLod::openSuperpod()
{
    scene()->setLargeDesignNodes(CanvasLod::kDefaultLargeDesignNodes);
    open(superpodSample);
    scene()->flushLevelOfDetail();
    QVERIFY(!scene()->isLargeDesign());
}

void TestLod::wheel(int notches)
{
    QWidget *vp = m_window->view()->viewport();
    const QPointF at = QRectF(vp->rect()).center();
    QWheelEvent event(at, vp->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(vp, &event);
}

// At Fit the 4-SU SuperPOD (179 nodes, 2,044 links) was every node and link, its servers a few
// pixels wide and their labels unreadable: now four SU blocks and one of the spines, with their
// counts written large enough to read, and each SU's 256 uplinks one bundle saying so.
void TestLod::summaryAtFit()
{
    openSuperpod();
    const CanvasLod *lod = scene()->levelOfDetail();
    const double zoom = m_window->view()->zoom();
    QVERIFY2(lod->isSummary(), qPrintable(QString::number(zoom)));
    QCOMPARE(itemsOfType(NodeItemType), 0);
    QCOMPARE(itemsOfType(LinkItemType), 0);
    QCOMPARE(itemsOfType(GroupItemType), 5);
    const GroupItem *su1 = scene()->groupBlock(QStringLiteral("su01")), *su4 = scene()->groupBlock(QStringLiteral("su04"));
    QVERIFY(su1 && su4);
    QCOMPARE(su1->summary(), QStringLiteral("32 servers · 8 switches · 256 GPUs"));
    QCOMPARE(su4->summary(), QStringLiteral("31 servers · 8 switches · 248 GPUs · 4 appliances"));   // the UFMs are no servers
    const GroupItem *spines = scene()->groupBlock(QStringLiteral("#spine"));
    QVERIFY(spines);
    QCOMPARE(spines->title(), QStringLiteral("Spine switches"));
    QCOMPARE(spines->summary(), QStringLiteral("16 × Quantum-2 QM9700"));
    // Legible on screen, at this zoom: every block's title and counts.
    const auto items = scene()->items();
    for (const QGraphicsItem *i : items) {
        if (i->type() != GroupItemType)
            continue;
        const auto *block = static_cast<const GroupItem *>(i);
        const GroupItem::TextSize size = block->textSizeAt(zoom);
        QVERIFY2(size.title >= 14 && size.summary >= 11,
                 qPrintable(QStringLiteral("%1: title %2 px, counts %3 px").arg(block->title()).arg(size.title).arg(size.summary)));
    }
    // One bundle per SU to the spines, as wide as 256 links draw, labelled with what it holds.
    const auto &bundles = lod->bundles();
    QCOMPARE(bundles.size(), std::size_t(4));
    for (const LinkBundle &b : bundles) {
        QCOMPARE(b.count, 256);
        QCOMPARE(bundleLabel(b), QStringLiteral("256 × 400G"));
        QVERIFY2(bundleLabelled(b, zoom, bundles.size()), qPrintable(QString::number(b.line.length() * zoom)));
        QVERIFY(std::abs(b.line.dx()) < 1);   // straight down from the spines to the SU
    }
}

// Zooming in with the wheel ends the summary where the nodes become large enough: every node
// and link drawn again, no block; Fit (Ctrl+0) brings the summary back.
void TestLod::zoomingInBringsFullDrawingBack()
{
    openSuperpod();
    CanvasLod *lod = scene()->levelOfDetail();
    QVERIFY(lod->isSummary());
    for (int i = 0; i < 30 && lod->isSummary(); ++i) {
        wheel(1);
        QTRY_VERIFY(!lod->isPending());
    }
    QVERIFY2(!lod->isSummary(), qPrintable(QString::number(m_window->view()->zoom())));
    const Design &d = m_window->document()->design();
    for (const Node &n : d.nodes)
        QVERIFY2(scene()->nodeItem(n.id), n.id.c_str());
    QCOMPARE(scene()->linkItems().size(), d.links.size());
    QCOMPARE(itemsOfType(GroupItemType), 0);
    QVERIFY(lod->bundles().empty());
    QTest::keyClick(m_window->view(), Qt::Key_0, Qt::ControlModifier);
    QTRY_VERIFY(lod->isSummary() && !lod->isPending());
    QCOMPARE(itemsOfType(GroupItemType), 5);
    QCOMPARE(itemsOfType(LinkItemType), 0);
}

// F5: the key figures were 12 px, as in the window; on a projector they are kProjectorFigurePx,
// and the drawing beside them is the summary. Esc gives the window back its sizes.
void TestLod::presentationAtProjectorSize()
{
    openSuperpod();
    CanvasView *view = m_window->view();
    QTest::keyClick(m_window, Qt::Key_F5);
    QVERIFY(m_window->presentationMode());
    QTRY_VERIFY(!view->figuresSize().isEmpty());
    QVERIFY(view->projectorSize());
    const CanvasView::FigureFonts fonts = view->figureFonts();
    QVERIFY2(fonts.value.pixelSize() >= 28, qPrintable(QString::number(fonts.value.pixelSize())));
    QVERIFY(fonts.label.pixelSize() >= 20);
    QVERIFY(view->figuresSize().height() > 28 * 3);
    QTest::qWait(100);   // Fit follows the switch
    scene()->flushLevelOfDetail();
    QVERIFY2(scene()->levelOfDetail()->isSummary(), qPrintable(QString::number(view->zoom())));
    QTest::keyClick(m_window, Qt::Key_Escape);
    QVERIFY(!m_window->presentationMode());
    QCOMPARE(view->figureFonts().value.pixelSize(), 12);
}

// In summary the spines are a block; the Overview's tile of the switches outside the units opens
// it, as a unit's tile opens the unit.
void TestLod::overviewOpensSpineRow()
{
    openSuperpod();
    QVERIFY(scene()->isGroupCollapsed(QStringLiteral("#spine")));
    QListWidget *tiles = m_window->overview()->list();
    QListWidgetItem *outside = nullptr;
    for (int i = 0; i < tiles->count(); ++i)
        if (tiles->item(i)->text().startsWith(QStringLiteral("Outside groups")))
            outside = tiles->item(i);
    QVERIFY(outside);
    emit tiles->itemClicked(outside);
    QTRY_VERIFY(!scene()->levelOfDetail()->isPending());
    QVERIFY(!scene()->isGroupCollapsed(QStringLiteral("#spine")));
    for (const Node &n : m_window->document()->design().nodes)
        if (n.tier == Tier::Spine)
            QVERIFY2(scene()->nodeItem(n.id), n.id.c_str());
}

// A pod's block holds the pod's own spines (its units are blocks of their own): it read
// "0 servers · 72 switches · 0 GPUs" on the 102,400-GPU design; it says what it holds.
void TestLod::podBlockSaysWhatItHolds()
{
    FatTreeSpec spec;
    spec.name = "3 tiers, pods";
    spec.servers = {{"dgx-h100", 288}};   // 2,304 ports: past the 2,048 of two tiers of QM9700
    spec.switchPart = "qm9700";
    auto d = generateFatTree(spec, *m_catalog);
    QVERIFY2(d, d ? "" : d.error().toString().c_str());
    QVERIFY(std::any_of(d->groups.begin(), d->groups.end(), [](const Group &g) { return g.kind == GroupKind::Pod; }));
    m_window->document()->reset(std::move(*d), QString());
    m_window->view()->fitAll();
    scene()->flushLevelOfDetail();
    int pods = 0;
    const auto items = scene()->items();
    for (const QGraphicsItem *i : items)
        if (i->type() == GroupItemType) {
            const auto *block = static_cast<const GroupItem *>(i);
            if (!block->groupId().startsWith(QStringLiteral("pod")))
                continue;
            ++pods;
            QVERIFY2(!block->summary().contains(QStringLiteral("0 servers")), qPrintable(block->summary()));
            QVERIFY2(block->summary().contains(QStringLiteral("× Quantum-2 QM9700")), qPrintable(block->summary()));
        }
    QVERIFY(pods > 0);
}

// Pre-sales day: SU 1 of the 4-SU SuperPOD opened (Find went to a leaf in it) while the others
// stayed blocks; its eight leaves' bundles of 32 uplinks sat side by side and their labels one
// over the other ("2 32 32 32 32 × 400G"). Labels are placed apart, the first of a crowd kept.
void TestLod::bundleLabelsApart()
{
    openSuperpod();
    CanvasLod *lod = scene()->levelOfDetail();
    QVERIFY(lod->isSummary());
    lod->setCollapsed(QStringLiteral("su01"), false);
    scene()->flushLevelOfDetail();
    const std::vector<LinkBundle> &bundles = lod->bundles();
    QVERIFY(bundles.size() > 8);
    const QTransform toScreen = m_window->view()->viewportTransform();
    const auto placed = placeBundleLabels(bundles, toScreen, scene()->sceneRect());
    QVERIFY(placed.size() >= 4);   // the three other units' and some of SU 1's leaves'
    int crowded = 0;   // labelled bundles left without a label because a neighbour has one
    for (std::size_t i = 0; i < bundles.size(); ++i)
        crowded += bundleLabelled(bundles[i], toScreen.m11(), bundles.size()) &&
                   std::none_of(placed.begin(), placed.end(), [i](const auto &p) { return p.first == i; });
    QVERIFY(crowded > 0);
    for (std::size_t a = 0; a < placed.size(); ++a)
        for (std::size_t b = a + 1; b < placed.size(); ++b)
            QVERIFY2(!placed[a].second.intersects(placed[b].second),
                     qPrintable(QStringLiteral("labels of bundles %1 and %2 overlap").arg(placed[a].first).arg(placed[b].first)));
}

// A unit opened in the summary (by Find, or a double-click) stayed open when the same file was
// opened again: a design opened afresh starts from the summary, as it first did.
void TestLod::reopenedDesignStartsAsDrawn()
{
    openSuperpod();
    CanvasLod *lod = scene()->levelOfDetail();
    QVERIFY(scene()->groupBlock(QStringLiteral("su01")));
    lod->setCollapsed(QStringLiteral("su01"), false);
    scene()->flushLevelOfDetail();
    QVERIFY(!scene()->groupBlock(QStringLiteral("su01")));
    openSuperpod();
    QVERIFY(lod->isSummary());
    QVERIFY(scene()->groupBlock(QStringLiteral("su01")));
}

CPLAN_TEST_MAIN(TestLod)
#include "tst_lod.moc"
