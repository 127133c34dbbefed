#include "stepbar.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include <algorithm>

namespace cplan {

namespace {

constexpr double kBarHeight = 22;
constexpr double kGap = 6;
constexpr double kSwatch = 10;

double total(const std::vector<StepBarPart> &parts)
{
    double t = 0;
    for (const StepBarPart &p : parts)
        t += std::max(0.0, p.seconds);
    return t;
}

// "compute 23.77 s (94.4 %)": the part's time and share of the step.
QString legendText(const StepBarPart &p, double sum)
{
    const QLocale l;
    const double share = sum > 0 ? 100 * p.seconds / sum : 0;
    const int decimals = p.seconds >= 10 ? 1 : p.seconds >= 0.1 ? 2 : 3;
    return QStringLiteral("%1 %2 s (%3 %)").arg(p.name, l.toString(p.seconds, 'f', decimals), l.toString(share, 'f', 1));
}

double entryWidth(const QFontMetricsF &fm, const StepBarPart &p, double sum)
{
    return kSwatch + 4 + fm.horizontalAdvance(legendText(p, sum)) + 12;
}

} // namespace

std::vector<StepBarPart> stepBarParts(const training::Breakdown &b)
{
    return {{QStringLiteral("compute"), b.compute, QColor(0x4e, 0x79, 0xa7)}, {QStringLiteral("tp"), b.tp, QColor(0xf2, 0x8e, 0x2b)},
            {QStringLiteral("cp"), b.cp, QColor(0x76, 0xb7, 0xb2)},           {QStringLiteral("pp_p2p"), b.ppP2p, QColor(0x59, 0xa1, 0x4f)},
            {QStringLiteral("bubble"), b.bubble, QColor(0xed, 0xc9, 0x48)},   {QStringLiteral("dp_exposed"), b.dpExposed, QColor(0xe1, 0x57, 0x59)},
            {QStringLiteral("ep"), b.ep, QColor(0xb0, 0x7a, 0xa1)}};
}

double stepBarHeight(const QFontMetricsF &fm, double width, const std::vector<StepBarPart> &parts)
{
    const double sum = total(parts);
    int rows = 0;
    double x = width;   // the first entry starts a row
    for (const StepBarPart &p : parts) {
        const double w = entryWidth(fm, p, sum);
        if (x + w > width && x > 0) {
            ++rows;
            x = 0;
        }
        x += w;
    }
    return kBarHeight + kGap + rows * (fm.height() + 4) + 2;
}

void paintStepBar(QPainter &p, const QRectF &rect, const std::vector<StepBarPart> &parts)
{
    const double sum = total(parts);
    const QRectF bar(rect.left(), rect.top(), rect.width(), kBarHeight);
    double x = bar.left();
    for (const StepBarPart &part : parts) {
        if (part.seconds <= 0 || sum <= 0)
            continue;
        const double w = bar.width() * part.seconds / sum;
        p.fillRect(QRectF(x, bar.top(), w, bar.height()), part.color);
        x += w;
    }
    p.save();
    p.setPen(QPen(p.pen().color(), 0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(bar);
    // The legend: every part, those that take no time too (a reader sees they were counted).
    const QFontMetricsF fm(p.font(), p.device());
    const double rowH = fm.height() + 4;
    double lx = rect.left(), ly = bar.bottom() + kGap;
    for (const StepBarPart &part : parts) {
        const QString text = legendText(part, sum);
        const double w = entryWidth(fm, part, sum);
        if (lx + w > rect.right() && lx > rect.left()) {
            lx = rect.left();
            ly += rowH;
        }
        const QRectF swatch(lx, ly + (rowH - kSwatch) / 2, kSwatch, kSwatch);
        p.fillRect(swatch, part.color);
        p.drawRect(swatch);
        p.drawText(QRectF(lx + kSwatch + 4, ly, w, rowH), Qt::AlignLeft | Qt::AlignVCenter, text);
        lx += w;
    }
    p.restore();
}

} // namespace cplan
