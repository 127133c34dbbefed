#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "sweep/evaluate.h"
#endif

#include <QChartView>

#include <optional>
#include <string>
#include <vector>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace cplan {

// The explorer's scatter of two figures over a sweep's points (Qt Charts): the Pareto front
// highlighted and joined in x order, the other feasible points, and (unless hidden) the points
// that break a constraint, pale. A point whose objective or axis figure is a lower bound (a part
// without a price or power figure) is drawn hollow. Clicking a point emits pointClicked with its
// result's position in the list given to setResults.
class ExplorerChart : public QChartView
{
    Q_OBJECT

public:
    explicit ExplorerChart(QWidget *parent = nullptr);

    void setResults(const std::vector<PointResult> &results, const std::string &x, const std::string &y, bool showInfeasible,
                    const std::vector<std::string> &objectives = {});
    // Rings the chosen point (-1: none).
    void setSelected(int result);
    // Where a result's point is drawn, in viewport coordinates (tests click it); (-1, -1) when
    // it is not on the chart.
    QPoint viewportPosition(int result) const;
    // How many points each series holds: front, other feasible, breaking a constraint; the
    // front and other points count their hollow ones, and hollowCount() says how many those are.
    int frontCount() const;
    int pointCount() const;
    int infeasibleCount() const;
    int hollowCount() const;
    bool isHollow(int result) const;

signals:
    void pointClicked(int result);

private:
    struct Plotted
    {
        QScatterSeries *series = nullptr;
        std::vector<int> results;   // the result behind each of the series' points
    };
    void plot(Plotted &p, const std::vector<PointResult> &results, const std::vector<int> &which);
    void onClicked(const Plotted &p, const QPointF &value);
    std::optional<QPointF> valueOf(int result) const;

    Plotted m_front, m_points, m_infeasible, m_hollowFront, m_hollowPoints;
    QLineSeries *m_frontLine = nullptr;
    QScatterSeries *m_selected = nullptr;
    QValueAxis *m_axisX = nullptr, *m_axisY = nullptr;
    std::vector<std::optional<QPointF>> m_values;   // per result: (x, y) when it has both
};

} // namespace cplan
