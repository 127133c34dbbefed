// The design sweep the design was chosen from (the design explorer's "Use in report"): what was
// tried, the Pareto front on the explorer's two figures, and a table of the front.
#include "explorertext.h"
#include "pdfreport.h"
#include "reportcharts.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include <algorithm>

namespace cplan {

using namespace page;

namespace {

constexpr std::size_t kMaxRows = 40;

QString sweepSummary(const ReportAlternatives &a)
{
    QStringList axes;
    for (const SweepOption &o : a.spec.axes) {
        QStringList values;
        for (const SweepValue &v : o.values)
            values << qs(v.text);
        axes << qs(o.name) + QStringLiteral(" (") + values.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    QStringList fixed;
    for (const SweepOption &o : a.spec.fixed)
        fixed << qs(o.name) + QStringLiteral(" ") + qs(o.values.front().text);
    QStringList objectives;
    for (const std::string &o : a.spec.objectives)
        objectives << figureTitle(o);
    std::size_t front = 0, skipped = 0, broken = 0, leftOff = 0;
    for (const PointResult &r : a.results) {
        front += r.pareto ? 1 : 0;
        leftOff += r.leftOff ? 1 : 0;
        skipped += r.skipped.empty() ? 0 : 1;
        broken += r.skipped.empty() && !r.violations.empty() ? 1 : 0;
    }
    QString text = PdfReport::tr("This design was chosen among %1 alternatives (%2; alternatives in %3). "
                                 "%4 of them are on the Pareto front of %5: no other alternative is as good on every one "
                                 "of these and better on one.")
                       .arg(a.results.size())
                       .arg(fixed.join(QStringLiteral(", ")), axes.isEmpty() ? PdfReport::tr("none") : axes.join(QStringLiteral("; ")))
                       .arg(front)
                       .arg(objectives.join(QStringLiteral(", ")));
    if (skipped)
        text += QLatin1Char(' ') + PdfReport::tr("%1 combinations could not be built and were skipped.").arg(skipped);
    if (broken)
        text += QLatin1Char(' ') + PdfReport::tr("%1 break a constraint and are not ranked.").arg(broken);
    if (leftOff)   // the explorer's ranking (RankOptions): a lower bound is not a place on the front
        text += QLatin1Char(' ') + PdfReport::tr("%1 have parts without a price or power figure and are not ranked.").arg(leftOff);
    return text;
}

void drawChart(QPainter &p, const QRectF &frame, const ReportAlternatives &a)
{
    const QRectF plot = chartFrame(p, frame, PdfReport::tr("%1 against %2").arg(figureTitle(a.y), figureTitle(a.x)),
                                   PdfReport::tr("orange: the Pareto front; grey: the other alternatives; ringed: this design"));
    std::vector<QPointF> other, front;
    std::optional<QPointF> chosen;
    for (std::size_t i = 0; i < a.results.size(); ++i) {
        const PointResult &r = a.results[i];
        const auto x = r.figure(a.x), y = r.figure(a.y);
        if (!x || !y || !r.feasible())
            continue;
        (r.pareto ? front : other).emplace_back(*x, *y);
        if (a.chosen && *a.chosen == i)
            chosen = QPointF(*x, *y);
    }
    if (front.empty() && other.empty())
        chartMessage(p, plot, PdfReport::tr("No alternative has both figures."));
    else
        scatterChart(p, plot, other, front, chosen, figureTitle(a.x), figureTitle(a.y));
}

} // namespace

void alternativesPage(ReportPainter &painter, const ReportData &data)
{
    if (!data.alternatives)
        return;
    const ReportAlternatives &a = *data.alternatives;
    painter.newPage(PdfReport::tr("Alternatives considered"));
    painter.paragraph(sweepSummary(a), 9);
    if (a.chosen && *a.chosen < a.results.size()) {
        QStringList axes;
        for (const SweepSetting &s : a.results[*a.chosen].axes)
            axes << qs(s.name) + QStringLiteral(" ") + qs(s.value);
        painter.paragraph(PdfReport::tr("This report's design: alternative %1 (%2).").arg(a.results[*a.chosen].index + 1).arg(axes.join(QStringLiteral(", "))), 9);
    }
    const double h = std::min(250.0, kBottom - painter.y - 60);
    drawChart(painter.painter(), QRectF(kMargin, painter.y, kContentWidth, h), a);
    painter.y += h + 10;

    // The front (and this design, if it is not on it), in the sweep's order.
    std::vector<Column> cols{{QStringLiteral("#"), 30, Qt::AlignRight}};
    const double axisW = 90, figureW = std::max(70.0, (kContentWidth - 30 - 40 - axisW * double(a.spec.axes.size())) /
                                                           double(std::max<std::size_t>(1, a.spec.objectives.size())));
    for (const SweepOption &o : a.spec.axes)
        cols.push_back({qs(o.name), axisW});
    for (const std::string &o : a.spec.objectives)
        cols.push_back({figureTitle(o), figureW, Qt::AlignRight});
    cols.push_back({PdfReport::tr("Front"), 40, Qt::AlignHCenter});
    std::vector<QStringList> rows;
    std::set<std::size_t> bold;
    std::size_t left = 0;
    for (std::size_t i = 0; i < a.results.size(); ++i) {
        const PointResult &r = a.results[i];
        const bool isChosen = a.chosen && *a.chosen == i;
        if (!r.pareto && !isChosen)
            continue;
        if (rows.size() >= kMaxRows) {
            ++left;
            continue;
        }
        QStringList row{QString::number(r.index + 1)};
        for (const SweepSetting &s : r.axes)
            row << qs(s.value);
        for (const std::string &o : a.spec.objectives) {
            const auto v = r.figure(o);
            const bool lowerBound = std::find(r.incomplete.begin(), r.incomplete.end(), o) != r.incomplete.end();
            row << (v ? (lowerBound ? QStringLiteral("≥ ") : QString()) + figureText(o, *v) : QStringLiteral("–"));
        }
        row << (r.pareto ? QStringLiteral("●") : QString());
        if (isChosen)
            bold.insert(rows.size());
        rows.push_back(row);
    }
    painter.table(cols, rows, bold);
    if (left)
        painter.paragraph(PdfReport::tr("%1 more alternatives on the front are not listed.").arg(left), 8, ink::kMuted);
}

} // namespace cplan
