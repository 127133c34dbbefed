#pragma once

#include "canvastool.h"

#include <QCoreApplication>
#include <QPointF>

class QGraphicsLineItem;
class QGraphicsSimpleTextItem;

namespace cplan {

// Wire: a press on a free port starts a cable; while dragging, a line follows the cursor with
// the live check of the port under it (speed, cable, errors); releasing on a port adds the link
// when the check passes.
class WireTool : public CanvasTool
{
    Q_DECLARE_TR_FUNCTIONS(cplan::WireTool)

public:
    using CanvasTool::CanvasTool;
    ~WireTool() override;

    bool accepts(const QGraphicsSceneMouseEvent *event) const override;
    void mousePressed(QGraphicsSceneMouseEvent *event) override;
    void mouseMoved(QGraphicsSceneMouseEvent *event) override;
    void mouseReleased(QGraphicsSceneMouseEvent *event) override;
    void cancel() override;
    void forgetNode(const NodeItem *item) override;

private:
    NodeItem *portUnder(QPointF scenePos, int *port) const;
    void finish(QPointF scenePos);

    NodeItem *m_from = nullptr;
    int m_fromPort = 0;
    NodeItem *m_target = nullptr;
    QGraphicsLineItem *m_line = nullptr;
    QGraphicsSimpleTextItem *m_label = nullptr;
};

} // namespace cplan
