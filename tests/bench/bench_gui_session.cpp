#include "bench_gui_session.h"

#include "mainwindow.h"

#include "analysis.h"
#include "canvasitems.h"
#include "canvasscene.h"
#include "canvassearch.h"
#include "canvasview.h"
#include "document.h"

#include "model/design.h"

#include <QApplication>
#include <QScrollBar>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>

namespace cplan {

void spin(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

namespace {

// One phase: runs `what`, prints its longest stall and wall time.
template <typename F>
double phase(StallWatch &heartbeat, const char *name, F &&what)
{
    QElapsedTimer t;
    t.start();
    heartbeat.start();
    what();
    const double stall = heartbeat.stopMs();
    std::printf("  %-44s longest GUI stall %6.1f ms (%.2f s)\n", name, stall, t.nsecsElapsed() / 1e9);
    std::fflush(stdout);
    return stall;
}

// A server in the middle of the design: the one a user zooms onto.
std::string middleServer(const Design &design)
{
    std::vector<const Node *> servers;
    for (const Node &n : design.nodes)
        if (n.role == NodeRole::Server)
            servers.push_back(&n);
    return servers.empty() ? std::string() : servers[servers.size() / 3]->id;
}

QPoint viewPointOf(CanvasView *view, QPointF scenePos)
{
    return view->mapFromScene(scenePos);
}

} // namespace

double runSession(MainWindow &window, StallWatch &heartbeat)
{
    CanvasView *view = window.view();
    CanvasScene *scene = window.scene();
    Document *doc = window.document();
    QWidget *vp = view->viewport();
    double worst = 0;
    auto run = [&](const char *name, auto &&what) { worst = std::max(worst, phase(heartbeat, name, what)); };

    run("pan at fit (16 steps of 200 px)", [&] {
        view->fitAll();
        spin(100);
        for (int i = 0; i < 16; ++i) {
            QScrollBar *bar = i < 8 ? view->horizontalScrollBar() : view->verticalScrollBar();
            bar->setValue(bar->value() + (i % 4 < 2 ? 200 : -200));
            spin(30);
        }
    });
    const std::string server = middleServer(doc->design());
    run("zoom in onto a server (16 x 1.3, wheel-like)", [&] {
        view->fitAll();
        spin(50);
        const auto n = doc->design().findNode(server);
        const Node &node = doc->design().node(*n);
        for (int i = 0; i < 16; ++i) {
            view->centerOn(node.x, node.y);
            view->zoomBy(1.3);
            spin(60);
        }
        spin(300);
    });
    run("pan zoomed in (16 steps of 200 px)", [&] {
        for (int i = 0; i < 16; ++i) {
            QScrollBar *bar = i < 8 ? view->horizontalScrollBar() : view->verticalScrollBar();
            bar->setValue(bar->value() + (i % 4 < 2 ? 200 : -200));
            spin(40);
        }
        spin(300);
    });
    run("click a server, drag it 60 px (MoveNodes)", [&] {
        const auto n = doc->design().findNode(server);
        const Node &node = doc->design().node(*n);
        view->centerOn(node.x, node.y);
        spin(200);
        NodeItem *item = scene->nodeItem(server);
        const QPoint at = item ? viewPointOf(view, item->sceneBoundingRect().center() + QPointF(0, 8)) : vp->rect().center();
        QTest::mouseClick(vp, Qt::LeftButton, {}, at);
        spin(50);
        QTest::mousePress(vp, Qt::LeftButton, {}, at);
        for (int i = 1; i <= 6; ++i) {
            QTest::mouseMove(vp, at + QPoint(i * 10, 0));
            spin(15);
        }
        QTest::mouseRelease(vp, Qt::LeftButton, {}, at + QPoint(60, 0));
        spin(1000);
        if (doc->undoStack()->count() != 1 || scene->selectedNodeIds() != std::vector<std::string>{server})
            std::printf("  (the drag did not select and move %s: %d undo step(s))\n", server.c_str(), doc->undoStack()->count());
    });
    run("Delete the selected server, then undo both", [&] {
        view->setFocus();
        QTest::keyClick(vp, Qt::Key_Delete);
        spin(1000);
        if (doc->design().findNode(server))
            std::printf("  (Delete did not remove %s)\n", server.c_str());
        doc->undoStack()->undo();
        spin(1000);
        doc->undoStack()->undo();
        spin(1000);
    });
    run("zoom out to fit (16 x 1/1.3)", [&] {
        for (int i = 0; i < 16; ++i) {
            view->zoomBy(1 / 1.3);
            spin(60);
        }
        view->fitAll();
        spin(300);
    });
    run("find a server in a collapsed unit (Ctrl+F)", [&] {
        const Design &d = doc->design();
        std::string last;
        for (const Node &n : d.nodes)
            if (n.role == NodeRole::Server)
                last = n.id;
        window.searchBar()->find(QString::fromStdString(last));
        spin(500);
        if (!scene->nodeItem(last) || !scene->nodeItem(last)->isSelected())
            std::printf("  (search did not select %s)\n", last.c_str());
    });
    run("metrics refreshed off the thread", [&] { window.analysis()->waitForIdle(300000); });
    std::printf("  selected after the session: %zu node(s); undo stack clean: %s\n", scene->selectedNodeIds().size(),
                doc->undoStack()->isClean() ? "yes" : "no");
    return worst;
}

} // namespace cplan
