#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "sweep/runsweep.h"
#endif

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace cplan {

class Catalog;
class EngineJobs;

// Runs a sweep (the engine's runSweep, core/sweep) as a job of an EngineJobs (the explorer
// window's own: the window outlives the main window that opened it), on a snapshot of the
// catalog: progress and the end arrive as signals on the GUI thread, and cancel() returns at
// once; the run stops after the points in progress and the points done are kept.
class ExplorerRunner : public QObject
{
    Q_OBJECT

public:
    explicit ExplorerRunner(QObject *parent = nullptr);
    ~ExplorerRunner() override;

    // False (and nothing starts) while a run is in progress.
    bool start(const SweepSpec &spec, const Catalog &catalog, unsigned threads = 0);
    void cancel();
    bool isRunning() const;
    // Waits until the run is over and its finished() was emitted (tests).
    bool waitForIdle(int timeoutMs);

    // The last run: its points (in expansion order, ranked), or why it failed.
    const std::optional<SweepRun> &run() const { return m_run; }
    const SweepSpec &spec() const { return m_spec; }
    QString error() const { return m_error; }

signals:
    void progress(int done, int total, double etaS);
    void finished();

private:
    struct Outcome
    {
        std::optional<SweepRun> run;
        QString error;
    };
    void onFinished(std::shared_ptr<Outcome> out);

    EngineJobs *m_jobs;
    quint64 m_job = 0;   // EngineJobs::JobId
    SweepSpec m_spec;
    std::optional<SweepRun> m_run;
    QString m_error;
    bool m_idle = true;
};

} // namespace cplan
