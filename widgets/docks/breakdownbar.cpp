#include "breakdownbar.h"

#include <QFontMetrics>
#include <QLocale>
#include <QPaintEvent>
#include <QPainter>
#include <QPalette>

#include <algorithm>

namespace cplan {

namespace {

constexpr int kBarHeight = 22;
constexpr int kGap = 6;
constexpr int kSwatch = 10;

double total(const std::vector<BreakdownBar::Part> &parts)
{
    double t = 0;
    for (const BreakdownBar::Part &p : parts)
        t += std::max(0.0, p.seconds);
    return t;
}

// "compute 23.77 s (94.4 %)": the part's time and share of the step.
QString legendText(const BreakdownBar::Part &p, double sum)
{
    const QLocale l;
    const double share = sum > 0 ? 100 * p.seconds / sum : 0;
    const int decimals = p.seconds >= 10 ? 1 : p.seconds >= 0.1 ? 2 : 3;
    return QStringLiteral("%1 %2 s (%3 %)").arg(p.name, l.toString(p.seconds, 'f', decimals), l.toString(share, 'f', 1));
}

int entryWidth(const QFontMetrics &fm, const BreakdownBar::Part &p, double sum)
{
    return kSwatch + 4 + fm.horizontalAdvance(legendText(p, sum)) + 12;
}

} // namespace

BreakdownBar::BreakdownBar(QWidget *parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void BreakdownBar::setParts(std::vector<Part> parts)
{
    m_parts = std::move(parts);
    updateGeometry();
    update();
}

QSize BreakdownBar::sizeHint() const
{
    return {320, heightForWidth(320)};
}

int BreakdownBar::legendRows(const QFontMetrics &fm, int width, const std::vector<Part> &parts)
{
    const double sum = total(parts);
    int rows = 0, x = width;   // the first entry starts a row
    for (const Part &p : parts) {
        const int w = entryWidth(fm, p, sum);
        if (x + w > width && x > 0) {
            ++rows;
            x = 0;
        }
        x += w;
    }
    return rows;
}

int BreakdownBar::heightForWidth(int width) const
{
    const QFontMetrics fm = fontMetrics();
    return kBarHeight + kGap + legendRows(fm, width, m_parts) * (fm.height() + 4) + 2;
}

void BreakdownBar::paint(QPainter &p, const QRectF &rect, const std::vector<Part> &parts)
{
    const double sum = total(parts);
    const QRectF bar(rect.left(), rect.top(), rect.width(), kBarHeight);
    double x = bar.left();
    for (const Part &part : parts) {
        if (part.seconds <= 0 || sum <= 0)
            continue;
        const double w = bar.width() * part.seconds / sum;
        p.fillRect(QRectF(x, bar.top(), w, bar.height()), part.color);
        x += w;
    }
    p.setPen(QPen(p.pen().color(), 0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(bar);
    // The legend: every part, those that take no time too (a reader sees they were counted).
    const QFontMetricsF fm(p.font());
    const double rowH = fm.height() + 4;
    double lx = rect.left(), ly = bar.bottom() + kGap;
    for (const Part &part : parts) {
        const QString text = legendText(part, sum);
        const double w = kSwatch + 4 + fm.horizontalAdvance(text) + 12;
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
}

void BreakdownBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setPen(palette().color(QPalette::WindowText));
    paint(p, QRectF(rect()).adjusted(0.5, 0.5, -1, -1), m_parts);
}

} // namespace cplan
