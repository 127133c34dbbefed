#pragma once

#include "analysis.h"

#include <QPair>
#include <QVector>
#include <QWidget>

class QChart;
class QChartView;
class QGridLayout;
class QLabel;
class QProgressBar;

namespace cplan {

// Key figures and Qt Charts: link-utilization histogram, latency distribution, cost breakdown.
class MetricsView : public QWidget
{
    Q_OBJECT

public:
    explicit MetricsView(QWidget *parent = nullptr);
    void setResult(const AnalysisResult &result);
    void setProgress(int percent, const QString &stage);
    // No figures yet (a design is being opened): the figures read "—" and the bar is busy.
    void setPending(const QString &stage);

    // The figures as (label, value) pairs, for the presentation overlay and tests.
    QVector<QPair<QString, QString>> keyFigures() const { return m_figures; }
    QString figure(const QString &label) const;

    // The figures the dock shows, by kind (the presentation overlay picks some by label).
    static QVector<QPair<QString, QString>> costFigures(const AnalysisResult &result);
    static QVector<QPair<QString, QString>> networkFigures(const AnalysisResult &result);

private:
    void showCost(const Bom &bom);
    void showUtilization(const AnalysisResult &result);
    void showLatency(const AnalysisResult &result);
    void setFigures(const QVector<QPair<QString, QString>> &figures);

    QVector<QPair<QString, QString>> m_figures;
    QGridLayout *m_grid;
    QVector<QPair<QLabel *, QLabel *>> m_labels;
    QProgressBar *m_progress;
    QLabel *m_notes;
    QChartView *m_utilView, *m_latencyView, *m_costView;
    class CollectiveChart *m_collectiveView;
};

} // namespace cplan
