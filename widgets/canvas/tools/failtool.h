#pragma once

#include "canvastool.h"

namespace cplan {

// Failure mode: a click fails the link or switch under the cursor, or restores it. Failures
// are a what-if scenario for the analysis, never an edit of the design.
class FailTool : public CanvasTool
{
public:
    using CanvasTool::CanvasTool;

    bool accepts(const QGraphicsSceneMouseEvent *event) const override;
    void mousePressed(QGraphicsSceneMouseEvent *event) override;
};

} // namespace cplan
