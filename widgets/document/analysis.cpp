#include "analysis.h"

#include "document.h"
#include "enginejob.h"
#include "l10n.h"

#include "catalog/catalog.h"
#include "model/designcopy.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QThread>

#include <algorithm>

namespace cplan {

const TrafficResult *AnalysisResult::traffic() const
{
    return network && !network->traffic.empty() && network->traffic.front().issue == TrafficResult::Issue::None
               ? &network->traffic.front()
               : nullptr;
}

namespace {
const QString kAnalysisJob = QStringLiteral("analysis");
}

AnalysisRunner::AnalysisRunner(Document *document, EngineJobs *jobs, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_jobs(jobs ? jobs : new EngineJobs(this))
{
    qRegisterMetaType<cplan::AnalysisResult>();
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(40);
    connect(&m_debounce, &QTimer::timeout, this, &AnalysisRunner::start);
    m_copySlices.setSingleShot(true);
    m_copySlices.setInterval(0);
    connect(&m_copySlices, &QTimer::timeout, this, &AnalysisRunner::copySlice);
    connect(document, &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.affectsAnalysis())
            schedule();
    });
    // The window's Cancel (or whoever cancels the job) cancels the analysis.
    connect(m_jobs, &EngineJobs::jobCancelled, this, [this](EngineJobs::JobId, const QString &kind) {
        if (kind == kAnalysisJob && !m_replacing)
            emit cancelled();
    });
}

AnalysisRunner::~AnalysisRunner()
{
    // The worker returns on its own within ~100 ms (bench_cancel); nothing waits for it.
    disconnect(m_jobs, nullptr, this, nullptr);
    stopRun();
    cancelJob();
}

void AnalysisRunner::setPattern(const QString &pattern)
{
    m_pattern = pattern.toStdString();
    schedule();
}

void AnalysisRunner::setMessageBytes(double bytes)
{
    m_messageBytes = bytes;
    schedule();
}

void AnalysisRunner::setFailed(const std::set<std::string> &failed)
{
    m_failed = failed;
    schedule();
}

void AnalysisRunner::schedule()
{
    cancelJob(); // whatever runs is stale now
    m_debounce.start();
}

void AnalysisRunner::runNow()
{
    m_debounce.stop();
    start();
}

void AnalysisRunner::cancel()
{
    const bool copying = m_debounce.isActive() || m_copySlices.isActive();
    const bool running = m_jobs->isRunning(kAnalysisJob);
    stopRun();
    if (running)
        m_jobs->cancelKind(kAnalysisJob);   // cancelled() through jobCancelled
    else if (copying)
        emit cancelled();
}

void AnalysisRunner::cancelJob()
{
    m_replacing = true;
    m_jobs->cancelKind(kAnalysisJob);
    m_replacing = false;
}

bool AnalysisRunner::isResultCurrent() const
{
    return m_result.revision == m_document->revision() && m_result.pattern == m_pattern && m_result.messageBytes == m_messageBytes &&
           m_result.failed == m_failed;
}

bool AnalysisRunner::isRunning() const
{
    return m_jobs->isRunning(kAnalysisJob) || m_copySlices.isActive();
}

// Stops what is about to run; whether there was anything.
bool AnalysisRunner::stopRun()
{
    const bool busy = m_debounce.isActive() || m_copySlices.isActive() || m_jobs->isRunning(kAnalysisJob);
    m_debounce.stop();
    m_copySlices.stop();
    m_snapshot.reset();
    return busy;
}

bool AnalysisRunner::waitForWorker(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (m_jobs->workersRunning(kAnalysisJob) > 0 && t.elapsed() < timeoutMs)
        QThread::msleep(1);
    return m_jobs->workersRunning(kAnalysisJob) == 0;
}

void AnalysisRunner::start()
{
    cancelJob();
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
    EngineJobs::Spec spec;
    spec.kind = kAnalysisJob;
    spec.title = tr("Analysing the design");
    spec.context = this;
    spec.document = m_document;
    spec.revision = m_snapshotRevision;
    spec.describe = [](const JobProgress &p) { return stageText(p); };
    spec.onProgress = [this](const JobProgress &p) { emit progress(p.percent, stageText(p)); };
    // The worker indexes its own copy while the user keeps editing; the catalog is copied too:
    // a price typed into the BOM changes it on this thread (AddPrices).
    JobSnapshot snapshot;
    snapshot.unindexed = std::move(m_snapshot);
    snapshot.catalog = std::make_shared<const Catalog>(m_document->catalog());
    snapshot.revision = m_snapshotRevision;
    auto work = [snapshot, pattern = m_pattern, bytes = m_messageBytes, failed = m_failed,
                 cancelledRuns = m_cancelledRuns](JobControl &job) mutable {
        AnalysisResult r = analyze(snapshot.design(), *snapshot.catalog, pattern, bytes, failed, job.control());
        r.revision = snapshot.revision;
        r.catalog = snapshot.catalog;
        if (r.cancelled)
            ++*cancelledRuns;
        return r;
    };
    m_replacing = true;
    m_jobs->start(std::move(spec), std::move(work), [this](AnalysisResult r) { onFinished(std::move(r)); });
    m_replacing = false;
}

void AnalysisRunner::onFinished(AnalysisResult r)
{
    if (r.cancelled)
        return;
    m_result = std::move(r);
    m_result.finishedAt = QDateTime::currentDateTime();
    emit progress(100, tr("Analysis done"));
    emit finished(m_result);
}

bool AnalysisRunner::waitForIdle(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (!m_debounce.isActive() && !m_copySlices.isActive() && !m_jobs->isRunning(kAnalysisJob) &&
            m_jobs->workersRunning(kAnalysisJob) == 0 && m_result.revision == m_document->revision())
            return true;
    }
    return false;
}

// The lookups name their context (the function is static).
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

AnalysisResult AnalysisRunner::analyze(const Design &design, const Catalog &catalog, const std::string &pattern, double messageBytes,
                                       const std::set<std::string> &failed, const RunControl &control)
{
    AnalysisResult r;
    r.pattern = pattern;
    r.messageBytes = messageBytes;
    r.failed = failed;
    DesignRequest request;
    request.network.threads = 1; // the GUI thread keeps the other core
    request.terms = designTerms(design.settings); // the quote `cplan bom` and the report give
    request.network.failures = failureSpecFromIds(design, std::vector<std::string>(failed.begin(), failed.end()));
    if (!pattern.empty()) {
        if (auto workload = parseWorkload(pattern)) {
            if (messageBytes > 0)
                workload->bytes = messageBytes;
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
        r.tierLoad = linkTierLoad(design, t);
        // The heatmap colours a cable by the busier of its two directions.
        const std::vector<double> cables = cableUtilization(t, design.links.size());
        for (std::size_t l = 0; l < cables.size(); ++l)
            if (cables[l] >= 0)
                r.linkUtilization[design.links[l].id] = cables[l];
    }
    return r;
}

} // namespace cplan
