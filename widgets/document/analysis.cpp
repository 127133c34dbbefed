#include "analysis.h"

#include "document.h"
#include "l10n.h"

#include "catalog/catalog.h"
#include "model/designcopy.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QPointer>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace cplan {

const TrafficResult *AnalysisResult::traffic() const
{
    return network && !network->traffic.empty() && network->traffic.front().issue == TrafficResult::Issue::None
               ? &network->traffic.front()
               : nullptr;
}

AnalysisRunner::AnalysisRunner(Document *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
{
    qRegisterMetaType<cplan::AnalysisResult>();
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(40);
    connect(&m_debounce, &QTimer::timeout, this, &AnalysisRunner::start);
    m_copySlices.setSingleShot(true);
    m_copySlices.setInterval(0);
    connect(&m_copySlices, &QTimer::timeout, this, &AnalysisRunner::copySlice);
    connect(&m_watcher, &QFutureWatcher<AnalysisResult>::finished, this, &AnalysisRunner::onFinished);
    connect(document, &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.affectsAnalysis())
            schedule();
    });
}

AnalysisRunner::~AnalysisRunner()
{
    stopRun();   // the engine returns within ~100 ms (bench_cancel), so quitting does not hang
    m_watcher.waitForFinished();
}

void AnalysisRunner::setPattern(const QString &pattern)
{
    m_pattern = pattern.toStdString();
    schedule();
}

void AnalysisRunner::setFailed(const std::set<std::string> &failed)
{
    m_failed = failed;
    schedule();
}

void AnalysisRunner::schedule()
{
    m_cancel.cancel(); // whatever runs is stale now
    m_debounce.start();
}

void AnalysisRunner::runNow()
{
    m_debounce.stop();
    start();
}

void AnalysisRunner::cancel()
{
    if (stopRun())
        emit cancelled();
}

// Stops what runs or is about to; whether there was anything.
bool AnalysisRunner::stopRun()
{
    const bool busy = m_debounce.isActive() || m_pending || m_watcher.isRunning() || m_copySlices.isActive();
    m_debounce.stop();
    m_pending = false;
    m_cancel.cancel();
    if (m_copySlices.isActive()) { // no worker yet: nothing will call onFinished
        m_copySlices.stop();
        m_snapshot.reset();
        m_awaitingResult = false;
    }
    return busy;
}

bool AnalysisRunner::waitForWorker(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (m_watcher.isRunning() && t.elapsed() < timeoutMs)
        QThread::msleep(1);
    return !m_watcher.isRunning();
}

void AnalysisRunner::start()
{
    if (m_watcher.isRunning()) {
        // One run at a time: the stale one stops at its next check, then this one starts.
        m_cancel.cancel();
        m_pending = true;
        return;
    }
    m_pending = false;
    m_awaitingResult = true;
    m_copySlices.stop(); // a copy in progress starts over
    emit started();
    beginSnapshot();
    copySlice();
}

void AnalysisRunner::beginSnapshot()
{
    const Design &design = m_document->design();
    m_snapshot = std::make_shared<Design>(unindexedCopyWithoutLinks(design));
    m_snapshot->links.reserve(design.links.size());
    m_snapshotRevision = m_document->revision();
}

// Copies the next links into the snapshot (the whole design when it is small: one slice), then
// lets the events in before the next slice; the run starts once the copy is whole.
void AnalysisRunner::copySlice()
{
    if (!m_snapshot || m_snapshotRevision != m_document->revision())
        beginSnapshot(); // edited since the copy began (the edit's own run follows the debounce)
    const std::vector<Link> &links = m_document->design().links;
    const std::size_t from = m_snapshot->links.size();
    const std::size_t to = std::min(links.size(), from + m_linksPerSlice);
    m_snapshot->links.insert(m_snapshot->links.end(), links.begin() + std::ptrdiff_t(from), links.begin() + std::ptrdiff_t(to));
    if (to < links.size())
        m_copySlices.start();
    else
        launch();
}

void AnalysisRunner::launch()
{
    m_cancel = CancelToken();
    RunControl control;
    control.cancel = m_cancel;
    QPointer<AnalysisRunner> self(this);
    control.progress = [self](const Progress &p) {
        const QString stage = stageText(p);
        QMetaObject::invokeMethod(
            self.data(), [self, p, stage] { if (self) emit self->progress(p.percent, stage); }, Qt::QueuedConnection);
    };
    // The worker indexes its own copy while the user keeps editing.
    std::shared_ptr<Design> design = std::move(m_snapshot);
    // The catalog too: a price typed into the BOM changes it on this thread (AddPrices).
    auto catalog = std::make_shared<const Catalog>(m_document->catalog());
    const quint64 revision = m_snapshotRevision;
    const std::string pattern = m_pattern;
    const std::set<std::string> failed = m_failed;
    m_watcher.setFuture(QtConcurrent::run([=]() {
        design->reindex();
        AnalysisResult r = analyze(*design, *catalog, pattern, failed, control);
        r.revision = revision;
        r.catalog = catalog;
        return r;
    }));
}

void AnalysisRunner::onFinished()
{
    m_awaitingResult = false;
    AnalysisResult r = m_watcher.result();
    m_cancelledRuns += r.cancelled ? 1 : 0;
    if (m_pending) {
        start();
        return;
    }
    if (r.cancelled || r.revision != m_document->revision())
        return;
    m_result = std::move(r);
    emit progress(100, tr("Analysis done"));
    emit finished(m_result);
}

bool AnalysisRunner::waitForIdle(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (!m_debounce.isActive() && !m_watcher.isRunning() && !m_pending && !m_awaitingResult &&
            m_result.revision == m_document->revision())
            return true;
    }
    return false;
}

// Called on the worker thread (the progress callback): the lookups name their context.
QString AnalysisRunner::stageText(const Progress &p)
{
    switch (p.stage) {
    case AnalysisStage::Validating: return AnalysisRunner::tr("Checking design rules");
    case AnalysisStage::Pricing: return AnalysisRunner::tr("Pricing");
    case AnalysisStage::ApplyingFailures: return AnalysisRunner::tr("Applying failures");
    case AnalysisStage::Routing: return AnalysisRunner::tr("Routing");
    case AnalysisStage::Metrics:
    case AnalysisStage::Latency: return AnalysisRunner::tr("Bisection and latency");
    case AnalysisStage::Traffic: return AnalysisRunner::tr("Simulating %1").arg(QString::fromStdString(p.detail));
    case AnalysisStage::Scheduling:
    case AnalysisStage::Done: break;
    }
    return AnalysisRunner::tr("Analysis done");
}

AnalysisResult AnalysisRunner::analyze(const Design &design, const Catalog &catalog, const std::string &pattern,
                                       const std::set<std::string> &failed, const RunControl &control)
{
    AnalysisResult r;
    r.pattern = pattern;
    r.failed = failed;
    DesignRequest request;
    request.network.threads = 1; // the GUI thread keeps the other core
    request.terms = designTerms(design.settings); // the quote `cplan bom` and the report give
    request.network.failures = failureSpecFromIds(design, std::vector<std::string>(failed.begin(), failed.end()));
    if (!pattern.empty()) {
        if (auto workload = parseWorkload(pattern)) {
            if (workload->collective)   // and the size sweep nccl-tests runs
                workload->sweepBytes = sweepSizes(kSweepFromBytes, kSweepToBytes);
            request.network.workloads = {*workload};
        }
        else
            r.notes << QString::fromStdString(workload.error().message);
    }
    static_cast<DesignAnalysis &>(r) = analyzeDesign(design, catalog, request, control);
    if (r.networkError)
        r.notes << errorText(*r.networkError);
    if (r.network && !r.network->traffic.empty()) {
        const TrafficResult &t = r.network->traffic.front();
        if (t.issue != TrafficResult::Issue::None)
            r.notes << (t.issueMessage.format.empty() ? QString::fromStdString(t.issueText) : engineText(t.issueMessage));
        else if (t.unroutableFlows)
            r.notes << AnalysisRunner::tr("%1 flows have no route").arg(t.unroutableFlows);
        // The heatmap colours a cable by the busier of its two directions.
        const std::vector<double> cables = cableUtilization(t, design.links.size());
        for (std::size_t l = 0; l < cables.size(); ++l)
            if (cables[l] >= 0)
                r.linkUtilization[design.links[l].id] = cables[l];
    }
    return r;
}

} // namespace cplan
