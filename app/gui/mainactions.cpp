#include "mainactions.h"

#include "documentfiles.h"
#include "exporter.h"
#include "i18n.h"
#include "mainwindow.h"

#include "analysis.h"
#include "canvasclipboard.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "document.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QGraphicsItem>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

namespace cplan {

MainActions MainActions::create(MainWindow &window)
{
    MainActions a;
    a.createFileMenu(window);
    a.createEditMenu(window);
    a.createViewMenu(window);
    a.createToolsMenu(window);
    a.createToolbar(window);
    return a;
}

void MainActions::createFileMenu(MainWindow &w)
{
    DocumentFiles *files = w.files();
    Exporter *exporter = w.exporter();
    auto *file = w.menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, files, &DocumentFiles::newDesign);
    file->addAction(tr("New &fat-tree fabric…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), &w, &MainWindow::newFatTree);
    file->addAction(tr("&Open…"), QKeySequence::Open, files, &DocumentFiles::open);
    recentMenu = file->addMenu(tr("Open &recent"));
    files->setRecentMenu(recentMenu);
    file->addAction(tr("&Save"), QKeySequence::Save, files, &DocumentFiles::save);
    file->addAction(tr("Save &as…"), QKeySequence::SaveAs, files, &DocumentFiles::saveAs);
    file->addSeparator();
    file->addAction(tr("&Export view…"), QKeySequence(Qt::CTRL | Qt::Key_E), exporter, &Exporter::exportView);
    file->addAction(tr("Export &report (PDF)…"), exporter, &Exporter::exportReport);
    file->addAction(tr("Export &BOM workbook (XLSX)…"), exporter, &Exporter::exportBomWorkbook);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, &w, &QWidget::close);
}

void MainActions::createEditMenu(MainWindow &w)
{
    CanvasScene *scene = w.scene();
    QUndoStack *stack = w.document()->undoStack();
    auto *edit = w.menuBar()->addMenu(tr("&Edit"));
    undo = stack->createUndoAction(&w, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    redo = stack->createRedoAction(&w, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Copy"), QKeySequence::Copy, &w, [&w] { w.clipboard()->copyToClipboard(); });
    edit->addAction(tr("&Paste"), QKeySequence::Paste, &w, &MainWindow::paste);
    auto *del = edit->addAction(tr("&Delete"), QKeySequence::Delete, scene, &CanvasScene::deleteSelection);
    del->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    w.view()->addAction(del);
    edit->addAction(tr("Select &all"), QKeySequence::SelectAll, scene, [scene] {
        const auto items = scene->items();
        for (QGraphicsItem *i : items)
            if (i->isVisible() && (i->flags() & QGraphicsItem::ItemIsSelectable))
                i->setSelected(true);
    });
}

void MainActions::createViewMenu(MainWindow &w)
{
    CanvasScene *scene = w.scene();
    CanvasView *view = w.view();
    viewMenu = w.menuBar()->addMenu(tr("&View"));
    viewMenu->addAction(tr("Zoom &in"), QKeySequence::ZoomIn, view, [view] { view->zoomBy(1.25); });
    viewMenu->addAction(tr("Zoom &out"), QKeySequence::ZoomOut, view, [view] { view->zoomBy(0.8); });
    viewMenu->addAction(tr("&Fit to view"), QKeySequence(Qt::CTRL | Qt::Key_0), view, &CanvasView::fitAll);
    auto *snap = viewMenu->addAction(tr("&Snap to grid"));
    snap->setCheckable(true);
    snap->setChecked(scene->snapToGrid());
    QObject::connect(snap, &QAction::toggled, scene, &CanvasScene::setSnapToGrid);
    viewMenu->addAction(tr("&Collapse all scalable units"), scene, [scene] { scene->setAllGroupsCollapsed(true); });
    viewMenu->addAction(tr("E&xpand all groups"), scene, [scene] { scene->setAllGroupsCollapsed(false); });
    auto *heat = viewMenu->addMenu(tr("Utilization &heatmap"));
    heatmap = new QActionGroup(&w);
    const QList<QPair<QString, QString>> patterns = {{tr("Off"), QString()},
                                                     {tr("All-to-all"), QStringLiteral("alltoall")},
                                                     {tr("Shift by one (ring)"), QStringLiteral("shift:1")},
                                                     {tr("Random permutation"), QStringLiteral("permutation")}};
    for (const auto &[label, pattern] : patterns) {
        QAction *a = heat->addAction(label);
        a->setCheckable(true);
        a->setData(pattern);
        a->setChecked(pattern.isEmpty());
        heatmap->addAction(a);
    }
    QObject::connect(heatmap, &QActionGroup::triggered, &w, [&w](QAction *a) { w.setHeatmapPattern(a->data().toString()); });
    viewMenu->addSeparator();
    presentation = viewMenu->addAction(tr("&Presentation mode"));
    presentation->setShortcut(QKeySequence(Qt::Key_F5));
    presentation->setCheckable(true);
    QObject::connect(presentation, &QAction::toggled, &w, &MainWindow::setPresentationMode);
    w.addAction(presentation);
    viewMenu->addSeparator();
    viewMenu->addMenu(createLanguageMenu(&w));
    auto *docks = viewMenu->addMenu(tr("&Docks"));
    for (QDockWidget *d : w.dockWidgets())
        docks->addAction(d->toggleViewAction());
}

void MainActions::createToolsMenu(MainWindow &w)
{
    CanvasScene *scene = w.scene();
    auto *tools = w.menuBar()->addMenu(tr("&Tools"));
    failureMode = tools->addAction(tr("&Failure mode (click links or switches to fail them)"));
    failureMode->setCheckable(true);
    QObject::connect(failureMode, &QAction::toggled, &w, [&w, scene](bool on) {
        scene->setFailureMode(on);
        w.statusBar()->showMessage(on ? tr("Failure mode: click a link or a switch to fail it, click again to restore it")
                                      : tr("Failure mode off"),
                                   8000);
    });
    tools->addAction(tr("&Restore all failed objects"), scene, &CanvasScene::clearFailures);
    tools->addAction(tr("Run &analysis now"), w.analysis(), &AnalysisRunner::runNow);
}

void MainActions::createToolbar(MainWindow &w)
{
    toolbar = w.addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("MainToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolbar->addAction(tr("New fat tree…"), &w, &MainWindow::newFatTree);
    toolbar->addAction(tr("Open…"), w.files(), &DocumentFiles::open);
    toolbar->addAction(tr("Save"), w.files(), &DocumentFiles::save);
    toolbar->addSeparator();
    toolbar->addAction(undo);
    toolbar->addAction(redo);
    toolbar->addSeparator();
    toolbar->addAction(tr("Fit"), w.view(), &CanvasView::fitAll);
    toolbar->addAction(failureMode);
    failureMode->setIconText(tr("Failure mode"));
    toolbar->addAction(presentation);
    presentation->setIconText(tr("Present"));
}

} // namespace cplan
