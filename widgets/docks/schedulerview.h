#pragma once

#include "enginejob.h"

#include <QTimer>
#include <QWidget>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

class QCheckBox;
class QChartView;
class QComboBox;
class QLabel;
class QLayout;
class QVBoxLayout;
class QLineSeries;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QDoubleSpinBox;

namespace cplan {

class Document;
class SchedulerComparisonView;
struct ScheduleResult;
struct ScheduleScenario;

// The scheduler: pick a trace (synthetic or a CSV) and a policy, run the engine's scheduling
// simulation on the design's GPU pool (off the GUI thread), then replay it: play / pause /
// speed, GPU utilization and queue length over simulated time. The run is a job of the window's
// EngineJobs (its progress bar and Cancel); closing the dock cancels it and does not wait.
class SchedulerView : public QWidget
{
    Q_OBJECT

public:
    explicit SchedulerView(Document *document, QWidget *parent = nullptr);
    ~SchedulerView() override;

    static bool engineAvailable();
    // The window's job runner (the dock has one of its own until it is given one).
    void setJobs(EngineJobs *jobs);
    void setPolicy(const QString &policy);
    // Synthetic jobs instead of a trace file (what "Synthetic" by the trace does).
    void setSyntheticJobs(int jobs, double load);
    // A job trace (CSV) instead of synthetic jobs, as "Open trace…" sets it.
    void setTraceFile(const QString &fileName);
    void setSharedPool(bool shared);
    void run();
    // Compare…: asks for the variant (b), then runs both (a as set here) as one job and shows
    // them side by side (comparison()). compareWith() does it without the dialog; `policy` is
    // the engine's id ("backfill").
    void compare();
    void compareWith(const QString &policy, bool sharedPool);
    SchedulerComparisonView *comparison() const { return m_comparison; }
    // Stops the run in progress at once (the engine returns on its own); the last run stays.
    void cancelRun();
    bool isRunning() const;
    bool waitForRun(int timeoutMs);
    // Replay position as a share of the makespan, 0..1.
    void seek(double share);
    void setPlaying(bool playing);
    QString summaryText() const;
    // The finished run on the design as it is now, for the report (what was run, e.g.
    // "synthetic:200 | backfill | network coupling"); null when there is none or when the
    // design's servers or wiring changed since (the run no longer describes it).
    const ScheduleResult *reportableResult() const;
    QString reportableScenario() const;
    QString clockText() const;
    // Advances the replay by one timer step (what the play timer does; public for tests).
    void tick();

signals:
    void busyGpusChanged(double allocatedGpus, int capacityGpus);
    // Busy GPUs per server (design node id) at the replay time, from the jobs' placements.
    void busyServersChanged(const std::unordered_map<std::string, int> &busyGpus);
    void statusMessage(const QString &text);

public:
    struct Run;   // what a finished run leaves for the replay (schedulerrun.h)

private:
    void addScenarioForm(QVBoxLayout *layout);
    ScheduleScenario scenarioFromForm() const;
    bool beginRun();
    EngineJobs::Spec runSpec(const QString &title);
    QLayout *createRunButtons();
    QLayout *createReplayRow();
    void connectControls();
    void connectEngine();
    void onRunFinished(std::shared_ptr<Run> run);
    // Another design: the run shown (and one in progress) was the old one's; nothing of it stays.
    void forgetRun();
    // The run's summary, under what makes it outdated (an edit since) or what was cancelled.
    void showSummary();
    void showUpTo(double timeS);

    Document *m_document;
    QComboBox *m_policy, *m_speed;
    QSpinBox *m_jobs;
    QDoubleSpinBox *m_load;
    QCheckBox *m_network, *m_sharedPool;
    QPushButton *m_runButton, *m_compareButton, *m_traceButton, *m_clearTraceButton, *m_playButton;
    QProgressBar *m_progress;
    QSlider *m_slider;
    QLabel *m_summary, *m_clock, *m_traceLabel;
    SchedulerComparisonView *m_comparison;
    QChartView *m_utilView, *m_queueView;
    QLineSeries *m_alloc = nullptr, *m_effective = nullptr, *m_queue = nullptr;
    QTimer m_timer;
    EngineJobs *m_engine;
    quint64 m_job = 0;   // the run in progress (EngineJobs::JobId), 0 when none
    std::shared_ptr<Run> m_run;
    QString m_traceFile;
    double m_nowS = 0;
    bool m_runStale = false;   // the design changed after the run
    QString m_cancelled;       // when the run in progress started: said once it is cancelled
};

} // namespace cplan
