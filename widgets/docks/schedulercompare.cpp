#include "schedulercompare.h"

#include "explorertext.h"
#include "l10n.h"
#include "scheduletext.h"
#include "schedulerrun.h"

#include "analysis/schedulechange.h"
#include "schedule/scheduler.h"

#include <QColor>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace cplan {

SchedulerCompareDialog::SchedulerCompareDialog(Policy policyA, bool sharedPoolA, const QString &variantA, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Compare two runs"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A runs the jobs as the dock is set (%1). Run them again as B:").arg(variantA), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    m_policy = new QComboBox(this);
    m_policy->setObjectName(QStringLiteral("comparePolicy"));
    for (const std::string &id : policyNames()) {
        const Policy p = *policyFromString(id);
        m_policy->addItem(policyTitle(p), QString::fromStdString(id));
        m_policy->setItemData(m_policy->count() - 1, policyDescription(p), Qt::ToolTipRole);
    }
    m_policy->setCurrentIndex(m_policy->findData(QString::fromLatin1(toString(policyA))));
    m_pool = new QComboBox(this);
    m_pool->setObjectName(QStringLiteral("comparePool"));
    m_pool->addItem(tr("split by tenant (their partitions)"), false);
    m_pool->addItem(tr("one shared pool (partitions become quotas)"), true);
    m_pool->setCurrentIndex(sharedPoolA ? 0 : 1);   // pooled against split unless the user picks
    form->addRow(tr("Policy of B"), m_policy);
    form->addRow(tr("Pool of B"), m_pool);
    layout->addLayout(form);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Run both"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

Policy SchedulerCompareDialog::policy() const
{
    return policyFromString(m_policy->currentData().toString().toStdString()).value_or(Policy::Fifo);
}

bool SchedulerCompareDialog::sharedPool() const
{
    return m_pool->currentData().toBool();
}

namespace {

// A schedule figure in the dock's units: waits and JCTs in minutes, the makespan in hours.
QString figureText(const KeyFigure &f)
{
    if (!f.value)
        return SchedulerComparisonView::tr("unknown");
    const double v = *f.value;
    const std::string_view id = f.id();
    if (id == "gpu_utilization")
        return SchedulerComparisonView::tr("%1 %").arg(formatNumber(v * 100, 1));
    if (id == "slowdown_mean")
        return SchedulerComparisonView::tr("%1×").arg(formatNumber(v, 2));
    if (id == "makespan_s")
        return SchedulerComparisonView::tr("%1 h").arg(formatNumber(v / 3600, 1));
    if (f.unit() == Unit::Seconds)
        return SchedulerComparisonView::tr("%1 min").arg(formatNumber(v / 60, 1));
    return formatNumber(v, f.unit() == Unit::Count ? 0 : 2);
}

// B against A: "+7 %", "−12 %", "same"; "—" where there is no ratio (A is zero or unknown).
QString changeText(const FigureChange &c)
{
    const std::optional<double> r = c.relative();
    if (!r)
        return QStringLiteral("—");
    const double pct = *r * 100;
    if (std::abs(pct) < 0.05)
        return SchedulerComparisonView::tr("same");
    return SchedulerComparisonView::tr("%1%2 %").arg(pct > 0 ? QStringLiteral("+") : QStringLiteral("−"),
                                                     QLocale().toString(std::abs(pct), 'f', std::abs(pct) < 10 ? 1 : 0));
}

// 1: B is better by the figure's sense, -1 worse, 0 the same or not comparable.
int verdict(const FigureChange &c)
{
    const std::optional<double> r = c.relative();
    if (!r || std::abs(*r) < 0.0005)
        return 0;
    return (*r < 0) == (c.after.better() == Sense::Minimize) ? 1 : -1;
}

} // namespace

SchedulerComparisonView::SchedulerComparisonView(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_caption = new QLabel(this);
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(QStringLiteral("scheduleComparison"));
    m_table->setHorizontalHeaderLabels({tr("Figure"), tr("A"), tr("B"), tr("B vs A")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setWordWrap(false);
    layout->addWidget(m_caption);
    layout->addWidget(m_table);
    hide();
}

void SchedulerComparisonView::setRuns(const SchedulerView::Run &a, const SchedulerView::Run &b)
{
    QStringList lines{tr("A: %1").arg(a.variant), tr("B: %1").arg(b.variant)};
    m_table->setRowCount(0);
    if (!a.ok || !b.ok) {
        lines << (!a.ok ? tr("A did not run: %1").arg(a.error) : tr("B did not run: %1").arg(b.error));
    } else {
        lines << tr("Both on the same jobs and the same design, compared at %1.")
                     .arg(QLocale().toString(a.finishedAt.time(), QLocale::ShortFormat));
        const std::vector<FigureChange> changes = scheduleChanges(*a.result, *b.result);
        m_table->setRowCount(int(changes.size()));
        for (int row = 0; row < int(changes.size()); ++row) {
            const FigureChange &c = changes[std::size_t(row)];
            auto *title = new QTableWidgetItem(keyFigureLabel(c.id()));
            title->setToolTip(title->text());
            m_table->setItem(row, 0, title);
            m_table->setItem(row, 1, new QTableWidgetItem(figureText(c.before)));
            m_table->setItem(row, 2, new QTableWidgetItem(figureText(c.after)));
            auto *change = new QTableWidgetItem(changeText(c));
            if (const int v = verdict(c))
                change->setForeground(v > 0 ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
            m_table->setItem(row, 3, change);
            for (int col = 1; col < 4; ++col)
                m_table->item(row, col)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        }
    }
    m_runs = lines.join(QLatin1Char('\n'));
    m_caption->setText(m_runs);
    m_table->setVisible(m_table->rowCount() > 0);
    fitTableHeight();
    show();
}

void SchedulerComparisonView::setOutdated(const QString &why)
{
    if (!m_runs.isEmpty())
        m_caption->setText(why.isEmpty() ? m_runs : why + QLatin1Char('\n') + m_runs);
}

void SchedulerComparisonView::clear()
{
    m_runs.clear();
    m_caption->clear();
    m_table->setRowCount(0);
    hide();
}

QString SchedulerComparisonView::captionText() const
{
    return m_caption->text();
}

// Every row shown without a scroll bar of its own: the dock scrolls.
void SchedulerComparisonView::fitTableHeight()
{
    int h = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int row = 0; row < m_table->rowCount(); ++row)
        h += m_table->rowHeight(row);
    m_table->setFixedHeight(h);
}

} // namespace cplan
