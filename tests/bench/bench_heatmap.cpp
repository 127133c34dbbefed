// GUI benchmark (issue 17 item 1): on a 2,048 × DGX H100 design (16,384 endpoints), choose
// View ▸ Utilization heatmap ▸ All-to-all as a user does, then: how long until it is done and
// the process's peak memory; the Cancel button pressed at growing delays into the run, and
// how long the engine takes to return; closing the window during the run, and how long until
// the window is gone. Prints figures; run on demand (not a ctest).
//
//   cplan generate fat-tree --servers 2048 --server dgx-h100 --switch qm9700 -o dgx2048.cluster.yaml
//   QT_QPA_PLATFORM=offscreen bench_heatmap dgx2048.cluster.yaml [PATTERN=alltoall]

#include "mainwindow.h"

#include "analysis.h"

#include "catalog/catalog.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QToolButton>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <memory>

using namespace cplan;

namespace {

long peakRssMb()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

void spin(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

std::unique_ptr<MainWindow> openWindow(const Catalog &catalog, const QString &file)
{
    auto window = std::make_unique<MainWindow>(catalog);
    window->setAutosaveEnabled(false);
    window->resize(1600, 1000);
    window->show();
    if (!window->openFile(file, false)) {
        std::fprintf(stderr, "cannot open %s\n", qPrintable(file));
        std::exit(2);
    }
    window->analysis()->waitForIdle(300000);
    return window;
}

// Chooses the heatmap, waits `delayMs`, presses Cancel; returns ms until the engine returned
// (-1: the run had already finished).
double cancelAfter(MainWindow &window, const QString &pattern, int delayMs)
{
    window.setHeatmapPattern(pattern);
    spin(delayMs);
    AnalysisRunner *analysis = window.analysis();
    if (!analysis->isRunning())
        return -1;
    QElapsedTimer t;
    t.start();
    window.findChild<QToolButton *>(QStringLiteral("CancelAnalysis"))->click();
    analysis->waitForWorker(60000);
    const double ms = t.nsecsElapsed() / 1e6;
    window.setHeatmapPattern(QString());
    analysis->waitForIdle(300000);
    return ms;
}

} // namespace

int main(int argc, char **argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_heatmap DESIGN [PATTERN=alltoall]\n");
        return 2;
    }
    const QString file = QString::fromLocal8Bit(argv[1]);
    const QString pattern = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("alltoall");
    auto catalog = loadCatalog();
    if (!catalog) {
        std::fprintf(stderr, "%s\n", catalog.error().toString().c_str());
        return 2;
    }

    // 1. The heatmap to the end.
    auto window = openWindow(*catalog, file);
    std::printf("%s opened, analysed in %.0f ms; peak RSS so far %ld MB\n", argv[1], window->analysis()->result().wallMs(),
                peakRssMb());
    QElapsedTimer t;
    t.start();
    window->setHeatmapPattern(pattern);
    window->analysis()->waitForIdle(600000);
    const AnalysisResult &r = window->analysis()->result();
    std::printf("heatmap %s: done in %.2f s (analysis %.0f ms), %zu links coloured, peak RSS %ld MB%s%s\n", qPrintable(pattern),
                t.nsecsElapsed() / 1e9, r.wallMs(), r.linkUtilization.size(), peakRssMb(), r.notes.isEmpty() ? "" : "; note: ",
                r.notes.isEmpty() ? "" : qPrintable(r.notes.join(QStringLiteral("; "))));
    window->setHeatmapPattern(QString());
    window->analysis()->waitForIdle(600000);

    // 2. Cancel at growing delays into the run.
    double worst = 0;
    for (int delay : {20, 100, 300, 1000, 3000}) {
        const double ms = cancelAfter(*window, pattern, delay);
        if (ms < 0) {
            std::printf("  cancel at %d ms: the run had finished\n", delay);
            continue;
        }
        worst = std::max(worst, ms);
        std::printf("  cancel at %d ms: engine returned %.1f ms after the click\n", delay, ms);
    }
    std::printf("worst cancel latency %.1f ms\n", worst);

    // 3. Quit during the run: close the window and take it down, as the application does.
    for (int delay : {100, 1000}) {
        window->setHeatmapPattern(pattern);
        spin(delay);
        const bool running = window->analysis()->isRunning();
        QElapsedTimer q;
        q.start();
        window->close();
        window.reset();
        std::printf("quit %d ms into the run (%s): window gone %.1f ms after close\n", delay, running ? "running" : "already done",
                    q.nsecsElapsed() / 1e6);
        if (delay != 1000)
            window = openWindow(*catalog, file);
    }
    std::printf("peak RSS %ld MB\n", peakRssMb());
    return 0;
}
