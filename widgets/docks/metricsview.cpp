#include "metricsview.h"

#include "collectivechart.h"

#include "util/strings.h"

#include "explorertext.h"
#include "heatmaptext.h"
#include "metrictips.h"
#include "problemsview.h"

#include "l10n.h"
#include "scrollpanel.h"

#include "analysis/failurechange.h"
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
    m_outdated = new QLabel(content);
    m_outdated->setObjectName(QStringLiteral("OutdatedBanner"));
    m_outdated->setWordWrap(true);
    m_outdated->setStyleSheet(QStringLiteral("background: #fff3cd; color: #6b4e00; border: 1px solid #e0b84c; padding: 3px;"));
    m_outdated->hide();
    layout->addWidget(m_outdated);
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
    setFigures({{QStringLiteral("gpus"), keyFigureLabel("gpus"), QStringLiteral("—")}});
}

QVector<QPair<QString, QString>> MetricsView::keyFigures() const
{
    QVector<QPair<QString, QString>> out;
    for (const Row &r : m_figures)
        out.append({r.label, r.value});
    return out;
}

QString MetricsView::figure(const QString &label) const
{
    for (const Row &r : m_figures)
        if (r.label == label)
            return r.value;
    return {};
}

MetricsView::Row MetricsView::row(const QString &id) const
{
    for (const Row &r : m_figures)
        if (r.id == id)
            return r;
    return {};
}

void MetricsView::setProgress(int percent, const QString &stage)
{
    m_progress->setRange(0, 100);
    m_progress->setValue(percent);
    m_progress->setFormat(stage + QStringLiteral(" %p%"));
}

void MetricsView::setOutdated(const QString &why)
{
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Analysis cancelled"));
    m_outdated->setText(why);
    m_outdated->setVisible(!why.isEmpty());
}

QString MetricsView::outdatedText() const
{
    return m_outdated->isHidden() ? QString() : m_outdated->text();
}

void MetricsView::setPending(const QString &stage)
{
    m_outdated->hide();
    m_progress->setRange(0, 0);
    m_progress->setFormat(stage);
    QVector<Row> pending = m_figures;
    for (Row &r : pending)
        r.value = QStringLiteral("—");
    setFigures(pending);
    m_notes->clear();
    // The charts were of the design being replaced or changed: none until its result arrives.
    for (QWidget *chart : {static_cast<QWidget *>(m_utilView), static_cast<QWidget *>(m_latencyView),
                           static_cast<QWidget *>(m_costView), static_cast<QWidget *>(m_collectiveView)})
        chart->hide();
}

void MetricsView::setFigures(const QVector<Row> &figures)
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
            m_labels[i].first->setText(figures[i].label);
            m_labels[i].second->setText(figures[i].value);
            // What the figure means and leaves out, on both the label and the value.
            QString tip = MetricToolTips::forId(figures[i].id);
            if (!figures[i].detail.isEmpty() && figures[i].detail != figures[i].value)
                tip = figures[i].detail + QStringLiteral("\n\n") + tip;
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
    // Counts: whole ticks. A few (a 2-leaf design's latency pairs) get one tick each, or "%.0f"
    // wrote halves as "2, 2, 1, 1, 0"; more get round steps.
    const qreal top = *std::max_element(values.begin(), values.end());
    if (top <= 8) {
        const int ticks = std::max(1, int(std::ceil(top)));
        y->setRange(0, ticks);
        y->setTickCount(ticks + 1);
    } else {
        y->setRange(0, top * 1.1);
        y->applyNiceNumbers();
    }
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

namespace {

// How the run's flows took the equal-cost paths; a hashed policy's seeds and their spread.
QString loadBalancingText(const TrafficResult &t, const QLocale &locale)
{
    QString policy;
    switch (t.loadBalancing) {
    case LoadBalancing::Lft: policy = MetricsView::tr("the routing tables (one path per destination)"); break;
    case LoadBalancing::Adaptive: policy = MetricsView::tr("adaptive routing (packets over every equal path)"); break;
    case LoadBalancing::Ecmp: policy = MetricsView::tr("ECMP (each flow hashed onto one path)"); break;
    case LoadBalancing::EnhancedEcmp: policy = MetricsView::tr("enhanced ECMP (QPs hashed)"); break;
    case LoadBalancing::Flowlet: policy = MetricsView::tr("flowlets (bursts re-hashed)"); break;
    case LoadBalancing::Spray: policy = MetricsView::tr("per-packet spraying (every equal path)"); break;
    }
    if (t.seeds <= 1)
        return policy;
    return MetricsView::tr("%1; median of %2 hash seeds, %3 to %4 ms")
        .arg(policy)
        .arg(t.seeds)
        .arg(locale.toString(t.completionMinS * 1e3, 'f', 3), locale.toString(t.completionMaxS * 1e3, 'f', 3));
}

QString tbps(double gbps)
{
    return MetricsView::tr("%1 Tb/s").arg(QLocale().toString(gbps / 1000, 'f', 1));
}

// A row of one key figure: its title and its value, from the one table.
MetricsView::Row keyRow(const KeyFigures &k, const char *id, const std::string &currency = {})
{
    const KeyFigure *f = k.find(id);
    return {QString::fromLatin1(id), keyFigureLabel(id), f ? keyFigureText(*f, currency) : MetricsView::tr("n/a")};
}

int count(const KeyFigures &k, const char *id)
{
    return int(k.value(id).value_or(0));
}

// A figure the failures change: "22.26 ms → 23.77 ms, +7 %" (intact → with the failures).
QString changeText(const FigureChange &c, const std::string &currency)
{
    const QString before = keyFigureText(c.before, currency), after = keyFigureText(c.after, currency);
    QString text = MetricsView::tr("%1 → %2").arg(before, after);
    if (const std::optional<double> r = c.relative()) {
        const double pct = *r * 100;
        const QString n = QLocale().toString(std::abs(pct), 'f', std::abs(pct) < 1 ? 1 : 0);
        // A ratio worded alike on both sides ("non-blocking (1:1)") did not change for the reader.
        const bool same = std::abs(pct) < 0.05 || (isBlockingFigure(c.id()) && before == after);
        text += QStringLiteral(", ") +
                (same ? MetricsView::tr("unchanged") : MetricsView::tr("%1%2 %").arg(pct > 0 ? QStringLiteral("+") : QStringLiteral("−"), n));
    }
    if (!c.comparable())   // flows lost their route: the after-figure is of the others only
        text += QStringLiteral(", ") + engineText(c.note());
    return text;
}

// The failure what-if: each row of a figure the failures change says before and after.
void showFailureChanges(QVector<MetricsView::Row> &rows, const NetworkAnalysis &n, const std::string &currency)
{
    for (const FigureChange &c : failureChanges(n))
        for (MetricsView::Row &row : rows)
            if (row.id == QLatin1String(c.id().data(), qsizetype(c.id().size())))
                row.value = changeText(c, currency);
}

} // namespace

QVector<MetricsView::Row> MetricsView::costFigures(const AnalysisResult &r, const KeyFigures &k)
{
    QLocale locale;
    const Bom &bom = r.cost.bom;
    const std::string &currency = bom.currency;
    QVector<Row> f;
    f.append(keyRow(k, "gpus"));
    f.append(keyRow(k, "servers"));
    f.append({QStringLiteral("switches"), tr("Switches (leaf / spine / core)"),
              QStringLiteral("%1 / %2 / %3").arg(count(k, "switches_leaf")).arg(count(k, "switches_spine")).arg(count(k, "switches_core"))});
    f.append(keyRow(k, "links"));
    f.append(keyRow(k, "bisection_gbps"));
    QString over;
    if (r.network && r.network->metrics)
        for (const TierLoad &t : r.network->metrics->tiers)
            if (t.upGbps > 0)
                over += (over.isEmpty() ? QString() : QStringLiteral(", ")) +
                        QStringLiteral("%1 %2").arg(tierName(t.tier), engineText(blockingWording(t.oversubscription)));
    f.append({QStringLiteral("oversubscription"), keyFigureLabel("oversubscription"), over.isEmpty() ? tr("n/a") : over});
    if (r.blocking)   // the generator's ratio asked against built, and why (kept in the file)
        f.append({QStringLiteral("blocking"), keyFigureLabel("blocking"), engineText(r.blocking->brief), engineText(r.blocking->detail)});
    f.append(keyRow(k, "capex", currency));
    if (const PriceCoverage c = priceCoverage(bom); c.lines > 0)
        f.append({QStringLiteral("price_coverage"), tr("Price coverage"),
                  tr("%1 of %2 lines (%3), %4 of the priced value quoted")
                      .arg(c.pricedLines)
                      .arg(c.lines)
                      .arg(locale.toString(c.lineShare() * 100, 'f', 0) + QLatin1Char('%'),
                           locale.toString(c.quotedShare() * 100, 'f', 0) + QLatin1Char('%'))});
    // The quote's total over the GPUs, as the report and `cplan bom` give it.
    f.append(keyRow(k, "cost_per_gpu", currency));
    f.append(keyRow(k, "power_w"));
    f.append(keyRow(k, "rack_units"));
    f.append(keyRow(k, "tco", currency));
    if (const KeyFigure *peak = k.find("rack_peak_power_w")) {
        // The fullest rack by nameplate power, and the racks over a budget of theirs.
        f.append({QStringLiteral("racks"), keyFigureLabel("racks"),
                  tr("%n rack(s), up to %1 in one", "", int(r.racks.size())).arg(keyFigureText(*peak, currency))});
        QStringList names;
        for (const RackBudget &b : r.racks)
            if (b.overPower() || b.overCooling() || b.overWeight() || b.overSpace())
                names << QString::fromStdString(b.rack);
        if (!names.isEmpty())
            f.append({QStringLiteral("racks_over_budget"), keyFigureLabel("racks_over_budget"),
                      names.size() > 3 ? tr("%1 and %n more", "", int(names.size() - 3)).arg(names.mid(0, 3).join(QStringLiteral(", ")))
                                       : names.join(QStringLiteral(", "))});
    }
    return f;
}

QVector<MetricsView::Row> MetricsView::networkFigures(const AnalysisResult &r, const KeyFigures &k)
{
    QLocale locale;
    QVector<Row> f;
    const NetworkAnalysis *n = r.network ? &*r.network : nullptr;
    if (k.find("latency_p50_ns"))
        f.append({QStringLiteral("latency_p50_ns"), tr("Latency p50 / p99"),
                  tr("%1 / %2 ns").arg(locale.toString(*k.value("latency_p50_ns"), 'f', 0), locale.toString(*k.value("latency_p99_ns"), 'f', 0))});
    if (n && n->failure && n->reachability && n->reachability->unreachablePairs)
        f.append({QStringLiteral("unreachable_pairs"), tr("Unreachable pairs"), locale.toString(qulonglong(n->reachability->unreachablePairs))});
    // The same findings as the Problems dock, failure scenario included.
    const ProblemList problems = problemList(r);
    f.append({QStringLiteral("problems"), tr("Problems"), tr("%1 errors, %2 warnings").arg(problems.errors).arg(problems.warnings)});
    if (const TrafficResult *t = r.traffic()) {
        Row completion = keyRow(k, "completion_s");
        completion.label = tr("Completion (%1)").arg(patternName(r.pattern));
        f.append(completion);
        f.append({QStringLiteral("load_balancing"), tr("Load balancing"), loadBalancingText(*t, locale)});
        if (k.value("max_link_utilization")) {
            f.append(keyRow(k, "max_link_utilization"));
            f.append(keyRow(k, "mean_busy_link_utilization"));
        }
        if (const auto &c = t->collective) {   // what NCCL would run, and why
            const QString size = QString::fromStdString(formatByteSize(c->bytes));
            f.append({QStringLiteral("nccl_algorithm"), tr("NCCL algorithm"), c->known ? QString::fromStdString(c->why) : tr("unknown")});
            Row busbw = keyRow(k, "busbw_gbps");
            busbw.label = tr("Bus bandwidth (%1)").arg(size);
            if (!c->known)
                busbw.value = tr("unknown: %1").arg(QString::fromStdString(unknownText(*c)));
            f.append(busbw);
        }
        if (const AggregationSummary &g = t->aggregation; g.used)
            f.append({QStringLiteral("flows_simulated_by"), tr("Flows simulated by"),
                      g.exact ? tr("%1 route classes (exact: the fabric and pattern are symmetric)").arg(locale.toString(qulonglong(g.flowClasses)))
                              : tr("%1 route classes, approximate: links of one class carry up to %2 % more flows than its mean")
                                    .arg(locale.toString(qulonglong(g.flowClasses)), locale.toString(g.imbalance * 100, 'f', 0))});
    }
    if (n && n->failure) {
        const FailureImpact &x = *n->failure;
        f.append({QStringLiteral("failed_objects"), tr("Failed objects"),
                  tr("%1 (%2 links, %3 Gb/s lost); figures read intact → with the failures")
                      .arg(r.failed.size())
                      .arg(x.cables.links)
                      .arg(locale.toString(x.cables.capacityGbps, 'f', 0))});
        if (x.metricsBefore && n->metrics)
            f.append({QStringLiteral("lost_to_failures"), tr("Lost to the failures"),
                      tr("%1 endpoints cut off, %2 of bisection")
                          .arg(x.lostEndpoints)
                          .arg(tbps(x.metricsBefore->bisectionGbps - n->metrics->bisectionGbps))});
    }
    return f;
}

void MetricsView::setResult(const AnalysisResult &r)
{
    m_outdated->hide();
    m_progress->setRange(0, 100);
    // In the language of now (the window shows a result again when the language changes).
    m_progress->setValue(100);
    m_progress->setFormat(AnalysisRunner::tr("Analysis done") + QStringLiteral(" %p%"));
    m_shown = cplan::keyFigures(r, r.traffic());
    QVector<Row> f = costFigures(r, m_shown);
    f += networkFigures(r, m_shown);
    if (r.network && r.network->failure)
        showFailureChanges(f, *r.network, r.cost.bom.currency);
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

// A BOM category's colour in the cost pie: its own, so that a slice keeps its colour when
// another category gains or loses its price (by position in the pie, they all moved).
static QColor categoryColour(const std::string &category)
{
    static const std::pair<const char *, QColor> colours[] = {
        {"server", QColor(118, 185, 0)},   {"switch", QColor(49, 130, 189)},      {"hca", QColor(240, 180, 30)},
        {"cable", QColor(150, 100, 180)},  {"transceiver", QColor(215, 90, 60)}, {"rack", QColor(120, 130, 140)},
        {"management", QColor(80, 170, 170)}};
    for (const auto &[name, colour] : colours)
        if (category == name)
            return colour;
    return QColor(190, 170, 120);
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
    const double total = std::max(1.0, bom.totals.capex);
    for (const auto &[cat, v] : byCategory) {
        QPieSlice *s = pie->append(QStringLiteral("%1 %2%").arg(bomCategoryName(cat)).arg(std::round(v / total * 100)), v);
        s->setColor(categoryColour(cat));
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
    m_utilView->chart()->setTitle(tr("Link utilization (%, links per bin)"));
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
    m_latencyView->chart()->setTitle(bins.isEmpty() ? tr("GPU-to-GPU latency") : tr("Endpoint-to-endpoint latency (µs, pairs per bin)"));
}

} // namespace cplan
