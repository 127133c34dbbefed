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

namespace {

// The part of `line` inside `box` (Liang-Barsky); false if none. Zoomed in, a bundle runs far
// past the view and the raster engine would stroke all of it.
bool clipLine(QLineF &line, const QRectF &box)
{
    const double dx = line.dx(), dy = line.dy();
    double t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - box.left(), box.right() - line.x1(), line.y1() - box.top(), box.bottom() - line.y1()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF a = line.p1();
    line = QLineF(a + QPointF(dx * t0, dy * t0), a + QPointF(dx * t1, dy * t1));
    return true;
}

} // namespace

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
    const QRectF box = exposed.adjusted(-8, -8, 8, 8);
    for (const LinkBundle &b : bundles) {
        QLineF line = b.line;
        if (!clipLine(line, box))
            continue;
        // Opaque: what the translucent colours (alpha 170) looked like over the canvas. Qt's
        // raster engine blends translucent lines pixel by pixel: 7,000 bundles of the 32,000-GPU
        // design took 0.5-2 s per paint translucent, tens of milliseconds opaque.
        QColor c = b.speedGbps >= 800 ? QColor(143, 130, 184) : b.speedGbps >= 400 ? QColor(130, 157, 184) : QColor(157, 170, 177);
        if (b.down)
            c = heatmap ? QColor(60, 60, 60) : QColor(210, 30, 30);
        else if (heatmap && b.utilization >= 0)
            c = utilizationColor(b.utilization);
        const int width = std::clamp(1 + int(std::log2(double(b.count)) / 2), 1, 4);
        batches[Style{c.rgba(), width, b.down}].push_back(line);
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
