// GUI acceptance tests: drive the real widgets offscreen (mouse, keys, drops of real MIME data)
// and check the document; every edit must undo and redo to the identical design text.
#include "mainwindow.h"

#include "analysis.h"
#include "canvasclipboard.h"
#include "canvasitems.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "commands.h"
#include "document.h"
#include "fabricwizard.h"
#include "inspector.h"
#include "metricsview.h"
#include "partpalette.h"
#include "problemsview.h"
#include "schedulerview.h"
#include "wirecheck.h"

#include "catalog/catalog.h"
#include "catalog/userstore.h"
#include "io/designyaml.h"
#include "validate/validate.h"

#include "testmain.h"

#include <QLineEdit>
#include <QMessageBox>
#include <QMenuBar>
#include <QMimeData>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTreeWidget>

using namespace cplan;

class TestGui : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void dropSwitchFromPalette();
    void dropHcaOntoServer();
    void wirePortsByDrag();
    void wireRefusesUsedPort();
    void wireEthernetParts();
    void moveByDrag();
    void deleteWithKey();
    void copyPaste();
    void inspectorEditChangesModel();
    void metricsChangeAfterEdit();
    void saveReopenIdentical();
    void brokenFileKeepsWork();
    void commandsUndoRedo();
    void wizardPreviewAndGenerate();
    void exportFormats();
    void collapseGroups();
    void failureMode();
    void heatmapColoursLinks();
    void presentationMode();
    void schedulerRuns();
    void problemClickSelects();
    void autosaveWritesRecovery();
    void openAsyncKeepsWorkOnError();
    void damagedStoreIsReported();

private:
    QString text() const { return QString::fromStdString(serializeDesign(m_window->document()->design())); }
    QPoint viewPos(QPointF scenePos) const { return m_window->view()->mapFromScene(scenePos); }
    void dropPart(const QString &partId, QPointF scenePos);
    void checkUndoRedo(const QString &before, const QString &after);
    std::string addNode(const QString &part, QPointF at);

    std::optional<Catalog> m_catalog;
    MainWindow *m_window = nullptr;
};

void TestGui::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    auto c = loadCatalog(QDir::temp().filePath(QStringLiteral("cplan-tst-gui-store.sqlite")).toStdString());
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().toString().c_str());
    m_catalog = std::move(*c);
}

void TestGui::init()
{
    m_window = new MainWindow(*m_catalog);
    m_window->setAutosaveEnabled(false);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    // A fixed, readable zoom so ports are a few pixels wide.
    m_window->view()->resetTransform();
    m_window->view()->scale(2, 2);
    m_window->view()->centerOn(0, 0);
    m_window->scene()->setSceneRect(-2000, -2000, 4000, 4000);
}

void TestGui::cleanup()
{
    m_window->document()->undoStack()->setClean(); // no unsaved-changes prompt
    delete m_window;
    m_window = nullptr;
}

void TestGui::dropPart(const QString &partId, QPointF scenePos)
{
    // The palette's own mimeData(), exactly what a drag out of it carries.
    QTreeWidgetItem *item = m_window->palette()->itemForPart(partId);
    QVERIFY2(item, qPrintable(partId));
    QTreeWidget *tree = m_window->palette()->tree();
    const QModelIndex index = tree->model()->index(item->parent()->indexOfChild(item), 0, tree->indexFromItem(item->parent()));
    std::unique_ptr<QMimeData> mime(tree->model()->mimeData({index}));
    QVERIFY(mime);
    QVERIFY(mime->hasFormat(QString::fromLatin1(kPartMimeType)));
    QWidget *viewport = m_window->view()->viewport();
    const QPoint p = viewPos(scenePos);
    QDragEnterEvent enter(p, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    QVERIFY(enter.isAccepted());
    QDragMoveEvent move(p, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QVERIFY(move.isAccepted());
    QDropEvent drop(QPointF(p), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &drop);
}

std::string TestGui::addNode(const QString &part, QPointF at)
{
    const auto before = m_window->document()->design().nodes.size();
    dropPart(part, at);
    const Design &d = m_window->document()->design();
    if (d.nodes.size() != before + 1)
        return {};
    return d.nodes.back().id;
}

void TestGui::checkUndoRedo(const QString &before, const QString &after)
{
    QUndoStack *stack = m_window->document()->undoStack();
    QCOMPARE(text(), after);
    stack->undo();
    QCOMPARE(text(), before);
    stack->redo();
    QCOMPARE(text(), after);
}

void TestGui::dropSwitchFromPalette()
{
    const QString before = text();
    dropPart(QStringLiteral("qm9700"), QPointF(0, 0));
    const Design &d = m_window->document()->design();
    QCOMPARE(d.nodes.size(), std::size_t(1));
    QCOMPARE(d.nodes[0].part, std::string("qm9700"));
    QCOMPARE(d.nodes[0].role, NodeRole::Switch);
    QVERIFY(m_window->document()->isModified());
    QCOMPARE(m_window->document()->undoStack()->count(), 1);
    checkUndoRedo(before, text());
    // The scene follows undo: one node item after redo.
    QVERIFY(m_window->scene()->nodeItem(d.nodes[0].id));
}

void TestGui::dropHcaOntoServer()
{
    const std::string server = addNode(QStringLiteral("pcie-4gpu"), QPointF(0, 0));
    QVERIFY(!server.empty());
    const QString before = text();
    dropPart(QStringLiteral("connectx-7"), QPointF(0, 0));
    const Design &d = m_window->document()->design();
    QCOMPARE(d.nodes.size(), std::size_t(1));
    QCOMPARE(d.nodes[0].hcas.size(), std::size_t(2)); // its own ConnectX-7 plus the new one
    QCOMPARE(nodePorts(d.nodes[0], *m_catalog).size(), std::size_t(2));
    checkUndoRedo(before, text());
    // Two free slots: a third HCA fits, a fourth does not.
    dropPart(QStringLiteral("connectx-7"), QPointF(0, 0));
    QCOMPARE(d.nodes[0].hcas.size(), std::size_t(3));
    const QString full = text();
    dropPart(QStringLiteral("connectx-7"), QPointF(0, 0));
    QCOMPARE(text(), full);
    // An HCA on empty canvas is refused too.
    dropPart(QStringLiteral("connectx-7"), QPointF(600, 600));
    QCOMPARE(text(), full);
}

void TestGui::wirePortsByDrag()
{
    const std::string sw = addNode(QStringLiteral("qm9700"), QPointF(0, -150));
    const std::string host = addNode(QStringLiteral("host-1hca"), QPointF(0, 100));
    QVERIFY(!sw.empty() && !host.empty());
    CanvasScene *scene = m_window->scene();
    const QPoint from = viewPos(scene->nodeItem(host)->portScenePos(1));
    const QPoint to = viewPos(scene->nodeItem(sw)->portScenePos(3));
    const QString before = text();
    QWidget *viewport = m_window->view()->viewport();
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    QTest::mouseMove(viewport, (from + to) / 2);
    QTest::mouseMove(viewport, to);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
    const Design &d = m_window->document()->design();
    QCOMPARE(d.links.size(), std::size_t(1));
    const Link &l = d.links[0];
    QCOMPARE(d.node(l.a.node).id, host);
    QCOMPARE(l.a.port, 1);
    QCOMPARE(d.node(l.b.node).id, sw);
    QCOMPARE(l.b.port, 3);
    QVERIFY(!l.cable.empty()); // the catalog picked a cable that reaches
    QVERIFY(scene->linkItem(l.id));
    checkUndoRedo(before, text());
}

void TestGui::wireRefusesUsedPort()
{
    const std::string sw = addNode(QStringLiteral("qm9700"), QPointF(0, -150));
    const std::string h1 = addNode(QStringLiteral("host-1hca"), QPointF(-100, 100));
    const std::string h2 = addNode(QStringLiteral("host-1hca"), QPointF(100, 100));
    CanvasScene *scene = m_window->scene();
    QWidget *viewport = m_window->view()->viewport();
    auto drag = [&](QPoint a, QPoint b) {
        QTest::mousePress(viewport, Qt::LeftButton, {}, a);
        QTest::mouseMove(viewport, b);
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, b);
    };
    const QPoint swPort = viewPos(scene->nodeItem(sw)->portScenePos(1));
    drag(viewPos(scene->nodeItem(h1)->portScenePos(1)), swPort);
    QCOMPARE(m_window->document()->design().links.size(), std::size_t(1));
    const QString wired = text();
    drag(viewPos(scene->nodeItem(h2)->portScenePos(1)), swPort); // port 1 is in use
    QCOMPARE(text(), wired);
    // The check itself names the reason.
    const WireCheck c = checkWire(m_window->document()->design(), *m_catalog, h2, 1, sw, 1);
    QVERIFY(!c.ok);
    QVERIFY2(c.errors.join(QString()).contains(QStringLiteral("is already used by link")), qPrintable(c.errors.join(QLatin1Char('|'))));
    // Speed mismatch is a warning, not an error: an HDR switch and an NDR host.
    const std::string hdr = addNode(QStringLiteral("qm8700"), QPointF(400, -150));
    const WireCheck m = checkWire(m_window->document()->design(), *m_catalog, h2, 1, hdr, 1);
    QVERIFY(m.ok);
    QVERIFY2(m.warnings.join(QString()).contains(QStringLiteral("it runs at 200 Gb/s")), qPrintable(m.warnings.join(QLatin1Char('|'))));
    QCOMPARE(m.speedGbps, 200.0);
    // The other link rules refuse too: two ports of one switch, a port the switch lacks; two
    // adapters without a switch are only warned about.
    const Design &design = m_window->document()->design();
    const WireCheck loop = checkWire(design, *m_catalog, sw, 2, sw, 3);
    QVERIFY2(!loop.ok && loop.errors.join(QString()).contains(QStringLiteral("joins two ports of")), qPrintable(loop.errors.join(QLatin1Char('|'))));
    const WireCheck far = checkWire(design, *m_catalog, h2, 1, sw, 65);
    QVERIFY2(!far.ok && far.errors.join(QString()).contains(QStringLiteral("which has 64 ports")), qPrintable(far.errors.join(QLatin1Char('|'))));
    const WireCheck b2b = checkWire(design, *m_catalog, h2, 1, h1, 2);
    QVERIFY(!b2b.ok); // host-1hca has one port
    const std::string h3 = addNode(QStringLiteral("host-1hca"), QPointF(300, 100));
    const WireCheck pair = checkWire(m_window->document()->design(), *m_catalog, h2, 1, h3, 1);
    QVERIFY2(pair.ok && pair.warnings.join(QString()).contains(QStringLiteral("back to back")), qPrintable(pair.warnings.join(QLatin1Char('|'))));
}

// Ethernet parts from the palette: an SN5600 and a server fitted with a ConnectX-7 in Ethernet
// mode wire with Ethernet parts and validate without errors; the server's InfiniBand HCA on the
// SN5600 is refused, naming both ends.
void TestGui::wireEthernetParts()
{
    QTreeWidgetItem *paletteItem = m_window->palette()->itemForPart(QStringLiteral("sn5600"));
    QVERIFY(paletteItem);
    QVERIFY2(paletteItem->text(0).contains(QStringLiteral("800 Gb/s, Ethernet")), qPrintable(paletteItem->text(0)));
    const std::string sw = addNode(QStringLiteral("sn5600"), QPointF(0, -150));
    const std::string host = addNode(QStringLiteral("pcie-4gpu"), QPointF(0, 100));
    QVERIFY(!sw.empty() && !host.empty());
    dropPart(QStringLiteral("cx7-eth"), QPointF(0, 100));   // port 2: the Ethernet NIC
    const Design &d = m_window->document()->design();
    QCOMPARE(nodePorts(d.nodes[1], *m_catalog).size(), std::size_t(2));
    CanvasScene *scene = m_window->scene();
    QWidget *viewport = m_window->view()->viewport();
    auto drag = [&](QPoint a, QPoint b) {
        QTest::mousePress(viewport, Qt::LeftButton, {}, a);
        QTest::mouseMove(viewport, (a + b) / 2);
        QTest::mouseMove(viewport, b);
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, b);
    };
    drag(viewPos(scene->nodeItem(host)->portScenePos(2)), viewPos(scene->nodeItem(sw)->portScenePos(1)));
    QCOMPARE(d.links.size(), std::size_t(1));
    const Part *cable = m_catalog->find(d.links[0].cable);
    QVERIFY2(cable && cable->protocol == Protocol::Ethernet, d.links[0].cable.c_str());
    for (const Finding &f : validateDesign(d, *m_catalog))
        QVERIFY2(f.severity != Severity::Error, f.message.c_str());
    // The server's own ConnectX-7 is InfiniBand: no link to the Ethernet leaf.
    const QString wired = text();
    drag(viewPos(scene->nodeItem(host)->portScenePos(1)), viewPos(scene->nodeItem(sw)->portScenePos(2)));
    QCOMPARE(text(), wired);
    const WireCheck ib = checkWire(d, *m_catalog, host, 1, sw, 2);
    QVERIFY(!ib.ok);
    const QString why = ib.errors.join(QLatin1Char('|'));
    QVERIFY2(why.contains(QStringLiteral("InfiniBand port ") + QString::fromStdString(host) + QStringLiteral(":1"))
                 && why.contains(QStringLiteral("Ethernet port ") + QString::fromStdString(sw) + QStringLiteral(":2")),
             qPrintable(why));
}

void TestGui::moveByDrag()
{
    const std::string sw = addNode(QStringLiteral("qm9700"), QPointF(0, 0));
    CanvasScene *scene = m_window->scene();
    NodeItem *item = scene->nodeItem(sw);
    // Grab the title bar (not a port).
    const QPointF grab = item->mapToScene(QPointF(item->boundingRect().left() + 30, item->boundingRect().top() + 6));
    const QString before = text();
    QWidget *viewport = m_window->view()->viewport();
    const QPoint a = viewPos(grab);
    QTest::mousePress(viewport, Qt::LeftButton, {}, a);
    for (int i = 1; i <= 5; ++i)
        QTest::mouseMove(viewport, a + QPoint(20 * i, 12 * i));
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, a + QPoint(100, 60));
    const Node &n = m_window->document()->design().nodes[0];
    QVERIFY2(std::abs(n.x - 50) < 0.01 && std::abs(n.y - 30) < 0.01, qPrintable(QStringLiteral("%1,%2").arg(n.x).arg(n.y)));
    QCOMPARE(m_window->document()->undoStack()->count(), 2); // drop + one move for the whole drag
    checkUndoRedo(before, text());
    QCOMPARE(item->pos(), QPointF(50, 30));
}

void TestGui::deleteWithKey()
{
    const std::string sw = addNode(QStringLiteral("qm9700"), QPointF(0, -150));
    const std::string host = addNode(QStringLiteral("host-1hca"), QPointF(0, 100));
    CanvasScene *scene = m_window->scene();
    QWidget *viewport = m_window->view()->viewport();
    const QPoint from = viewPos(scene->nodeItem(host)->portScenePos(1));
    const QPoint to = viewPos(scene->nodeItem(sw)->portScenePos(1));
    QTest::mousePress(viewport, Qt::LeftButton, {}, from);
    QTest::mouseMove(viewport, to);
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
    QCOMPARE(m_window->document()->design().links.size(), std::size_t(1));
    const QString before = text();
    scene->clearSelection();
    scene->nodeItem(sw)->setSelected(true);
    m_window->view()->setFocus();
    QTest::keyClick(m_window->view(), Qt::Key_Delete);
    const Design &d = m_window->document()->design();
    QCOMPARE(d.nodes.size(), std::size_t(1));
    QCOMPARE(d.links.size(), std::size_t(0)); // its link went with it, one undo step
    QVERIFY(!scene->nodeItem(sw));
    checkUndoRedo(before, text());
    m_window->document()->undoStack()->undo();
    QVERIFY(scene->nodeItem(sw));
    QCOMPARE(scene->nodeItem(sw)->links().size(), std::size_t(1));
}

void TestGui::copyPaste()
{
    const std::string sw = addNode(QStringLiteral("qm9700"), QPointF(0, -150));
    const std::string host = addNode(QStringLiteral("host-1hca"), QPointF(0, 100));
    CanvasScene *scene = m_window->scene();
    QUndoStack *stack = m_window->document()->undoStack();
    stack->push(new AddLinks(m_window->document(), {makeLink("l-x", host, 1, sw, 5)}));
    scene->clearSelection();
    scene->nodeItem(sw)->setSelected(true);
    scene->nodeItem(host)->setSelected(true);
    std::unique_ptr<QMimeData> mime(m_window->clipboard()->copySelection());
    QVERIFY(mime);
    const QString before = text();
    QVERIFY(m_window->clipboard()->paste(mime.get(), QPointF(500, 0)));
    const Design &d = m_window->document()->design();
    QCOMPARE(d.nodes.size(), std::size_t(4));
    QCOMPARE(d.links.size(), std::size_t(2));
    QCOMPARE(d.nodes[2].part, std::string("qm9700"));
    QCOMPARE(scene->selectedNodeIds().size(), std::size_t(2));
    checkUndoRedo(before, text());
}

void TestGui::inspectorEditChangesModel()
{
    const std::string sw = addNode(QStringLiteral("qm9700"), QPointF(0, 0));
    m_window->scene()->clearSelection();
    m_window->scene()->nodeItem(sw)->setSelected(true);
    Inspector *inspector = m_window->inspector();
    QCOMPARE(inspector->currentNode(), sw);
    const QString before = text();
    QLineEdit *name = inspector->nameEdit();
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("leaf-a"));
    QCOMPARE(m_window->document()->design().nodes[0].name, std::string("leaf-a"));
    // Typing merges into one undo step.
    QCOMPARE(m_window->document()->undoStack()->count(), 2);
    checkUndoRedo(before, text());
    inspector->tierSpin()->setValue(2);
    QCOMPARE(m_window->document()->design().nodes[0].tier, Tier::Spine);
    // A node's own MTU, and back to the design's (the spin box's lowest value).
    QCOMPARE(inspector->mtuSpin()->text(), QStringLiteral("The design's (not stated)"));
    inspector->mtuSpin()->setValue(9216);
    QCOMPARE(m_window->document()->design().nodes[0].mtu, std::optional<int>(9216));
    m_window->document()->undoStack()->undo();
    QVERIFY(!m_window->document()->design().nodes[0].mtu);
    QCOMPARE(m_window->document()->design().nodes[0].tier, Tier::Spine);
    inspector->mtuSpin()->setValue(9000);
    QCOMPARE(m_window->document()->design().nodes[0].mtu, std::optional<int>(9000));
    inspector->mtuSpin()->setValue(inspector->mtuSpin()->minimum());
    QVERIFY(!m_window->document()->design().nodes[0].mtu);
    // The field follows the design's MTU while the node has none of its own.
    Settings settings = m_window->document()->design().settings;
    settings.mtu = 9000;
    m_window->document()->undoStack()->push(new SetDesignSettings(m_window->document(), m_window->document()->design().name, settings));
    QCOMPARE(inspector->mtuSpin()->text(), QStringLiteral("The design's (9000)"));
    m_window->document()->undoStack()->undo();
    const QString rack = text();
    inspector->rackEdit()->setText(QString());
    QTest::keyClicks(inspector->rackEdit(), QStringLiteral("r01"));
    QCOMPARE(m_window->document()->design().nodes[0].rack, std::string("r01"));
    m_window->document()->undoStack()->undo();
    QCOMPARE(text(), rack);
}

void TestGui::metricsChangeAfterEdit()
{
    QVERIFY(m_window->openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml"), false));
    AnalysisRunner *analysis = m_window->analysis();
    QVERIFY(analysis->waitForIdle(20000));
    const QString gpus = m_window->metrics()->figure(QStringLiteral("GPUs"));
    const QString capex = m_window->metrics()->figure(QStringLiteral("CAPEX"));
    QVERIFY(!gpus.isEmpty());
    const std::string id = addNode(QStringLiteral("dgx-h100"), QPointF(5000, 5000));
    QVERIFY(!id.empty());
    QVERIFY(analysis->waitForIdle(20000));
    QVERIFY(m_window->metrics()->figure(QStringLiteral("GPUs")) != gpus);
    QVERIFY(m_window->metrics()->figure(QStringLiteral("CAPEX")) != capex);
    // And back after undo.
    m_window->document()->undoStack()->undo();
    QVERIFY(analysis->waitForIdle(20000));
    QCOMPARE(m_window->metrics()->figure(QStringLiteral("GPUs")), gpus);
}

void TestGui::saveReopenIdentical()
{
    QTemporaryDir dir;
    const QString sample = QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-4su.cluster.yaml");
    QVERIFY(m_window->openFile(sample, false));
    // An edit, so the save has something of ours in it.
    const std::string id = addNode(QStringLiteral("qm9700"), QPointF(300, -600));
    QVERIFY(!id.empty());
    QVERIFY(m_window->document()->isModified());
    const QString a = dir.filePath(QStringLiteral("a.cluster.yaml"));
    const QString b = dir.filePath(QStringLiteral("b.cluster.yaml"));
    QString error;
    QVERIFY2(m_window->saveFile(a, &error), qPrintable(error));
    QVERIFY(!m_window->document()->isModified());
    const QString saved = text();
    QVERIFY(m_window->openFile(a, false));
    QCOMPARE(text(), saved);
    QVERIFY(m_window->saveFile(b, &error));
    QFile fa(a), fb(b);
    QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
    QCOMPARE(fb.readAll(), fa.readAll());
    // Saving keeps history: undo still works after a save, and makes the document modified.
    QVERIFY(m_window->openFile(sample, false));
    addNode(QStringLiteral("qm9700"), QPointF(300, -600));
    QVERIFY(m_window->saveFile(a, &error));
    m_window->document()->undoStack()->undo();
    QVERIFY(m_window->document()->isModified());
}

void TestGui::brokenFileKeepsWork()
{
    addNode(QStringLiteral("qm9700"), QPointF(0, 0));
    const QString work = text();
    QString error;
    QVERIFY(!m_window->openFile(QStringLiteral(CPLAN_TEST_DATA "/design-malformed/bad-yaml.cluster.yaml"), false, &error));
    QVERIFY2(error.contains(QStringLiteral("bad-yaml.cluster.yaml:")), qPrintable(error));
    QVERIFY2(QRegularExpression(QStringLiteral(":\\d+")).match(error).hasMatch(), qPrintable(error)); // names the line
    QCOMPARE(text(), work);
    QVERIFY(m_window->document()->isModified());
}

void TestGui::commandsUndoRedo()
{
    Document *doc = m_window->document();
    QUndoStack *stack = doc->undoStack();
    QVERIFY(m_window->openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/h100-pool-128gpu.cluster.yaml"), false));
    const QString original = text();
    const Design &d = doc->design();
    const std::string leaf = d.nodes[std::size_t(d.nodes.size() / 2)].id;
    // RemoveNodes from the middle of the list, with its links: undo restores order exactly.
    const auto linksBefore = d.links.size();
    stack->push(new RemoveNodes(doc, {d.nodes[3].id, leaf}));
    QVERIFY(d.links.size() < linksBefore);
    checkUndoRedo(original, text());
    stack->undo();
    QCOMPARE(text(), original);
    // RemoveLinks from the middle.
    stack->push(new RemoveLinks(doc, {d.links[5].id, d.links[1].id}));
    checkUndoRedo(original, text());
    stack->undo();
    // SetNodeProperty merges; a merge back to the old value is dropped.
    const std::string n0 = d.nodes[0].id;
    const int count = stack->index();
    stack->push(new SetNodeProperty(doc, n0, NodeProperty::Name, QStringLiteral("a")));
    stack->push(new SetNodeProperty(doc, n0, NodeProperty::Name, QStringLiteral("ab")));
    QCOMPARE(stack->index(), count + 1);
    QCOMPARE(d.nodes[0].name, std::string("ab"));
    stack->undo();
    QCOMPARE(text(), original);
    // ReplaceDesign.
    Design other;
    other.name = "other";
    stack->push(new ReplaceDesign(doc, std::move(other), QStringLiteral("replace")));
    QCOMPARE(d.name, std::string("other"));
    QVERIFY(m_window->scene()->contentRect().isNull()); // no node items left
    stack->undo();
    QCOMPARE(text(), original);
    QVERIFY(m_window->scene()->nodeItem(n0));
    // MoveNodes.
    stack->push(new MoveNodes(doc, {n0}, {{d.nodes[0].x, d.nodes[0].y}}, {{1, 2}}));
    QCOMPARE(m_window->scene()->nodeItem(n0)->pos(), QPointF(1, 2));
    checkUndoRedo(original, text());
    stack->undo();
    QVERIFY(!doc->isModified());
}

void TestGui::wizardPreviewAndGenerate()
{
    FabricWizard wizard(*m_catalog);
    wizard.setServers(QStringLiteral("dgx-h100"), 64);
    wizard.setSwitch(QStringLiteral("qm9700"));
    QVERIFY(wizard.waitForPreview(30000));
    QVERIFY2(wizard.previewText().contains(QStringLiteral("512")), qPrintable(wizard.previewText())); // GPUs
    wizard.setBlocking(2, 1);
    QVERIFY(wizard.waitForPreview(30000));
    QVERIFY(wizard.previewText().contains(QStringLiteral("CAPEX")));
    wizard.setBlocking(1, 1);
    wizard.setRailOnly(true);   // 8 switches, one per rail, against the tree's 24
    QVERIFY(wizard.waitForPreview(30000));
    // The comparison with the fat tree is the first thing the preview shows, the wiring named
    // rail-only (not planes), the counts over all rails after it.
    const QString plain = QTextDocumentFragment::fromHtml(wizard.previewText()).toPlainText();
    QVERIFY2(plain.startsWith(QStringLiteral("Rail-only: 8 switches and 512 links, against 24 switches and 1024 links for the "
                                             "rail-optimized fat tree")),
             qPrintable(plain));
    QVERIFY2(plain.contains(QStringLiteral("Over all rails: leaves 8, spines 0, cores 0")), qPrintable(plain));
    QVERIFY2(!plain.contains(QStringLiteral("planes")), qPrintable(plain));
}

void TestGui::exportFormats()
{
    QVERIFY(m_window->openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml"), false));
    QTemporaryDir dir;
    for (const char *ext : {"png", "svg", "pdf"}) {
        const QString f = dir.filePath(QStringLiteral("view.") + QString::fromLatin1(ext));
        QString error;
        QVERIFY2(m_window->view()->exportTo(f, true, &error), qPrintable(error));
        QVERIFY(QFileInfo(f).size() > 1000);
    }
    QString error;
    QVERIFY(!m_window->view()->exportTo(dir.filePath(QStringLiteral("view.xyz")), true, &error));
}

void TestGui::collapseGroups()
{
    QVERIFY(m_window->openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-4su.cluster.yaml"), false));
    CanvasScene *scene = m_window->scene();
    scene->setAllGroupsCollapsed(true);
    const std::string server = m_window->document()->design().nodes.back().id;
    int blocks = 0;
    for (QGraphicsItem *i : scene->items())
        blocks += i->type() == GroupItemType ? 1 : 0;
    QCOMPARE(blocks, 5);   // the four SUs and the row of spines outside them
    scene->setAllGroupsCollapsed(false);
    QVERIFY(scene->nodeItem(server)->isVisible());
}

void TestGui::failureMode()
{
    QVERIFY(m_window->openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml"), false));
    CanvasScene *scene = m_window->scene();
    const QString before = text();
    const std::string link = m_window->document()->design().links[0].id;
    scene->toggleFailed(link);
    QVERIFY(scene->linkItem(link)->failed());
    QVERIFY(m_window->analysis()->waitForIdle(20000));
    const AnalysisResult &r = m_window->analysis()->result();
    QCOMPARE(r.failed.size(), std::size_t(1));
    QVERIFY(r.network && r.network->failure);
    QCOMPARE(r.network->failure->cables.links, 1);
    QVERIFY(r.network->failure->cables.capacityGbps > 0);
    QCOMPARE(text(), before); // failures are a scenario, not an edit
    QVERIFY(!m_window->document()->isModified());
}

void TestGui::heatmapColoursLinks()
{
    QVERIFY(m_window->openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/hdr-2to1-520gpu.cluster.yaml"), false));
    m_window->setHeatmapPattern(QStringLiteral("alltoall"));
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    const AnalysisResult &r = m_window->analysis()->result();
    QVERIFY2(!r.linkUtilization.empty(), "the analysis gave no link utilization");
    QCOMPARE(r.linkUtilization.size(), m_window->document()->design().links.size());
    QVERIFY(m_window->scene()->hasUtilization());
    // 2:1 at the leaves: all-to-all saturates the uplinks, the server links run at about half
    // to three quarters of line rate.
    const Design &d = m_window->document()->design();
    double serverMax = 0, uplinkMax = 0;
    for (const Link &l : d.links) {
        const double u = r.linkUtilization.at(l.id);
        const bool uplink = d.node(l.a.node).role == NodeRole::Switch && d.node(l.b.node).role == NodeRole::Switch;
        double &m = uplink ? uplinkMax : serverMax;
        m = std::max(m, u);
    }
    QVERIFY2(uplinkMax > 0.95, qPrintable(QString::number(uplinkMax)));
    QVERIFY2(serverMax < uplinkMax, qPrintable(QString::number(serverMax)));
    QVERIFY(r.network && r.network->metrics && r.network->metrics->bisectionGbps > 0);
    QVERIFY(m_window->scene()->linkItem(d.links[0].id)->utilization() >= 0);
}

void TestGui::presentationMode()
{
    QVERIFY(m_window->openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml"), false));
    QVERIFY(m_window->analysis()->waitForIdle(20000));
    m_window->setPresentationMode(true);
    QVERIFY(m_window->presentationMode());
    QVERIFY(!m_window->palette()->isVisible());
    QVERIFY(!m_window->menuBar()->isVisible());
    m_window->setPresentationMode(false);
    QVERIFY(m_window->menuBar()->isVisible());
    QVERIFY(m_window->palette()->isVisible());
}

void TestGui::schedulerRuns()
{
    QVERIFY(SchedulerView::engineAvailable());
    QVERIFY(m_window->openFile(QStringLiteral(CPLAN_SOURCE_DIR "/samples/h100-pool-128gpu.cluster.yaml"), false));
    SchedulerView *s = m_window->scheduler();
    s->setPolicy(QStringLiteral("backfill"));
    s->setSyntheticJobs(300, 0.8);
    QSignalSpy busy(s, &SchedulerView::busyGpusChanged);
    s->run();
    QVERIFY(s->waitForRun(60000));
    QVERIFY2(s->summaryText().contains(QStringLiteral("300 jobs")), qPrintable(s->summaryText()));
    s->setPlaying(false);
    s->seek(0.5);
    QVERIFY(!busy.isEmpty());
    QCOMPARE(busy.last().at(1).toInt(), 128); // capacity
    QVERIFY(!m_window->document()->isModified()); // a simulation is not an edit
}

void TestGui::problemClickSelects()
{
    const std::string host = addNode(QStringLiteral("host-1hca"), QPointF(0, 0));
    addNode(QStringLiteral("qm9700"), QPointF(0, -300));
    QVERIFY(m_window->analysis()->waitForIdle(20000));
    QTreeWidget *tree = m_window->problems()->tree();
    QTreeWidgetItem *finding = nullptr;
    for (int i = 0; i < tree->topLevelItemCount() && !finding; ++i)
        if (tree->topLevelItem(i)->data(0, Qt::UserRole + 1).toStringList().contains(QString::fromStdString(host)))
            finding = tree->topLevelItem(i);
    QVERIFY2(finding, "no finding names the unwired host");
    m_window->scene()->clearSelection();
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(finding).center());
    QCOMPARE(m_window->scene()->selectedNodeIds(), std::vector<std::string>{host});
}

void TestGui::autosaveWritesRecovery()
{
    QFile::remove(MainWindow::recoveryFile());
    m_window->autosave(); // nothing to save: no file
    QVERIFY(!QFile::exists(MainWindow::recoveryFile()));
    addNode(QStringLiteral("qm9700"), QPointF(0, 0));
    m_window->autosave();
    QVERIFY(QFile::exists(MainWindow::recoveryFile()));
    auto recovered = loadDesign(MainWindow::recoveryFile().toStdString(), &*m_catalog);
    QVERIFY(recovered.ok());
    QCOMPARE(QString::fromStdString(serializeDesign(*recovered)), text());
    // Saving removes it: a clean state leaves nothing to recover.
    QTemporaryDir dir;
    QVERIFY(m_window->saveFile(dir.filePath(QStringLiteral("x.cluster.yaml"))));
    QVERIFY(!QFile::exists(MainWindow::recoveryFile()));
}

void TestGui::openAsyncKeepsWorkOnError()
{
    addNode(QStringLiteral("qm9700"), QPointF(0, 0));
    const QString work = text();
    QSignalSpy spy(m_window, &MainWindow::fileOpened);
    m_window->openFileAsync(QStringLiteral(CPLAN_TEST_DATA "/design-malformed/missing-node.cluster.yaml"), false);
    QVERIFY(spy.wait(20000));
    QCOMPARE(spy.at(0).at(0).toBool(), false);
    QVERIFY(spy.at(0).at(1).toString().contains(QStringLiteral("missing-node.cluster.yaml:")));
    QCOMPARE(text(), work);
    m_window->openFileAsync(QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml"), false);
    QVERIFY(spy.wait(20000));
    QCOMPARE(spy.at(1).at(0).toBool(), true);
    QVERIFY(!m_window->document()->isModified());
    QCOMPARE(m_window->document()->design().name.empty(), false);
}

// A user store damaged on disk is set aside when the catalog loads; the window says so (and
// where the old file went) once it is up, without blocking.
void TestGui::damagedStoreIsReported()
{
    QTemporaryDir dir;
    const std::string store = dir.filePath(QStringLiteral("store.sqlite")).toStdString();
    {
        auto fresh = UserStore::open(store);
        QVERIFY(fresh.ok());
        for (const char *part : {"dgx-h100", "qm9700", "connectx-7"})
            QVERIFY(fresh->setPrice(part, 1000).ok());
    }
    {
        QFile f(QString::fromStdString(store));
        // Keep the 100-byte header (it says the file is ours), scribble over the pages.
        QVERIFY(f.size() > 100);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(100);
        f.write(QByteArray(int(f.size() - 100), char(0x5a)));
    }
    auto catalog = loadCatalog(store);
    QVERIFY2(catalog.ok(), catalog.ok() ? "" : catalog.error().toString().c_str());
    QCOMPARE(catalog->loadWarnings().size(), std::size_t(1));
    MainWindow window(*catalog);
    window.setAutosaveEnabled(false);
    window.show();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox *>()) != nullptr);
    QVERIFY(box->isVisible());
    QVERIFY2(box->informativeText().contains(QStringLiteral(".corrupt-")), qPrintable(box->informativeText()));
    box->close();
    QCOMPARE(QDir(dir.path()).entryList({QStringLiteral("store.sqlite.corrupt-*")}, QDir::Files).size() >= 1, true);
}

CPLAN_TEST_MAIN(TestGui)
#include "tst_gui.moc"
