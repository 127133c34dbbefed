#include "failtool.h"

#include "canvasitems.h"
#include "canvaslod.h"
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
    else if (item && item->type() == GroupItemType)
        emit scene()->statusMessage(tr("%1 is drawn as one block: double-click it to open it, then click a switch or link to "
                                       "fail it")
                                        .arg(static_cast<GroupItem *>(item)->title()));
    else if (const LinkBundle *bundle = scene()->bundleNear(event->scenePos(), event->widget()))
        emit scene()->statusMessage(tr("%1 links drawn as one line: zoom in (or double-click a block) to fail one of them")
                                        .arg(bundleLabel(*bundle)));
}

} // namespace cplan
