#include "mainactions.h"

#include "asbuiltcompare.h"
#include "documentfiles.h"
#include "explorerhost.h"
#include "exporter.h"
#include "heatmapcaption.h"
#include "i18n.h"
#include "mainwindow.h"
#include "manualdialog.h"
#include "perfcomparedialog.h"
#include "twincompare.h"

#include "analysis.h"
#include "canvasclipboard.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "document.h"

#include "canvasitems.h"
#include "heatmaptext.h"

#include "analysis/defaults.h"
#include "analysis/exportformats.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QMessageBox>
#include <QFileDialog>
#include <QGraphicsItem>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

namespace cplan {

namespace {

// A standard key with one more binding: the platform's list can lack the one users expect
// (Ctrl+Y for redo, Ctrl+Shift+S for save as are not bound on every desktop).
QList<QKeySequence> withExtra(QKeySequence::StandardKey key, const QKeySequence &extra)
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(key);
    if (!keys.contains(extra))
        keys << extra;
    return keys;
}

} // namespace

MainActions MainActions::create(MainWindow &window)
{
    MainActions a;
    a.createFileMenu(window);
    a.createEditMenu(window);
    a.createViewMenu(window);
    a.createToolsMenu(window);
    a.createHelpMenu(window);
    a.createToolbar(window);
    return a;
}

// Every entry of a menu has an accelerator of its own (Alt+F, then one key, does one thing).
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
    saveAs = file->addAction(tr("Sa&ve as…"), files, &DocumentFiles::saveAs);
    saveAs->setShortcuts(withExtra(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    file->addAction(tr("&Close"), QKeySequence::Close, files, &DocumentFiles::closeDesign);
    file->addSeparator();
    file->addAction(tr("Design se&ttings…"), &w, &MainWindow::showDesignSettings);
    file->addSeparator();
    file->addAction(tr("&Import fabric…"), w.asBuilt(), &AsBuiltCompare::importFabric);
    file->addAction(tr("Compare with &as-built…"), w.asBuilt(), &AsBuiltCompare::compare);
    file->addAction(tr("Compare with &measured performance…"), &w, [&w] { PerfCompareDialog::compare(w.document(), &w); });
    importPrices = file->addAction(tr("Import &price list…"), &w, [&w] {
        const QString path = QFileDialog::getOpenFileName(&w, MainActions::tr("Import price list"), QString(),
                                                          MainActions::tr("Price lists (*.csv *.xlsx);;All files (*)"));
        QString error, notice;
        if (path.isEmpty())
            return;
        if (!w.importPriceList(path, &error, &notice))
            QMessageBox::warning(&w, MainActions::tr("Import price list"), error);
        else if (!notice.isEmpty()
                 && QMessageBox::information(&w, MainActions::tr("Import price list"), notice, QMessageBox::Open | QMessageBox::Close)
                        == QMessageBox::Open)
            w.showDesignSettings();
    });
    importPrices->setEnabled(w.document()->canEditPrices());
    file->addSeparator();
    file->addAction(tr("&Export view…"), QKeySequence(Qt::CTRL | Qt::Key_E), exporter, &Exporter::exportView);
    file->addAction(tr("E&xport report (PDF)…"), exporter, &Exporter::exportReport);
    file->addAction(tr("Export &BOM workbook (XLSX)…"), exporter, &Exporter::exportBomWorkbook);
    // Every deliverable `cplan export` writes, from the engine's one table.
    auto *deliverables = file->addMenu(tr("Export &deliverable"));
    for (const ExportFormat &f : exportFormats()) {
        const QString name = QString::fromLatin1(f.name);
        QAction *a = deliverables->addAction(name + QStringLiteral("…"), exporter, [exporter, name] { exporter->exportFormat(name); });
        a->setToolTip(QString::fromUtf8(f.description));
    }
    deliverables->setToolTipsVisible(true);
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
    redo->setShortcuts(withExtra(QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::Key_Y)));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    cut = edit->addAction(tr("Cu&t"), QKeySequence::Cut, &w, &MainWindow::cut);
    copy = edit->addAction(tr("&Copy"), QKeySequence::Copy, &w, [&w] { w.clipboard()->copyToClipboard(); });
    paste = edit->addAction(tr("&Paste"), QKeySequence::Paste, &w, &MainWindow::paste);
    del = edit->addAction(tr("&Delete"), QKeySequence::Delete, scene, &CanvasScene::deleteSelection);
    del->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    w.view()->addAction(del);
    edit->addAction(tr("Select &all"), QKeySequence::SelectAll, scene, [scene] {
        const auto items = scene->items();
        for (QGraphicsItem *i : items)
            if (i->isVisible() && (i->flags() & QGraphicsItem::ItemIsSelectable))
                i->setSelected(true);
    });
    edit->addSeparator();
    find = edit->addAction(tr("&Find on canvas…"), QKeySequence::Find, &w, &MainWindow::showFind);
}

void MainActions::checkHeatmap(const QString &pattern, double bytes) const
{
    for (QAction *a : heatmap->actions())
        if (a->data().toString() == pattern)
            a->setChecked(true);
    for (QAction *a : messageSize->actions())
        if (a->data().toDouble() == bytes)
            a->setChecked(true);
}

// The heatmap's message size, beside its pattern: bytes per flow, or a collective's buffer.
void MainActions::createMessageSizeMenu(MainWindow &w, QMenu *heatmapMenu)
{
    heatmapMenu->addSeparator();
    QMenu *sizes = heatmapMenu->addMenu(tr("&Message size"));
    messageSize = new QActionGroup(&w);
    for (const double bytes : HeatmapCaption::messageSizes()) {
        QAction *a = sizes->addAction(bytes > 0 ? HeatmapCaption::sizeText(bytes)
                                                : tr("Default (%1 per flow, %2 for a collective)")
                                                      .arg(HeatmapCaption::sizeText(kDefaultMessageBytes),
                                                           HeatmapCaption::sizeText(kDefaultCollectiveBytes)));
        a->setCheckable(true);
        a->setData(bytes);
        a->setChecked(bytes == 0);
        messageSize->addAction(a);
    }
    QObject::connect(messageSize, &QActionGroup::triggered, &w, [&w](QAction *a) { w.setHeatmapMessageSize(a->data().toDouble()); });
}

void MainActions::createViewMenu(MainWindow &w)
{
    CanvasScene *scene = w.scene();
    CanvasView *view = w.view();
    viewMenu = w.menuBar()->addMenu(tr("&View"));
    QAction *zoomIn = viewMenu->addAction(tr("Zoom &in"), QKeySequence::ZoomIn, view, [view] { view->zoomBy(1.25); });
    QAction *zoomOut = viewMenu->addAction(tr("Zoom &out"), QKeySequence::ZoomOut, view, [view] { view->zoomBy(0.8); });
    fit = viewMenu->addAction(tr("&Fit to view"), QKeySequence(Qt::CTRL | Qt::Key_0), view, &CanvasView::fitAll);
    w.addActions({zoomIn, zoomOut, fit});   // their keys also while the menus are hidden (presentation mode)
    auto *snap = viewMenu->addAction(tr("&Snap to grid"));
    snap->setCheckable(true);
    snap->setChecked(scene->snapToGrid());
    QObject::connect(snap, &QAction::toggled, scene, &CanvasScene::setSnapToGrid);
    viewMenu->addAction(tr("&Collapse all scalable units"), scene, [scene] { scene->setAllGroupsCollapsed(true); });
    viewMenu->addAction(tr("E&xpand all groups"), scene, [scene] { scene->setAllGroupsCollapsed(false); });
    auto *heat = viewMenu->addMenu(tr("Utilization &heatmap"));
    heatmap = new QActionGroup(&w);
    for (const auto &[label, pattern] : heatmapPatterns()) {
        QAction *a = heat->addAction(label);
        a->setCheckable(true);
        a->setData(pattern);
        a->setChecked(pattern.isEmpty());
        heatmap->addAction(a);
    }
    QObject::connect(heatmap, &QActionGroup::triggered, &w, [&w](QAction *a) { w.setHeatmapPattern(a->data().toString()); });
    createMessageSizeMenu(w, heat);
    viewMenu->addSeparator();
    presentation = viewMenu->addAction(tr("&Presentation mode"));
    presentation->setShortcut(QKeySequence(Qt::Key_F5));
    presentation->setCheckable(true);
    QObject::connect(presentation, &QAction::toggled, &w, &MainWindow::setPresentationMode);
    w.addAction(presentation);
    // The menus are hidden while presenting: Esc (as F5) brings them back.
    leavePresentation = new QAction(tr("Leave presentation mode"), &w);
    leavePresentation->setShortcut(QKeySequence(Qt::Key_Escape));
    leavePresentation->setEnabled(false);
    QObject::connect(leavePresentation, &QAction::triggered, &w, [&w] { w.setPresentationMode(false); });
    w.addAction(leavePresentation);
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
    tools->addSeparator();
    tools->addAction(tr("&Design explorer…"), &w, [&w] { w.explorer()->show(); });
    auto *twin = new TwinCompare(&w, w.catalog());
    QAction *twinAction = tools->addAction(tr("Compare with the &Ethernet twin…"), twin, &TwinCompare::start);
    twinAction->setObjectName(QStringLiteral("compareEthernetTwin"));
    twinAction->setToolTip(tr("The same servers and rails on an Ethernet (Spectrum-X) fabric: key figures side by side, and why "
                              "they differ"));
}

void MainActions::createHelpMenu(MainWindow &w)
{
    auto *menu = w.menuBar()->addMenu(tr("&Help"));
    help = menu->addAction(tr("Cluster Planner &help"), QKeySequence::HelpContents, &w, &MainWindow::showHelp);
    w.addAction(help);   // F1 also while the menus are hidden
    menu->addAction(tr("&Manual"), &w, [&w] { ManualDialog::showManual(&w); });
    menu->addSeparator();
    menu->addAction(tr("&About Cluster Planner"), &w, &MainWindow::showAbout);
    menu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainActions::showContextMenu(MainWindow &w, QGraphicsItem *item, const QPoint &globalPos) const
{
    CanvasScene *scene = w.scene();
    QMenu menu(&w);
    if (item && (item->type() == NodeItemType || item->type() == LinkItemType)) {
        // The menu acts on what was clicked: select it unless it is part of the selection.
        if (!item->isSelected()) {
            scene->clearSelection();
            item->setSelected(true);
        }
        const std::string id = item->type() == NodeItemType ? static_cast<NodeItem *>(item)->nodeId()
                                                             : static_cast<LinkItem *>(item)->linkId();
        const bool failed = scene->failedObjects().count(id) > 0;
        menu.addAction(failed ? tr("&Restore (failure scenario)") : tr("&Fail (failure scenario)"), scene,
                       [scene, id] { scene->toggleFailed(id); });
        menu.addSeparator();
        if (item->type() == NodeItemType) {
            menu.addAction(cut);
            menu.addAction(copy);
        }
        menu.addAction(del);
        if (item->type() == NodeItemType && !static_cast<NodeItem *>(item)->group().isEmpty()) {
            const QString group = static_cast<NodeItem *>(item)->group();
            menu.addSeparator();
            menu.addAction(tr("Co&llapse group %1").arg(group), scene, [scene, group] { scene->setGroupCollapsed(group, true); });
        }
        menu.addSeparator();
        menu.addAction(tr("&Properties"), &w, [&w] { w.showDock(QStringLiteral("InspectorDock")); });
    } else if (item && item->type() == GroupItemType) {
        const QString group = static_cast<GroupItem *>(item)->groupId();
        menu.addAction(tr("E&xpand group %1").arg(static_cast<GroupItem *>(item)->title()), scene,
                       [scene, group] { scene->setGroupCollapsed(group, false); });
    } else {
        menu.addAction(paste);
        menu.addAction(fit);
        menu.addAction(find);
    }
    menu.exec(globalPos);
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
    toolbar->addAction(tr("Fit"), w.view(), &CanvasView::fitAll)->setToolTip(fit->toolTip());
    toolbar->addAction(failureMode);
    failureMode->setIconText(tr("Failure mode"));
    toolbar->addAction(presentation);
    presentation->setIconText(tr("Present"));
}

} // namespace cplan
