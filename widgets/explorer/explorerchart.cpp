#include "explorerchart.h"

#include "explorermodel.h"

#include "sweep/pareto.h"

#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cplan {

namespace {

QScatterSeries *scatter(const QString &name, const QColor &fill, const QColor &border, double size)
{
    auto *s = new QScatterSeries;
    s->setName(name);
    s->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    s->setMarkerSize(size);
    s->setColor(fill);
    s->setBorderColor(border);
    return s;
}

// A power of a thousand that brings the axis' largest value into [1, 1000), so that the labels
// read "3.2" with "(×10⁶)" in the title rather than "3.2e+06".
int axisExponent(double maxAbs)
{
    if (!(maxAbs > 0) || !std::isfinite(maxAbs))
        return 0;
    return 3 * int(std::floor(std::log10(maxAbs) / 3));
}

QString withExponent(const QString &title, int exponent)
{
    if (exponent == 0)
        return title;
    static const char16_t superscripts[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
    QString power;
    for (const QChar c : QString::number(std::abs(exponent)))
        power += QChar(superscripts[c.digitValue()]);
    return QStringLiteral("%1 (×10%2%3)").arg(title, exponent < 0 ? QStringLiteral("⁻") : QString(), power);
}

} // namespace

ExplorerChart::ExplorerChart(QWidget *parent)
    : QChartView(parent)
{
    // QChartView(parent) made a chart: use it (setChart would release it, never deleted: a leak).
    QChart *chart = this->chart();
    chart->setMargins(QMargins(6, 6, 6, 6));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_axisX = new QValueAxis;
    m_axisY = new QValueAxis;
    m_axisX->setLabelFormat(QStringLiteral("%.4g"));
    m_axisY->setLabelFormat(QStringLiteral("%.4g"));
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    m_infeasible.series = scatter(tr("Breaks a constraint"), QColor(0xd5, 0xdb, 0xe3), QColor(0xb0, 0xb8, 0xc4), 8);
    m_points.series = scatter(tr("Other points"), QColor(0x8a, 0x94, 0xa3), QColor(0x6b, 0x76, 0x85), 9);
    m_frontLine = new QLineSeries;
    m_frontLine->setName(tr("Pareto front"));
    m_frontLine->setPen(QPen(QColor(0xe0, 0x8a, 0x2e), 1.5, Qt::DashLine));
    m_front.series = scatter(tr("Pareto front"), QColor(0xe0, 0x8a, 0x2e), QColor(0x9a, 0x55, 0x10), 12);
    // Hollow: a figure of the point is a lower bound (its position is a floor, not a value).
    m_hollowPoints.series = scatter(tr("Incomplete (unpriced parts)"), Qt::transparent, QColor(0x6b, 0x76, 0x85), 10);
    m_hollowFront.series = scatter(tr("Incomplete, on the front"), Qt::transparent, QColor(0xe0, 0x8a, 0x2e), 12);
    for (QScatterSeries *h : {m_hollowPoints.series, m_hollowFront.series})
        h->setPen(QPen(h->borderColor(), 2));
    m_selected = scatter(tr("Chosen"), Qt::transparent, QColor(0x1f, 0x5f, 0xa8), 20);
    m_selected->setPen(QPen(QColor(0x1f, 0x5f, 0xa8), 2.5));
    for (QXYSeries *s : std::initializer_list<QXYSeries *>{m_infeasible.series, m_points.series, m_hollowPoints.series, m_frontLine,
                                                           m_front.series, m_hollowFront.series, m_selected}) {
        chart->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }
    // One legend entry for the front (its markers), none for the line and the ring.
    chart->legend()->markers(m_frontLine).front()->setVisible(false);
    chart->legend()->markers(m_selected).front()->setVisible(false);
    for (Plotted *p : {&m_front, &m_points, &m_infeasible, &m_hollowFront, &m_hollowPoints})
        connect(p->series, &QScatterSeries::clicked, this, [this, p](const QPointF &v) { onClicked(*p, v); });
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(360, 260);
}

void ExplorerChart::setResults(const std::vector<PointResult> &results, const std::string &x, const std::string &y, bool showInfeasible,
                               const std::vector<std::string> &objectives)
{
    m_values.assign(results.size(), std::nullopt);
    std::vector<int> front, points, infeasible, hollowFront, hollowPoints;
    std::vector<std::string> shown = objectives;
    shown.insert(shown.end(), {x, y});
    double maxX = 0, maxY = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const PointResult &r = results[i];
        const auto vx = r.figure(x), vy = r.figure(y);
        if (!vx || !vy || !r.skipped.empty() || (!r.feasible() && !showInfeasible))
            continue;
        m_values[i] = QPointF(*vx, *vy);
        maxX = std::max(maxX, std::fabs(*vx));
        maxY = std::max(maxY, std::fabs(*vy));
        const bool hollow = r.feasible() && (r.leftOff || incompleteIn(r, shown));
        std::vector<int> &into = !r.feasible() ? infeasible : r.pareto ? (hollow ? hollowFront : front) : (hollow ? hollowPoints : points);
        into.push_back(int(i));
    }
    const int expX = axisExponent(maxX), expY = axisExponent(maxY);
    double minX = std::numeric_limits<double>::max(), minY = minX;
    double hiX = std::numeric_limits<double>::lowest(), hiY = hiX;
    for (auto &v : m_values)
        if (v) {
            *v = QPointF(v->x() * std::pow(10.0, -expX), v->y() * std::pow(10.0, -expY));
            minX = std::min(minX, v->x()), hiX = std::max(hiX, v->x());
            minY = std::min(minY, v->y()), hiY = std::max(hiY, v->y());
        }
    plot(m_front, results, front);
    plot(m_points, results, points);
    plot(m_infeasible, results, infeasible);
    plot(m_hollowFront, results, hollowFront);
    plot(m_hollowPoints, results, hollowPoints);
    QList<QPointF> line;
    for (const std::vector<int> *on : {&front, &hollowFront})
        for (int i : *on)
            line << *m_values[std::size_t(i)];
    std::sort(line.begin(), line.end(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    m_frontLine->replace(line);
    m_selected->clear();
    if (minX > hiX) {
        minX = minY = 0;
        hiX = hiY = 1;
    }
    // A margin around the points, so that none sits on the frame.
    auto pad = [](double lo, double hi) {
        const double span = hi > lo ? hi - lo : std::max(std::fabs(hi), 1.0);
        return std::pair{lo - 0.06 * span, hi + 0.06 * span};
    };
    const auto [x0, x1] = pad(minX, hiX);
    const auto [y0, y1] = pad(minY, hiY);
    m_axisX->setRange(x0, x1);
    m_axisY->setRange(y0, y1);
    m_axisX->applyNiceNumbers();
    m_axisY->applyNiceNumbers();
    m_axisX->setTitleText(withExponent(figureTitle(x), expX));
    m_axisY->setTitleText(withExponent(figureTitle(y), expY));
    // Legend entries only for what the chart shows.
    for (const Plotted *p : {&m_front, &m_points, &m_infeasible, &m_hollowFront, &m_hollowPoints})
        chart()->legend()->markers(p->series).front()->setVisible(!p->results.empty());
    // The legend shortens its labels to the room they had when all five were shown ("Incomplete
    // (unpriced ..."): lay it out again for the entries it has now.
    chart()->legend()->layout()->invalidate();
}

void ExplorerChart::plot(Plotted &p, const std::vector<PointResult> &, const std::vector<int> &which)
{
    p.results = which;
    QList<QPointF> pts;
    for (int i : which)
        pts << *m_values[std::size_t(i)];
    p.series->replace(pts);
}

void ExplorerChart::setSelected(int result)
{
    m_selected->clear();
    if (const auto v = valueOf(result))
        m_selected->append(*v);
}

std::optional<QPointF> ExplorerChart::valueOf(int result) const
{
    if (result < 0 || std::size_t(result) >= m_values.size())
        return std::nullopt;
    return m_values[std::size_t(result)];
}

QPoint ExplorerChart::viewportPosition(int result) const
{
    const auto v = valueOf(result);
    if (!v)
        return {-1, -1};
    const QPointF scene = chart()->mapToScene(chart()->mapToPosition(*v, m_points.series));
    return mapFromScene(scene);
}

int ExplorerChart::frontCount() const
{
    return int(m_front.results.size() + m_hollowFront.results.size());
}

int ExplorerChart::pointCount() const
{
    return int(m_points.results.size() + m_hollowPoints.results.size());
}

int ExplorerChart::hollowCount() const
{
    return int(m_hollowFront.results.size() + m_hollowPoints.results.size());
}

bool ExplorerChart::isHollow(int result) const
{
    for (const Plotted *p : {&m_hollowFront, &m_hollowPoints})
        if (std::find(p->results.begin(), p->results.end(), result) != p->results.end())
            return true;
    return false;
}

int ExplorerChart::infeasibleCount() const
{
    return int(m_infeasible.results.size());
}

void ExplorerChart::onClicked(const Plotted &p, const QPointF &value)
{
    // The series gives the clicked point's value: the nearest of its points on screen.
    const QPointF at = chart()->mapToPosition(value, p.series);
    int best = -1;
    double bestDistance = std::numeric_limits<double>::max();
    for (int i : p.results) {
        const QPointF d = chart()->mapToPosition(*m_values[std::size_t(i)], p.series) - at;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance < bestDistance)
            bestDistance = distance, best = i;
    }
    if (best >= 0)
        emit pointClicked(best);
}

} // namespace cplan
