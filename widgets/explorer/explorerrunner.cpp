#include "explorerrunner.h"

#include "l10n.h"

#include "catalog/catalog.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QPointer>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

namespace cplan {

ExplorerRunner::ExplorerRunner(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Outcome>>::finished, this, &ExplorerRunner::onFinished);
}

ExplorerRunner::~ExplorerRunner()
{
    m_cancel.cancel();
    m_watcher.waitForFinished();
}

bool ExplorerRunner::start(const SweepSpec &spec, const Catalog &catalog, unsigned threads)
{
    if (isRunning())
        return false;
    m_cancel = CancelToken();
    m_spec = spec;
    m_run.reset();
    m_error.clear();
    m_idle = false;
    auto snapshot = std::make_shared<const Catalog>(catalog);
    const CancelToken cancel = m_cancel;
    QPointer<ExplorerRunner> self(this);
    m_watcher.setFuture(QtConcurrent::run([spec, snapshot, cancel, threads, self] {
        SweepRunOptions options;
        options.threads = threads;
        options.cancel = cancel;
        options.progress = [self](const SweepProgress &p) {
            // Queued to the GUI thread; the runner may be gone by then.
            QMetaObject::invokeMethod(
                self.data(), [self, p] { if (self) emit self->progress(int(p.done), int(p.total), p.etaS); }, Qt::QueuedConnection);
        };
        auto out = std::make_shared<Outcome>();
        auto run = runSweep(spec, *snapshot, options);
        if (run)
            out->run = std::move(*run);
        else
            out->error = errorText(run.error());
        return out;
    }));
    return true;
}

void ExplorerRunner::cancel()
{
    m_cancel.cancel();
}

void ExplorerRunner::onFinished()
{
    const std::shared_ptr<Outcome> out = m_watcher.result();
    m_run = std::move(out->run);
    m_error = out->error;
    m_idle = true;
    emit finished();
}

bool ExplorerRunner::waitForIdle(int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (!m_idle && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(5);
    }
    return m_idle;
}

} // namespace cplan
