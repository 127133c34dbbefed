#pragma once

#include <QCoreApplication>

class QAction;
class QActionGroup;
class QMenu;
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
    QAction *presentation = nullptr;
    QAction *failureMode = nullptr;
    QActionGroup *heatmap = nullptr;   // data(): the traffic pattern, empty = off
    QMenu *recentMenu = nullptr;
    QMenu *viewMenu = nullptr;
    QToolBar *toolbar = nullptr;

    static MainActions create(MainWindow &window);

private:
    void createFileMenu(MainWindow &window);
    void createEditMenu(MainWindow &window);
    void createViewMenu(MainWindow &window);
    void createToolsMenu(MainWindow &window);
    void createToolbar(MainWindow &window);
};

} // namespace cplan
