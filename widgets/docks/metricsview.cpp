#include "metricsview.h"

#include "collectivechart.h"

#include "util/strings.h"

#include "metrictips.h"
#include "problemsview.h"

#include "l10n.h"
#include "scrollpanel.h"

#include "cost/coverage.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPieSeries>
#include <QPieSlice>
#include <QProgressBar>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cplan {

static QChartView *makeChartView(const QString &title, QWidget *parent)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    QFont f = chart->titleFont();
    f.setBold(true);
    f.setPointSizeF(9);
    chart->setTitleFont(f);
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(170);
    return view;
}

MetricsView::MetricsView(QWidget *parent)
    : QWidget(parent)
{
    QVBoxLayout *layout = scrollingLayout(this);
    QWidget *content = layout->parentWidget();
    m_progress = new QProgressBar(content);
    m_progress->setRange(0, 100);
    m_progress->setTextVisible(true);
    m_progress->setMaximumHeight(14);
    layout->addWidget(m_progress);
    m_grid = new QGridLayout;
    m_grid->setHorizontalSpacing(12);
    m_grid->setVerticalSpacing(2);
    m_grid->setColumnStretch(1, 1);
    layout->addLayout(m_grid);
    m_notes = new QLabel(content);
    m_notes->setWordWrap(true);
    m_notes->setStyleSheet(QStringLiteral("color: #806020;"));
    layout->addWidget(m_notes);
    m_utilView = makeChartView(tr("Link utilization (%, links per bin)"), content);
    m_latencyView = makeChartView(tr("GPU-to-GPU latency"), content);
    m_costView = makeChartView(tr("Cost breakdown"), content);
    m_collectiveView = new CollectiveChart(content);
    layout->addWidget(m_costView);
    layout->addWidget(m_collectiveView);
    layout->addWidget(m_utilView);
    layout->addWidget(m_latencyView);
    layout->addStretch(1);
    setFigures({{tr("GPUs"), QStringLiteral("—")}});
}

QString MetricsView::figure(const QString &label) const
{
    for (const auto &[l, v] : m_figures)
        if (l == label)
            return v;
    return {};
}

void MetricsView::setProgress(int percent, const QString &stage)
{
    m_progress->setRange(0, 100);
    m_progress->setValue(percent);
    m_progress->setFormat(stage + QStringLiteral(" %p%"));
}

void MetricsView::setPending(const QString &stage)
{
    m_progress->setRange(0, 0);
    m_progress->setFormat(stage);
    QVector<QPair<QString, QString>> pending;
    for (const auto &[label, value] : std::as_const(m_figures))
        pending.append({label, QStringLiteral("—")});
    setFigures(pending);
    m_notes->clear();
}

void MetricsView::setFigures(const QVector<QPair<QString, QString>> &figures)
{
    m_figures = figures;
    while (m_labels.size() < figures.size()) {
        const int row = int(m_labels.size());
        auto *l = new QLabel(this);
        auto *v = new QLabel(this);
        QFont f = v->font();
        f.setBold(true);
        v->setFont(f);
        v->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        v->setTextInteractionFlags(Qt::TextSelectableByMouse);
        // Long values ("0 of 10 lines (0%), 0% of the CAPEX") wrap in the dock's width instead
        // of widening it past the window's edge.
        v->setWordWrap(true);
        l->setWordWrap(true);
        m_grid->addWidget(l, row, 0);
        m_grid->addWidget(v, row, 1);
        m_labels.append(qMakePair(l, v));
    }
    for (int i = 0; i < m_labels.size(); ++i) {
        const bool used = i < figures.size();
        m_labels[i].first->setVisible(used);
        m_labels[i].second->setVisible(used);
        if (used) {
            m_labels[i].first->setText(figures[i].first);
            m_labels[i].second->setText(figures[i].second);
            // What the figure means and leaves out, on both the label and the value.
            const QString tip = MetricToolTips::forLabel(figures[i].first);
            m_labels[i].first->setToolTip(tip);
            m_labels[i].second->setToolTip(tip);
        }
    }
}

static void setBars(QChartView *view, const QStringList &categories, const QList<qreal> &values, const QColor &colour,
                    const QString &emptyText)
{
    QChart *chart = view->chart();
    chart->removeAllSeries();
    const auto axes = chart->axes();
    for (QAbstractAxis *a : axes) {
        chart->removeAxis(a);
        delete a;
    }
    // No data: hide the chart (the notes above say why) rather than show an empty frame.
    view->setVisible(!values.isEmpty());
    view->setToolTip(values.isEmpty() ? emptyText : QString());
    if (values.isEmpty())
        return;
    auto *set = new QBarSet(QString());
    set->append(values);
    set->setColor(colour);
    auto *series = new QBarSeries;
    series->append(set);
    series->setBarWidth(0.9);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    QFont f = x->labelsFont();
    f.setPointSizeF(7);
    x->setLabelsFont(f);
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setLabelsFont(f);
    y->setRange(0, std::max<qreal>(1, *std::max_element(values.begin(), values.end()) * 1.1));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

namespace {

QString tbps(double gbps)
{
    return MetricsView::tr("%1 Tb/s").arg(QLocale().toString(gbps / 1000, 'f', 1));
}

// A total that misses every price is unknown, not zero; one that misses some is a floor.
QString partial(bool complete, double v, const QString &text)
{
    if (!complete && v <= 0)
        return MetricsView::tr("unknown");
    return (complete ? QString() : MetricsView::tr("≥ ")) + text;
}

} // namespace

QVector<QPair<QString, QString>> MetricsView::costFigures(const AnalysisResult &r)
{
    QLocale locale;
    const Bom &bom = r.cost.bom;
    QVector<QPair<QString, QString>> f;
    int leaf = 0, spine = 0, core = 0;
    for (const auto &[tier, n] : bom.counts.switches)
        (tier == "leaf" ? leaf : tier == "spine" ? spine : core) += n;
    f.append({tr("GPUs"), locale.toString(r.counts.gpus)});
    f.append({tr("Servers"), locale.toString(bom.counts.servers)});
    f.append({tr("Switches (leaf / spine / core)"), QStringLiteral("%1 / %2 / %3").arg(leaf).arg(spine).arg(core)});
    f.append({tr("Links"), locale.toString(r.counts.links)});
    const std::optional<FabricMetrics> &m = r.network ? r.network->metrics : std::nullopt;
    f.append({tr("Bisection"), m ? tbps(m->bisectionGbps) : tr("n/a")});
    QString over;
    if (m)
        for (const TierLoad &t : m->tiers)
            if (t.upGbps > 0)
                over += (over.isEmpty() ? QString() : QStringLiteral(", ")) +
                        QStringLiteral("%1 %2:1").arg(tierName(t.tier), locale.toString(t.oversubscription, 'g', 3));
    f.append({tr("Oversubscription"), over.isEmpty() ? tr("n/a") : over});
    const QString currency = QString::fromStdString(bom.currency);
    const BomTotals &t = bom.totals;
    f.append({tr("CAPEX"), partial(t.capexComplete, t.capex, formatMoneyShort(t.capex, currency))});
    if (const PriceCoverage c = priceCoverage(bom); c.lines > 0)
        f.append({tr("Price coverage"), tr("%1 of %2 lines (%3), %4 of the priced value quoted")
                                            .arg(c.pricedLines)
                                            .arg(c.lines)
                                            .arg(locale.toString(c.lineShare() * 100, 'f', 0) + QLatin1Char('%'),
                                                 locale.toString(c.quotedShare() * 100, 'f', 0) + QLatin1Char('%'))});
    // The BOM's cost per GPU (the quote's total over the GPUs), as the report and `cplan bom` give it.
    const std::optional<double> &perGpu = r.cost.pricing.totalPerGpu;
    f.append({tr("Cost per GPU"), perGpu ? partial(t.capexComplete, *perGpu, formatMoney(*perGpu, currency)) : tr("unknown")});
    f.append({tr("Power"), partial(t.powerComplete, t.powerW, tr("%1 kW").arg(locale.toString(t.powerW / 1000, 'f', 1)))});
    f.append({tr("Rack units"), partial(t.rackUnitsComplete, t.rackUnits, locale.toString(t.rackUnits, 'f', 0))});
    f.append({tr("TCO"), partial(t.capexComplete && t.powerComplete, t.tco, formatMoneyShort(t.tco, currency))});
    if (!r.racks.empty()) {
        // The fullest rack by nameplate power (a floor when some of its devices' power is unknown),
        // and the racks over a budget of theirs.
        const RackBudget *peak = &r.racks.front();
        QStringList over;
        for (const RackBudget &b : r.racks) {
            if (b.nameplateW > peak->nameplateW)
                peak = &b;
            if (b.overPower() || b.overCooling() || b.overWeight() || b.overSpace())
                over << QString::fromStdString(b.rack);
        }
        const QString kw = tr("%1 kW").arg(locale.toString(peak->nameplateW / 1000, 'f', 1));
        f.append({tr("Racks"), tr("%n rack(s), up to %1 in one", "", int(r.racks.size()))
                                   .arg(partial(peak->unknownNameplate.empty(), peak->nameplateW, kw))});
        if (!over.isEmpty())
            f.append({tr("Racks over budget"), over.size() > 3 ? tr("%1 and %n more", "", int(over.size() - 3)).arg(over.mid(0, 3).join(QStringLiteral(", ")))
                                                               : over.join(QStringLiteral(", "))});
    }
    return f;
}

QVector<QPair<QString, QString>> MetricsView::networkFigures(const AnalysisResult &r)
{
    QLocale locale;
    QVector<QPair<QString, QString>> f;
    const NetworkAnalysis *n = r.network ? &*r.network : nullptr;
    if (n && n->latency && n->latency->stats.pairs)
        f.append({tr("Latency p50 / p99"), tr("%1 / %2 ns").arg(locale.toString(n->latency->stats.p50Ns, 'f', 0),
                                                                locale.toString(n->latency->stats.p99Ns, 'f', 0))});
    if (n && n->failure && n->reachability && n->reachability->unreachablePairs)
        f.append({tr("Unreachable pairs"), locale.toString(qulonglong(n->reachability->unreachablePairs))});
    // The same findings as the Problems dock, failure scenario included.
    const ProblemList problems = problemList(r);
    f.append({tr("Problems"), tr("%1 errors, %2 warnings").arg(problems.errors).arg(problems.warnings)});
    if (const TrafficResult *t = r.traffic()) {
        f.append({tr("Completion (%1)").arg(QString::fromStdString(r.pattern)), tr("%1 ms").arg(locale.toString(t->completionS * 1000, 'f', 2))});
        f.append({tr("Max link utilization"), QStringLiteral("%1 %").arg(locale.toString(t->maxLinkUtilization * 100, 'f', 1))});
        f.append({tr("Mean utilization of busy links"), QStringLiteral("%1 %").arg(locale.toString(t->meanBusyLinkUtilization * 100, 'f', 1))});
        if (const auto &c = t->collective) {   // what NCCL would run, and why
            const QString size = QString::fromStdString(formatByteSize(c->bytes));
            f.append({tr("NCCL algorithm"), c->known ? QString::fromStdString(c->why) : tr("unknown")});
            f.append({tr("Bus bandwidth (%1)").arg(size),
                      c->known ? tr("%1 GB/s").arg(locale.toString(c->busbwGBps, 'f', 1))
                               : tr("unknown: %1").arg(QString::fromStdString(unknownText(*c)))});
        }
        if (const AggregationSummary &g = t->aggregation; g.used)
            f.append({tr("Flows simulated by"),
                      g.exact ? tr("%1 route classes (exact: the fabric and pattern are symmetric)").arg(locale.toString(qulonglong(g.flowClasses)))
                              : tr("%1 route classes, approximate: links of one class carry up to %2 % more flows than its mean")
                                    .arg(locale.toString(qulonglong(g.flowClasses)), locale.toString(g.imbalance * 100, 'f', 0))});
    }
    if (n && n->failure) {
        const FailureImpact &x = *n->failure;
        f.append({tr("Failed objects"), tr("%1 (%2 links, %3 Gb/s lost)").arg(r.failed.size()).arg(x.cables.links).arg(locale.toString(x.cables.capacityGbps, 'f', 0))});
        if (x.metricsBefore && n->metrics)
            f.append({tr("Lost to the failures"), tr("%1 endpoints cut off, %2 of bisection")
                                                      .arg(x.lostEndpoints)
                                                      .arg(tbps(x.metricsBefore->bisectionGbps - n->metrics->bisectionGbps))});
    }
    return f;
}

void MetricsView::setResult(const AnalysisResult &r)
{
    m_progress->setRange(0, 100);
    QVector<QPair<QString, QString>> f = costFigures(r);
    f += networkFigures(r);
    setFigures(f);
    QStringList notes = r.notes;
    if (r.pattern.empty() && r.counts.links > 0)
        notes << tr("Link utilization: choose a traffic pattern in View ▸ Utilization heatmap.");
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
    showCost(r.cost.bom);
    showUtilization(r);
    showLatency(r);
    const TrafficResult *t = r.traffic();
    m_collectiveView->setSweep(t && t->collective ? t->collectiveSweep : std::vector<CollectiveEstimate>{});
}

// Cost breakdown by category.
void MetricsView::showCost(const Bom &bom)
{
    QChart *chart = m_costView->chart();
    chart->removeAllSeries();
    std::map<std::string, double> byCategory;
    for (const BomLine &l : bom.lines)
        if (l.total)
            byCategory[l.category] += *l.total;
    auto *pie = new QPieSeries;
    static const QColor colours[] = {QColor(118, 185, 0), QColor(49, 130, 189), QColor(240, 180, 30), QColor(150, 100, 180),
                                     QColor(215, 90, 60), QColor(120, 130, 140), QColor(80, 170, 170)};
    int i = 0;
    const double total = std::max(1.0, bom.totals.capex);
    for (const auto &[cat, v] : byCategory) {
        QPieSlice *s = pie->append(QStringLiteral("%1 %2%").arg(bomCategoryName(cat)).arg(std::round(v / total * 100)), v);
        s->setColor(colours[i++ % 7]);
        s->setLabelVisible(v / total > 0.03);
        QFont lf = s->labelFont();
        lf.setPointSizeF(7.5);
        s->setLabelFont(lf);
    }
    pie->setPieSize(0.6);
    chart->addSeries(pie);
    chart->setTitle(bom.totals.capexComplete ? tr("Cost breakdown") : tr("Cost breakdown (priced parts only)"));
    m_costView->setVisible(!byCategory.empty());
}

// Utilization histogram: 10 bins of 10 %, cables by their busier direction.
void MetricsView::showUtilization(const AnalysisResult &r)
{
    QList<qreal> bins;
    QStringList cats;
    if (!r.linkUtilization.empty()) {
        QVector<int> counts(10, 0);
        for (const auto &[id, u] : r.linkUtilization)
            counts[std::clamp(int(u * 10), 0, 9)]++;
        for (int i = 0; i < 10; ++i) {
            bins << counts[i];
            cats << QStringLiteral("%1").arg(i * 10 + 10);
        }
    }
    setBars(m_utilView, cats, bins, QColor(215, 90, 60),
            r.pattern.empty() ? tr("choose a traffic pattern for the heatmap") : tr("no utilization for this pattern: see the notes above"));
}

// Latency distribution, the engine's histogram folded into at most 8 bars.
void MetricsView::showLatency(const AnalysisResult &r)
{
    static const std::vector<std::pair<double, std::uint64_t>> none;
    const auto &histogram = r.network && r.network->latency ? r.network->latency->stats.histogram : none;
    QList<qreal> bins;
    QStringList cats;
    if (!histogram.empty()) {
        const double lo = histogram.front().first, hi = std::max(histogram.back().first, lo + 1);
        const int n = std::min<int>(8, int(histogram.size()));
        QVector<double> counts(n, 0);
        for (const auto &[ns, pairs] : histogram)
            counts[std::clamp(int((ns - lo) / (hi - lo) * n), 0, n - 1)] += double(pairs);
        for (int i = 0; i < n; ++i) {
            bins << counts[i];
            cats << QString::number((lo + (hi - lo) * (i + 0.5) / n) / 1000, 'f', 2);
        }
    }
    setBars(m_latencyView, cats, bins, QColor(49, 130, 189), tr("needs the routing engine"));
    if (!bins.isEmpty())
        m_latencyView->chart()->setTitle(tr("Endpoint-to-endpoint latency (µs, pairs per bin)"));
}

} // namespace cplan
