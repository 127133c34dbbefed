#include "failtool.h"

#include "canvasitems.h"
#include "canvasscene.h"

#include <QGraphicsSceneMouseEvent>

namespace cplan {

bool FailTool::accepts(const QGraphicsSceneMouseEvent *event) const
{
    return event->button() == Qt::LeftButton;
}

void FailTool::mousePressed(QGraphicsSceneMouseEvent *event)
{
    QGraphicsItem *item = scene()->itemAt(event->scenePos(), QTransform());
    if (item && item->type() == LinkItemType)
        scene()->toggleFailed(static_cast<LinkItem *>(item)->linkId());
    else if (item && item->type() == NodeItemType)
        scene()->toggleFailed(static_cast<NodeItem *>(item)->nodeId());
}

} // namespace cplan
