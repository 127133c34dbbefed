// Page 1: the design's name, the key figures as tiles, a thumbnail of the layout.
#include "layoutpicture.h"
#include "pdfreport.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include "explorertext.h"
#include "l10n.h"

#include "analysis/keyfigures.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <QDateTime>
#include <QFileInfo>
#include <QFontMetricsF>

#include <map>

namespace cplan {

using namespace page;

namespace {

struct Tile
{
    QString label, value, detail;
};

void banner(QPainter &p, const ReportData &data)
{
    const Design &d = data.design;
    p.fillRect(QRectF(kMargin, kTop, kContentWidth, 84), ink::kAccent);
    p.setPen(Qt::white);
    const double room = kContentWidth - 36;
    const QFont tf = fittedFont(reportFont(22, true), qs(d.name), room, p.device(), 14);
    p.setFont(tf);
    p.drawText(QRectF(kMargin + 18, kTop + 10, room, 40), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(tf, p.device()).elidedText(qs(d.name), Qt::ElideRight, room));
    p.setFont(reportFont(9.5));
    QString sub = PdfReport::tr("Generated %1").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd")));
    if (!data.sourceFile.isEmpty())
        sub += PdfReport::tr(" from %1").arg(QFileInfo(data.sourceFile).fileName());
    p.drawText(QRectF(kMargin + 18, kTop + 50, room, 16), Qt::AlignLeft | Qt::AlignVCenter, sub);
    if (!d.notes.empty()) {
        p.setFont(reportFont(8.5));
        p.drawText(QRectF(kMargin + 18, kTop + 66, room, 20), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(reportFont(8.5), p.device()).elidedText(qs(d.notes).simplified(), Qt::ElideRight, room));
    }
}

int countOf(const std::map<std::string, int> &m, const char *k)
{
    return m.count(k) ? m.at(k) : 0;
}

// "leaf 32 · spine 16": the non-zero counts, by tier name.
QString tierCounts(const std::map<std::string, int> &m, std::initializer_list<const char *> keys)
{
    QStringList parts;
    for (const char *k : keys)
        if (countOf(m, k) > 0)
            parts << QStringLiteral("%1 %2").arg(tierName(k), number(countOf(m, k)));
    return parts.join(QStringLiteral(" · "));
}

QString gpuModels(const ReportData &data)
{
    std::map<std::string, int> models;
    for (const Node &node : data.design.nodes)
        if (node.role == NodeRole::Server)
            if (const Part *sp = data.catalog.find(node.part); sp && !sp->gpu.empty() && sp->gpuCount > 0)
                models[sp->gpu] += sp->gpuCount;
    QStringList text;
    for (const auto &[g, k] : models) {
        const Part *gp = data.catalog.find(g);
        text << QStringLiteral("%1 × %2").arg(number(k)).arg(gp ? qs(gp->model) : qs(g));
    }
    return text.join(QStringLiteral(", "));
}

// A key figure's text as every front end writes it (explorertext.h), logged under its id; "n/a"
// when the analysis has no such figure.
QString shown(ReportPainter &painter, const ReportData &data, const KeyFigures &k, const char *id)
{
    const KeyFigure *f = k.find(id);
    if (!f)
        return PdfReport::tr("n/a");
    const QString text = keyFigureText(*f, data.currency());
    return f->value ? painter.figure(id, *f->value, text) : text;
}

std::vector<Tile> costTiles(ReportPainter &painter, const ReportData &data, const KeyFigures &k)
{
    const Bom &bom = data.bom();
    return {
        {keyFigureLabel("gpus"), shown(painter, data, k, "gpus"), gpuModels(data)},
        {keyFigureLabel("servers"), shown(painter, data, k, "servers"), PdfReport::tr("+ %1 management appliance(s)").arg(bom.counts.management)},
        {keyFigureLabel("switches"), shown(painter, data, k, "switches"), tierCounts(bom.counts.switches, {"leaf", "spine", "core"})},
        {keyFigureLabel("links"), shown(painter, data, k, "links"), tierCounts(bom.counts.cables, {"node-leaf", "leaf-spine", "spine-core", "other"})},
        {PdfReport::tr("Hardware (list)"), shown(painter, data, k, "capex"),
         bom.totals.capexComplete ? PdfReport::tr("all prices known") : PdfReport::tr("incomplete: %1 part(s) without price").arg(bom.unknownPrice.size())},
        // The quote's total (spares, discount) over the GPUs, the one cost per GPU every view shows.
        {keyFigureLabel("cost_per_gpu"), shown(painter, data, k, "cost_per_gpu"),
         bom.totals.capexComplete ? PdfReport::tr("quote total (spares, discount) per GPU") : PdfReport::tr("incomplete: unknown prices")},
        {keyFigureLabel("power_w"), shown(painter, data, k, "power_w"),
         bom.totals.powerComplete ? PdfReport::tr("maximum, IT load") : PdfReport::tr("incomplete: unknown figures")},
        {PdfReport::tr("Rack space"), shown(painter, data, k, "rack_units"), PdfReport::tr("%1 rack(s) in the design").arg(bom.counts.racks)},
    };
}

std::vector<Tile> networkTiles(ReportPainter &painter, const ReportData &data, const KeyFigures &k)
{
    const NetworkAnalysis *n = data.network();
    const QString na = PdfReport::tr("n/a");
    if (!n || !n->metrics)
        return {{PdfReport::tr("Bisection bandwidth"), na, data.networkMissing}, {keyFigureLabel("oversubscription"), na, QString()},
                {PdfReport::tr("GPU-to-GPU latency"), na, QString()}};
    QString oversub;
    for (const TierLoad &t : n->metrics->tiers)
        if (t.upGbps > 0)
            oversub += (oversub.isEmpty() ? QString() : QStringLiteral(" · ")) + tierName(t.tier) + QLatin1Char(' ') + ratioText(t.oversubscription);
    // The verdicts are the engine's (keyfigures.h), as every front end gives them.
    QString worst;
    if (const std::optional<double> w = k.value("oversubscription"))   // "non-blocking (1:1)" within the engine's tolerance
        worst = painter.figure("oversubscription", *w, ratioText(*w));
    const double ratio = k.value("bisection_ratio").value_or(0);
    const QString bisectionDetail = k.value("full_bisection").value_or(0) > 0 ? PdfReport::tr("full bisection")
                                                                               : PdfReport::tr("%1% of half injection").arg(number(100 * ratio, 0));
    const LatencyStats *l = n->latency && n->latency->stats.pairs ? &n->latency->stats : nullptr;
    return {
        {PdfReport::tr("Bisection bandwidth"), shown(painter, data, k, "bisection_gbps"), bisectionDetail},
        {keyFigureLabel("oversubscription"), worst.isEmpty() ? PdfReport::tr("none") : worst, oversub.isEmpty() ? PdfReport::tr("single tier") : oversub},
        {PdfReport::tr("GPU-to-GPU latency"), l ? number(l->p50Ns / 1000.0, 2) + PdfReport::tr(" µs median") : na,
         l ? PdfReport::tr("max %1 µs · %2 switch hops max").arg(number(l->maxNs / 1000.0, 2)).arg(n->reachability ? n->reachability->maxHops : 0) : QString()},
    };
}

void drawTiles(QPainter &p, const std::vector<Tile> &tiles)
{
    const double tileW = (kContentWidth - 3 * 12) / 4, tileH = 68;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const QRectF r(kMargin + double(i % 4) * (tileW + 12), kTop + 98 + double(i / 4) * (tileH + 10), tileW, tileH);
        p.setPen(QPen(ink::kRule, 0.8));
        p.setBrush(ink::kShade);
        p.drawRoundedRect(r, 5, 5);
        p.setFont(reportFont(8));
        p.setPen(ink::kMuted);
        p.drawText(QRectF(r.x() + 12, r.y() + 6, r.width() - 24, 14), Qt::AlignLeft | Qt::AlignVCenter, tiles[i].label);
        p.setFont(fittedFont(reportFont(17, true), tiles[i].value, r.width() - 24, p.device()));
        p.setPen(ink::kText);
        p.drawText(QRectF(r.x() + 12, r.y() + 20, r.width() - 24, 26), Qt::AlignLeft | Qt::AlignVCenter, tiles[i].value);
        p.setFont(reportFont(7));
        p.setPen(ink::kMuted);
        p.drawText(QRectF(r.x() + 12, r.y() + 46, r.width() - 24, 20), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   QFontMetricsF(reportFont(7), p.device()).elidedText(tiles[i].detail, Qt::ElideRight, 2 * (r.width() - 24) - 10));
    }
}

} // namespace

void coverPage(ReportPainter &painter, const ReportData &data)
{
    QPainter &p = painter.painter();
    const Design &d = data.design;
    painter.newPage(PdfReport::tr("Cluster design report"));
    banner(p, data);
    const KeyFigures k = keyFigures(data.analysis, data.pattern);
    std::vector<Tile> tiles = costTiles(painter, data, k);
    const std::vector<Tile> network = networkTiles(painter, data, k);
    tiles.insert(tiles.end(), network.begin(), network.end());
    tiles.push_back({PdfReport::tr("TCO over %1 years").arg(d.settings.tcoYears), shown(painter, data, k, "tco"),
                     PdfReport::tr("energy %1 per year").arg(money(data.bom().totals.energyPerYear, data.currency()))});
    drawTiles(p, tiles);
    painter.y = kTop + 98 + 3 * (68 + 10) + 2;
    QString note = PdfReport::tr("Prices are indicative list prices in %1 from the parts catalog (most are estimates); parts without a known price "
                                 "are not in the totals. Figures come from Cluster Planner's engine: the routing engine of the design (%2), "
                                 "max-min fair flow simulation and a latency model; see Assumptions and sources.")
                       .arg(qs(data.currency()), qs(d.settings.routingEngine));
    if (!data.network())
        note += QLatin1Char(' ') + data.notes.join(QLatin1Char(' '));
    painter.paragraph(note, 7.5, ink::kMuted);
    if (kBottom - painter.y > 90) {
        const QRectF thumb(kMargin, painter.y + 4, kContentWidth, kBottom - painter.y - 8);
        p.setPen(QPen(ink::kRule, 0.8));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(thumb, 5, 5);
        LayoutPicture(d, data.catalog).draw(p, thumb.adjusted(8, 4, -8, -4));
    }
}

} // namespace cplan
