#include "breakdownbar.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>

#include <cmath>

namespace cplan {

BreakdownBar::BreakdownBar(QWidget *parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void BreakdownBar::setParts(std::vector<StepBarPart> parts)
{
    m_parts = std::move(parts);
    updateGeometry();
    update();
}

QSize BreakdownBar::sizeHint() const
{
    return {320, heightForWidth(320)};
}

int BreakdownBar::heightForWidth(int width) const
{
    return int(std::ceil(stepBarHeight(QFontMetricsF(font(), this), width - 1, m_parts)));
}

void BreakdownBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setPen(palette().color(QPalette::WindowText));
    paintStepBar(p, QRectF(rect()).adjusted(0.5, 0.5, -1, -1), m_parts);
}

} // namespace cplan
