#pragma once

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace cplan {

// The report's charts, drawn with QPainter (no Qt Charts: the report renders headless).

// A framed chart area with a title and a subtitle; returns the plot rectangle inside it.
QRectF chartFrame(QPainter &p, const QRectF &r, const QString &title, const QString &subtitle);
// A message where a chart would be.
void chartMessage(QPainter &p, const QRectF &plot, const QString &text);
// A one-line caption under the plot, and a one-line note at the frame's bottom right.
void chartCaption(QPainter &p, const QRectF &plot, const QString &text);
void chartNote(QPainter &p, const QRectF &frame, const QString &text);
// Vertical bars: one group per category, one bar per series, a legend above the plot.
void barChart(QPainter &p, const QRectF &plot, const QStringList &categories, const std::vector<std::vector<double>> &series,
              const std::vector<QColor> &colors, const QStringList &names, const QString &yUnit);
// A step line over time (schedule series): x in seconds from 0, y up to yMax.
void lineChart(QPainter &p, const QRectF &plot, const std::vector<std::pair<double, double>> &points, double yMax,
               const QString &yUnit, const QColor &color);

// A line on logLineChart: its points (x > 0, y) joined in order, in series `series`'s colour.
struct ChartLine
{
    std::vector<QPointF> points;
    std::size_t series = 0;
};
// Lines over a log2 x axis (message sizes, say) from the first of `xTicks` to the last, each tick
// a grid line with its label; y from 0 to a round maximum, with `yUnit` on its labels; a dot on
// every point and a legend (`names` in `colors`, one per series) above the plot.
void logLineChart(QPainter &p, const QRectF &plot, const std::vector<ChartLine> &lines, const std::vector<QColor> &colors,
                  const QStringList &names, const std::vector<std::pair<double, QString>> &xTicks, const QString &yUnit);

// A scatter of points on two value axes (each from its minimum to its maximum, with a margin):
// `other` small and grey, `front` larger in the accent colour and joined in x order, `chosen`
// ringed; axis titles under and beside the plot.
void scatterChart(QPainter &p, const QRectF &plot, const std::vector<QPointF> &other, const std::vector<QPointF> &front,
                  const std::optional<QPointF> &chosen, const QString &xTitle, const QString &yTitle);

} // namespace cplan
