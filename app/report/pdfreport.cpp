#include "pdfreport.h"

#include "l10n.h"

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "export/cableplan.h"
#include "routing/fabric.h"
#include "routing/metrics.h"
#include "routing/routedflows.h"
#include "routing/routing.h"
#include "schedule/scheduler.h"
#include "workload/trafficpattern.h"

#include <QDateTime>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QSaveFile>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>

namespace cplan {

namespace {

// A4 landscape in points (the writer runs at 72 dpi, so one device unit is one point).
constexpr double kPageW = 841.89, kPageH = 595.28;
constexpr double kMargin = 36;
constexpr double kTop = 62;                 // below the page header
constexpr double kBottom = kPageH - 40;     // above the footer

const QColor kInk(0x1f, 0x27, 0x33);
const QColor kMuted(0x6b, 0x76, 0x85);
const QColor kAccent(0x1f, 0x5f, 0xa8);
const QColor kRule(0xd5, 0xdb, 0xe3);
const QColor kShade(0xf1, 0xf4, 0xf8);
const QColor kLeaf(0x3a, 0x9d, 0x5d);
const QColor kSpine(0x2f, 0x6d, 0xb5);
const QColor kCore(0x7b, 0x4f, 0xb0);
const QColor kServer(0x8a, 0x94, 0xa3);
const QColor kMgmt(0xe0, 0x8a, 0x2e);

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// Numbers and money in the report's language (QLocale's default, set by `cplan report --lang`).
QString number(double v, int decimals = 0)
{
    return formatNumber(v, decimals);
}

QString money(double v, const std::string &currency)
{
    return formatMoney(v, currency);
}

QColor tierColor(int tier)
{
    return tier >= 3 ? kCore : tier == 2 ? kSpine : kLeaf;
}

QColor linkTierColor(const std::string &tier)
{
    if (tier == "leaf-spine")
        return kSpine;
    if (tier == "spine-core")
        return kCore;
    if (tier == "node-leaf")
        return kServer;
    return kMgmt;
}

QFont font(double pt, bool bold = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(pt);
    f.setBold(bold);
    return f;
}

// A "nice" axis maximum: 1, 2, 2.5 or 5 times a power of ten, at least v.
double niceCeil(double v)
{
    if (v <= 0)
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * p >= v * (1 - 1e-12))
            return m * p;
    return 10 * p;
}

// An oversubscription ratio as people write it: "1:1", "2:1", "1.33:1".
QString ratioText(double x)
{
    const bool whole = std::fabs(x - std::round(x)) < 0.005;
    return number(x, whole ? 0 : 2) + QStringLiteral(":1");
}

QString capitalized(QString s)
{
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

QString durationText(double s)
{
    if (s <= 0)
        return QStringLiteral("0");
    if (s < 1e-3)
        return number(s * 1e6, 1) + QStringLiteral(" µs");
    if (s < 1)
        return number(s * 1e3, 1) + QStringLiteral(" ms");
    if (s < 120)
        return number(s, 1) + QStringLiteral(" s");
    if (s < 7200)
        return number(s / 60, 1) + QStringLiteral(" min");
    return number(s / 3600, 1) + QStringLiteral(" h");
}

// What the network charts need, computed once from the design by the core engine.
struct Analysis
{
    bool ok = false;
    QString error;
    std::size_t endpoints = 0, switches = 0;
    QString engine;
    bool fellBack = false;
    std::uint64_t pairs = 0, unreachable = 0;
    int maxHops = 0;
    bool deadlockFree = true;
    FabricMetrics metrics;
    LatencyStats latency;
    std::vector<Message> latencyAssumptions;
    // Directed-channel utilizations under a random permutation, host links and switch links.
    std::vector<double> hostUtil, switchUtil;
    std::size_t flows = 0;
    double completionS = 0, maxUtil = 0;
    double fullRateShare = 0;   // flows that start at (nearly) their line rate
    QString allreduce;   // ring all-reduce figure, or empty
    double wallS = 0;
};

Analysis analyse(const Design &design, const Catalog &catalog)
{
    Analysis a;
    const auto start = std::chrono::steady_clock::now();
    const Fabric fabric = Fabric::build(design, catalog);
    a.endpoints = fabric.endpoints().size();
    a.switches = fabric.switches().size();
    if (a.endpoints < 2 || a.switches == 0) {
        a.error = PdfReport::tr("the fabric has fewer than two cabled endpoints or no switch");
        return a;
    }
    RoutingOptions ro;
    ro.engine = routingEngineFromString(design.settings.routingEngine).value_or(RoutingEngine::FTree);
    const RoutingTables tables = computeRoutes(fabric, ro);
    a.engine = QString::fromLatin1(toString(tables.engine));
    a.fellBack = tables.fellBack;
    const RouteCheck rc = checkRoutes(fabric, tables);
    a.pairs = rc.pairs;
    a.unreachable = rc.unreachablePairs;
    a.maxHops = rc.maxHops;
    a.deadlockFree = findCreditLoops(fabric, tables).deadlockFree;
    a.metrics = computeMetrics(fabric);
    const LatencyModel lm = latencyModel(fabric, catalog);
    a.latencyAssumptions = lm.assumptions;
    a.latency = latencyDistribution(fabric, tables, lm, 400'000);

    auto spec = parsePattern("permutation");
    auto demands = generateTraffic(*spec, std::uint32_t(a.endpoints), double(1 << 30), 1);
    if (demands) {
        TrafficOptions to;
        to.latency = &lm;
        const TrafficRun run = runTraffic(fabric, tables, *demands, {}, to);
        a.flows = run.flows;
        a.completionS = run.completionS;
        // Load while every flow runs (the peak), over what the channel carries.
        for (std::uint32_t p = 0; p < fabric.ports().size(); ++p) {
            const FabricPort &port = fabric.port(p);
            if (!port.connected() || p >= run.result.linkPeakLoadBps.size() || port.speedGbps <= 0)
                continue;
            const double capacity = port.speedGbps * 1e9 / 8 * kNicEfficiency;
            const double load = run.result.linkPeakLoadBps[p] / capacity;
            a.maxUtil = std::max(a.maxUtil, load);
            const bool here = fabric.node(port.node).isSwitch();
            const bool there = fabric.node(fabric.port(port.peer).node).isSwitch();
            (here && there ? a.switchUtil : a.hostUtil).push_back(load);
        }
        // A flow at full rate gets its source port's capacity.
        std::size_t full = 0;
        for (std::size_t f = 0; f < run.result.rateAtStartBps.size() && f < run.flowDemand.size(); ++f) {
            const Demand &dm = (*demands)[run.flowDemand[f]];
            const std::uint32_t port = fabric.endpoints()[dm.src];
            const double capacity = fabric.port(port).speedGbps * 1e9 / 8 * kNicEfficiency;
            full += capacity > 0 && run.result.rateAtStartBps[f] >= 0.99 * capacity;
        }
        a.fullRateShare = run.result.rateAtStartBps.empty() ? 0 : double(full) / double(run.result.rateAtStartBps.size());
    }
    const CollectiveSetup setup = collectiveSetup(design, catalog, fabric);
    if (setup.error.empty() && setup.servers.size() >= 2) {
        const CollectiveRun cr = runCollective(fabric, tables, setup, CollectiveKind::AllReduce, double(1 << 30));
        a.allreduce = PdfReport::tr("%1 GB/s bus bandwidth (ring all-reduce of 1 GiB over %2 GPUs, %3)")
                          .arg(number(cr.estimate.busbwGBps, 1))
                          .arg(cr.estimate.ranks)
                          .arg(durationText(cr.estimate.timeS));
    }
    a.ok = true;
    a.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return a;
}

// Page bookkeeping: header, footer, a cursor that flows down the page.
class Pages
{
public:
    Pages(QPdfWriter &writer, QPainter &painter, QString title) : m_writer(writer), m_p(painter), m_title(std::move(title)) {}

    void newPage(const QString &section)
    {
        if (m_count > 0)
            m_writer.newPage();
        ++m_count;
        m_section = section;
        m_p.save();
        m_p.setPen(QPen(kAccent, 1.2));
        m_p.drawLine(QPointF(kMargin, 44), QPointF(kPageW - kMargin, 44));
        m_p.setFont(font(13, true));
        m_p.setPen(kInk);
        m_p.drawText(QRectF(kMargin, 20, kPageW - 2 * kMargin, 22), Qt::AlignLeft | Qt::AlignBottom, section);
        m_p.setFont(font(8));
        m_p.setPen(kMuted);
        m_p.drawText(QRectF(kMargin, 20, kPageW - 2 * kMargin, 22), Qt::AlignRight | Qt::AlignBottom, m_title);
        footer();
        m_p.restore();
        y = kTop;
    }
    void footer()
    {
        m_p.setPen(QPen(kRule, 0.6));
        m_p.drawLine(QPointF(kMargin, kPageH - 28), QPointF(kPageW - kMargin, kPageH - 28));
        m_p.setFont(font(7));
        m_p.setPen(kMuted);
        const QRectF r(kMargin, kPageH - 26, kPageW - 2 * kMargin, 14);
        m_p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, PdfReport::tr("Cluster Planner %1 · indicative figures, see Assumptions and sources")
                                                              .arg(QStringLiteral(CPLAN_VERSION)));
        m_p.drawText(r, Qt::AlignRight | Qt::AlignVCenter, PdfReport::tr("Page %1").arg(m_count));
    }
    // Room for h more points on this page, else a new page of the same section.
    void ensure(double h)
    {
        if (y + h > kBottom)
            newPage(m_section.endsWith(PdfReport::tr(" (continued)")) ? m_section : m_section + PdfReport::tr(" (continued)"));
    }
    int count() const { return m_count; }
    double y = kTop;

private:
    QPdfWriter &m_writer;
    QPainter &m_p;
    QString m_title, m_section;
    int m_count = 0;
};

void heading(QPainter &p, Pages &pages, const QString &text)
{
    pages.ensure(40);
    p.setFont(font(11, true));
    p.setPen(kAccent);
    p.drawText(QRectF(kMargin, pages.y, kPageW - 2 * kMargin, 18), Qt::AlignLeft | Qt::AlignVCenter, text);
    pages.y += 22;
}

// A paragraph that wraps; moves the cursor (and to a new page when needed).
void paragraph(QPainter &p, Pages &pages, const QString &text, double pt = 8.5, const QColor &color = kInk, double indent = 0)
{
    const QFont f = font(pt);
    const QRectF box(kMargin + indent, 0, kPageW - 2 * kMargin - indent, 1e6);
    const QRectF need = QFontMetricsF(f, p.device()).boundingRect(box, Qt::TextWordWrap, text);
    pages.ensure(need.height() + 4);
    p.setFont(f);
    p.setPen(color);
    p.drawText(QRectF(box.x(), pages.y, box.width(), need.height() + 2), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
    pages.y += need.height() + 4;
}

struct Column
{
    QString title;
    double width;
    Qt::Alignment align = Qt::AlignLeft;
};

// A table that continues on the next page with its header repeated.
void table(QPainter &p, Pages &pages, const std::vector<Column> &cols, const std::vector<QStringList> &rows,
           const std::set<std::size_t> &boldRows = {})
{
    constexpr double rowH = 13.5;
    auto header = [&] {
        double x = kMargin;
        p.fillRect(QRectF(kMargin, pages.y, kPageW - 2 * kMargin, rowH + 2), QColor(0xdd, 0xe4, 0xee));
        p.setFont(font(7.5, true));
        p.setPen(kInk);
        for (const Column &c : cols) {
            p.drawText(QRectF(x + 3, pages.y, c.width - 6, rowH + 2), int(c.align | Qt::AlignVCenter), c.title);
            x += c.width;
        }
        pages.y += rowH + 2;
    };
    pages.ensure(3 * rowH);
    header();
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (pages.y + rowH > kBottom) {
            pages.ensure(kBottom);   // forces a new page
            header();
        }
        if (r % 2)
            p.fillRect(QRectF(kMargin, pages.y, kPageW - 2 * kMargin, rowH), kShade);
        const QFont f = font(7.5, boldRows.count(r) > 0);
        const QFontMetricsF fm(f, p.device());
        p.setFont(f);
        p.setPen(kInk);
        double x = kMargin;
        for (std::size_t c = 0; c < cols.size() && c < std::size_t(rows[r].size()); ++c) {
            const QString text = fm.elidedText(rows[r][int(c)], Qt::ElideRight, cols[c].width - 6);
            p.drawText(QRectF(x + 3, pages.y, cols[c].width - 6, rowH), int(cols[c].align | Qt::AlignVCenter), text);
            x += cols[c].width;
        }
        pages.y += rowH;
    }
    p.setPen(QPen(kRule, 0.6));
    p.drawLine(QPointF(kMargin, pages.y), QPointF(kPageW - kMargin, pages.y));
    pages.y += 10;
}

// A framed chart area with a title; returns the plot rectangle inside it.
QRectF chartFrame(QPainter &p, const QRectF &r, const QString &title, const QString &subtitle)
{
    p.setPen(QPen(kRule, 0.8));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(r, 4, 4);
    p.setFont(font(9.5, true));
    p.setPen(kInk);
    p.drawText(QRectF(r.x() + 10, r.y() + 6, r.width() - 20, 14), Qt::AlignLeft | Qt::AlignVCenter, title);
    p.setFont(font(7));
    p.setPen(kMuted);
    p.drawText(QRectF(r.x() + 10, r.y() + 20, r.width() - 20, 12), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(font(7), p.device()).elidedText(subtitle, Qt::ElideRight, r.width() - 20));
    return QRectF(r.x() + 46, r.y() + 50, r.width() - 60, r.height() - 92);
}

void chartMessage(QPainter &p, const QRectF &plot, const QString &text)
{
    p.setFont(font(8.5));
    p.setPen(kMuted);
    p.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap, text);
}

// Vertical bars, one group per category, one bar per series.
// Grid lines that fall on round numbers: 4 steps for a top of 2 x 10^n, else 5.
int tickCount(double top)
{
    const double mantissa = top / std::pow(10.0, std::floor(std::log10(top)));
    return std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 2.5) < 1e-9 ? 4 : 5;
}

void barChart(QPainter &p, const QRectF &plot, const QStringList &categories, const std::vector<std::vector<double>> &series,
              const std::vector<QColor> &colors, const QStringList &names, const QString &yUnit)
{
    double maxV = 0;
    for (const auto &s : series)
        for (double v : s)
            maxV = std::max(maxV, v);
    const double top = niceCeil(maxV);
    const int ticks = tickCount(top);
    p.setFont(font(6.5));
    for (int k = 0; k <= ticks; ++k) {
        const double v = top * k / ticks, y = plot.bottom() - plot.height() * k / ticks;
        p.setPen(QPen(kRule, 0.5));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(kMuted);
        p.drawText(QRectF(plot.left() - 44, y - 6, 40, 12), Qt::AlignRight | Qt::AlignVCenter,
                   number(v, top / ticks < 1 ? 1 : 0) + yUnit);
    }
    const int n = int(categories.size());
    const double slot = plot.width() / std::max(1, n);
    const double barW = slot * 0.8 / std::max<std::size_t>(1, series.size());
    const QFontMetricsF fm(font(6.5), p.device());
    // Label every k-th category so that labels never overlap.
    double widest = 0;
    for (const QString &c : categories)
        widest = std::max(widest, fm.horizontalAdvance(c));
    const int every = std::max(1, int(std::ceil((widest + 4) / slot)));
    for (int i = 0; i < n; ++i) {
        for (std::size_t s = 0; s < series.size(); ++s) {
            const double v = i < int(series[s].size()) ? series[s][std::size_t(i)] : 0;
            const double h = top > 0 ? plot.height() * v / top : 0;
            p.fillRect(QRectF(plot.left() + slot * i + slot * 0.1 + barW * double(s), plot.bottom() - h, barW, h), colors[s]);
        }
        if (i % every == 0) {
            p.setPen(kMuted);
            p.drawText(QRectF(plot.left() + slot * i + slot / 2 - 40, plot.bottom() + 2, 80, 10), Qt::AlignHCenter | Qt::AlignTop,
                       categories[i]);
        }
    }
    p.setPen(QPen(kMuted, 0.6));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    // Legend, right-aligned above the plot.
    double legendW = 0;
    for (std::size_t s = 0; s < series.size() && int(s) < names.size(); ++s)
        legendW += 20 + fm.horizontalAdvance(names[int(s)]);
    double x = plot.right() - legendW + 8;
    p.setFont(font(6.5));
    for (std::size_t s = 0; s < series.size() && int(s) < names.size(); ++s) {
        p.fillRect(QRectF(x, plot.top() - 13, 7, 7), colors[s]);
        p.setPen(kInk);
        p.drawText(QRectF(x + 10, plot.top() - 16, 200, 12), Qt::AlignLeft | Qt::AlignVCenter, names[int(s)]);
        x += 20 + fm.horizontalAdvance(names[int(s)]);
    }
}

// A line over time (schedule series).
void lineChart(QPainter &p, const QRectF &plot, const std::vector<std::pair<double, double>> &points, double yMax,
               const QString &yUnit, const QColor &color)
{
    const double top = niceCeil(yMax);
    const int ticks = tickCount(top);
    const double tMax = points.empty() ? 1 : std::max(1e-9, points.back().first);
    p.setFont(font(6.5));
    for (int k = 0; k <= ticks; ++k) {
        const double y = plot.bottom() - plot.height() * k / ticks;
        p.setPen(QPen(kRule, 0.5));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(kMuted);
        p.drawText(QRectF(plot.left() - 44, y - 6, 40, 12), Qt::AlignRight | Qt::AlignVCenter,
                   number(top * k / ticks, top / ticks < 1 ? 1 : 0) + yUnit);
    }
    for (int k = 0; k <= 4; ++k) {
        const double x = plot.left() + plot.width() * k / 4;
        p.drawText(QRectF(x - 30, plot.bottom() + 2, 60, 10), Qt::AlignHCenter | Qt::AlignTop, durationText(tMax * k / 4));
    }
    QPainterPath path;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const QPointF pt(plot.left() + plot.width() * points[i].first / tMax,
                         plot.bottom() - plot.height() * std::min(points[i].second, top) / top);
        // A step: the value holds until the next sample.
        if (i == 0) {
            path.moveTo(pt);
        } else {
            path.lineTo(QPointF(pt.x(), path.currentPosition().y()));
            path.lineTo(pt);
        }
    }
    p.setPen(QPen(color, 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    p.setPen(QPen(kMuted, 0.6));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
}

// The layout picture: tiers as rows (top tier first), groups boxed, links as lines.
void drawLayout(QPainter &p, const QRectF &area, const Design &design, const Catalog &catalog)
{
    const std::size_t n = design.nodes.size();
    if (n == 0) {
        chartMessage(p, area, PdfReport::tr("The design has no nodes."));
        return;
    }
    // Rows: tiers present, highest first; endpoints (servers, management) in row tier 0.
    std::set<int, std::greater<int>> tiers;
    for (const Node &node : design.nodes)
        tiers.insert(node.role == NodeRole::Switch ? level(switchTier(node.tier)) : 0);
    std::vector<int> rowTier(tiers.begin(), tiers.end());
    auto rowOf = [&](const Node &node) {
        const int t = node.role == NodeRole::Switch ? level(switchTier(node.tier)) : 0;
        return int(std::find(rowTier.begin(), rowTier.end(), t) - rowTier.begin());
    };
    const int rows = int(rowTier.size());

    // Group segments across the width: design groups in order, then unknown groups, then none.
    std::vector<std::string> groups;
    for (const Group &g : design.groups)
        groups.push_back(g.id);
    for (const Node &node : design.nodes)
        if (!node.group.empty() && std::find(groups.begin(), groups.end(), node.group) == groups.end())
            groups.push_back(node.group);
    groups.push_back(std::string());
    auto groupIndex = [&](const std::string &g) { return int(std::find(groups.begin(), groups.end(), g) - groups.begin()); };
    // Per row: are all nodes ungrouped? Such rows (spines) span the whole width.
    std::vector<std::vector<std::vector<std::uint32_t>>> cells(std::size_t(rows), std::vector<std::vector<std::uint32_t>>(groups.size()));
    for (std::uint32_t i = 0; i < n; ++i)
        cells[std::size_t(rowOf(design.nodes[i]))][std::size_t(groupIndex(design.nodes[i].group))].push_back(i);
    std::vector<char> spanning(static_cast<std::size_t>(rows));
    std::vector<double> weight(groups.size(), 0);
    for (int r = 0; r < rows; ++r) {
        std::size_t grouped = 0;
        for (std::size_t g = 0; g + 1 < groups.size(); ++g)
            grouped += cells[std::size_t(r)][g].size();
        spanning[std::size_t(r)] = grouped == 0;
        if (!spanning[std::size_t(r)])
            for (std::size_t g = 0; g < groups.size(); ++g)
                weight[g] = std::max(weight[g], double(cells[std::size_t(r)][g].size()));
    }
    double totalWeight = 0;
    for (double w : weight)
        totalWeight += w;

    const double labelW = 92;
    // Links inside the top row are drawn as arcs above it: leave room for them.
    bool topRowArcs = false;
    for (const Link &l : design.links)
        topRowArcs = topRowArcs || (rowOf(design.node(l.a.node)) == 0 && rowOf(design.node(l.b.node)) == 0);
    const double arcRoom = topRowArcs ? 36 : 0;
    const QRectF draw(area.x() + labelW, area.y() + 14 + arcRoom, area.width() - labelW - 4, area.height() - 28 - arcRoom);
    const double gap = 10;
    const int segments = int(std::count_if(weight.begin(), weight.end(), [](double w) { return w > 0; }));
    const double usable = draw.width() - gap * std::max(0, segments - 1);
    std::vector<double> segX0(groups.size(), draw.left()), segX1(groups.size(), draw.right());
    double x = draw.left();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (weight[g] <= 0)
            continue;
        segX0[g] = x;
        segX1[g] = x + usable * weight[g] / std::max(1.0, totalWeight);
        x = segX1[g] + gap;
    }
    const double rowGap = rows > 1 ? draw.height() / (rows - 1) : 0;
    auto rowY = [&](int r) { return rows > 1 ? draw.top() + rowGap * r : draw.center().y(); };

    std::vector<QPointF> pos(n);
    std::vector<double> spacing(std::size_t(rows), draw.width());
    for (int r = 0; r < rows; ++r)
        for (std::size_t g = 0; g < groups.size(); ++g) {
            auto ids = cells[std::size_t(r)][g];
            if (ids.empty())
                continue;
            std::sort(ids.begin(), ids.end(), [&](std::uint32_t a, std::uint32_t b) {
                return std::tie(design.nodes[a].x, a) < std::tie(design.nodes[b].x, b);
            });
            double x0 = segX0[g], x1 = segX1[g];
            if (spanning[std::size_t(r)]) {
                x0 = draw.left();
                x1 = draw.right();
            }
            const double step = (x1 - x0) / double(ids.size());
            spacing[std::size_t(r)] = std::min(spacing[std::size_t(r)], step);
            for (std::size_t k = 0; k < ids.size(); ++k)
                pos[ids[k]] = QPointF(x0 + step * (double(k) + 0.5), rowY(r));
        }

    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    // Group boxes behind everything.
    for (std::size_t g = 0; g + 1 < groups.size(); ++g) {
        int firstRow = rows, lastRow = -1;
        for (int r = 0; r < rows; ++r)
            if (!spanning[std::size_t(r)] && !cells[std::size_t(r)][g].empty()) {
                firstRow = std::min(firstRow, r);
                lastRow = std::max(lastRow, r);
            }
        if (lastRow < 0)
            continue;
        const QRectF box(segX0[g] - 3, rowY(firstRow) - 20, segX1[g] - segX0[g] + 6, rowY(lastRow) - rowY(firstRow) + 40);
        p.setPen(QPen(QColor(0xb8, 0xc4, 0xd3), 0.8, Qt::DashLine));
        p.setBrush(QColor(0xf5, 0xf8, 0xfb));
        p.drawRoundedRect(box, 5, 5);
        QString label = qs(groups[g]);
        for (const Group &gr : design.groups)
            if (gr.id == groups[g] && !gr.name.empty())
                label = qs(gr.name);
        p.setFont(font(7.5, true));
        p.setPen(kMuted);
        p.drawText(QRectF(box.x() + 4, box.bottom() - 13, box.width() - 8, 12), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(font(7.5, true), p.device()).elidedText(label, Qt::ElideRight, box.width() - 8));
    }
    // Links, faint when there are many.
    const double alpha = std::clamp(6000.0 / double(std::max<std::size_t>(1, design.links.size())), 25.0, 160.0);
    const double width = design.links.size() > 1500 ? 0.25 : design.links.size() > 300 ? 0.4 : 0.7;
    for (const Link &l : design.links) {
        QColor c = linkTierColor(linkTierName(design, l));
        c.setAlpha(int(alpha));
        p.setPen(QPen(c, width));
        const QPointF a = pos[l.a.node.value], b = pos[l.b.node.value];
        if (std::fabs(a.y() - b.y()) < 1e-6) {
            // Same row (a torus, a ring): an arc above the row, higher for longer links.
            QPainterPath arc(a);
            arc.quadTo(QPointF((a.x() + b.x()) / 2, a.y() - 12 - std::min(50.0, std::fabs(b.x() - a.x()) * 0.1)), b);
            p.setBrush(Qt::NoBrush);
            p.drawPath(arc);
        } else {
            p.drawLine(a, b);
        }
    }
    // Nodes.
    for (std::uint32_t i = 0; i < n; ++i) {
        const Node &node = design.nodes[i];
        const int r = rowOf(node);
        const double step = spacing[std::size_t(r)];
        QColor fill = node.role == NodeRole::Switch ? tierColor(level(switchTier(node.tier))) : node.role == NodeRole::Management ? kMgmt : kServer;
        const double w = node.role == NodeRole::Switch ? std::clamp(step * 0.8, 1.5, 46.0) : std::clamp(step * 0.75, 1.2, 18.0);
        const double h = node.role == NodeRole::Switch ? 12 : 16;
        p.setPen(w > 6 ? QPen(fill.darker(130), 0.5) : Qt::NoPen);
        p.setBrush(fill);
        p.drawRect(QRectF(pos[i].x() - w / 2, pos[i].y() - h / 2, w, h));
        if (node.role == NodeRole::Switch) {
            QString name = qs(node.name.empty() ? node.id : node.name);
            // "su01-leaf3" inside the SU 1 box reads as "leaf3".
            if (!node.group.empty() && name.startsWith(qs(node.group)) && name.size() > int(node.group.size()) + 1)
                name = name.mid(int(node.group.size()) + 1);
            const QFont f = font(5.5);
            if (QFontMetricsF(f, p.device()).horizontalAdvance(name) + 2 < step) {
                p.setFont(f);
                p.setPen(kInk);
                const double ty = r == 0 ? pos[i].y() - h / 2 - 9 : pos[i].y() - h / 2 - 9;
                p.drawText(QRectF(pos[i].x() - step / 2, ty, step, 8), Qt::AlignHCenter | Qt::AlignVCenter, name);
            }
        }
    }
    // Row labels: tier, count and part.
    for (int r = 0; r < rows; ++r) {
        std::map<std::string, int> parts;
        int count = 0;
        for (const auto &cell : cells[std::size_t(r)])
            for (std::uint32_t i : cell) {
                ++parts[design.nodes[i].part];
                ++count;
            }
        const int t = rowTier[std::size_t(r)];
        const QString rowName = t == 0 ? PdfReport::tr("Endpoints") : t == 1 ? PdfReport::tr("Leaf") : t == 2 ? PdfReport::tr("Spine")
                                                                                 : t == 3 ? PdfReport::tr("Core")
                                                                                          : PdfReport::tr("Tier %1").arg(t);
        QStringList partText;
        for (const auto &[part, k] : parts) {
            const Part *pp = catalog.find(part);
            partText << QStringLiteral("%1 × %2").arg(k).arg(pp ? qs(pp->model) : qs(part));
        }
        p.setFont(font(8, true));
        p.setPen(kInk);
        p.drawText(QRectF(area.x(), rowY(r) - 16, labelW - 8, 12), Qt::AlignLeft | Qt::AlignVCenter, rowName + QStringLiteral(" (%1)").arg(count));
        p.setFont(font(6));
        p.setPen(kMuted);
        p.drawText(QRectF(area.x(), rowY(r) - 4, labelW - 8, 30), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, partText.join(QLatin1Char('\n')));
    }
    p.restore();
}

void legendItem(QPainter &p, double &x, double y, const QColor &c, const QString &text, bool line)
{
    if (line) {
        p.setPen(QPen(c, 2));
        p.drawLine(QPointF(x, y + 5), QPointF(x + 14, y + 5));
    } else {
        p.fillRect(QRectF(x + 2, y + 1, 9, 9), c);
    }
    p.setFont(font(7));
    p.setPen(kInk);
    const double w = QFontMetricsF(font(7), p.device()).horizontalAdvance(text);
    p.drawText(QRectF(x + 18, y, w + 4, 11), Qt::AlignLeft | Qt::AlignVCenter, text);
    x += w + 34;
}

} // namespace

PdfReport::PdfReport(const Design &design, const Catalog &catalog) : m_design(design), m_catalog(catalog) {}

PdfReport::~PdfReport() = default;

void PdfReport::setSchedule(const ScheduleResult &result, const QString &scenario)
{
    m_schedule = std::make_unique<ScheduleResult>(result);
    m_scenario = scenario;
}

bool PdfReport::write(const QString &path, QString *error)
{
    m_notes.clear();
    const Design &d = m_design;
    const Bom bom = computeBom(d, m_catalog);
    const BomPricing pricing = priceBom(bom, m_terms);
    Analysis an;
    if (m_analysis)
        an = analyse(d, m_catalog);
    else
        an.error = tr("network analysis switched off");
    if (!an.ok)
        m_notes << tr("Network analysis not available: %1; the report shows cost charts only.").arg(an.error);

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    QPdfWriter writer(&file);
    writer.setResolution(72);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(tr("Cluster design report: %1").arg(qs(d.name)));
    writer.setCreator(QStringLiteral("Cluster Planner " CPLAN_VERSION));
    QPainter p;
    if (!p.begin(&writer)) {
        if (error)
            *error = tr("%1: cannot start the PDF").arg(path);
        return false;
    }
    const std::string &cur = bom.currency;
    Pages pages(writer, p, qs(d.name));

    // --- 1. Cover -----------------------------------------------------------------------------
    pages.newPage(tr("Cluster design report"));
    p.fillRect(QRectF(kMargin, kTop, kPageW - 2 * kMargin, 84), kAccent);
    p.setPen(Qt::white);
    {
        QFont tf = font(22, true);
        const double room = kPageW - 2 * kMargin - 36;
        const double w = QFontMetricsF(tf, p.device()).horizontalAdvance(qs(d.name));
        if (w > room)
            tf.setPointSizeF(std::max(14.0, 22 * room / w * 0.97));
        p.setFont(tf);
        p.drawText(QRectF(kMargin + 18, kTop + 10, room, 40), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(tf, p.device()).elidedText(qs(d.name), Qt::ElideRight, room));
    }
    p.setFont(font(9.5));
    QString sub = tr("Generated %1").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd")));
    if (!m_sourceFile.isEmpty())
        sub += tr(" from %1").arg(QFileInfo(m_sourceFile).fileName());
    p.drawText(QRectF(kMargin + 18, kTop + 50, kPageW - 2 * kMargin - 36, 16), Qt::AlignLeft | Qt::AlignVCenter, sub);
    if (!d.notes.empty()) {
        p.setFont(font(8.5));
        p.drawText(QRectF(kMargin + 18, kTop + 66, kPageW - 2 * kMargin - 36, 20), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(font(8.5), p.device()).elidedText(qs(d.notes).simplified(), Qt::ElideRight, kPageW - 2 * kMargin - 36));
    }

    // Key figures as tiles.
    std::map<std::string, int> gpuModels;
    for (const Node &node : d.nodes)
        if (node.role == NodeRole::Server)
            if (const Part *sp = m_catalog.find(node.part); sp && !sp->gpu.empty() && sp->gpuCount > 0)
                gpuModels[sp->gpu] += sp->gpuCount;
    QStringList gpuText;
    for (const auto &[g, k] : gpuModels) {
        const Part *gp = m_catalog.find(g);
        gpuText << QStringLiteral("%1 × %2").arg(number(k)).arg(gp ? qs(gp->model) : qs(g));
    }
    const auto &sw = bom.counts.switches;
    const auto &cb = bom.counts.cables;
    auto at = [](const std::map<std::string, int> &m, const char *k) { return m.count(k) ? m.at(k) : 0; };
    auto nonZero = [&](const std::map<std::string, int> &m, std::initializer_list<const char *> keys) {
        QStringList parts;
        for (const char *k : keys)
            if (at(m, k) > 0)
                parts << QStringLiteral("%1 %2").arg(tierName(k), number(at(m, k)));
        return parts.join(QStringLiteral(" · "));
    };
    struct Tile
    {
        QString label, value, detail;
    };
    QString oversub, worst;
    double worstRatio = 0;
    if (an.ok)
        for (const TierLoad &t : an.metrics.tiers)
            if (t.upGbps > 0) {
                oversub += (oversub.isEmpty() ? QString() : QStringLiteral(" · ")) + tierName(t.tier) + QLatin1Char(' ') + ratioText(t.oversubscription);
                if (t.oversubscription > worstRatio) {
                    worstRatio = t.oversubscription;
                    worst = ratioText(t.oversubscription);
                }
            }
    if (!worst.isEmpty() && worstRatio <= 1.005)
        worst += tr(" non-blocking");
    const std::vector<Tile> tiles = {
        {tr("GPUs"), number(bom.totals.gpus), gpuText.join(QStringLiteral(", "))},
        {tr("Servers"), number(bom.counts.servers), tr("+ %1 management appliance(s)").arg(bom.counts.management)},
        {tr("Switches"), number(at(sw, "leaf") + at(sw, "spine") + at(sw, "core")), nonZero(sw, {"leaf", "spine", "core"})},
        {tr("Links"), number(double(d.links.size())), nonZero(cb, {"node-leaf", "leaf-spine", "spine-core", "other"})},
        {tr("Hardware (list)"), money(pricing.hardware, cur), bom.totals.capexComplete ? tr("all prices known") : tr("incomplete: %1 part(s) without price").arg(bom.unknownPrice.size())},
        {tr("Cost per GPU"), bom.totals.gpus > 0 ? money(pricing.hardware / bom.totals.gpus, cur) : tr("n/a"), tr("hardware at list price")},
        {tr("Power"), number(bom.totals.powerW / 1000.0, 1) + tr(" kW"), bom.totals.powerComplete ? tr("maximum, IT load") : tr("incomplete: unknown figures")},
        {tr("Rack space"), number(bom.totals.rackUnits) + tr(" U"), tr("%1 rack(s) in the design").arg(bom.counts.racks)},
        {tr("Bisection bandwidth"), an.ok ? number(an.metrics.bisectionGbps / 1000.0, 1) + tr(" Tb/s") : tr("n/a"),
         an.ok ? (an.metrics.bisectionGbps + 1e-6 >= an.metrics.halfInjectionGbps ? tr("full bisection") : tr("%1% of half injection").arg(number(100 * an.metrics.bisectionGbps / std::max(1e-9, an.metrics.halfInjectionGbps), 0)))
               : an.error},
        {tr("Oversubscription"), an.ok ? (worst.isEmpty() ? tr("none") : worst) : tr("n/a"),
         an.ok ? (oversub.isEmpty() ? tr("single tier") : oversub) : QString()},
        {tr("GPU-to-GPU latency"), an.ok && an.latency.pairs ? number(an.latency.p50Ns / 1000.0, 2) + tr(" µs median") : tr("n/a"),
         an.ok && an.latency.pairs ? tr("max %1 µs · %2 switch hops max").arg(number(an.latency.maxNs / 1000.0, 2)).arg(an.maxHops) : QString()},
        {tr("TCO over %1 years").arg(d.settings.tcoYears), money(bom.totals.tco, cur),
         tr("energy %1 per year").arg(money(bom.totals.energyPerYear, cur))},
    };
    const double tileW = (kPageW - 2 * kMargin - 3 * 12) / 4, tileH = 68;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const QRectF r(kMargin + double(i % 4) * (tileW + 12), kTop + 98 + double(i / 4) * (tileH + 10), tileW, tileH);
        p.setPen(QPen(kRule, 0.8));
        p.setBrush(kShade);
        p.drawRoundedRect(r, 5, 5);
        p.setFont(font(8));
        p.setPen(kMuted);
        p.drawText(QRectF(r.x() + 12, r.y() + 6, r.width() - 24, 14), Qt::AlignLeft | Qt::AlignVCenter, tiles[i].label);
        QFont big = font(17, true);
        const QFontMetricsF bfm(big, p.device());
        if (bfm.horizontalAdvance(tiles[i].value) > r.width() - 24)
            big.setPointSizeF(17 * (r.width() - 24) / bfm.horizontalAdvance(tiles[i].value));
        p.setFont(big);
        p.setPen(kInk);
        p.drawText(QRectF(r.x() + 12, r.y() + 20, r.width() - 24, 26), Qt::AlignLeft | Qt::AlignVCenter, tiles[i].value);
        p.setFont(font(7));
        p.setPen(kMuted);
        p.drawText(QRectF(r.x() + 12, r.y() + 46, r.width() - 24, 20), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   QFontMetricsF(font(7), p.device()).elidedText(tiles[i].detail, Qt::ElideRight, 2 * (r.width() - 24) - 10));
    }
    pages.y = kTop + 98 + 3 * (tileH + 10) + 2;
    QString coverNote = tr("Prices are indicative list prices in %1 from the parts catalog (most are estimates); parts without a known price "
                           "are not in the totals. Figures come from Cluster Planner's engine: the routing engine of the design (%2), "
                           "max-min fair flow simulation and a latency model; see Assumptions and sources.")
                            .arg(qs(cur), qs(d.settings.routingEngine));
    if (!an.ok)
        coverNote += QLatin1Char(' ') + m_notes.join(QLatin1Char(' '));
    paragraph(p, pages, coverNote, 7.5, kMuted);
    if (kBottom - pages.y > 90) {
        const QRectF thumb(kMargin, pages.y + 4, kPageW - 2 * kMargin, kBottom - pages.y - 8);
        p.setPen(QPen(kRule, 0.8));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(thumb, 5, 5);
        drawLayout(p, thumb.adjusted(8, 4, -8, -4), d, m_catalog);
    }

    // --- 2. Layout picture --------------------------------------------------------------------
    pages.newPage(tr("Fabric layout"));
    drawLayout(p, QRectF(kMargin, kTop + 4, kPageW - 2 * kMargin, kBottom - kTop - 40), d, m_catalog);
    {
        double x = kMargin;
        const double y = kBottom - 20;
        std::set<int> switchTiers;
        for (const Node &node : d.nodes)
            if (node.role == NodeRole::Switch)
                switchTiers.insert(level(switchTier(node.tier)));
        for (int t : switchTiers)
            legendItem(p, x, y, tierColor(t), t == 1 ? tr("leaf switch") : t == 2 ? tr("spine switch") : tr("core switch"), false);
        legendItem(p, x, y, kServer, tr("server"), false);
        if (bom.counts.management > 0)
            legendItem(p, x, y, kMgmt, tr("management"), false);
        legendItem(p, x, y, kServer, tr("node-leaf link"), true);
        if (at(cb, "leaf-spine"))
            legendItem(p, x, y, kSpine, tr("leaf-spine link"), true);
        if (at(cb, "spine-core"))
            legendItem(p, x, y, kCore, tr("spine-core link"), true);
        if (at(cb, "other"))
            legendItem(p, x, y, kMgmt, tr("other switch-to-switch link"), true);
        p.setFont(font(7));
        p.setPen(kMuted);
        p.drawText(QRectF(x, y, kPageW - kMargin - x, 11), Qt::AlignRight | Qt::AlignVCenter,
                   tr("%1 nodes, %2 links; groups boxed").arg(d.nodes.size()).arg(d.links.size()));
    }

    // --- 3. Charts ----------------------------------------------------------------------------
    pages.newPage(tr("Network and cost analysis"));
    const double cw = (kPageW - 2 * kMargin - 14) / 2, ch = (kBottom - kTop - 14) / 2;
    const QRectF c1(kMargin, kTop, cw, ch), c2(kMargin + cw + 14, kTop, cw, ch), c3(kMargin, kTop + ch + 14, cw, ch),
        c4(kMargin + cw + 14, kTop + ch + 14, cw, ch);
    {
        const QRectF plot = chartFrame(p, c1, tr("Link utilization"),
                                       an.ok ? tr("random permutation of %1 flows: load on each directed link while all flows run")
                                                   .arg(number(double(an.flows)))
                                             : tr("not available"));
        if (!an.ok || (an.hostUtil.empty() && an.switchUtil.empty())) {
            chartMessage(p, plot, tr("Network analysis not available: %1.\nThis page shows cost charts only.").arg(an.error));
        } else {
            QStringList cats;
            std::vector<std::vector<double>> series(2, std::vector<double>(10, 0));
            for (int b = 0; b < 10; ++b)
                cats << QStringLiteral("%1–%2%").arg(b * 10).arg(b * 10 + 10);
            auto fill = [](const std::vector<double> &u, std::vector<double> &out) {
                for (double v : u)
                    out[std::size_t(std::clamp(int(v * 10 + 1e-9), 0, 9))] += 100.0 / double(u.size());
            };
            if (!an.hostUtil.empty())
                fill(an.hostUtil, series[0]);
            if (!an.switchUtil.empty())
                fill(an.switchUtil, series[1]);
            cats.back() = QStringLiteral("90–100%");
            barChart(p, plot, cats, series, {kServer, kSpine}, {tr("host links"), tr("switch-to-switch links")}, QStringLiteral("%"));
            p.setFont(font(6.5));
            p.setPen(kMuted);
            p.drawText(QRectF(plot.left(), plot.bottom() + 12, plot.width(), 10), Qt::AlignHCenter | Qt::AlignTop,
                       tr("load / capacity (share of links)"));
            p.setFont(font(7));
            p.setPen(kInk);
            p.drawText(QRectF(c1.x() + 10, c1.bottom() - 14, c1.width() - 20, 10), Qt::AlignRight | Qt::AlignVCenter,
                       tr("%1% of flows at full rate · 1 GiB each, done in %2")
                           .arg(number(an.fullRateShare * 100, 0))
                           .arg(durationText(an.completionS)));
        }
    }
    {
        const QRectF plot = chartFrame(p, c2, tr("GPU-to-GPU latency"),
                                       an.ok ? tr("%1 endpoint pairs%2; switch, adapter and cable latency")
                                                   .arg(number(double(an.latency.pairs)))
                                                   .arg(an.latency.sampled ? tr(" (sampled)") : QString())
                                             : tr("not available"));
        if (!an.ok || an.latency.histogram.empty()) {
            chartMessage(p, plot, tr("Latency not available: %1.").arg(an.ok ? tr("no routed pairs") : an.error));
        } else {
            const auto &hist = an.latency.histogram;
            QStringList cats;
            std::vector<std::vector<double>> series(1);
            double total = 0;
            for (const auto &h : hist)
                total += double(h.second);
            if (hist.size() <= 14) {
                for (const auto &h : hist) {
                    cats << number(h.first / 1000.0, 2);
                    series[0].push_back(100.0 * double(h.second) / total);
                }
            } else {
                const double lo = an.latency.minNs, hi = std::max(an.latency.maxNs, lo + 1);
                const int bins = 12;
                series[0].assign(bins, 0);
                for (int b = 0; b < bins; ++b)
                    cats << number((lo + (hi - lo) * (b + 0.5) / bins) / 1000.0, 2);
                for (const auto &h : hist)
                    series[0][std::size_t(std::clamp(int((h.first - lo) / (hi - lo) * bins), 0, bins - 1))] += 100.0 * double(h.second) / total;
            }
            barChart(p, plot, cats, series, {kAccent}, {tr("share of pairs")}, QStringLiteral("%"));
            p.setFont(font(6.5));
            p.setPen(kMuted);
            p.drawText(QRectF(plot.left(), plot.bottom() + 12, plot.width(), 10), Qt::AlignHCenter | Qt::AlignTop, tr("latency, µs"));
            p.setFont(font(7));
            p.setPen(kInk);
            p.drawText(QRectF(c2.x() + 10, c2.bottom() - 14, c2.width() - 20, 10), Qt::AlignRight | Qt::AlignVCenter,
                       tr("min %1 · median %2 · p99 %3 · max %4 µs")
                           .arg(number(an.latency.minNs / 1000, 2), number(an.latency.p50Ns / 1000, 2), number(an.latency.p99Ns / 1000, 2),
                                number(an.latency.maxNs / 1000, 2)));
        }
    }
    {
        const QRectF plot = chartFrame(p, c3, tr("Cost breakdown"), tr("hardware at list price by category, %1").arg(qs(cur)));
        double maxV = 0;
        for (const auto &s : pricing.subtotals)
            maxV = std::max(maxV, s.second);
        const double rowH = std::min(22.0, plot.height() / std::max<std::size_t>(1, pricing.subtotals.size()));
        const double labelW = 70, valueW = 110;
        const QRectF bars(plot.left() - 36 + labelW, plot.top(), plot.width() + 36 - labelW - valueW, plot.height());
        std::set<std::string> unknownCats;
        for (const BomLine &l : bom.lines)
            if (!l.total)
                unknownCats.insert(l.category);
        for (std::size_t i = 0; i < pricing.subtotals.size(); ++i) {
            const auto &[cat, v] = pricing.subtotals[i];
            const double y = bars.top() + rowH * double(i);
            p.setFont(font(7.5));
            p.setPen(kInk);
            p.drawText(QRectF(plot.left() - 36, y, labelW - 4, rowH), Qt::AlignLeft | Qt::AlignVCenter, bomCategoryName(cat));
            const double w = maxV > 0 ? bars.width() * v / maxV : 0;
            p.fillRect(QRectF(bars.left(), y + rowH * 0.2, std::max(w, 0.5), rowH * 0.6), kAccent);
            const double share = pricing.hardware > 0 ? 100 * v / pricing.hardware : 0;
            QString text = v > 0 ? QStringLiteral("%1 (%2%)").arg(money(v, cur), number(share, 1)) : tr("price unknown");
            if (v > 0 && unknownCats.count(cat))
                text += QStringLiteral(" *");
            p.setPen(v > 0 ? kInk : kMuted);
            p.drawText(QRectF(bars.left() + std::max(w, 0.5) + 4, y, valueW + bars.width() - std::max(w, 0.5), rowH), Qt::AlignLeft | Qt::AlignVCenter, text);
        }
        p.setFont(font(7));
        p.setPen(kMuted);
        QString note = tr("Total %1").arg(money(pricing.hardware, cur));
        if (!bom.unknownPrice.empty())
            note += tr(" · without %1 part(s) of unknown price").arg(bom.unknownPrice.size());
        p.drawText(QRectF(c3.x() + 10, c3.bottom() - 14, c3.width() - 20, 10), Qt::AlignRight | Qt::AlignVCenter, note);
    }
    {
        p.setPen(QPen(kRule, 0.8));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(c4, 4, 4);
        p.setFont(font(9.5, true));
        p.setPen(kInk);
        p.drawText(QRectF(c4.x() + 10, c4.y() + 6, c4.width() - 20, 14), Qt::AlignLeft | Qt::AlignVCenter, tr("Fabric figures"));
        QStringList lines;
        if (an.ok) {
            lines << tr("Routing: %1%2, %3 endpoints, %4 switches").arg(an.engine, an.fellBack ? tr(" (fell back)") : QString()).arg(an.endpoints).arg(an.switches);
            lines << tr("Reachability: %1 of %2 ordered pairs unreachable").arg(number(double(an.unreachable))).arg(number(double(an.pairs)));
            lines << tr("Credit loops: %1").arg(an.deadlockFree ? tr("none (deadlock-free)") : tr("found: the routes can deadlock"));
            lines << tr("Bisection: %1 Tb/s one way (half injection %2 Tb/s)")
                         .arg(number(an.metrics.bisectionGbps / 1000, 1), number(an.metrics.halfInjectionGbps / 1000, 1));
            for (const TierLoad &t : an.metrics.tiers)
                lines << (t.upGbps > 0 ? tr("%1 tier: %2 Tb/s down, %3 Tb/s up, oversubscription %4")
                                             .arg(capitalized(tierName(t.tier)), number(t.downGbps / 1000, 1), number(t.upGbps / 1000, 1), ratioText(t.oversubscription))
                                       : tr("%1 tier: %2 Tb/s down (top of the tree)").arg(capitalized(tierName(t.tier)), number(t.downGbps / 1000, 1)));
            lines << tr("Diameter: %1 switch(es) on the longest shortest path%2").arg(an.metrics.diameterSwitches).arg(an.metrics.diameterSampled ? tr(" (sampled)") : QString());
            if (!an.allreduce.isEmpty())
                lines << tr("Collective: %1").arg(an.allreduce);
            lines << tr("Analysis took %1").arg(durationText(an.wallS));
        } else {
            lines << m_notes;
        }
        p.setFont(font(8));
        double y = c4.y() + 28;
        for (const QString &l : lines) {
            const QRectF need = QFontMetricsF(font(8), p.device()).boundingRect(QRectF(0, 0, c4.width() - 24, 1e4), Qt::TextWordWrap, l);
            if (y + need.height() > c4.bottom() - 6)
                break;
            p.setPen(kInk);
            p.drawText(QRectF(c4.x() + 12, y, c4.width() - 24, need.height() + 2), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, l);
            y += need.height() + 5;
        }
    }

    // --- 4. Bill of materials -------------------------------------------------------------------
    pages.newPage(tr("Bill of materials"));
    {
        std::vector<QStringList> rows;
        for (const BomLine &l : bom.lines)
            rows.push_back({bomCategoryName(l.category), qs(l.part), bomDescription(l),
                            qs(l.partNumber), number(double(l.quantity)),
                            l.unitPrice ? money(*l.unitPrice, l.currency) : tr("unknown"),
                            l.total ? money(*l.total, l.currency) : tr("unknown")});
        table(p, pages,
              {{tr("Category"), 72}, {tr("Part"), 122}, {tr("Description"), 241}, {tr("Part number"), 90},
               {tr("Qty"), 50, Qt::AlignRight}, {tr("Unit price"), 95, Qt::AlignRight}, {tr("Extended"), 99.89, Qt::AlignRight}},
              rows);
        std::vector<QStringList> totals;
        std::set<std::size_t> bold;
        for (const auto &[cat, v] : pricing.subtotals)
            totals.push_back({tr("Subtotal %1").arg(bomCategoryName(cat)), money(v, cur)});
        bold.insert(totals.size());
        totals.push_back({tr("Hardware (list prices)%1").arg(bom.totals.capexComplete ? QString() : tr(", incomplete")), money(pricing.hardware, cur)});
        totals.push_back({tr("Spares, %1% of cables and transceivers").arg(number(m_terms.sparesPercent, 1)), money(pricing.spares, cur)});
        totals.push_back({tr("Discount, %1%").arg(number(m_terms.discountPercent, 1)), money(-pricing.discount, cur)});
        bold.insert(totals.size());
        totals.push_back({tr("Total"), money(pricing.total, cur)});
        totals.push_back({tr("Cost per GPU"), pricing.totalPerGpu ? money(*pricing.totalPerGpu, cur) : tr("n/a")});
        totals.push_back({tr("Power (maximum)"), number(bom.totals.powerW / 1000, 1) + tr(" kW") + (bom.totals.powerComplete ? QString() : tr(", incomplete"))});
        totals.push_back({tr("Rack units"), number(bom.totals.rackUnits) + tr(" U") + (bom.totals.rackUnitsComplete ? QString() : tr(", incomplete"))});
        totals.push_back({tr("Energy per year (PUE %1, %2 %3/kWh)").arg(number(d.settings.pue, 2), number(d.settings.electricityPricePerKWh, 3), qs(cur)),
                          money(bom.totals.energyPerYear, cur)});
        totals.push_back({tr("TCO over %1 years (hardware + energy)").arg(d.settings.tcoYears), money(bom.totals.tco, cur)});
        heading(p, pages, tr("Totals"));
        table(p, pages, {{tr("Item"), 420}, {tr("Amount"), 349.89, Qt::AlignRight}}, totals, bold);
        if (!bom.unknownPrice.empty()) {
            QStringList u;
            for (const std::string &s : bom.unknownPrice)
                u << qs(s);
            paragraph(p, pages, tr("Unknown prices (not in the totals): %1.").arg(u.join(QStringLiteral(", "))), 7.5, kMuted);
        }
    }

    // --- 5. Cable summary ------------------------------------------------------------------------
    pages.newPage(tr("Cable summary"));
    {
        const auto plan = cablePlan(d, m_catalog);
        struct Agg
        {
            QString type, length, tiers;
            std::set<std::string> tierSet;
            long long links = 0;
            std::map<std::string, long long> optics;
        };
        std::map<std::string, Agg> byPart;
        std::map<std::string, std::pair<long long, std::set<double>>> byTier;
        for (const CablePlanRow &r : plan) {
            Agg &a = byPart[r.cablePart.empty() ? std::string("(not chosen)") : r.cablePart];
            a.type = qs(r.cableType);
            a.length = r.lengthM ? number(*r.lengthM, *r.lengthM == std::floor(*r.lengthM) ? 0 : 1) + QStringLiteral(" m") : tr("?");
            a.tierSet.insert(r.tier);
            ++a.links;
            for (const std::string &t : {r.from.transceiver, r.to.transceiver})
                if (!t.empty())
                    ++a.optics[t];
            ++byTier[r.tier].first;
            if (r.speedGbps > 0)
                byTier[r.tier].second.insert(r.speedGbps);
        }
        heading(p, pages, tr("Links by tier"));
        std::vector<QStringList> tierRows;
        for (const auto &[tier, v] : byTier) {
            QStringList speeds;
            for (double s : v.second)
                speeds << number(s) + tr(" Gb/s");
            tierRows.push_back({tierName(tier), number(double(v.first)), speeds.join(QStringLiteral(", "))});
        }
        table(p, pages, {{tr("Tier"), 160}, {tr("Links"), 100, Qt::AlignRight}, {tr("Speed"), 509.89}}, tierRows);
        heading(p, pages, tr("Cables by part"));
        std::vector<QStringList> partRows;
        for (auto &[part, a] : byPart) {
            QStringList tiersText, opticsText;
            for (const std::string &t : a.tierSet)
                tiersText << tierName(t);
            for (const auto &[o, k] : a.optics)
                opticsText << QStringLiteral("%1 × %2").arg(number(double(k))).arg(qs(o));
            long long bought = a.links;
            for (const BomLine &l : bom.lines)
                if (l.category == "cable" && l.part == part)
                    bought = l.quantity;
            partRows.push_back({qs(part), a.type, a.length, tiersText.join(QStringLiteral(", ")), number(double(a.links)), number(double(bought)),
                                opticsText.isEmpty() ? tr("built in") : opticsText.join(QStringLiteral(", "))});
        }
        table(p, pages,
              {{tr("Cable"), 130}, {tr("Type"), 45}, {tr("Length"), 50, Qt::AlignRight}, {tr("Tiers"), 120},
               {tr("Links"), 60, Qt::AlignRight}, {tr("Cables (BOM)"), 75, Qt::AlignRight}, {tr("Transceiver ends (link count)"), 289.89}},
              partRows);
        paragraph(p, pages,
                  tr("Twin-port cables carry two links (the BOM counts cables, this table links). Transceiver ends are counted per link end; "
                     "the BOM counts modules per switch cage (a twin-port module serves two links)."),
                  7.5, kMuted);
        heading(p, pages, tr("Cable plan (first rows)"));
        std::vector<QStringList> planRows;
        for (std::size_t i = 0; i < plan.size() && i < 12; ++i) {
            const CablePlanRow &r = plan[i];
            planRows.push_back({qs(r.cableId), qs(r.from.device) + QLatin1Char(' ') + qs(r.from.portLabel), qs(r.from.rack),
                                qs(r.to.device) + QLatin1Char(' ') + qs(r.to.portLabel), qs(r.to.rack), qs(r.cablePart),
                                r.lengthM ? number(*r.lengthM, 1) + QStringLiteral(" m") : QString()});
        }
        table(p, pages,
              {{tr("Cable id"), 70}, {tr("From"), 150}, {tr("From rack"), 90}, {tr("To"), 150}, {tr("To rack"), 90}, {tr("Cable"), 150},
               {tr("Length"), 69.89, Qt::AlignRight}},
              planRows);
        paragraph(p, pages,
                  tr("The full point-to-point plan (%1 rows: label, device, port and rack at both ends, cable, length, transceivers) is in the "
                     "BOM workbook (`cplan bom --format xlsx`) and in `cplan export --format cable-plan`.")
                      .arg(plan.size()),
                  7.5, kMuted);
    }

    // --- 6. Scheduling ---------------------------------------------------------------------------
    if (m_schedule) {
        const ScheduleResult &s = *m_schedule;
        pages.newPage(tr("Scheduling results"));
        paragraph(p, pages, tr("Scenario: %1").arg(m_scenario), 9);
        std::vector<QStringList> rows = {
            {tr("Jobs"), number(double(s.jobs.size())), tr("completed %1, rejected %2").arg(s.completed).arg(s.rejected)},
            {tr("Makespan"), durationText(s.makespanS), QString()},
            {tr("GPU utilization"), number(100 * s.gpuUtilization, 1) + QStringLiteral("%"),
             tr("effective (weighted by network slowdown) %1%").arg(number(100 * s.effectiveUtilization, 1))},
            {tr("Waiting time"), durationText(s.wait.mean) + tr(" mean"),
             tr("p50 %1 · p95 %2 · p99 %3").arg(durationText(s.wait.p50), durationText(s.wait.p95), durationText(s.wait.p99))},
            {tr("Job completion time"), durationText(s.jct.mean) + tr(" mean"),
             tr("p50 %1 · p95 %2 · p99 %3").arg(durationText(s.jct.p50), durationText(s.jct.p95), durationText(s.jct.p99))},
            {tr("Slowdown"), number(s.slowdown.mean, 2) + tr(" mean"), tr("network slowdown of multi-server jobs %1").arg(number(s.meanSlowdownNetwork, 3))},
            {tr("Queue"), number(s.meanQueue, 1) + tr(" jobs (time average)"), tr("preemptions %1, migrations %2").arg(s.preemptions).arg(s.migrations)},
            {tr("Fragmentation"), number(100 * s.meanFragmentation, 1) + QStringLiteral("%"), tr("free capacity no queued job can use")},
        };
        table(p, pages, {{tr("Figure"), 160}, {tr("Value"), 180}, {tr("Detail"), 429.89}}, rows);
        pages.ensure(200);
        const double w = (kPageW - 2 * kMargin - 14) / 2, h = std::min(300.0, kBottom - pages.y);
        std::vector<std::pair<double, double>> util, queue;
        double maxQ = 0;
        for (const SeriesPoint &pt : s.series) {
            util.push_back({pt.timeS, s.capacityGpus > 0 ? 100 * pt.allocatedGpus / s.capacityGpus : 0});
            queue.push_back({pt.timeS, double(pt.queued)});
            maxQ = std::max(maxQ, double(pt.queued));
        }
        const QRectF u = chartFrame(p, QRectF(kMargin, pages.y, w, h), tr("GPU allocation over time"), tr("share of %1 GPUs held by jobs").arg(s.capacityGpus));
        lineChart(p, u, util, 100, QStringLiteral("%"), kAccent);
        const QRectF q = chartFrame(p, QRectF(kMargin + w + 14, pages.y, w, h), tr("Queue length over time"), tr("jobs waiting"));
        lineChart(p, q, queue, std::max(1.0, maxQ), QString(), kMgmt);
        pages.y += h + 10;
    }

    // --- 7. Assumptions and sources ------------------------------------------------------------
    pages.newPage(tr("Assumptions and sources"));
    heading(p, pages, tr("Assumptions"));
    QStringList assumptions = {
        tr("Currency %1; prices are indicative list prices from the parts catalog, most of them estimates (marked in the catalog); "
           "street prices differ.").arg(qs(cur)),
        tr("Energy: maximum power of servers, switches and optics, PUE %1, %2 %3 per kWh, 8,760 hours a year; TCO over %4 years = "
           "hardware + energy.").arg(number(d.settings.pue, 2), number(d.settings.electricityPricePerKWh, 3), qs(cur)).arg(d.settings.tcoYears),
        tr("Cables: the design's cable per link (chosen by speed and length where the design leaves it open); fibre links take a "
           "transceiver at each end, a twin-port switch cage carrying two links one twin-port module."),
        tr("Spares %1% of cables and transceivers; discount %2% of hardware and spares.").arg(number(m_terms.sparesPercent, 1), number(m_terms.discountPercent, 1)),
        tr("Routing: the design's engine (%1) over the InfiniBand view of the design (one channel adapter per HCA).").arg(qs(d.settings.routingEngine)),
        tr("Link utilization: a seeded random permutation of 1 GiB flows between all cabled HCA ports, max-min fair rates, "
           "protocol efficiency and path latency applied; utilization = bytes / (capacity × completion time)."),
        tr("Latency: switch port-to-port latency, adapter latency at both ends and about 5 ns per metre of cable."),
    };
    for (const Message &a : an.latencyAssumptions)
        assumptions << engineText(a);
    for (const QString &n : m_notes)
        assumptions << n;
    for (const QString &a : assumptions)
        paragraph(p, pages, QStringLiteral("•  ") + a, 8.5, kInk, 4);
    auto listUnknown = [&](const QString &what, const std::vector<std::string> &ids) {
        if (ids.empty())
            return;
        QStringList u;
        for (const std::string &s : ids)
            u << qs(s);
        paragraph(p, pages, QStringLiteral("•  ") + what.arg(u.join(QStringLiteral(", "))), 8.5, kInk, 4);
    };
    listUnknown(tr("Unknown price, not in the totals: %1."), bom.unknownPrice);
    listUnknown(tr("Unknown power, not in the totals: %1."), bom.unknownPower);
    listUnknown(tr("Unknown height, not in the rack units: %1."), bom.unknownRackUnits);

    heading(p, pages, tr("Sources of the figures"));
    std::set<std::string> seen;
    for (const BomLine &l : bom.lines) {
        if (!seen.insert(l.part).second)
            continue;
        const Part *part = m_catalog.find(l.part);
        if (!part)
            continue;
        QString head = QStringLiteral("<b>%1</b>").arg(qs(part->vendor + " " + part->model).toHtmlEscaped());
        QString text = qs(part->vendor + " " + part->model) + QStringLiteral(" (") + qs(part->id) + QStringLiteral(")");
        text += part->unitPrice ? tr(": %1%2").arg(money(*part->unitPrice, part->currency), part->priceEstimate ? tr(" (estimate)") : QString())
                                : tr(": price unknown");
        if (!part->priceSource.empty())
            text += tr("; price source: %1").arg(qs(part->priceSource));
        paragraph(p, pages, text, 8, kInk);
        for (const std::string &s : part->sources)
            paragraph(p, pages, QStringLiteral("–  ") + qs(s), 7, kMuted, 12);
        (void)head;
    }

    m_pages = pages.count();
    p.end();
    if (!file.commit()) {
        if (error)
            *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace cplan
