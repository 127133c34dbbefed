// GUI benchmark (DESIGN.md §8): on a ~2,000-GPU design, edit -> refreshed metrics; a 32,000-GPU
// design opens; pan/zoom repaint times. A 2 ms heartbeat timer on the GUI thread measures the
// longest stall during each phase. Prints figures; run on demand (not a ctest).
#include "mainwindow.h"

#include "analysis.h"
#include "canvasitems.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "commands.h"
#include "document.h"
#include "metricsview.h"

#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace cplan;

namespace {

// Measures the longest gap between ticks of a 2 ms timer: how long the GUI thread was busy.
class Heartbeat : public QObject
{
public:
    Heartbeat()
    {
        m_timer.setInterval(2);
        m_timer.setTimerType(Qt::PreciseTimer);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            if (m_last >= 0)
                m_maxGapNs = std::max(m_maxGapNs, now - m_last);
            m_last = now;
        });
    }
    void start()
    {
        m_maxGapNs = 0;
        m_clock.start();
        m_last = 0; // a stall right after start counts too
        m_timer.start();
    }
    double stopMs()
    {
        m_timer.stop();
        return m_maxGapNs / 1e6;
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = -1, m_maxGapNs = 0;
};

void spin(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

Design fatTree(const Catalog &catalog, int servers)
{
    FatTreeSpec spec;
    spec.name = "bench " + std::to_string(servers * 8) + " GPUs";
    spec.servers = {{"dgx-h100", servers}};
    spec.switchPart = "qm9700";
    auto d = generateFatTree(spec, catalog);
    if (!d) {
        std::fprintf(stderr, "generate: %s\n", d.error().toString().c_str());
        std::exit(2);
    }
    return std::move(*d);
}

} // namespace

int main(int argc, char **argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("cluster-planner-bench"));
    auto catalog = loadCatalog();
    if (!catalog) {
        std::fprintf(stderr, "%s\n", catalog.error().toString().c_str());
        return 2;
    }
    QTemporaryDir dir;
    Heartbeat heartbeat;
    MainWindow window(*catalog);
    window.setAutosaveEnabled(false);
    window.resize(1600, 1000);
    window.show();
    spin(200);

    // --- 1. ~2,000 GPUs: edit -> refreshed metrics ------------------------------------------
    if (!qEnvironmentVariableIsSet("BENCH_GUI_ONLY_BIG")) {
        const QString file = dir.filePath(QStringLiteral("g2000.cluster.yaml"));
        (void)saveDesign(fatTree(*catalog, 250), file.toStdString());
        window.openFile(file, false);
        window.analysis()->waitForIdle(60000);
        spin(100);
        Document *doc = window.document();
        std::vector<double> times;
        heartbeat.start();
        for (int i = 0; i < 10; ++i) {
            QElapsedTimer t;
            bool done = false;
            auto c = QObject::connect(window.analysis(), &AnalysisRunner::finished, [&] { done = true; });
            t.start();
            // An edit that changes the figures: add a server (then, next round, take it away).
            if (i % 2 == 0) {
                Node n;
                n.id = "bench-extra";
                n.name = n.id;
                n.part = "dgx-h100";
                n.x = 100;
                n.y = 1200;
                doc->undoStack()->push(new AddNodes(doc, {n}));
            } else {
                doc->undoStack()->undo();
            }
            while (!done && t.elapsed() < 30000)
                QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            times.push_back(t.nsecsElapsed() / 1e6);
            QObject::disconnect(c);
            spin(50);
        }
        const double stall = heartbeat.stopMs();
        std::sort(times.begin(), times.end());
        std::printf("2,000-GPU design (%zu nodes, %zu links): edit -> refreshed metrics median %.1f ms, max %.1f ms "
                    "(includes the %d ms debounce); analysis %.1f ms; longest GUI stall %.1f ms\n",
                    doc->design().nodes.size(), doc->design().links.size(), times[times.size() / 2], times.back(), 40,
                    window.analysis()->result().wallMs(), stall);
        std::printf("  metrics: GPUs %s, CAPEX %s, bisection %s\n", qPrintable(window.metrics()->figure(QStringLiteral("GPUs"))),
                    qPrintable(window.metrics()->figure(QStringLiteral("CAPEX"))),
                    qPrintable(window.metrics()->figure(QStringLiteral("Bisection"))));
    }

    // --- 2. 32,000 GPUs: open ---------------------------------------------------------------
    {
        QElapsedTimer g;
        g.start();
        // BENCH_GUI_DESIGN=FILE opens that design instead (issue 13: the 102,400-GPU 8-plane one
        // that tests/bench/bench_planes.sh writes).
        QString file = qEnvironmentVariable("BENCH_GUI_DESIGN");
        if (file.isEmpty()) {
            const Design big = fatTree(*catalog, 4000);
            file = dir.filePath(QStringLiteral("g32000.cluster.yaml"));
            (void)saveDesign(big, file.toStdString());
            std::printf("32,000-GPU design generated and saved in %.2f s (%zu nodes, %zu links)\n", g.nsecsElapsed() / 1e9,
                        big.nodes.size(), big.links.size());
        }
        {
            QElapsedTimer p;
            p.start();
            auto parsed = loadDesign(file.toStdString(), &*catalog);
            std::printf("  (parsing alone: %.2f s)\n", p.nsecsElapsed() / 1e9);
        }
        heartbeat.start();
        QElapsedTimer t;
        t.start();
        // As the user opens it: parsed on a worker, the scene built on the GUI thread.
        bool opened = false;
        auto c = QObject::connect(&window, &MainWindow::fileOpened, [&] { opened = true; });
        window.openFileAsync(file, false);
        while (!opened && t.elapsed() < 60000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        QObject::disconnect(c);
        const double openS = t.nsecsElapsed() / 1e9;

        window.view()->viewport()->repaint();
        const double paintedS = t.nsecsElapsed() / 1e9;
        window.analysis()->waitForIdle(120000);
        const double analysedS = t.nsecsElapsed() / 1e9;
        const double stall = heartbeat.stopMs();
        std::printf("%s: opened (parsed on a worker, %zu link items on the canvas) in %.2f s, painted at %.2f s, "
                    "metrics at %.2f s; longest GUI stall %.0f ms\n",
                    qPrintable(QFileInfo(file).fileName()), window.scene()->linkItems().size(), openS, paintedS, analysedS, stall);

        // Pan and zoom: full repaints of the viewport, collapsed (as it opens) and expanded.
        auto repaints = [&](const char *what) {
            CanvasView *view = window.view();
            view->fitAll();
            std::vector<double> ms;
            for (int i = 0; i < 6; ++i) {
                QElapsedTimer r;
                r.start();
                if (i % 2)
                    view->zoomBy(1.25);
                else
                    view->zoomBy(0.8);
                view->viewport()->repaint();
                ms.push_back(r.nsecsElapsed() / 1e6);
            }
            std::sort(ms.begin(), ms.end());
            std::printf("  zoom repaint (%s, fit view): median %.1f ms, max %.1f ms\n", what, ms[ms.size() / 2], ms.back());
            view->zoomBy(4);
            QElapsedTimer r;
            r.start();
            view->viewport()->repaint();
            std::printf("  zoom repaint (%s, zoomed in x4): %.1f ms\n", what, r.nsecsElapsed() / 1e6);
        };
        if (qEnvironmentVariableIsSet("BENCH_GUI_HIDE")) {
            const QByteArray what = qgetenv("BENCH_GUI_HIDE");
            for (QGraphicsItem *i : window.scene()->items())
                if ((what == "layer" && i->type() == LinkLayerType) || (what == "nodes" && i->type() == NodeItemType) ||
                    (what == "links" && i->type() == LinkItemType))
                    i->hide();
        }
        repaints("scalable units collapsed");
        window.scene()->setAllGroupsCollapsed(false);
        repaints("everything expanded");
    }
    return 0;
}
