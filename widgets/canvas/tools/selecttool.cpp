#include "selecttool.h"

#include "canvasitems.h"
#include "canvasscene.h"
#include "commands.h"

#include <QGraphicsSceneMouseEvent>

#include <algorithm>
#include <cmath>

namespace cplan {

void SelectTool::mousePressed(QGraphicsSceneMouseEvent *event)
{
    m_moveStart.clear();
    if (event->button() != Qt::LeftButton)
        return;
    const auto selected = scene()->selectedItems();
    for (QGraphicsItem *i : selected)
        if (i->type() == NodeItemType)
            m_moveStart.emplace_back(static_cast<NodeItem *>(i), i->pos());
}

void SelectTool::mouseReleased(QGraphicsSceneMouseEvent *)
{
    if (m_moveStart.empty())
        return;
    // One MoveNodes per drag, pushed on release.
    std::vector<std::string> ids;
    MoveNodes::Positions from, to;
    const Design &design = document()->design();
    for (auto &[item, start] : m_moveStart) {
        const QPointF p = item->pos();
        auto n = design.findNode(item->nodeId());
        if (!n)
            continue;
        const Node &node = design.node(*n);
        if (std::abs(p.x() - node.x) < 1e-6 && std::abs(p.y() - node.y) < 1e-6)
            continue;
        ids.push_back(node.id);
        from.emplace_back(node.x, node.y);
        to.emplace_back(p.x(), p.y());
    }
    m_moveStart.clear();
    if (!ids.empty())
        document()->undoStack()->push(new MoveNodes(document(), std::move(ids), std::move(from), std::move(to)));
}

void SelectTool::forgetNode(const NodeItem *item)
{
    std::erase_if(m_moveStart, [item](const auto &p) { return p.first == item; });
}

} // namespace cplan
