#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QWidget;

namespace cplan {

class Catalog;
class ExplorerWindow;
class MainWindow;

// Tools > Design explorer: a main window's explorer window (made on first use), and what its
// points open: a main window of its own with the point's design (analysed like any design, so
// its figures show), and with "Use in report" also the sweep, which that window's report then
// shows on an "Alternatives considered" page.
class ExplorerHost : public QObject
{
    Q_OBJECT

public:
    ExplorerHost(MainWindow *owner, const Catalog &catalog);
    ~ExplorerHost() override;

    ExplorerWindow *show();
    ExplorerWindow *window() const;
    // Opens a result of the explorer's sweep in a new main window; with `forReport`, that
    // window's report gets the sweep with this point chosen. Null (and a message in the
    // explorer) when the design cannot be generated.
    MainWindow *openPoint(int result, bool forReport);
    // The windows opened so far that are still open.
    QList<MainWindow *> openedWindows() const;
    // Fits `window` into the free area of the screen `near` is on, centred on `near`.
    static void placeOnScreen(QWidget *window, const QWidget *near);

private:
    MainWindow *m_owner;
    const Catalog &m_catalog;
    QPointer<ExplorerWindow> m_window;
    QList<QPointer<MainWindow>> m_opened;
};

} // namespace cplan
