#pragma once

#include "schedulerview.h"

#include <QDialog>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableWidget;

namespace cplan {

enum class Policy;

// The Scheduler dock's Compare…: which variant (b) to run beside the dock's settings (a), one
// policy against another, one shared pool against the tenants' partitions (pooled vs split).
class SchedulerCompareDialog : public QDialog
{
    Q_OBJECT

public:
    // `a`: what the dock is set to; b starts as a with the pool the other way round.
    SchedulerCompareDialog(Policy policyA, bool sharedPoolA, const QString &variantA, QWidget *parent = nullptr);

    Policy policy() const;
    bool sharedPool() const;

private:
    QComboBox *m_policy, *m_pool;
};

// Both runs side by side: a row per schedule figure (jobs done, JCT, wait, makespan, GPU
// utilization, slowdown) with a's value, b's and the change, better green and worse red by the
// figure's sense; above, what a and b were and when.
class SchedulerComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit SchedulerComparisonView(QWidget *parent = nullptr);

    void setRuns(const SchedulerView::Run &a, const SchedulerView::Run &b);
    // The design changed after the comparison (a sentence saying so), or "" when it is current.
    void setOutdated(const QString &why);
    void clear();

    QString captionText() const;
    QTableWidget *table() const { return m_table; }

private:
    void fitTableHeight();

    QLabel *m_caption;
    QTableWidget *m_table;
    QString m_runs;   // the caption's lines about the two runs
};

} // namespace cplan
