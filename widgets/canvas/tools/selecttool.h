#pragma once

#include "canvastool.h"

#include <QPointF>

#include <utility>
#include <vector>

namespace cplan {

// Select and move: the scene's own item handling selects (click, rubber band) and drags the
// selected nodes; on release the tool pushes one MoveNodes for the whole drag.
class SelectTool : public CanvasTool
{
public:
    using CanvasTool::CanvasTool;

    bool accepts(const QGraphicsSceneMouseEvent *) const override { return true; }
    bool usesItemInteraction() const override { return true; }
    void mousePressed(QGraphicsSceneMouseEvent *event) override;
    void mouseReleased(QGraphicsSceneMouseEvent *event) override;
    void cancel() override { m_moveStart.clear(); }
    void forgetNode(const NodeItem *item) override;

private:
    std::vector<std::pair<NodeItem *, QPointF>> m_moveStart;
};

} // namespace cplan
