#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "model/design.h"
#include "sweep/evaluate.h"
#endif

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace cplan {

class Catalog;
class ExplorerChart;
class ExplorerModel;
class ExplorerProxy;
class ExplorerRunner;
class ExplorerSetup;

// Tools > Design explorer: what to sweep on the left (ExplorerSetup: a form or a sweep file),
// run here on worker threads with progress and cancel (ExplorerRunner, the engine's runSweep);
// on the right, a scatter of two figures with the Pareto front (ExplorerChart), the constraint
// filter (budget, power, racks, blocking: the engine's rankSweep again), "Include incomplete
// points" (RankOptions: by default a point with a lower-bound objective is hollow and off the
// front, and a line under the chart says how many) and the table of points.
// Clicking a point, or Open design, asks for that design in a window of its own
// (openDesignRequested); Use in report asks to report the sweep with the chosen point.
class ExplorerWindow : public QWidget
{
    Q_OBJECT

public:
    explicit ExplorerWindow(const Catalog &catalog, QWidget *parent = nullptr);
    ~ExplorerWindow() override;

    ExplorerSetup *setup() const { return m_setup; }
    ExplorerRunner *runner() const { return m_runner; }
    ExplorerChart *chart() const { return m_chart; }
    ExplorerModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

    // Reads a sweep file into the Sweep file tab. False with the error when it cannot be read.
    bool openSweepFile(const QString &fileName, QString *error = nullptr);
    // Parses the setup's sweep and starts it. False with the error (file:line: what) when the
    // sweep does not parse or check; nothing runs then.
    bool startRun(QString *error = nullptr);
    void cancelRun();
    // The line under the Run button: progress, the run's outcome, or that it is outdated.
    QString statusText() const;

    // The figures on the chart's axes (objective names).
    void setChartFigures(const std::string &x, const std::string &y);
    std::string chartX() const;
    std::string chartY() const;
    // The chosen point (a position in model()->results()), -1 when none.
    int selectedResult() const { return m_selected; }
    void selectResult(int result);
    // The design of a result, generated again from its options.
    Result<Design> designOf(int result) const;
    // "QM9700, 1:1" from the result's axes, for titles.
    QString resultTitle(int result) const;

signals:
    void openDesignRequested(int result);
    void useInReportRequested(int result);

private:
    QWidget *buildLeft();
    QWidget *buildRight();
    QWidget *buildFilter();
    void openSweepDialog();
    void saveSweepDialog();
    void onProgress(int done, int total, double etaS);
    void onFinished();
    void applyFilter();
    void refreshChart();
    void refreshFigureChoices();
    void updateButtons();
    void markOutdated();

    const Catalog &m_catalog;
    ExplorerSetup *m_setup = nullptr;
    ExplorerRunner *m_runner = nullptr;
    ExplorerModel *m_model = nullptr;
    ExplorerProxy *m_proxy = nullptr;
    ExplorerChart *m_chart = nullptr;
    QTableView *m_table = nullptr;
    QComboBox *m_x = nullptr, *m_y = nullptr;
    QDoubleSpinBox *m_budget = nullptr, *m_power = nullptr, *m_racks = nullptr, *m_blocking = nullptr;
    QCheckBox *m_hideInfeasible = nullptr, *m_includeIncomplete = nullptr;
    QLabel *m_incompleteNote = nullptr;   // under the chart: how many points are incomplete, and so what
    QPushButton *m_run = nullptr, *m_cancel = nullptr, *m_open = nullptr, *m_report = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    int m_selected = -1;
    QString m_outcome;   // what the last run gave (the status line), and when it ended
    QString m_ranAt;
};

} // namespace cplan
