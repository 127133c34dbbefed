#pragma once

#include "analysis.h"

#ifndef Q_MOC_RUN
#include "analysis/keyfigures.h"
#endif

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
    // The figures shown are not the current design's or request's (its analysis was cancelled):
    // they stay, under a banner that says why and since when; the next result takes it away.
    void setOutdated(const QString &why);
    QString outdatedText() const;

    // One row of the dock: a key figure's id (core/analysis/keyfigures.h; for a row of several,
    // its first figure's) or the dock's own for a row that is no key figure ("problems").
    struct Row
    {
        QString id, label, value;
        QString detail = QString();   // said in the row's tooltip before what the figure means
    };

    // The figures as (label, value) pairs, for tests.
    QVector<QPair<QString, QString>> keyFigures() const;
    QString figure(const QString &label) const;
    // The row of a figure by id (the presentation overlay picks rows so); empty label if none.
    Row row(const QString &id) const;
    // The key figures the rows were rendered from.
    const KeyFigures &shownFigures() const { return m_shown; }

    // The rows the dock shows, by kind.
    static QVector<Row> costFigures(const AnalysisResult &result, const KeyFigures &figures);
    static QVector<Row> networkFigures(const AnalysisResult &result, const KeyFigures &figures);

private:
    void showCost(const Bom &bom);
    void showUtilization(const AnalysisResult &result);
    void showLatency(const AnalysisResult &result);
    void setFigures(const QVector<Row> &figures);

    QVector<Row> m_figures;
    KeyFigures m_shown;
    QGridLayout *m_grid;
    QVector<QPair<QLabel *, QLabel *>> m_labels;
    QProgressBar *m_progress;
    QLabel *m_notes;
    QLabel *m_outdated;
    QChartView *m_utilView, *m_latencyView, *m_costView;
    class CollectiveChart *m_collectiveView;
};

} // namespace cplan
