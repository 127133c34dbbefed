#pragma once

#include <QCoreApplication>

#include <QString>

class QAction;
class QActionGroup;
class QGraphicsItem;
class QMenu;
class QPoint;
class QToolBar;

namespace cplan {

class MainWindow;

// The menus and the toolbar of the main window, and the actions other code needs to reach
// (checkable ones, undo/redo). Every action calls a function of the window or of one of its
// parts (files, exports, clipboard, scene, view, analysis).
struct MainActions
{
    Q_DECLARE_TR_FUNCTIONS(cplan::MainActions)

public:
    QAction *undo = nullptr;
    QAction *redo = nullptr;
    QAction *cut = nullptr;
    QAction *copy = nullptr;
    QAction *paste = nullptr;
    QAction *del = nullptr;
    QAction *find = nullptr;
    QAction *saveAs = nullptr;
    QAction *importPrices = nullptr;   // File > Import price list (enabled with a writable price book)
    QAction *presentation = nullptr;
    QAction *leavePresentation = nullptr;   // Esc, enabled in presentation mode only
    QAction *failureMode = nullptr;
    QAction *fit = nullptr;
    QAction *help = nullptr;
    QActionGroup *heatmap = nullptr;   // data(): the traffic pattern, empty = off
    QActionGroup *messageSize = nullptr;   // data(): bytes per flow or collective size, 0 = the pattern's default
    QMenu *recentMenu = nullptr;
    QMenu *viewMenu = nullptr;
    QToolBar *toolbar = nullptr;

    static MainActions create(MainWindow &window);
    // View > Utilization heatmap checks the pattern and message size asked for (its patterns and
    // their names: heatmapPatterns(), widgets/l10n/heatmaptext.h).
    void checkHeatmap(const QString &pattern, double bytes) const;
    // The right-click menu of the canvas for `item` (a node, link or collapsed group; null =
    // empty canvas), at a global position.
    void showContextMenu(MainWindow &window, QGraphicsItem *item, const QPoint &globalPos) const;

private:
    void createFileMenu(MainWindow &window);
    void createEditMenu(MainWindow &window);
    void createViewMenu(MainWindow &window);
    void createMessageSizeMenu(MainWindow &window, QMenu *heatmapMenu);
    void createToolsMenu(MainWindow &window);
    void createHelpMenu(MainWindow &window);
    void createToolbar(MainWindow &window);
};

} // namespace cplan
