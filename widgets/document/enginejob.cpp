#include "enginejob.h"

#include "document.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cplan {

JobSnapshot JobSnapshot::of(const Document &document)
{
    JobSnapshot s;
    s.unindexed = std::make_shared<Design>(document.design().unindexedCopy());
    s.catalog = std::make_shared<const Catalog>(document.catalog());
    s.revision = document.revision();
    return s;
}

JobSnapshot JobSnapshot::catalogOf(const Catalog &catalog)
{
    JobSnapshot s;
    s.catalog = std::make_shared<const Catalog>(catalog);
    return s;
}

const Design &JobSnapshot::design()
{
    if (!indexed) {
        unindexed->reindex();
        indexed = true;
    }
    return *unindexed;
}

namespace {

// Every runner's workers, for waitForAllWorkers() at exit.
struct AllWorkers
{
    std::mutex mutex;
    std::condition_variable none;
    int count = 0;
};

AllWorkers &allWorkers()
{
    static AllWorkers *all = new AllWorkers; // never destroyed: a worker may end after main()
    return *all;
}

} // namespace

// What a runner's workers share with it. `owner` is cleared (under the mutex) when the runner
// goes, so a worker never wakes a deleted object.
struct EngineJobs::Shared
{
    mutable std::mutex mutex;
    mutable std::condition_variable returned;
    EngineJobs *owner = nullptr;
    bool posted = false;   // a drain() is queued
    std::map<std::string, int> workers;   // per kind, not yet returned

    // Under the mutex: queues one drain() on the GUI thread (a call without data).
    void wake()
    {
        if (owner && !posted) {
            posted = true;
            QMetaObject::invokeMethod(owner, "drain", Qt::QueuedConnection);
        }
    }
};

// One job as its worker and the GUI thread share it; all but `cancel` under Shared::mutex.
struct EngineJobs::State
{
    CancelToken cancel;
    std::string kind;
    bool returned = false;
    std::shared_ptr<void> result;
    bool progressNew = false;
    JobProgress progress;
};

EngineJobs::EngineJobs(QObject *parent)
    : QObject(parent)
    , m_shared(std::make_shared<Shared>())
{
    m_shared->owner = this;
}

EngineJobs::~EngineJobs()
{
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->owner = nullptr;
    }
    for (auto &[id, job] : m_jobs)
        job.state->cancel.cancel();
}

EngineJobs::JobId EngineJobs::startErased(Spec spec, std::function<std::shared_ptr<void>(JobControl &)> work,
                                          std::function<void(const std::shared_ptr<void> &)> done)
{
    if (!spec.kind.isEmpty())
        cancelKind(spec.kind);
    const JobId id = m_next++;
    auto state = std::make_shared<State>();
    state->kind = spec.kind.toStdString();
    {
        std::lock_guard lock(m_shared->mutex);
        ++m_shared->workers[state->kind];
    }
    {
        AllWorkers &all = allWorkers();
        std::lock_guard lock(all.mutex);
        ++all.count;
    }
    Job &job = m_jobs[id];
    job.spec = std::move(spec);
    job.state = state;
    job.done = std::move(done);
    if (QObject *context = job.spec.context)
        job.contextGone = connect(context, &QObject::destroyed, this, [this, id] { drop(id); });

    // A thread of its own: its creation orders the snapshot's copy before the worker reads it
    // (for ThreadSanitizer too, which does not see into Qt's thread pool).
    std::thread([shared = m_shared, state, work = std::move(work)]() mutable {
        {
            JobControl control;
            control.m_control.cancel = state->cancel;
            auto report = [shared, state](const JobProgress &p) {
                std::lock_guard lock(shared->mutex);
                state->progress = p;
                state->progressNew = true;
                shared->wake();
            };
            control.m_report = report;
            control.m_control.progress = [report](const Progress &p) {
                JobProgress jp;
                static_cast<Progress &>(jp) = p;
                report(jp);
            };
            std::shared_ptr<void> result = work(control);
            work = nullptr;   // the snapshot goes here, not on the GUI thread
            std::lock_guard lock(shared->mutex);
            state->result = std::move(result);
            state->returned = true;
            --shared->workers[state->kind];
            shared->returned.notify_all();
            shared->wake();
        }
        shared.reset();
        state.reset();
        AllWorkers &all = allWorkers();
        std::lock_guard lock(all.mutex);
        if (--all.count == 0)
            all.none.notify_all();
    }).detach();
    updateShown();
    return id;
}

void EngineJobs::drain()
{
    struct Report
    {
        JobId id;
        std::optional<JobProgress> progress;
        bool returned = false;
        std::shared_ptr<void> result;
    };
    std::vector<Report> reports;
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->posted = false;
        for (auto &[id, job] : m_jobs) {
            State &s = *job.state;
            Report r{id, {}, s.returned, std::move(s.result)};
            if (s.progressNew)
                r.progress = s.progress;
            s.progressNew = false;
            if (r.progress || r.returned)
                reports.push_back(std::move(r));
        }
    }
    // A callback may start or cancel jobs: look each one up again.
    for (Report &r : reports) {
        auto it = m_jobs.find(r.id);
        if (it == m_jobs.end())
            continue;
        if (r.progress) {
            if (it->second.spec.onProgress)
                it->second.spec.onProgress(*r.progress);
            it = m_jobs.find(r.id);
            if (it != m_jobs.end() && r.id == m_shown)
                emit progress(r.progress->percent,
                              it->second.spec.describe ? it->second.spec.describe(*r.progress) : it->second.spec.title);
        }
        if (r.returned)
            finish(r.id, std::move(r.result), false);
    }
}

void EngineJobs::finish(JobId id, std::shared_ptr<void> result, bool cancelled)
{
    auto it = m_jobs.find(id);
    if (it == m_jobs.end())
        return;
    Job job = std::move(it->second);
    m_jobs.erase(it);
    disconnect(job.contextGone);
    updateShown();
    cancelled = cancelled || job.state->cancel.cancelled();
    const QString kind = job.spec.kind;
    if (cancelled && !job.spec.deliverCancelled) {
        emit jobCancelled(id, kind);
        return;
    }
    const bool current = !job.spec.document || job.spec.document->revision() == job.spec.revision;
    if (result && current)
        job.done(result);
    emit jobFinished(id, kind);
}

void EngineJobs::cancel(JobId id)
{
    auto it = m_jobs.find(id);
    if (it == m_jobs.end())
        return;
    it->second.state->cancel.cancel();
    if (it->second.spec.deliverCancelled)
        return;   // its partial result comes when the worker returns
    finish(id, nullptr, true);
}

// The context is being destroyed: cancel without a word (no signal reaches a dying object).
void EngineJobs::drop(JobId id)
{
    auto it = m_jobs.find(id);
    if (it == m_jobs.end())
        return;
    it->second.state->cancel.cancel();
    m_jobs.erase(it);
    updateShown();
}

void EngineJobs::cancelKind(const QString &kind)
{
    std::vector<JobId> ids;
    for (const auto &[id, job] : m_jobs)
        if (job.spec.kind == kind)
            ids.push_back(id);
    for (JobId id : ids)
        cancel(id);
}

void EngineJobs::cancelShown()
{
    cancel(m_shown);
}

void EngineJobs::cancelAll()
{
    std::vector<JobId> ids;
    for (const auto &[id, job] : m_jobs)
        ids.push_back(id);
    for (JobId id : ids)
        cancel(id);
}

bool EngineJobs::isRunning(const QString &kind) const
{
    for (const auto &[id, job] : m_jobs)
        if (job.spec.kind == kind)
            return true;
    return false;
}

int EngineJobs::workersRunning(const QString &kind) const
{
    std::lock_guard lock(m_shared->mutex);
    if (!kind.isEmpty()) {
        auto it = m_shared->workers.find(kind.toStdString());
        return it == m_shared->workers.end() ? 0 : it->second;
    }
    int n = 0;
    for (const auto &[k, count] : m_shared->workers)
        n += count;
    return n;
}

void EngineJobs::updateShown()
{
    JobId shown = 0;
    for (const auto &[id, job] : m_jobs)
        if (!job.spec.quiet)
            shown = id;   // the latest
    if (shown == m_shown)
        return;
    m_shown = shown;
    emit shownJobChanged(shown, shown ? m_jobs.at(shown).spec.title : QString());
}

bool EngineJobs::waitForIdle(int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (isBusy() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !isBusy();
}

bool EngineJobs::waitForWorkers(int timeoutMs) const
{
    std::unique_lock lock(m_shared->mutex);
    return m_shared->returned.wait_for(lock, std::chrono::milliseconds(timeoutMs), [this] {
        for (const auto &[k, count] : m_shared->workers)
            if (count)
                return false;
        return true;
    });
}

bool EngineJobs::waitForAllWorkers(int timeoutMs)
{
    AllWorkers &all = allWorkers();
    std::unique_lock lock(all.mutex);
    return all.none.wait_for(lock, std::chrono::milliseconds(timeoutMs), [&all] { return all.count == 0; });
}

} // namespace cplan
