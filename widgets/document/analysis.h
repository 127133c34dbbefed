#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/design.h"
#include "analysis/tierload.h"
#include "model/design.h"
#endif

#include <QDateTime>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <algorithm>
#include <atomic>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>

namespace cplan {

class Catalog;
class Document;
class EngineJobs;

// What the docks and the canvas show: the engine's analysis of the design (core/analysis:
// rules, cost, network, the traffic pattern, failures) and the window's bookkeeping. Computed off
// the GUI thread; never part of the undo history.
struct AnalysisResult : DesignAnalysis
{
    quint64 revision = 0;                 // the document revision it was computed for
    std::string pattern;                  // traffic pattern asked for ("" = none)
    double messageBytes = 0;              // the size asked for (0: the pattern's own default)
    LinkTierLoad tierLoad;                // the pattern's run by link tier (its bottleneck)
    std::set<std::string> failed;         // failed links and nodes (design ids)
    std::unordered_map<std::string, double> linkUtilization;   // per link id, busier direction (heatmap)
    QStringList notes;                    // what could not be computed, and why
    QDateTime finishedAt;                 // when the run ended (outdated figures say how old they are)
    // The catalog snapshot it was computed with (prices typed into the BOM change the window's
    // own); kept so that part pointers in the results (racks) stay valid.
    std::shared_ptr<const Catalog> catalog;

    double wallMs() const { return wallS * 1000; }
    const TrafficResult *traffic() const;            // the pattern's run, if any
};

// Runs the analysis on a snapshot of the design as a job of the window's EngineJobs (kind
// "analysis"): debounced (edits in quick succession start one run), cancellable (a new edit or
// pattern cancels the run in progress; the engine stops within a few tens of milliseconds,
// inside its long stages too), reporting progress. Results arrive in finished() on the GUI
// thread; a run cancelled by the user (here or by the window's Cancel) ends with cancelled().
class AnalysisRunner : public QObject
{
    Q_OBJECT

public:
    // Without `jobs`, the runner has a job runner of its own.
    explicit AnalysisRunner(Document *document, EngineJobs *jobs = nullptr, QObject *parent = nullptr);
    ~AnalysisRunner() override;

    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    // Links copied into the run's snapshot per turn of the event loop (tests make it small).
    void setLinksPerSlice(std::size_t links) { m_linksPerSlice = std::max<std::size_t>(links, 1); }
    // Traffic pattern for the heatmap ("alltoall", "shift:1", ...); empty = none.
    void setPattern(const QString &pattern);
    QString pattern() const { return QString::fromStdString(m_pattern); }
    // Bytes per flow of a pattern, or the collective's size; 0 = the pattern's own default
    // (kDefaultMessageBytes, kDefaultCollectiveBytes).
    void setMessageBytes(double bytes);
    double messageBytes() const { return m_messageBytes; }
    void setFailed(const std::set<std::string> &failed);

    // Schedules a run after the debounce delay.
    void schedule();
    // Starts at once (skipping the debounce).
    void runNow();
    // Stops the run in progress (and a scheduled one); cancelled() when there was one. The
    // figures shown stay those of the last finished run.
    void cancel();
    bool isRunning() const;
    // The next run's snapshot is being copied (between slices); its worker has not started.
    bool isCopyingSnapshot() const { return m_copySlices.isActive(); }
    // Waits (blocking) until the worker has returned; true if it did within the time.
    bool waitForWorker(int timeoutMs);
    // Runs that returned stopped by a cancel (their results thrown away), since construction.
    int cancelledRuns() const { return *m_cancelledRuns; }
    const AnalysisResult &result() const { return m_result; }
    // The result answers the request as it is now: the document's revision, the pattern and
    // the failures (false while a run for a newer request is pending, or after it was cancelled).
    bool isResultCurrent() const;
    // Gives up a pattern that was asked for and not run (its run was cancelled): the request's
    // pattern is the result's again; nothing runs.
    void keepResultPattern() { m_pattern = m_result.pattern, m_messageBytes = m_result.messageBytes; }
    // Waits until the latest request is done (tests, screenshots, benchmarks).
    bool waitForIdle(int timeoutMs);

    // The analysis itself: the engine's analyzeDesign with the window's request; public for
    // tests and benchmarks.
    static AnalysisResult analyze(const Design &design, const Catalog &catalog, const std::string &pattern, double messageBytes,
                                  const std::set<std::string> &failed, const RunControl &control);
    // A progress stage in the interface language.
    static QString stageText(const Progress &progress);

signals:
    void started();
    void progress(int percent, const QString &stage);
    void finished(const cplan::AnalysisResult &result);
    void cancelled();

private:
    void start();
    void beginSnapshot();
    void copySlice();
    void launch();
    void onFinished(AnalysisResult r);
    bool stopRun();
    void cancelJob();   // the run in progress, as replaced (no cancelled())

    Document *m_document;
    EngineJobs *m_jobs;
    QTimer m_debounce;
    bool m_replacing = false;   // cancelling the job in progress for a new one
    std::shared_ptr<std::atomic<int>> m_cancelledRuns = std::make_shared<std::atomic<int>>(0);
    std::string m_pattern;
    double m_messageBytes = 0;
    std::set<std::string> m_failed;
    AnalysisResult m_result;
    // The snapshot the next run reads, copied on this thread in slices of links between events
    // (a 309,760-link design is 25-45 ms in one go); an edit in between starts it again.
    std::shared_ptr<Design> m_snapshot;
    quint64 m_snapshotRevision = 0;
    QTimer m_copySlices;
    std::size_t m_linksPerSlice = 40000; // ~4 ms
};

} // namespace cplan

Q_DECLARE_METATYPE(cplan::AnalysisResult)
