// What the level of detail draws instead of items: a collapsed unit's block (GroupItem) and the
// bundles of links into blocks.
#include "canvasitems.h"
#include "canvaslod.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <map>

namespace cplan {

// --- link bundles ---------------------------------------------------------------------------

void drawBundles(QPainter *painter, const std::vector<LinkBundle> &bundles, const QRectF &exposed, bool heatmap)
{
    if (bundles.empty())
        return;
    // Colour as a lone link of that speed (or heat); width 1 px for one link, up to 4 px for
    // hundreds; a bundle with a link down is dashed.
    struct Style
    {
        QRgb colour;
        int width;
        bool down;
        bool operator<(const Style &o) const
        {
            return std::tie(colour, width, down) < std::tie(o.colour, o.width, o.down);
        }
    };
    std::map<Style, std::vector<QLineF>> batches;
    for (const LinkBundle &b : bundles) {
        const QRectF r = QRectF(b.line.p1(), b.line.p2()).normalized();
        if (r.right() < exposed.left() || r.left() > exposed.right() || r.bottom() < exposed.top() || r.top() > exposed.bottom())
            continue;
        QColor c = b.speedGbps >= 800 ? QColor(90, 70, 150, 170) : b.speedGbps >= 400 ? QColor(70, 110, 150, 170) : QColor(110, 130, 140, 170);
        if (b.down)
            c = heatmap ? QColor(60, 60, 60) : QColor(210, 30, 30);
        else if (heatmap && b.utilization >= 0)
            c = utilizationColor(b.utilization);
        const int width = std::clamp(1 + int(std::log2(double(b.count)) / 2), 1, 4);
        batches[Style{c.rgba(), width, b.down}].push_back(b.line);
    }
    for (const auto &[style, lines] : batches) {
        QPen pen(QColor::fromRgba(style.colour), style.width, style.down ? Qt::DashLine : Qt::SolidLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLines(lines.data(), int(lines.size()));
    }
}

// --- GroupItem ------------------------------------------------------------------------------
GroupItem::GroupItem(const QString &id, const QString &title, const QRectF &rect, const QString &summary)
    : m_id(id)
    , m_title(title)
    , m_summary(summary)
    , m_rect(rect)
{
    setZValue(1);
    setFlags(ItemIsSelectable);
}

void GroupItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setPen(QPen(isSelected() ? QColor(255, 140, 0) : QColor(70, 90, 120), 2));
    painter->setBrush(QColor(225, 233, 245));
    painter->drawRoundedRect(m_rect, 8, 8);
    QFont f = painter->font();
    f.setPixelSize(int(std::clamp(m_rect.height() / 5, 12.0, 60.0)));
    f.setBold(true);
    painter->setFont(f);
    painter->setPen(QColor(30, 40, 60));
    const QRectF top = m_rect.adjusted(8, 8, -8, -m_rect.height() / 2);
    painter->drawText(top, Qt::AlignCenter, m_title);
    f.setBold(false);
    f.setPixelSize(int(std::clamp(m_rect.height() / 8, 10.0, 40.0)));
    painter->setFont(f);
    painter->drawText(m_rect.adjusted(8, m_rect.height() / 2, -8, -8), Qt::AlignCenter, m_summary);
}

void GroupItem::setContent(const QString &title, const QRectF &rect, const QString &summary)
{
    if (rect != m_rect)
        prepareGeometryChange();
    m_title = title;
    m_rect = rect;
    m_summary = summary;
    update();
}

} // namespace cplan
