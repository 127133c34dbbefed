#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "cost/bom.h"
#include "model/design.h"
#include "validate/validate.h"
#endif

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace cplan {

class Catalog;
class Document;

// Everything derived from a design that the docks and the canvas show. Computed by the engine
// off the GUI thread; never part of the undo history.
struct AnalysisResult
{
    quint64 revision = 0;          // the document revision it was computed for
    bool cancelled = false;
    double wallMs = 0;

    std::vector<Finding> findings;
    Bom bom;
    int servers = 0, switches = 0, links = 0, gpus = 0;

    // Network figures, when the engine can give them (empty / nullopt otherwise).
    std::string pattern;                                        // traffic pattern used
    std::unordered_map<std::string, double> linkUtilization;    // per link id, max of both directions
    std::vector<std::pair<double, std::uint64_t>> latencyHistogram; // (latency ns, endpoint pairs)
    std::optional<double> latencyP50Ns, latencyP99Ns;
    std::optional<double> bisectionGbps;
    std::map<std::string, double> oversubscription;             // per tier name, D:U as a ratio
    std::optional<double> completionS;
    std::string routingEngine;
    std::uint64_t unreachablePairs = 0;
    double maxLinkUtilization = 0;

    // Failure scenario: what the failed objects take away.
    std::set<std::string> failed;
    std::vector<Finding> failureFindings;   // findings of the design without the failed objects
    int failedLinks = 0;
    double lostCapacityGbps = 0;

    QStringList notes;                      // what could not be computed, and why
};

// Runs the analysis on a snapshot of the design in a worker thread: debounced (edits in quick
// succession start one run), cancellable (a new edit cancels the run in progress), reporting
// progress. Results arrive in finished() on the GUI thread.
class AnalysisRunner : public QObject
{
    Q_OBJECT

public:
    explicit AnalysisRunner(Document *document, QObject *parent = nullptr);
    ~AnalysisRunner() override;

    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    // Traffic pattern for the heatmap ("alltoall", "shift:1", ...); empty = none.
    void setPattern(const QString &pattern);
    QString pattern() const { return QString::fromStdString(m_pattern); }
    void setFailed(const std::set<std::string> &failed);

    // Schedules a run after the debounce delay.
    void schedule();
    // Starts at once (skipping the debounce).
    void runNow();
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    const AnalysisResult &result() const { return m_result; }
    // Waits until the latest request is done (tests, screenshots, benchmarks).
    bool waitForIdle(int timeoutMs);

    // The analysis itself (pure engine calls); public for tests and benchmarks.
    static AnalysisResult analyze(const Design &design, const Catalog &catalog, const std::string &pattern,
                                  const std::set<std::string> &failed, const std::atomic<bool> &cancel,
                                  const std::function<void(int, const QString &)> &progress);

signals:
    void started();
    void progress(int percent, const QString &stage);
    void finished(const cplan::AnalysisResult &result);

private:
    void start();
    void onFinished();

    Document *m_document;
    QTimer m_debounce;
    QFutureWatcher<AnalysisResult> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_pending = false;
    // A run was started and its finished() not handled yet: the future can be done before the
    // watcher's signal reaches onFinished(), and waitForIdle() must not return in between.
    bool m_awaitingResult = false;
    std::string m_pattern;
    std::set<std::string> m_failed;
    AnalysisResult m_result;
};

} // namespace cplan

Q_DECLARE_METATYPE(cplan::AnalysisResult)
