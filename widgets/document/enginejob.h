#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/control.h"
#endif

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <type_traits>
#include <utility>

namespace cplan {

class Catalog;
class Document;
struct Design;

// What a job's worker reads: its own copies, never the window's. The GUI thread changes the
// design (edits) and the catalog (a price typed into the BOM) while the worker runs.
struct JobSnapshot
{
    // Copied without its lookups (what the GUI thread can afford for 300,000 links): the
    // worker calls design() once, which indexes it there. Null when the job needs none.
    std::shared_ptr<Design> unindexed;
    std::shared_ptr<const Catalog> catalog;
    quint64 revision = 0;                   // the document revision the design copy is of

    // The document's design and catalog as they are now (copies, on this thread).
    static JobSnapshot of(const Document &document);
    // The design copy, indexed on first use (call on the worker).
    const Design &design();
    bool indexed = false;
    // The catalog only (jobs that read a file, or sweep their own designs).
    static JobSnapshot catalogOf(const Catalog &catalog);
};

// How far a job is: the engine's Progress, plus counts for jobs that have them (a sweep).
struct JobProgress : Progress
{
    std::size_t done = 0, total = 0;
    double etaS = 0;
};

// What the worker gets: the cancel token and progress reporting. `control()` is what the
// engine's entry points take; report() is for jobs that count their own steps.
class JobControl
{
public:
    const RunControl &control() const { return m_control; }
    bool cancelled() const { return m_control.cancelled(); }
    void report(const JobProgress &progress) const { m_report(progress); }

private:
    friend class EngineJobs;
    RunControl m_control;
    std::function<void(const JobProgress &)> m_report;
};

// The one way the window runs engine work off the GUI thread (issue 27). A job is a function
// of its snapshot run on a worker thread of its own, with a cancel token; its result reaches
// the GUI thread only if the job was not cancelled, its context object still exists and (when
// it is bound to a document) the document's revision is still the one of its snapshot.
// cancel() returns at once: the engine stops at its next check (within ~100 ms), a job that
// cannot stop (a file being parsed) runs on and its result is dropped. Nothing here blocks
// the GUI thread, destruction included.
//
// Data crosses threads only through the job's state under a std::mutex (visible to
// ThreadSanitizer); the GUI thread is woken by a queued call that carries no data.
class EngineJobs : public QObject
{
    Q_OBJECT

public:
    using JobId = quint64;

    struct Spec
    {
        QString kind;     // one job per kind: starting one cancels the one running ("analysis")
        QString title;    // the progress bar's text while it runs
        QObject *context = nullptr;    // the result is dropped (and the job cancelled) once it is gone
        const Document *document = nullptr;   // bound to this document's revision ...
        quint64 revision = 0;                 // ... as it was when the snapshot was taken
        bool deliverCancelled = false;        // a cancelled job still delivers (a sweep's partial run)
        bool quiet = false;                   // not shown in the progress bar (the wizard's preview)
        // The progress bar's text for a progress report (GUI thread); default: the title.
        std::function<QString(const JobProgress &)> describe;
        // Each progress report (GUI thread; coalesced to the latest).
        std::function<void(const JobProgress &)> onProgress;
    };

    explicit EngineJobs(QObject *parent = nullptr);
    ~EngineJobs() override;   // cancels what runs; does not wait

    // Runs `work(JobControl &)` on a worker thread; `done(result)` on the GUI thread.
    template<class Work, class Done>
    JobId start(Spec spec, Work work, Done done)
    {
        using R = std::invoke_result_t<Work &, JobControl &>;
        return startErased(
            std::move(spec),
            [work = std::move(work)](JobControl &control) mutable -> std::shared_ptr<void> {
                return std::make_shared<R>(work(control));
            },
            [done = std::move(done)](const std::shared_ptr<void> &r) mutable { done(std::move(*std::static_pointer_cast<R>(r))); });
    }

    // Cancels a job; returns at once. No result is delivered for it (unless deliverCancelled).
    void cancel(JobId id);
    void cancelKind(const QString &kind);
    // The Cancel button: the job the progress bar shows.
    void cancelShown();
    void cancelAll();

    bool isRunning(JobId id) const { return m_jobs.count(id) > 0; }
    bool isRunning(const QString &kind) const;
    bool isBusy() const { return !m_jobs.empty(); }
    // Workers of this runner that have not returned yet (cancelled ones included).
    int workersRunning(const QString &kind = {}) const;
    // Processes events until no job runs (tests, screenshots).
    bool waitForIdle(int timeoutMs);
    // Blocks until this runner's workers have returned (tests: the engine really stopped).
    bool waitForWorkers(int timeoutMs) const;
    // Blocks until every runner's workers have returned: at exit, so that no worker outlives
    // main() (a cancelled one returns within ~100 ms; a file being parsed may take longer).
    static bool waitForAllWorkers(int timeoutMs);

signals:
    // The job the progress bar should show changed (0: none); its title.
    void shownJobChanged(cplan::EngineJobs::JobId id, const QString &title);
    void progress(int percent, const QString &text);   // of the job shown
    void jobCancelled(cplan::EngineJobs::JobId id, const QString &kind);
    void jobFinished(cplan::EngineJobs::JobId id, const QString &kind);

private:
    struct Shared;
    struct State;
    struct Job
    {
        Spec spec;
        std::shared_ptr<State> state;
        std::function<void(const std::shared_ptr<void> &)> done;
        QMetaObject::Connection contextGone;
    };

    JobId startErased(Spec spec, std::function<std::shared_ptr<void>(JobControl &)> work,
                      std::function<void(const std::shared_ptr<void> &)> done);
    Q_INVOKABLE void drain();   // a worker reported: progress, or its end
    void finish(JobId id, std::shared_ptr<void> result, bool cancelled);
    void drop(JobId id);
    void updateShown();

    std::shared_ptr<Shared> m_shared;
    std::map<JobId, Job> m_jobs;   // started, not yet delivered or cancelled
    JobId m_next = 1;
    JobId m_shown = 0;
};

} // namespace cplan
