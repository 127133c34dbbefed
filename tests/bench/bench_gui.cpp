// GUI benchmark (DESIGN.md §8): on a ~2,000-GPU design, edit -> refreshed metrics; a 32,000-GPU
// design (or BENCH_GUI_DESIGN=FILE) opens, then a user session on it (bench_gui_session.cpp:
// pan, zoom, select, move, delete, undo, find, metrics off the thread). A 2 ms heartbeat timer on
// the GUI thread measures the longest stall during each phase. Prints figures and the peak RSS;
// run on demand (not a ctest).
#include "bench_gui_session.h"
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

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace cplan;

namespace {

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
    StallWatch heartbeat;
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
        const double openStall = heartbeat.stopMs();
        std::printf("%s: opened (parsed on a worker) in %.2f s, first paint at %.2f s; longest GUI stall until then "
                    "%.0f ms; %lld items on the canvas (%zu link items)\n",
                    qPrintable(QFileInfo(file).fileName()), openS, paintedS, openStall,
                    static_cast<long long>(window.scene()->items().size()), window.scene()->linkItems().size());
        std::fflush(stdout);
        // What the user does next, with the metrics of the design computed off the thread.
        const double sessionStall = runSession(window, heartbeat);
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        std::printf("longest GUI-thread stall: %.0f ms (opening to first paint %.0f ms, session %.0f ms); "
                    "peak RSS %.0f MB\n",
                    std::max(openStall, sessionStall), openStall, sessionStall, usage.ru_maxrss / 1024.0);
    }
    return 0;
}
