#include "pdfreport.h"

#include "reportpages.h"
#include "reportpainter.h"

#include "heatmaptext.h"
#include "l10n.h"

#include "analysis/design.h"
#include "schedule/scheduler.h"

#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

namespace cplan {

namespace {

// The report's sections in order. A new section: its page function (reportpages.h) here.
using PageFunction = void (*)(ReportPainter &, const ReportData &);
const PageFunction kSections[] = {coverPage,    layoutPage,      analysisPage, collectivePage, bomPage,          cablePage,
                                  physicalPage, reliabilityPage, trainingPage, schedulePage,   alternativesPage, sourcesPage,
                                  findingsPage};

} // namespace

PdfReport::PdfReport(const Design &design, const Catalog &catalog) : m_design(design), m_catalog(catalog) {}

PdfReport::~PdfReport() = default;

void PdfReport::setSchedule(const ScheduleResult &result, const QString &scenario)
{
    m_schedule = std::make_unique<ScheduleResult>(result);
    m_scenario = scenario;
}

void PdfReport::setAlternatives(const ReportAlternatives &alternatives)
{
    m_alternatives = std::make_unique<ReportAlternatives>(alternatives);
}

// One engine run for every figure of the report: cost, the network, the report's traffic
// pattern and the headline all-reduce.
DesignRequest PdfReport::request(QStringList *notes) const
{
    DesignRequest request;
    request.validate = true;   // the findings page
    request.terms = m_terms;
    request.analyseNetwork = m_analyseNetwork;
    request.network.creditLoops = true;
    // Workload 0 is the pattern when it parses; the last one is the headline all-reduce.
    if (auto pattern = parseWorkload(m_pattern)) {
        if (m_messageBytes > 0)
            pattern->bytes = m_messageBytes;
        request.network.workloads.push_back(*pattern);
    }
    else if (notes)
        *notes << tr("Traffic pattern '%1': %2").arg(QString::fromStdString(m_pattern), QString::fromStdString(pattern.error().message));
    WorkloadSpec allReduce = *parseWorkload("allreduce");
    allReduce.bytes = kHeadlineAllReduceBytes;
    allReduce.sweepBytes = sweepSizes(kSweepFromBytes, kSweepToBytes);   // the window's chart's sizes
    request.network.workloads.push_back(allReduce);
    return request;
}

DesignAnalysis PdfReport::analyse(const Design &design, const Catalog &catalog, const DesignRequest &request,
                                  const DesignAnalysis *reuse, const RunControl &control)
{
    if (!reuse || reuse->cancelled || !reuse->network || !request.analyseNetwork)
        return analyzeDesign(design, catalog, request, control);
    // Rules, cost, racks and the routes' figures are the window's; the traffic and the credit
    // loops are the report's own.
    DesignAnalysis a = *reuse;
    NetworkRequest added = request.network;
    added.reachability = false;
    added.metrics = false;
    added.latency = false;
    auto network = analyzeNetwork(design, catalog, added, control);
    if (!network) {
        a.network.reset();
        a.networkError = network.error();
        return a;
    }
    a.cancelled = network->cancelled;
    a.network->traffic = std::move(network->traffic);
    a.network->creditLoops = network->creditLoops;
    for (std::size_t i = 0; i < a.network->planes.size() && i < network->planes.size(); ++i)
        a.network->planes[i].completionS = network->planes[i].completionS;
    return a;
}

void PdfReport::setAnalysis(std::shared_ptr<const DesignAnalysis> analysis, const QStringList &notes)
{
    m_analysis = std::move(analysis);
    m_analysisGiven = m_analysis != nullptr;
    m_givenNotes = notes;
}

bool PdfReport::write(const QString &path, QString *error)
{
    m_notes.clear();
    m_figures.clear();
    if (m_analysisGiven)
        m_notes = m_givenNotes;
    else
        m_analysis = std::make_shared<const DesignAnalysis>(analyzeDesign(m_design, m_catalog, request(&m_notes)));
    return render(path, error);
}

bool PdfReport::render(const QString &path, QString *error)
{
    ReportData data{m_design, m_catalog, *m_analysis, m_schedule.get(), m_scenario, m_sourceFile, m_notes, {}, nullptr,
                    nullptr, m_alternatives.get(), {}, m_training ? &*m_training : nullptr, &m_reliability};
    if (!m_analyseNetwork)
        data.networkMissing = tr("network analysis switched off");
    else if (m_analysis->networkError)
        data.networkMissing = errorText(*m_analysis->networkError);
    else if (!m_analysis->network)
        data.networkMissing = tr("the fabric has fewer than two cabled endpoints or no switch");
    if (!data.networkMissing.isEmpty())
        data.notes << tr("Network analysis not available: %1; the report shows cost charts only.").arg(data.networkMissing);
    if (const NetworkAnalysis *n = data.network(); n && !n->traffic.empty()) {
        const TrafficResult &headline = n->traffic.back();
        // One server too: NCCL's model gives its NVLink figure (NVLS on a DGX H100, say).
        if (headline.issue == TrafficResult::Issue::None && headline.collective)
            data.headline = &headline;
        else
            data.headlineMissing = headline.issueMessage.format.empty() ? QString::fromStdString(headline.issueText)
                                                                        : engineText(headline.issueMessage);
        if (n->traffic.size() == 2) {
            const TrafficResult &pattern = n->traffic.front();
            if (pattern.issue == TrafficResult::Issue::None)
                data.pattern = &pattern;
            else
                data.notes << tr("Traffic pattern '%1': %2")
                                  .arg(patternName(pattern.workload.name),
                                       pattern.issueMessage.format.empty() ? QString::fromStdString(pattern.issueText)
                                                                           : engineText(pattern.issueMessage));
        }
    }
    m_notes = data.notes;

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    QPdfWriter writer(&file);
    writer.setResolution(72);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(tr("Cluster design report: %1").arg(QString::fromStdString(m_design.name)));
    writer.setCreator(QStringLiteral("Cluster Planner " CPLAN_VERSION));
    QPainter p;
    if (!p.begin(&writer)) {
        if (error)
            *error = tr("%1: cannot start the PDF").arg(path);
        return false;
    }
    ReportPainter painter(writer, p, QString::fromStdString(m_design.name));
    for (PageFunction page : kSections)
        page(painter, data);
    m_pages = painter.pageCount();
    m_figures = painter.figures();
    p.end();
    if (!file.commit()) {
        if (error)
            *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace cplan
