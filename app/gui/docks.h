#pragma once

#include <QCoreApplication>
#include <QList>

class QDockWidget;
class QMainWindow;
class QTableView;

namespace cplan {

class BomModel;
class CanvasScene;
class Catalog;
class DifferencesView;
class Document;
class Inspector;
class MetricsView;
class OverviewView;
class CanvasView;
class PartPalette;
class ProblemsView;
class RackView;
class ReliabilityView;
class SchedulerView;
class TrainingView;

// The docks around the canvas and their default layout: parts (tabbed with the pod and
// scalable-unit overview) and inspector on the left, metrics, scheduler, reliability and training (tabbed)
// on the right, problems, bill of materials, differences from the as-built fabric and racks (tabbed)
// below.
// A new dock is added here, with its objectName (saved layouts and View ▸ Docks use it).
struct Docks
{
    Q_DECLARE_TR_FUNCTIONS(cplan::Docks)

public:
    PartPalette *palette = nullptr;
    Inspector *inspector = nullptr;
    ProblemsView *problems = nullptr;
    MetricsView *metrics = nullptr;
    SchedulerView *scheduler = nullptr;
    ReliabilityView *reliability = nullptr;   // failures over time
    TrainingView *training = nullptr;         // step time, tokens/s and cost per token of a model
    OverviewView *overview = nullptr;
    RackView *racks = nullptr;
    BomModel *bomModel = nullptr;
    QTableView *bomView = nullptr;
    DifferencesView *differences = nullptr;   // a comparison with the as-built fabric
    QList<QDockWidget *> all;   // in the order of the View ▸ Docks menu

    static Docks create(QMainWindow *window, Document *document, CanvasScene *scene, CanvasView *view, const Catalog &catalog);
};

} // namespace cplan
