#include "docks.h"

#include "bommodel.h"
#include "differencesview.h"
#include "inspector.h"
#include "metricsview.h"
#include "overviewview.h"
#include "partpalette.h"
#include "problemsview.h"
#include "rackview.h"
#include "reliabilityview.h"
#include "trainingview.h"
#include "canvasscene.h"
#include "schedulerview.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QMainWindow>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>

#include <algorithm>

namespace cplan {

namespace {

// The bottom area is as tall as the Problems list wants (a few rows); a rack elevation or the
// bill of materials in it showed a sliver. Brought to the front, either grows the area to a
// useful height (never shrinks it, never past 45 % of the window).
constexpr int kTallDockPx = 340;

void growWhenShown(QMainWindow *window, QDockWidget *dock)
{
    QObject::connect(dock, &QDockWidget::visibilityChanged, window, [window, dock](bool visible) {
        const int want = std::min(kTallDockPx, window->height() * 45 / 100);
        if (visible && !dock->isFloating() && dock->height() < want)
            window->resizeDocks({dock}, {want}, Qt::Vertical);
    });
}

QTableView *createBomView(BomModel *model, QWidget *parent)
{
    auto *proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(Qt::UserRole);
    auto *view = new QTableView(parent);
    view->setModel(proxy);
    view->setSortingEnabled(false);
    view->horizontalHeader()->setSectionResizeMode(BomModel::DescriptionColumn, QHeaderView::Stretch);
    view->verticalHeader()->hide();
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    // Unit prices are typed in place (when the window's price book is writable).
    view->setItemDelegateForColumn(BomModel::UnitPriceColumn, new BomPriceDelegate(view));
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    view->setObjectName(QStringLiteral("BomView"));
    return view;
}

} // namespace

Docks Docks::create(QMainWindow *window, Document *document, CanvasScene *scene, CanvasView *view, const Catalog &catalog)
{
    Docks d;
    auto dock = [&](QWidget *w, const QString &title, const QString &name, Qt::DockWidgetArea area) {
        auto *dw = new QDockWidget(title, window);
        dw->setObjectName(name);
        dw->setWidget(w);
        window->addDockWidget(area, dw);
        d.all << dw;
        return dw;
    };
    d.palette = new PartPalette(catalog, window);
    d.inspector = new Inspector(document, scene, window);
    d.problems = new ProblemsView(scene, window);
    d.metrics = new MetricsView(window);
    d.scheduler = new SchedulerView(document, window);
    d.reliability = new ReliabilityView(document, window);
    d.training = new TrainingView(document, window);
    d.overview = new OverviewView(document, scene, view, window);
    d.bomModel = new BomModel(window);
    d.bomView = createBomView(d.bomModel, window);
    d.differences = new DifferencesView(window);
    d.racks = new RackView(document, window);
    // A device double-clicked in its rack is selected on the canvas.
    QObject::connect(d.racks, &RackView::nodeActivated, scene, [scene](const QString &id) { scene->selectObjects({id}); });
    QObject::connect(d.racks, &RackView::statusMessage, window, [window](const QString &m) { window->statusBar()->showMessage(m, 8000); });

    auto *palette = dock(d.palette, tr("Parts"), QStringLiteral("PartsDock"), Qt::LeftDockWidgetArea);
    auto *inspector = dock(d.inspector, tr("Inspector"), QStringLiteral("InspectorDock"), Qt::LeftDockWidgetArea);
    window->splitDockWidget(palette, inspector, Qt::Vertical);
    auto *overview = dock(d.overview, tr("Overview"), QStringLiteral("OverviewDock"), Qt::LeftDockWidgetArea);
    window->tabifyDockWidget(palette, overview);
    palette->raise();
    auto *metrics = dock(d.metrics, tr("Metrics"), QStringLiteral("MetricsDock"), Qt::RightDockWidgetArea);
    auto *scheduler = dock(d.scheduler, tr("Scheduler"), QStringLiteral("SchedulerDock"), Qt::RightDockWidgetArea);
    window->tabifyDockWidget(metrics, scheduler);
    auto *reliability = dock(d.reliability, tr("Reliability"), QStringLiteral("ReliabilityDock"), Qt::RightDockWidgetArea);
    window->tabifyDockWidget(scheduler, reliability);
    auto *training = dock(d.training, tr("Training"), QStringLiteral("TrainingDock"), Qt::RightDockWidgetArea);
    window->tabifyDockWidget(reliability, training);
    metrics->raise();
    auto *problems = dock(d.problems, tr("Problems"), QStringLiteral("ProblemsDock"), Qt::BottomDockWidgetArea);
    auto *bom = dock(d.bomView, tr("Bill of materials"), QStringLiteral("BomDock"), Qt::BottomDockWidgetArea);
    window->tabifyDockWidget(problems, bom);
    auto *differences = dock(d.differences, tr("Differences"), QStringLiteral("DifferencesDock"), Qt::BottomDockWidgetArea);
    window->tabifyDockWidget(bom, differences);
    auto *racks = dock(d.racks, tr("Racks"), QStringLiteral("RacksDock"), Qt::BottomDockWidgetArea);
    window->tabifyDockWidget(differences, racks);
    problems->raise();
    window->resizeDocks({palette, metrics}, {330, 380}, Qt::Horizontal);
    window->resizeDocks({problems}, {190}, Qt::Vertical);
    window->resizeDocks({palette, inspector}, {420, 330}, Qt::Vertical);
    for (QDockWidget *tall : {bom, racks})
        growWhenShown(window, tall);
    return d;
}

} // namespace cplan
