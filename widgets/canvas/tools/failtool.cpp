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
    // The same tolerance at every zoom: a link a few pixels wide on screen is hit.
    QGraphicsItem *item = scene()->itemNear(event->scenePos(), event->widget());
    if (item && item->type() == LinkItemType)
        scene()->toggleFailed(static_cast<LinkItem *>(item)->linkId());
    else if (item && item->type() == NodeItemType)
        scene()->toggleFailed(static_cast<NodeItem *>(item)->nodeId());
}

} // namespace cplan
