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
#if __has_include("routing/routing.h") && __has_include("routing/metrics.h") && __has_include("routing/routedflows.h")
#define CPLAN_HAVE_ROUTING 1
#include "routing/metrics.h"
#include "routing/routedflows.h"
#include "routing/routing.h"
#include "workload/trafficpattern.h"
#endif

namespace cplan {

AnalysisRunner::AnalysisRunner(Document *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
{
    qRegisterMetaType<cplan::AnalysisResult>();
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(40);
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
    m_awaitingResult = true;
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
    m_awaitingResult = false;
    AnalysisResult r = m_watcher.result();
    if (m_pending) {
        start();
        return;
    }
    if (r.cancelled || r.revision != m_document->revision())
        return;
    m_result = std::move(r);
    emit progress(100, AnalysisRunner::tr("Analysis done"));
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

#ifdef CPLAN_HAVE_ROUTING
// Routes, bisection, oversubscription, latency distribution and (with a pattern) the max-min
// flow simulation that colours the links: all engine calls on the worker's snapshot.
static void analyzeNetwork(const Design &design, const Catalog &catalog, const std::string &pattern,
                           const std::set<std::string> &failed, const std::atomic<bool> &cancel,
                           const std::function<void(int, const QString &)> &progress, AnalysisResult &r)
{
    if (design.links.empty())
        return;
    progress(60, AnalysisRunner::tr("Routing"));
    Fabric fabric = Fabric::build(design, catalog);
    for (const std::string &id : failed) {
        if (auto l = design.findLink(id))
            fabric.setLinkAlive(*l, false);
        if (auto n = design.findNode(id))
            fabric.setNodeAlive(*n, false);
    }
    if (fabric.endpoints().size() < 2)
        return;
    RoutingOptions options;
    options.engine = routingEngineFromString(design.settings.routingEngine).value_or(RoutingEngine::FTree);
    options.threads = 1; // the GUI thread keeps the other core
    const RoutingTables tables = computeRoutes(fabric, options);
    r.routingEngine = toString(tables.engine);
    if (cancel.load()) {
        r.cancelled = true;
        return;
    }
    progress(70, AnalysisRunner::tr("Bisection and latency"));
    const FabricMetrics metrics = computeMetrics(fabric);
    r.bisectionGbps = metrics.bisectionGbps;
    for (const TierLoad &t : metrics.tiers)
        if (t.upGbps > 0) {
            const auto tier = tierFromLevel(t.tier);
            r.oversubscription[tier ? toString(*tier) : std::to_string(t.tier)] = t.oversubscription;
        }
    const LatencyModel latency = latencyModel(fabric, catalog);
    const LatencyStats stats = latencyDistribution(fabric, tables, latency, 200000);
    r.latencyHistogram = stats.histogram;
    if (stats.pairs) {
        r.latencyP50Ns = stats.p50Ns;
        r.latencyP99Ns = stats.p99Ns;
    }
    if (failed.size()) {
        const RouteCheck check = checkRoutes(fabric, tables, 0);
        r.unreachablePairs = check.unreachablePairs;
    }
    if (cancel.load()) {
        r.cancelled = true;
        return;
    }
    if (pattern.empty())
        return;
    progress(80, AnalysisRunner::tr("Simulating %1").arg(QString::fromStdString(pattern)));
    auto spec = parsePattern(pattern);
    if (!spec) {
        r.notes << QString::fromStdString(spec.error().message);
        return;
    }
    auto demands = generateTraffic(*spec, std::uint32_t(fabric.endpoints().size()), 1 << 20, 1);
    if (!demands) {
        r.notes << QString::fromStdString(demands.error().message);
        return;
    }
    TrafficOptions traffic;
    traffic.latency = &latency;
    const TrafficRun run = runTraffic(fabric, tables, *demands, {}, traffic);
    r.completionS = run.completionS;
    r.maxLinkUtilization = run.maxLinkUtilization;
    // Channels are sending ports; a cable's colour is the busier of its two directions.
    const auto &util = run.result.linkUtilization;
    for (std::size_t port = 0; port < util.size() && port < fabric.ports().size(); ++port) {
        const FabricPort &p = fabric.port(std::uint32_t(port));
        if (!p.link.valid() || p.link.value >= design.links.size())
            continue;
        double &u = r.linkUtilization[design.links[p.link.value].id];
        u = std::max(u, util[port]);
    }
    if (run.unroutable)
        r.notes << AnalysisRunner::tr("%1 flows have no route").arg(run.unroutable);
}
#endif

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
    progress(5, AnalysisRunner::tr("Checking design rules"));
    r.findings = validateDesign(design, catalog);
    if (stop())
        return r;
    progress(35, AnalysisRunner::tr("Pricing"));
    r.bom = computeBom(design, catalog);
    r.gpus = r.bom.totals.gpus;
    for (const Node &n : design.nodes)
        (n.role == NodeRole::Switch ? r.switches : r.servers)++;
    r.links = int(design.links.size());
    if (stop())
        return r;

    if (!failed.empty()) {
        progress(55, AnalysisRunner::tr("Applying failures"));
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
    analyzeNetwork(design, catalog, pattern, failed, cancel, progress, r);
    if (r.cancelled)
        return r;
#else
    r.notes << AnalysisRunner::tr("Link utilization, latency and bisection need the routing engine (core/routing), "
                   "which is not in this build yet.");
#endif
    (void)pattern;
    progress(100, AnalysisRunner::tr("Analysis done"));
    r.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

} // namespace cplan
