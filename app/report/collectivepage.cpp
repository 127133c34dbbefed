// The page after the analysis: the headline all-reduce as NCCL runs it, its bus bandwidth over
// nccl-tests' message sizes (8 B to 16 GiB) with the algorithm and protocol NCCL picks at each,
// and a few sizes as nccl-tests prints them. Its own page: the analysis page's four panels
// leave no room for a chart this wide.
#include "pdfreport.h"
#include "reportcharts.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include <algorithm>
#include <cmath>

namespace cplan {

using namespace page;

namespace {

QString choiceName(const CollectiveEstimate &e)
{
    return QStringLiteral("%1/%2").arg(
        QString::fromUtf8(nccl::toString(e.algorithm)), QString::fromUtf8(nccl::toString(e.protocol)));
}

// nccl::explain's words on the algorithm, without its name in front nor the protocol's words
// after (the table names both; the full text of the headline size is above the table).
QString whyText(const CollectiveEstimate &e)
{
    QString why = QString::fromStdString(e.why);
    const QString name = QString::fromUtf8(nccl::toString(e.algorithm)) + QStringLiteral(": ");
    if (why.startsWith(name))
        why = why.mid(name.size());
    const qsizetype protocol
        = why.lastIndexOf(QStringLiteral("; %1 protocol").arg(QString::fromUtf8(nccl::toString(e.protocol))));
    return protocol < 0 ? why : why.left(protocol);
}

// The sizes the x axis labels, and the table lists.
std::vector<std::pair<double, QString>> sizeTicks()
{
    std::vector<std::pair<double, QString>> ticks;
    for (double b : { kSweepFromBytes, double(1ull << 10), double(1ull << 20), double(1ull << 30), kSweepToBytes })
        ticks.emplace_back(b, byteSizeText(b));
    return ticks;
}

// One line per stretch of consecutive known sizes where NCCL runs the same algorithm and
// protocol; a stretch starts where the one before ended, so the lines meet where NCCL switches.
// Unknown sizes are left out (and break the line). One series per algorithm/protocol.
std::vector<ChartLine> stretches(const std::vector<CollectiveEstimate> &sweep, QStringList &names)
{
    std::vector<ChartLine> lines;
    bool open = false;
    QString current;
    for (const CollectiveEstimate &e : sweep) {
        if (!e.known) {
            open = false;
            continue;
        }
        const QPointF pt(e.bytes, e.busbwGBps);
        if (!open || choiceName(e) != current) {
            current = choiceName(e);
            if (!names.contains(current))
                names << current;
            ChartLine line;
            line.series = std::size_t(names.indexOf(current));
            if (open)
                line.points.push_back(lines.back().points.back());
            lines.push_back(std::move(line));
            open = true;
        }
        lines.back().points.push_back(pt);
    }
    return lines;
}

void busbwChart(ReportPainter &painter, const ReportData &data, const QRectF &frame)
{
    QPainter &p = painter.painter();
    const TrafficResult *h = data.headline;
    const QString subtitle = h
        ? PdfReport::tr("nccl-tests' sizes from %1 to %2 (×2) over %3 GPUs: the busbw NCCL's cost model gives, "
                        "one line per algorithm/protocol it picks")
              .arg(byteSizeText(kSweepFromBytes), byteSizeText(kSweepToBytes))
              .arg(h->collective->ranks)
        : PdfReport::tr("not available");
    const QRectF plot
        = chartFrame(p, frame, PdfReport::tr("Bus bandwidth by message size (all-reduce, as NCCL runs it)"), subtitle);
    if (!h) {
        chartMessage(p, plot, PdfReport::tr("The all-reduce did not run: %1.").arg(data.headlineMissing));
        return;
    }
    std::size_t unknown = 0;
    for (const CollectiveEstimate &e : h->collectiveSweep)
        unknown += !e.known;
    if (unknown == h->collectiveSweep.size()) {
        const CollectiveEstimate *first = h->collectiveSweep.empty() ? &*h->collective : &h->collectiveSweep.front();
        chartMessage(p, plot,
            PdfReport::tr("Bus bandwidth unknown at every size: the catalog lacks: %1.")
                .arg(QString::fromStdString(unknownText(*first))));
        return;
    }
    QStringList names;
    const std::vector<ChartLine> lines = stretches(h->collectiveSweep, names);
    const std::vector<QColor> palette = { ink::kAccent, ink::kMgmt, ink::kLeaf, ink::kCore, ink::kServer,
        QColor(0xc0, 0x39, 0x2b), QColor(0x16, 0xa0, 0x85), QColor(0x8e, 0x6c, 0x3a) };
    std::vector<QColor> colors;
    for (qsizetype i = 0; i < names.size(); ++i)
        colors.push_back(palette[std::size_t(i) % palette.size()]);
    logLineChart(p, plot, lines, colors, names, sizeTicks(), QStringLiteral(" GB/s"));
    chartCaption(p, plot, PdfReport::tr("message size (log scale); bus bandwidth in GB/s, as nccl-tests reports it"));
    if (unknown)
        chartNote(p, frame,
            PdfReport::tr("%1 of %2 sizes left out: their figures are unknown")
                .arg(unknown)
                .arg(h->collectiveSweep.size()));
}

// A few sizes as nccl-tests prints them: the ones the x axis labels.
void sizeTable(ReportPainter &painter, const ReportData &data)
{
    const std::vector<Column> cols = { { PdfReport::tr("Size"), 45, Qt::AlignRight },
        { PdfReport::tr("NCCL runs"), 80 }, { PdfReport::tr("Time"), 50, Qt::AlignRight },
        { PdfReport::tr("algbw (GB/s)"), 65, Qt::AlignRight }, { PdfReport::tr("busbw (GB/s)"), 65, Qt::AlignRight },
        { PdfReport::tr("Why this algorithm"), kContentWidth - 305 } };
    std::vector<QStringList> rows;
    for (const auto &[bytes, label] : sizeTicks())
        for (const CollectiveEstimate &e : data.headline->collectiveSweep)
            if (std::fabs(e.bytes - bytes) < 0.5) {
                if (e.known)
                    rows.push_back({ label, choiceName(e), durationText(e.timeS), number(e.algbwGBps, 2),
                        number(e.busbwGBps, 2), whyText(e) });
                else
                    rows.push_back({ label, PdfReport::tr("unknown"), QString(), QString(), QString(),
                        QString::fromStdString(unknownText(e)) });
            }
    if (!rows.empty())
        painter.table(cols, rows);
}

} // namespace

QStringList collectiveLines(const ReportData &data)
{
    const TrafficResult *h = data.headline;
    if (!h)
        return {};
    const CollectiveEstimate &c = *h->collective;
    if (!c.known)
        return {
            PdfReport::tr("Collective: %1")
                .arg(PdfReport::tr("unknown (the catalog lacks: %1)").arg(QString::fromStdString(unknownText(c))))
        };
    return { PdfReport::tr("Collective: %1")
                 .arg(PdfReport::tr("%1 GB/s bus bandwidth (all-reduce of 1 GiB over %2 GPUs, %3; NCCL %4/%5)")
                          .arg(number(c.busbwGBps, 1))
                          .arg(c.ranks)
                          .arg(durationText(c.timeS), QString::fromUtf8(nccl::toString(c.algorithm)),
                              QString::fromUtf8(nccl::toString(c.protocol)))),
        PdfReport::tr("NCCL's choice: %1").arg(QString::fromStdString(c.why)) };
}

// Without a network analysis there is nothing to run the collective on: the analysis page says
// why, and this page is left out.
void collectivePage(ReportPainter &painter, const ReportData &data)
{
    if (!data.network())
        return;
    painter.newPage(PdfReport::tr("Collective communication"));
    const double chartH = 330;
    busbwChart(painter, data, QRectF(kMargin, kTop, kContentWidth, chartH));
    painter.y = kTop + chartH + 12;
    for (const QString &line : collectiveLines(data))
        painter.paragraph(line);
    const auto known = [](const CollectiveEstimate &e) { return e.known; };
    if (data.headline
        && std::any_of(data.headline->collectiveSweep.begin(), data.headline->collectiveSweep.end(), known)) {
        painter.y += 4;
        sizeTable(painter, data);
    }
}

} // namespace cplan
