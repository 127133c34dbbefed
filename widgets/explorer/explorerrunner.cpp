#include "explorerrunner.h"

#include "enginejob.h"
#include "l10n.h"

#include "catalog/catalog.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>

namespace cplan {

ExplorerRunner::ExplorerRunner(QObject *parent)
    : QObject(parent)
    , m_jobs(new EngineJobs(this))
{
}

ExplorerRunner::~ExplorerRunner()
{
    cancel();   // the points in progress end on their own; nothing waits for them
}

bool ExplorerRunner::isRunning() const
{
    return m_job && m_jobs->isRunning(m_job);
}

bool ExplorerRunner::start(const SweepSpec &spec, const Catalog &catalog, unsigned threads)
{
    if (isRunning())
        return false;
    m_spec = spec;
    m_run.reset();
    m_error.clear();
    m_idle = false;
    EngineJobs::Spec job;
    job.kind = QStringLiteral("sweep");
    job.title = tr("Design sweep");
    job.context = this;
    job.deliverCancelled = true;   // the points done are kept
    job.onProgress = [this](const JobProgress &p) { emit progress(int(p.done), int(p.total), p.etaS); };
    auto work = [spec, snapshot = JobSnapshot::catalogOf(catalog), threads](JobControl &control) {
        SweepRunOptions options;
        options.threads = threads;
        options.cancel = control.control().cancel;
        options.progress = [&control](const SweepProgress &p) {
            JobProgress jp;
            jp.percent = p.total ? int(100 * p.done / p.total) : 0;
            jp.done = p.done;
            jp.total = p.total;
            jp.etaS = p.etaS;
            control.report(jp);
        };
        auto out = std::make_shared<Outcome>();
        auto run = runSweep(spec, *snapshot.catalog, options);
        if (run)
            out->run = std::move(*run);
        else
            out->error = errorText(run.error());
        return out;
    };
    m_job = m_jobs->start(std::move(job), std::move(work), [this](std::shared_ptr<Outcome> out) { onFinished(std::move(out)); });
    return true;
}

void ExplorerRunner::cancel()
{
    if (isRunning())
        m_jobs->cancel(m_job);
}

void ExplorerRunner::onFinished(std::shared_ptr<Outcome> out)
{
    m_job = 0;
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
