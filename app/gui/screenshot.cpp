#include "screenshot.h"

#include "asbuiltcompare.h"
#include "mainwindow.h"

#include "analysis.h"
#include "canvasscene.h"
#include "canvasitems.h"
#include "canvasview.h"
#include "document.h"
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

static void settle(int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

int takeScreenshot(MainWindow &window, const ScreenshotOptions &o)
{
    QTextStream err(stderr);
    window.setAutosaveEnabled(false);
    window.resize(o.size);
    window.show();
    settle(100);
    if (!o.design.isEmpty()) {
        QString error;
        if (!window.openFile(o.design, false, &error)) {
            err << error << Qt::endl;
            return 2;
        }
    }
    if (o.collapse)
        window.scene()->setAllGroupsCollapsed(true);
    if (!o.compare.isEmpty()) {
        QString error;
        if (!window.asBuilt()->compareWith(o.compare, &error)) {
            err << error << Qt::endl;
            return 2;
        }
        window.showDock(QStringLiteral("DifferencesDock"));
    }
    if (!o.dock.isEmpty()) {
        window.showDock(o.dock);
        // A bottom dock in front gets room to be seen (by default it is a few lines high).
        for (QDockWidget *d : window.dockWidgets())
            if (d->objectName() == o.dock && window.dockWidgetArea(d) == Qt::BottomDockWidgetArea)
                window.resizeDocks({d}, {o.size.height() * 2 / 5}, Qt::Vertical);
        // The rack view shows the row of the first group in focus (rows are named after units).
        if (!o.focusGroups.isEmpty())
            if (auto *racks = window.findChild<RackView *>()) {
                racks->refresh();   // now, not on its timer: the rows of the design just opened
                racks->setCurrentRow(o.focusGroups.first());
            }
    }
    if (!o.heatmap.isEmpty())
        window.setHeatmapPattern(o.heatmap);
    if (!o.schedulePolicy.isEmpty()) {
        window.showDock(QStringLiteral("SchedulerDock"));
        SchedulerView *s = window.scheduler();
        s->setPolicy(o.schedulePolicy);
        s->setSyntheticJobs(o.scheduleJobs, 0.85);
        s->run();
        if (!s->waitForRun(120000)) {
            err << "scheduling run failed: " << s->summaryText() << Qt::endl;
            return 1;
        }
        s->setPlaying(false);
        s->seek(o.scheduleAt);
    }
    window.analysis()->runNow();
    if (!window.analysis()->waitForIdle(120000))
        err << "analysis did not finish in time" << Qt::endl;
    if (o.presentation) {
        window.setPresentationMode(true);
        // Offscreen there is no real full screen: keep the requested size.
        window.showNormal();
        window.resize(o.size);
    }
    settle(200);
    window.view()->fitAll();
    if (!o.focusGroups.isEmpty()) {
        QRectF box;
        for (const Node &n : window.document()->design().nodes)
            if (o.focusGroups.contains(QString::fromStdString(n.group)))
                if (QGraphicsItem *item = window.scene()->nodeItem(n.id))
                    box = box.isNull() ? item->sceneBoundingRect() : box.united(item->sceneBoundingRect());
        // Switches above the groups (spines, cores) stay in the picture.
        const QRectF all = window.scene()->contentRect();
        box.setTop(all.top());
        if (!box.isNull())
            window.view()->fitInView(box.adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
    }
    settle(200);
    QImage image;
    if (o.wizard) {
        FabricWizard wizard(window.document()->catalog(), &window);
        wizard.setServers(QStringLiteral("dgx-h100"), 127);
        wizard.show();
        wizard.waitForPreview(30000);
        settle(100);
        image = wizard.grab().toImage();
    } else {
        image = window.grab().toImage();
    }
    if (!image.save(o.output)) {
        err << "cannot write " << o.output << Qt::endl;
        return 2;
    }
    return 0;
}

} // namespace cplan
