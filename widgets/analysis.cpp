#include "analysis.h"

#include "document.h"

#include "catalog/catalog.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

// The network engine (routing, flow, latency) plugs in here when it is in the tree.
#if __has_include("routing/routing.h") && __has_include("flow/flowsimulator.h")
#define CPLAN_HAVE_ROUTING 1
#endif

namespace cplan {

static QString trA(const char *text)
{
    return QCoreApplication::translate("cplan::AnalysisRunner", text);
}

AnalysisRunner::AnalysisRunner(Document *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
{
    qRegisterMetaType<cplan::AnalysisResult>();
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(60);
    connect(&m_debounce, &QTimer::timeout, this, &AnalysisRunner::start);
    connect(&m_watcher, &QFutureWatcher<AnalysisResult>::finished, this, &AnalysisRunner::onFinished);
    connect(document, &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.affectsAnalysis())
            schedule();
    });
}

AnalysisRunner::~AnalysisRunner()
{
    cancel();
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
    if (m_cancel)
        m_cancel->store(true); // whatever runs is stale now
    m_debounce.start();
}

void AnalysisRunner::runNow()
{
    m_debounce.stop();
    start();
}

void AnalysisRunner::cancel()
{
    m_debounce.stop();
    m_pending = false;
    if (m_cancel)
        m_cancel->store(true);
}

void AnalysisRunner::start()
{
    if (m_watcher.isRunning()) {
        // One run at a time: the stale one stops at its next check, then this one starts.
        m_cancel->store(true);
        m_pending = true;
        return;
    }
    m_pending = false;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancel;
    // Snapshot: the worker reads its own copy while the user keeps editing.
    auto design = std::make_shared<Design>(m_document->design());
    const Catalog *catalog = &m_document->catalog();
    const quint64 revision = m_document->revision();
    const std::string pattern = m_pattern;
    const std::set<std::string> failed = m_failed;
    QPointer<AnalysisRunner> self(this);
    emit started();
    m_watcher.setFuture(QtConcurrent::run([=]() {
        auto report = [self](int percent, const QString &stage) {
            QMetaObject::invokeMethod(
                self.data(), [self, percent, stage] { if (self) emit self->progress(percent, stage); }, Qt::QueuedConnection);
        };
        AnalysisResult r = analyze(*design, *catalog, pattern, failed, *cancel, report);
        r.revision = revision;
        return r;
    }));
}

void AnalysisRunner::onFinished()
{
    AnalysisResult r = m_watcher.result();
    if (m_pending) {
        start();
        return;
    }
    if (r.cancelled || r.revision != m_document->revision())
        return;
    m_result = std::move(r);
    emit progress(100, trA("Analysis done"));
    emit finished(m_result);
}

bool AnalysisRunner::waitForIdle(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        if (!m_debounce.isActive() && !m_watcher.isRunning() && !m_pending && m_result.revision == m_document->revision())
            return true;
    }
    return false;
}

AnalysisResult AnalysisRunner::analyze(const Design &design, const Catalog &catalog, const std::string &pattern,
                                       const std::set<std::string> &failed, const std::atomic<bool> &cancel,
                                       const std::function<void(int, const QString &)> &progress)
{
    const auto t0 = std::chrono::steady_clock::now();
    AnalysisResult r;
    r.pattern = pattern;
    r.failed = failed;
    auto stop = [&] {
        if (cancel.load()) {
            r.cancelled = true;
            return true;
        }
        return false;
    };
    progress(5, trA("Checking design rules"));
    r.findings = validateDesign(design, catalog);
    if (stop())
        return r;
    progress(35, trA("Pricing"));
    r.bom = computeBom(design, catalog);
    r.gpus = r.bom.totals.gpus;
    for (const Node &n : design.nodes)
        (n.role == NodeRole::Switch ? r.switches : r.servers)++;
    r.links = int(design.links.size());
    if (stop())
        return r;

    if (!failed.empty()) {
        progress(55, trA("Applying failures"));
        Design degraded = design;
        std::vector<NodeId> nodes;
        std::vector<LinkId> links;
        for (const std::string &id : failed) {
            if (auto n = degraded.findNode(id))
                nodes.push_back(*n);
            if (auto l = degraded.findLink(id)) {
                links.push_back(*l);
                r.lostCapacityGbps += linkSpeedGbps(design, design.link(*l), catalog);
            }
        }
        for (NodeId n : nodes)
            for (const Link &l : design.links)
                if (l.a.node == n || l.b.node == n)
                    r.lostCapacityGbps += linkSpeedGbps(design, l, catalog);
        const std::size_t before = degraded.links.size();
        degraded.removeLinks(links);
        degraded.removeNodes(nodes);
        r.failedLinks = int(before - degraded.links.size());
        r.failureFindings = validateDesign(degraded, catalog);
        if (stop())
            return r;
    }

#ifdef CPLAN_HAVE_ROUTING
    // Filled in by the network engine integration (routing + flow + latency).
#else
    r.notes << trA("Link utilization, latency and bisection need the routing engine (core/routing), "
                   "which is not in this build yet.");
#endif
    (void)pattern;
    progress(100, trA("Analysis done"));
    r.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace cplan
