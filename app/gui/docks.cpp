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
#include <QTimer>

#include <algorithm>
#include <cstdlib>

namespace cplan {

namespace {

// The bottom area is as tall as the Problems list wants (a few rows); a rack elevation or the
// bill of materials in it showed a sliver. Brought to the front, either grows the area to a
// useful height (never past 45 % of the window); Problems or Differences brought back give the
// canvas its height again, unless the user resized the area meanwhile.
constexpr int kTallDockPx = 340;

class TallWhileShown : public QObject
{
public:
    TallWhileShown(QMainWindow *window, const QList<QDockWidget *> &tall, const QList<QDockWidget *> &others)
        : QObject(window), m_window(window), m_others(others)
    {
        for (QDockWidget *d : tall)
            connect(d, &QDockWidget::visibilityChanged, this, [this, d](bool visible) { if (visible) grow(d); });
        for (QDockWidget *d : others)
            connect(d, &QDockWidget::visibilityChanged, this, [this, d](bool visible) { if (visible) giveBack(d); });
    }

private:
    void grow(QDockWidget *dock)
    {
        const int want = std::min(kTallDockPx, m_window->height() * 45 / 100);
        if (dock->isFloating() || dock->height() >= want)
            return;
        if (m_short < 0)   // the short docks' height (they keep it while behind), taken once: no drift
            m_short = m_others.isEmpty() ? dock->height() : m_others.front()->height();
        m_before = m_short;
        m_window->resizeDocks({dock}, {want}, Qt::Vertical);
        m_grown = want;
    }
    void giveBack(QDockWidget *dock)
    {
        // Still about as tall as grown (the size given counts the tab bar): the user left it so.
        if (m_before > 0 && !dock->isFloating() && std::abs(dock->height() - m_grown) <= 40) {
            m_window->resizeDocks({dock}, {m_before}, Qt::Vertical);
            // The size given counts the tab bar; once laid out, what it took is given back.
            QTimer::singleShot(0, this, [this, dock, target = m_before] {
                if (const int off = target - dock->height(); off > 0 && off < 60)
                    m_window->resizeDocks({dock}, {target + off}, Qt::Vertical);
            });
        }
        m_before = m_grown = -1;
    }

    QMainWindow *m_window;
    QList<QDockWidget *> m_others;
    int m_short = -1;                  // the short docks' height before any tall one grew the area
    int m_before = -1, m_grown = -1;   // the height to give back, and the one asked for in growing
};

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
    new TallWhileShown(window, {bom, racks}, {problems, differences});
    return d;
}

} // namespace cplan
