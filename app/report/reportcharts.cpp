#include "reportcharts.h"

#include "reportformat.h"
#include "reportpainter.h"

#include <QFontMetricsF>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cplan {

namespace {

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

// Grid lines that fall on round numbers: 4 steps for a top of 2 x 10^n, else 5.
int tickCount(double top)
{
    const double mantissa = top / std::pow(10.0, std::floor(std::log10(top)));
    return std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 2.5) < 1e-9 ? 4 : 5;
}

// Horizontal grid lines with their values on the left.
void valueGrid(QPainter &p, const QRectF &plot, double top, int ticks, const QString &yUnit)
{
    p.setFont(reportFont(6.5));
    for (int k = 0; k <= ticks; ++k) {
        const double v = top * k / ticks, y = plot.bottom() - plot.height() * k / ticks;
        p.setPen(QPen(ink::kRule, 0.5));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(ink::kMuted);
        p.drawText(QRectF(plot.left() - 44, y - 6, 40, 12), Qt::AlignRight | Qt::AlignVCenter,
                   number(v, top / ticks < 1 ? 1 : 0) + yUnit);
    }
}

// The legend, right-aligned above the plot.
void legend(QPainter &p, const QRectF &plot, const std::vector<QColor> &colors, const QStringList &names, std::size_t series)
{
    const QFontMetricsF fm(reportFont(6.5), p.device());
    double legendW = 0;
    for (std::size_t s = 0; s < series && int(s) < names.size(); ++s)
        legendW += 20 + fm.horizontalAdvance(names[int(s)]);
    double x = plot.right() - legendW + 8;
    p.setFont(reportFont(6.5));
    for (std::size_t s = 0; s < series && int(s) < names.size(); ++s) {
        p.fillRect(QRectF(x, plot.top() - 13, 7, 7), colors[s]);
        p.setPen(ink::kText);
        p.drawText(QRectF(x + 10, plot.top() - 16, 200, 12), Qt::AlignLeft | Qt::AlignVCenter, names[int(s)]);
        x += 20 + fm.horizontalAdvance(names[int(s)]);
    }
}

} // namespace

// A framed chart area with a title; returns the plot rectangle inside it.
QRectF chartFrame(QPainter &p, const QRectF &r, const QString &title, const QString &subtitle)
{
    p.setPen(QPen(ink::kRule, 0.8));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(r, 4, 4);
    p.setFont(reportFont(9.5, true));
    p.setPen(ink::kText);
    p.drawText(QRectF(r.x() + 10, r.y() + 6, r.width() - 20, 14), Qt::AlignLeft | Qt::AlignVCenter, title);
    p.setFont(reportFont(7));
    p.setPen(ink::kMuted);
    p.drawText(QRectF(r.x() + 10, r.y() + 20, r.width() - 20, 12), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(reportFont(7), p.device()).elidedText(subtitle, Qt::ElideRight, r.width() - 20));
    return QRectF(r.x() + 46, r.y() + 50, r.width() - 60, r.height() - 92);
}

void chartMessage(QPainter &p, const QRectF &plot, const QString &text)
{
    p.setFont(reportFont(8.5));
    p.setPen(ink::kMuted);
    p.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap, text);
}

void chartCaption(QPainter &p, const QRectF &plot, const QString &text)
{
    p.setFont(reportFont(6.5));
    p.setPen(ink::kMuted);
    p.drawText(QRectF(plot.left(), plot.bottom() + 12, plot.width(), 10), Qt::AlignHCenter | Qt::AlignTop, text);
}

void chartNote(QPainter &p, const QRectF &frame, const QString &text)
{
    p.setFont(reportFont(7));
    p.setPen(ink::kText);
    p.drawText(QRectF(frame.x() + 10, frame.bottom() - 14, frame.width() - 20, 10), Qt::AlignRight | Qt::AlignVCenter,
               QFontMetricsF(reportFont(7), p.device()).elidedText(text, Qt::ElideLeft, frame.width() - 20));
}

void barChart(QPainter &p, const QRectF &plot, const QStringList &categories, const std::vector<std::vector<double>> &series,
              const std::vector<QColor> &colors, const QStringList &names, const QString &yUnit)
{
    double maxV = 0;
    for (const auto &s : series)
        for (double v : s)
            maxV = std::max(maxV, v);
    const double top = niceCeil(maxV);
    valueGrid(p, plot, top, tickCount(top), yUnit);
    const int n = int(categories.size());
    const double slot = plot.width() / std::max(1, n);
    const double barW = slot * 0.8 / std::max<std::size_t>(1, series.size());
    const QFontMetricsF fm(reportFont(6.5), p.device());
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
            p.setPen(ink::kMuted);
            p.drawText(QRectF(plot.left() + slot * i + slot / 2 - 40, plot.bottom() + 2, 80, 10), Qt::AlignHCenter | Qt::AlignTop,
                       categories[i]);
        }
    }
    p.setPen(QPen(ink::kMuted, 0.6));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    legend(p, plot, colors, names, series.size());
}

void lineChart(QPainter &p, const QRectF &plot, const std::vector<std::pair<double, double>> &points, double yMax,
               const QString &yUnit, const QColor &color)
{
    const double top = niceCeil(yMax);
    valueGrid(p, plot, top, tickCount(top), yUnit);
    const double tMax = points.empty() ? 1 : std::max(1e-9, points.back().first);
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
    p.setPen(QPen(ink::kMuted, 0.6));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
}

void logLineChart(QPainter &p, const QRectF &plot, const std::vector<ChartLine> &lines, const std::vector<QColor> &colors,
                  const QStringList &names, const std::vector<std::pair<double, QString>> &xTicks, const QString &yUnit)
{
    double maxV = 0;
    for (const ChartLine &l : lines)
        for (const QPointF &pt : l.points)
            maxV = std::max(maxV, pt.y());
    const double top = niceCeil(maxV);
    valueGrid(p, plot, top, tickCount(top), yUnit);
    const double lo = xTicks.empty() ? 0 : std::log2(xTicks.front().first);
    const double hi = xTicks.empty() ? 1 : std::max(lo + 1, std::log2(xTicks.back().first));
    auto at = [&](const QPointF &v) {
        return QPointF(plot.left() + plot.width() * (std::log2(v.x()) - lo) / (hi - lo), plot.bottom() - plot.height() * v.y() / top);
    };
    p.setFont(reportFont(6.5));
    for (const auto &[x, label] : xTicks) {
        const double fx = at(QPointF(x, 0)).x();
        p.setPen(QPen(ink::kRule, 0.5));
        p.drawLine(QPointF(fx, plot.top()), QPointF(fx, plot.bottom()));
        p.setPen(ink::kMuted);
        p.drawText(QRectF(fx - 30, plot.bottom() + 2, 60, 10), Qt::AlignHCenter | Qt::AlignTop, label);
    }
    for (const ChartLine &l : lines) {
        const QColor &color = colors[l.series % colors.size()];
        QPainterPath path;
        for (std::size_t i = 0; i < l.points.size(); ++i)
            i == 0 ? path.moveTo(at(l.points[i])) : path.lineTo(at(l.points[i]));
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(color, 1.4));
        p.drawPath(path);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        for (const QPointF &pt : l.points)
            p.drawEllipse(at(pt), 1.6, 1.6);
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(ink::kMuted, 0.6));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    legend(p, plot, colors, names, std::size_t(names.size()));
}

namespace {

// An axis value, short: "1.25M", "340k", "0.0123".
QString shortNumber(double v)
{
    const double a = std::fabs(v);
    if (a >= 1e9)
        return number(v / 1e9, 2) + QStringLiteral("G");
    if (a >= 1e6)
        return number(v / 1e6, 2) + QStringLiteral("M");
    if (a >= 1e4)
        return number(v / 1e3, 1) + QStringLiteral("k");
    if (a >= 10 || a == 0)
        return number(v, 0);
    return number(v, std::clamp(2 - int(std::floor(std::log10(a))), 1, 8));
}

struct Span
{
    double lo, hi;
    double at(double v, double from, double to) const { return from + (to - from) * (v - lo) / (hi - lo); }
};

Span span(const std::vector<QPointF> &a, const std::vector<QPointF> &b, bool x)
{
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    for (const auto *list : {&a, &b})
        for (const QPointF &pt : *list) {
            lo = std::min(lo, x ? pt.x() : pt.y());
            hi = std::max(hi, x ? pt.x() : pt.y());
        }
    if (lo > hi)
        return {0, 1};
    const double pad = hi > lo ? 0.06 * (hi - lo) : std::max(std::fabs(hi) * 0.1, 1.0);
    lo -= pad;
    hi += pad;
    // Four grid steps of a round size (1, 2, 2.5 or 5 x 10^n) from a round start.
    for (double step = niceCeil((hi - lo) / 4);; step = niceCeil(step * 1.01)) {
        const double start = std::floor(lo / step) * step;
        if (start + 4 * step >= hi)
            return {start, start + 4 * step};
    }
}

} // namespace

void scatterChart(QPainter &p, const QRectF &plot, const std::vector<QPointF> &other, const std::vector<QPointF> &front,
                  const std::optional<QPointF> &chosen, const QString &xTitle, const QString &yTitle)
{
    const Span sx = span(other, front, true), sy = span(other, front, false);
    auto at = [&](const QPointF &v) { return QPointF(sx.at(v.x(), plot.left(), plot.right()), sy.at(v.y(), plot.bottom(), plot.top())); };
    p.setFont(reportFont(6.5));
    for (int k = 0; k <= 4; ++k) {
        const double fx = plot.left() + plot.width() * k / 4, fy = plot.bottom() - plot.height() * k / 4;
        p.setPen(QPen(ink::kRule, 0.5));
        p.drawLine(QPointF(plot.left(), fy), QPointF(plot.right(), fy));
        p.drawLine(QPointF(fx, plot.top()), QPointF(fx, plot.bottom()));
        p.setPen(ink::kMuted);
        p.drawText(QRectF(plot.left() - 44, fy - 6, 40, 12), Qt::AlignRight | Qt::AlignVCenter,
                   shortNumber(sy.lo + (sy.hi - sy.lo) * k / 4));
        p.drawText(QRectF(fx - 30, plot.bottom() + 2, 60, 10), Qt::AlignHCenter | Qt::AlignTop, shortNumber(sx.lo + (sx.hi - sx.lo) * k / 4));
    }
    p.setPen(ink::kText);
    p.drawText(QRectF(plot.left(), plot.bottom() + 13, plot.width(), 10), Qt::AlignHCenter | Qt::AlignTop, xTitle);
    p.save();
    p.translate(plot.left() - 40, plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, -12, plot.height(), 10), Qt::AlignHCenter | Qt::AlignBottom, yTitle);
    p.restore();
    p.setPen(QPen(ink::kMuted, 0.4));
    p.setBrush(ink::kServer);
    for (const QPointF &v : other)
        p.drawEllipse(at(v), 2.2, 2.2);
    std::vector<QPointF> line = front;
    std::sort(line.begin(), line.end(), [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    QPainterPath path;
    for (std::size_t i = 0; i < line.size(); ++i)
        i == 0 ? path.moveTo(at(line[i])) : path.lineTo(at(line[i]));
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(ink::kMgmt, 0.8, Qt::DashLine));
    p.drawPath(path);
    p.setPen(QPen(ink::kMgmt.darker(150), 0.5));
    p.setBrush(ink::kMgmt);
    for (const QPointF &v : front)
        p.drawEllipse(at(v), 3.4, 3.4);
    if (chosen) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(ink::kAccent, 1.4));
        p.drawEllipse(at(*chosen), 6.5, 6.5);
    }
    p.setPen(QPen(ink::kMuted, 0.6));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
}

} // namespace cplan
