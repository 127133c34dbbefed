// The scheduling run, when the report has one: its figures and two charts over time.
#include "pdfreport.h"
#include "reportcharts.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include <algorithm>

namespace cplan {

using namespace page;

namespace {

std::vector<QStringList> figureRows(const ScheduleResult &s)
{
    auto percentiles = [](const Summary &x) {
        return PdfReport::tr("p50 %1 · p95 %2 · p99 %3").arg(durationText(x.p50), durationText(x.p95), durationText(x.p99));
    };
    return {
        {PdfReport::tr("Jobs"), number(double(s.jobs.size())), PdfReport::tr("completed %1, rejected %2").arg(s.completed).arg(s.rejected)},
        {PdfReport::tr("Makespan"), durationText(s.makespanS), QString()},
        {PdfReport::tr("GPU utilization"), number(100 * s.gpuUtilization, 1) + QStringLiteral("%"),
         PdfReport::tr("effective (weighted by network slowdown) %1%").arg(number(100 * s.effectiveUtilization, 1))},
        {PdfReport::tr("Waiting time"), durationText(s.wait.mean) + PdfReport::tr(" mean"), percentiles(s.wait)},
        {PdfReport::tr("Job completion time"), durationText(s.jct.mean) + PdfReport::tr(" mean"), percentiles(s.jct)},
        {PdfReport::tr("Slowdown"), number(s.slowdown.mean, 2) + PdfReport::tr(" mean"),
         PdfReport::tr("network slowdown of multi-server jobs %1").arg(number(s.meanSlowdownNetwork, 3))},
        {PdfReport::tr("Queue"), number(s.meanQueue, 1) + PdfReport::tr(" jobs (time average)"),
         PdfReport::tr("preemptions %1, migrations %2").arg(s.preemptions).arg(s.migrations)},
        {PdfReport::tr("Fragmentation"), number(100 * s.meanFragmentation, 1) + QStringLiteral("%"), PdfReport::tr("free capacity no queued job can use")},
    };
}

} // namespace

void schedulePage(ReportPainter &painter, const ReportData &data)
{
    if (!data.schedule)
        return;
    const ScheduleResult &s = *data.schedule;
    QPainter &p = painter.painter();
    painter.newPage(PdfReport::tr("Scheduling results"));
    painter.paragraph(PdfReport::tr("Scenario: %1").arg(data.scenario), 9);
    painter.table({{PdfReport::tr("Figure"), 160}, {PdfReport::tr("Value"), 180}, {PdfReport::tr("Detail"), 429.89}}, figureRows(s));
    painter.ensure(200);
    const double w = (kContentWidth - 14) / 2, h = std::min(300.0, kBottom - painter.y);
    std::vector<std::pair<double, double>> util, queue;
    double maxQ = 0;
    for (const SeriesPoint &pt : s.series) {
        util.push_back({pt.timeS, s.capacityGpus > 0 ? 100 * pt.allocatedGpus / s.capacityGpus : 0});
        queue.push_back({pt.timeS, double(pt.queued)});
        maxQ = std::max(maxQ, double(pt.queued));
    }
    const QRectF u = chartFrame(p, QRectF(kMargin, painter.y, w, h), PdfReport::tr("GPU allocation over time"),
                                PdfReport::tr("share of %1 GPUs held by jobs").arg(s.capacityGpus));
    lineChart(p, u, util, 100, QStringLiteral("%"), ink::kAccent);
    const QRectF q = chartFrame(p, QRectF(kMargin + w + 14, painter.y, w, h), PdfReport::tr("Queue length over time"), PdfReport::tr("jobs waiting"));
    lineChart(p, q, queue, std::max(1.0, maxQ), QString(), ink::kMgmt);
    painter.y += h + 10;
}

} // namespace cplan
