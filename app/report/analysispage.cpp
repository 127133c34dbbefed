// Page 3: link utilization under the report's traffic pattern, the latency distribution, the
// cost breakdown and the fabric's figures, four panels on one page.
#include "pdfreport.h"
#include "reportcharts.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include "heatmaptext.h"
#include "l10n.h"

#include "analysis/tierload.h"

#include <QFontMetricsF>

#include <algorithm>
#include <set>

namespace cplan {

using namespace page;

namespace {

// Directed links per 10 % utilization bin, host links and switch-to-switch links apart, as a
// share of each kind.
std::vector<std::vector<double>> utilizationBins(const TrafficResult &t)
{
    std::vector<std::vector<double>> series(2, std::vector<double>(10, 0));
    std::size_t count[2] = {0, 0};
    for (const ChannelLoad &c : t.channels)
        ++count[c.betweenSwitches];
    for (const ChannelLoad &c : t.channels)
        series[c.betweenSwitches][std::size_t(std::clamp(int(c.utilization * 10 + 1e-9), 0, 9))] += 100.0 / double(count[c.betweenSwitches]);
    return series;
}

void utilizationPanel(ReportPainter &painter, const ReportData &data, const QRectF &frame)
{
    QPainter &p = painter.painter();
    const TrafficResult *t = data.pattern;
    const QString subtitle = t ? PdfReport::tr("%1, %2 flows of %3: utilization of each directed link over the run")
                                     .arg(patternName(t->workload.name), number(double(t->flows)), byteSizeText(t->workload.bytes))
                               : PdfReport::tr("not available");
    const QRectF plot = chartFrame(p, frame, PdfReport::tr("Link utilization"), subtitle);
    if (!t || t->channels.empty()) {
        const QString why = data.networkMissing.isEmpty() ? data.notes.join(QLatin1Char(' ')) : data.networkMissing;
        chartMessage(p, plot, PdfReport::tr("Network analysis not available: %1.\nThis page shows cost charts only.").arg(why));
        return;
    }
    QStringList cats;
    for (int b = 0; b < 10; ++b)
        cats << QStringLiteral("%1–%2%").arg(b * 10).arg(b * 10 + 10);
    barChart(p, plot, cats, utilizationBins(*t), {ink::kServer, ink::kSpine},
             {PdfReport::tr("host links"), PdfReport::tr("switch-to-switch links")}, QStringLiteral("%"));
    chartCaption(p, plot, PdfReport::tr("bytes / (capacity × completion time), share of links"));
    chartNote(p, frame, PdfReport::tr("max %1 · mean of busy links %2 · %3% of flows at full rate · done in %4")
                            .arg(painter.figure("max_link_utilization", t->maxLinkUtilization, percentText(t->maxLinkUtilization)),
                                 painter.figure("mean_busy_link_utilization", t->meanBusyLinkUtilization, percentText(t->meanBusyLinkUtilization)),
                                 number(t->lineRateFlowShare * 100, 0),
                                 painter.figure("completion_s", t->completionS, durationText(t->completionS))));
}

// The engine's histogram as bars: as it is up to 14 latencies, else in 12 bins.
void latencyBars(const LatencyStats &l, QStringList &cats, std::vector<double> &share)
{
    const auto &hist = l.histogram;
    double total = 0;
    for (const auto &h : hist)
        total += double(h.second);
    if (hist.size() <= 14) {
        for (const auto &h : hist) {
            cats << number(h.first / 1000.0, 2);
            share.push_back(100.0 * double(h.second) / total);
        }
        return;
    }
    const double lo = l.minNs, hi = std::max(l.maxNs, lo + 1);
    const int bins = 12;
    share.assign(bins, 0);
    for (int b = 0; b < bins; ++b)
        cats << number((lo + (hi - lo) * (b + 0.5) / bins) / 1000.0, 2);
    for (const auto &h : hist)
        share[std::size_t(std::clamp(int((h.first - lo) / (hi - lo) * bins), 0, bins - 1))] += 100.0 * double(h.second) / total;
}

void latencyPanel(ReportPainter &painter, const ReportData &data, const QRectF &frame)
{
    QPainter &p = painter.painter();
    const NetworkAnalysis *n = data.network();
    const LatencyStats *l = n && n->latency ? &n->latency->stats : nullptr;
    const QString subtitle = l ? PdfReport::tr("%1 endpoint pairs%2; switch, adapter and cable latency")
                                     .arg(number(double(l->pairs)))
                                     .arg(l->sampled ? PdfReport::tr(" (sampled)") : QString())
                               : PdfReport::tr("not available");
    const QRectF plot = chartFrame(p, frame, PdfReport::tr("GPU-to-GPU latency"), subtitle);
    if (!l || l->histogram.empty()) {
        chartMessage(p, plot, PdfReport::tr("Latency not available: %1.").arg(l ? PdfReport::tr("no routed pairs") : data.networkMissing));
        return;
    }
    QStringList cats;
    std::vector<std::vector<double>> series(1);
    latencyBars(*l, cats, series[0]);
    barChart(p, plot, cats, series, {ink::kAccent}, {PdfReport::tr("share of pairs")}, QStringLiteral("%"));
    chartCaption(p, plot, PdfReport::tr("latency, µs"));
    chartNote(p, frame, PdfReport::tr("min %1 · median %2 · p99 %3 · max %4 µs")
                            .arg(number(l->minNs / 1000, 2), painter.figure("latency_p50_ns", l->p50Ns, number(l->p50Ns / 1000, 2)),
                                 painter.figure("latency_p99_ns", l->p99Ns, number(l->p99Ns / 1000, 2)), number(l->maxNs / 1000, 2)));
}

void costPanel(ReportPainter &painter, const ReportData &data, const QRectF &frame)
{
    QPainter &p = painter.painter();
    const BomPricing &pricing = data.pricing();
    const std::string &cur = data.currency();
    const QRectF plot = chartFrame(p, frame, PdfReport::tr("Cost breakdown"), PdfReport::tr("hardware at list price by category, %1").arg(qs(cur)));
    double maxV = 0;
    for (const auto &s : pricing.subtotals)
        maxV = std::max(maxV, s.second);
    const double rowH = std::min(22.0, plot.height() / double(std::max<std::size_t>(1, pricing.subtotals.size())));
    const double labelW = 70, valueW = 110;
    const QRectF bars(plot.left() - 36 + labelW, plot.top(), plot.width() + 36 - labelW - valueW, plot.height());
    std::set<std::string> unknownCats;
    for (const BomLine &l : data.bom().lines)
        if (!l.total)
            unknownCats.insert(l.category);
    for (std::size_t i = 0; i < pricing.subtotals.size(); ++i) {
        const auto &[cat, v] = pricing.subtotals[i];
        const double y = bars.top() + rowH * double(i);
        p.setFont(reportFont(7.5));
        p.setPen(ink::kText);
        p.drawText(QRectF(plot.left() - 36, y, labelW - 4, rowH), Qt::AlignLeft | Qt::AlignVCenter, bomCategoryName(cat));
        const double w = std::max(maxV > 0 ? bars.width() * v / maxV : 0, 0.5);
        p.fillRect(QRectF(bars.left(), y + rowH * 0.2, w, rowH * 0.6), ink::kAccent);
        const double share = pricing.hardware > 0 ? 100 * v / pricing.hardware : 0;
        QString text = v > 0 ? QStringLiteral("%1 (%2%)").arg(money(v, cur), number(share, 1)) : PdfReport::tr("price unknown");
        if (v > 0 && unknownCats.count(cat))
            text += QStringLiteral(" *");
        p.setPen(v > 0 ? ink::kText : ink::kMuted);
        p.drawText(QRectF(bars.left() + w + 4, y, valueW + bars.width() - w, rowH), Qt::AlignLeft | Qt::AlignVCenter, text);
    }
    QString note = PdfReport::tr("Total %1").arg(money(pricing.hardware, cur));
    if (!data.bom().unknownPrice.empty())
        note += PdfReport::tr(" · without %1 part(s) of unknown price").arg(data.bom().unknownPrice.size());
    p.setFont(reportFont(7));
    p.setPen(ink::kMuted);
    p.drawText(QRectF(frame.x() + 10, frame.bottom() - 14, frame.width() - 20, 10), Qt::AlignRight | Qt::AlignVCenter, note);
}

QStringList fabricLines(const ReportData &data)
{
    const NetworkAnalysis *n = data.network();
    if (!n)
        return data.notes;
    QStringList lines;
    lines << PdfReport::tr("Routing: %1%2, %3 endpoints, %4 switches")
                 .arg(QString::fromLatin1(toString(n->routing.engine)), n->routing.fellBack ? PdfReport::tr(" (fell back)") : QString())
                 .arg(n->endpoints)
                 .arg(n->switches);
    if (n->reachability)
        lines << PdfReport::tr("Reachability: %1 of %2 ordered pairs unreachable")
                     .arg(number(double(n->reachability->unreachablePairs)))
                     .arg(number(double(n->reachability->pairs)));
    if (n->creditLoops)
        lines << PdfReport::tr("Credit loops: %1")
                     .arg(n->creditLoops->deadlockFree ? PdfReport::tr("none (deadlock-free)") : PdfReport::tr("found: the routes can deadlock"));
    if (const auto &b = data.analysis.blocking)   // as the generator was asked, as built, and why
        lines << PdfReport::tr("Leaf blocking: %1").arg(engineText(b->detail));
    if (const auto &m = n->metrics) {
        lines << PdfReport::tr("Bisection: %1 Tb/s one way (half injection %2 Tb/s)")
                     .arg(number(m->bisectionGbps / 1000, 1), number(m->halfInjectionGbps / 1000, 1));
        for (const TierLoad &t : m->tiers)
            lines << (t.upGbps > 0 ? PdfReport::tr("%1 tier: %2 Tb/s down, %3 Tb/s up, oversubscription %4")
                                         .arg(capitalized(tierName(t.tier)), number(t.downGbps / 1000, 1), number(t.upGbps / 1000, 1),
                                              ratioText(t.oversubscription))
                                   : PdfReport::tr("%1 tier: %2 Tb/s down (top of the tree)").arg(capitalized(tierName(t.tier)), number(t.downGbps / 1000, 1)));
        lines << PdfReport::tr("Diameter: %1 switch(es) on the longest shortest path%2")
                     .arg(m->diameterSwitches)
                     .arg(m->diameterSampled ? PdfReport::tr(" (sampled)") : QString());
    }
    if (const TrafficResult *t = data.pattern)   // the tier the pattern loaded most (the window's heatmap says the same)
        if (const QString b = bottleneckText(linkTierLoad(data.design, *t)); !b.isEmpty())
            lines << PdfReport::tr("Bottleneck tier under %1: %2").arg(patternName(t->workload.name), b);
    lines << collectiveLines(data);
    lines << PdfReport::tr("Analysis took %1").arg(durationText(data.analysis.wallS));
    return lines;
}

void fabricPanel(ReportPainter &painter, const ReportData &data, const QRectF &frame)
{
    QPainter &p = painter.painter();
    p.setPen(QPen(ink::kRule, 0.8));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(frame, 4, 4);
    p.setFont(reportFont(9.5, true));
    p.setPen(ink::kText);
    p.drawText(QRectF(frame.x() + 10, frame.y() + 6, frame.width() - 20, 14), Qt::AlignLeft | Qt::AlignVCenter, PdfReport::tr("Fabric figures"));
    p.setFont(reportFont(8));
    double y = frame.y() + 28;
    for (const QString &l : fabricLines(data)) {
        const QRectF need = QFontMetricsF(reportFont(8), p.device()).boundingRect(QRectF(0, 0, frame.width() - 24, 1e4), Qt::TextWordWrap, l);
        if (y + need.height() > frame.bottom() - 6)
            break;
        p.setPen(ink::kText);
        p.drawText(QRectF(frame.x() + 12, y, frame.width() - 24, need.height() + 2), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, l);
        y += need.height() + 5;
    }
}

} // namespace

void analysisPage(ReportPainter &painter, const ReportData &data)
{
    painter.newPage(PdfReport::tr("Network and cost analysis"));
    const double cw = (kContentWidth - 14) / 2, ch = (kBottom - kTop - 14) / 2;
    utilizationPanel(painter, data, QRectF(kMargin, kTop, cw, ch));
    latencyPanel(painter, data, QRectF(kMargin + cw + 14, kTop, cw, ch));
    costPanel(painter, data, QRectF(kMargin, kTop + ch + 14, cw, ch));
    fabricPanel(painter, data, QRectF(kMargin + cw + 14, kTop + ch + 14, cw, ch));
}

} // namespace cplan
