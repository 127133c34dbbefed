#include "screenshot.h"

#include "asbuiltcompare.h"
#include "mainwindow.h"

#include "analysis.h"
#include "canvasscene.h"
#include "canvasitems.h"
#include "canvaslod.h"
#include "canvasview.h"
#include "document.h"
#include "enginejob.h"
#include "fabricwizard.h"
#include "rackview.h"
#include "schedulerview.h"

#include "catalog/catalog.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QImage>
#include <QPixmap>
#include <QTextStream>

namespace cplan {

namespace {

void settle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

// The design opened, collapsed if asked and compared with an as-built fabric if asked; false
// (the message on `err`) when a file cannot be read.
bool openDesign(MainWindow &window, const ScreenshotOptions &o, QTextStream &err)
{
    if (!o.design.isEmpty()) {
        QString error;
        if (!window.openFile(o.design, false, &error)) {
            err << error << Qt::endl;
            return false;
        }
    }
    if (o.collapse)
        window.scene()->setAllGroupsCollapsed(true);
    if (!o.compare.isEmpty()) {
        QString error;
        if (!window.asBuilt()->compareWith(o.compare, &error)) {
            err << error << Qt::endl;
            return false;
        }
        window.showDock(QStringLiteral("DifferencesDock"));
    }
    return true;
}

// --dock: that dock in front, with room to be seen; the rack view on the first focus group's row.
void bringDockToFront(MainWindow &window, const ScreenshotOptions &o)
{
    window.showDock(o.dock);
    // A bottom dock in front gets room to be seen (by default it is a few lines high).
    for (QDockWidget *d : window.dockWidgets())
        if (d->objectName() == o.dock && window.dockWidgetArea(d) == Qt::BottomDockWidgetArea)
            window.resizeDocks({d}, {o.size.height() * 2 / 5}, Qt::Vertical);
    // A right dock in front gets a third of the width (its charts and tables).
    for (QDockWidget *d : window.dockWidgets())
        if (d->objectName() == o.dock && window.dockWidgetArea(d) == Qt::RightDockWidgetArea)
            window.resizeDocks({d}, {o.size.width() / 3}, Qt::Horizontal);
    // The rack view shows the row of the first group in focus (rows are named after units).
    if (!o.focusGroups.isEmpty())
        if (auto *racks = window.findChild<RackView *>()) {
            racks->refresh();   // now, not on its timer: the rows of the design just opened
            racks->setCurrentRow(o.focusGroups.first());
        }
}

// --schedule: a scheduling run in the scheduler dock, paused at the replay position asked.
bool runSchedule(MainWindow &window, const ScreenshotOptions &o, QTextStream &err)
{
    window.showDock(QStringLiteral("SchedulerDock"));
    SchedulerView *s = window.scheduler();
    s->setPolicy(o.schedulePolicy);
    s->setSyntheticJobs(o.scheduleJobs, 0.85);
    s->run();
    if (!s->waitForRun(120000)) {
        err << "scheduling run failed: " << s->summaryText() << Qt::endl;
        return false;
    }
    s->setPlaying(false);
    s->seek(o.scheduleAt);
    return true;
}

// The whole design in view, or the focus groups with the switches above them.
void frameView(MainWindow &window, const ScreenshotOptions &o)
{
    window.view()->fitAll();
    if (o.focusGroups.isEmpty())
        return;
    QRectF box;
    for (const QString &g : o.focusGroups) {
        const QRectF r = window.scene()->groupBounds(g);   // drawn or collapsed
        if (!r.isNull())
            box = box.isNull() ? r : box.united(r);
    }
    // Switches above the groups (spines, cores) stay in the picture.
    const QRectF all = window.scene()->contentRect();
    box.setTop(all.top());
    if (!box.isNull())
        window.view()->fitInView(box.adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
    // A large design's units in view, expanded.
    window.scene()->levelOfDetail()->viewChanged();
    window.scene()->flushLevelOfDetail();
}

// The picture: the window, or (--wizard) the new-fabric wizard over it.
QImage grabImage(MainWindow &window, const ScreenshotOptions &o)
{
    if (!o.wizard)
        return window.grab().toImage();
    FabricWizard wizard(window.document()->catalog(), &window);
    wizard.setServers(QStringLiteral("dgx-h100"), 127);
    wizard.show();
    wizard.waitForPreview(30000);
    settle(100);
    return wizard.grab().toImage();
}

} // namespace

int takeScreenshot(MainWindow &window, const ScreenshotOptions &o)
{
    QTextStream err(stderr);
    window.setAutosaveEnabled(false);
    window.resize(o.size);
    window.show();
    settle(100);
    if (!openDesign(window, o, err))
        return 2;
    if (!o.dock.isEmpty())
        bringDockToFront(window, o);
    if (!o.heatmap.isEmpty())
        window.setHeatmapPattern(o.heatmap);
    if (!o.schedulePolicy.isEmpty() && !runSchedule(window, o, err))
        return 1;
    window.analysis()->runNow();
    if (!window.analysis()->waitForIdle(120000))
        err << "analysis did not finish in time" << Qt::endl;
    settle(100);   // a dock's own job (the Reliability dock's) starts after a pause
    if (!window.jobs()->waitForIdle(120000))
        err << "a job did not finish in time" << Qt::endl;
    if (o.presentation) {
        window.setPresentationMode(true);
        // Offscreen there is no real full screen: keep the requested size.
        window.showNormal();
        window.resize(o.size);
    }
    settle(200);
    frameView(window, o);
    settle(200);
    const QImage image = grabImage(window, o);
    if (!image.save(o.output)) {
        err << "cannot write " << o.output << Qt::endl;
        return 2;
    }
    return 0;
}

} // namespace cplan
