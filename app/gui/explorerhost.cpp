#include "explorerhost.h"

#include "exporter.h"
#include "mainwindow.h"
#include "pdfreport.h"

#include "analysis.h"
#include "canvasview.h"
#include "document.h"
#include "explorermodel.h"
#include "explorerseed.h"
#include "explorersetup.h"
#include "explorerwindow.h"

#include <QMessageBox>
#include <QScreen>
#include <QStatusBar>

#include <algorithm>

namespace cplan {

ExplorerHost::ExplorerHost(MainWindow *owner, const Catalog &catalog)
    : QObject(owner)
    , m_owner(owner)
    , m_catalog(catalog)
{
}

ExplorerHost::~ExplorerHost()
{
    delete m_window.data();
}

ExplorerWindow *ExplorerHost::window() const
{
    return m_window.data();
}

// A window as big as it asks to be but no bigger than the screen's free area (panels and task
// bars left out), centred on `near` and wholly on that screen: the explorer's default size is
// more than a laptop's screen.
void ExplorerHost::placeOnScreen(QWidget *window, const QWidget *near)
{
    QScreen *screen = near ? near->screen() : window->screen();
    if (!screen)
        return;
    const QRect room = screen->availableGeometry();
    // The frame (title bar, borders) comes on top of the window's own size.
    const QSize frame = near && near->isVisible() ? near->frameGeometry().size() - near->geometry().size() : QSize(0, 0);
    // The size it will have once shown: a layout that asks for more than it was resized to wins.
    const QSize size = window->size().expandedTo(window->minimumSizeHint()).boundedTo(room.size() - frame);
    window->resize(size);
    QRect r(QPoint(0, 0), size + frame);
    r.moveCenter(near && near->isVisible() ? near->frameGeometry().center() : room.center());
    r.moveLeft(std::clamp(r.left(), room.left(), std::max(room.left(), room.right() + 1 - r.width())));
    r.moveTop(std::clamp(r.top(), room.top(), std::max(room.top(), room.bottom() + 1 - r.height())));
    window->move(r.topLeft());
}

ExplorerWindow *ExplorerHost::show()
{
    if (!m_window) {
        m_window = new ExplorerWindow(m_catalog);
        m_window->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_window, &ExplorerWindow::openDesignRequested, this, [this](int result) { openPoint(result, false); });
        connect(m_window, &ExplorerWindow::useInReportRequested, this, [this](int result) { openPoint(result, true); });
        // The alternatives of the design in this window: its servers, switches, blocking, pattern.
        m_window->setup()->startFrom(explorerSeedOf(m_owner->document()->design(), m_catalog, m_owner->analysis()->pattern(),
                                                    m_owner->analysis()->messageBytes()));
    }
    if (!m_window->isVisible())
        placeOnScreen(m_window, m_owner);
    m_window->show();
    m_window->raise();
    m_window->activateWindow();
    return m_window;
}

MainWindow *ExplorerHost::openPoint(int result, bool forReport)
{
    if (!m_window)
        return nullptr;
    auto design = m_window->designOf(result);
    if (!design) {
        QMessageBox::warning(m_window, m_window->windowTitle(), QString::fromStdString(design.error().message));
        return nullptr;
    }
    auto *w = new MainWindow(m_catalog);
    w->setAttribute(Qt::WA_DeleteOnClose);
    const QString title = m_window->resultTitle(result);
    w->document()->reset(std::move(*design), QString(), true);
    if (forReport) {
        const ExplorerModel *model = m_window->model();
        w->exporter()->setAlternatives(ReportAlternatives{model->spec(), model->results(), m_window->chartX(), m_window->chartY(),
                                                          std::size_t(result)});
        w->statusBar()->showMessage(tr("%1 from the design explorer: its report has an \"Alternatives considered\" page").arg(title));
    } else {
        w->statusBar()->showMessage(tr("%1 from the design explorer").arg(title));
    }
    w->show();
    w->view()->fitAll();
    w->analysis()->runNow();
    m_opened << QPointer<MainWindow>(w);
    return w;
}

QList<MainWindow *> ExplorerHost::openedWindows() const
{
    QList<MainWindow *> out;
    for (const QPointer<MainWindow> &w : m_opened)
        if (w)
            out << w.data();
    return out;
}

} // namespace cplan
