#pragma once

#include "canvastool.h"

#include <QCoreApplication>

namespace cplan {

// Failure mode: a click fails the link or switch under the cursor, or restores it. Failures
// are a what-if scenario for the analysis, never an edit of the design. A click on a block or a
// bundle (a collapsed unit and its links) fails nothing and says how to reach one link.
class FailTool : public CanvasTool
{
    Q_DECLARE_TR_FUNCTIONS(cplan::FailTool)

public:
    using CanvasTool::CanvasTool;

    bool accepts(const QGraphicsSceneMouseEvent *event) const override;
    void mousePressed(QGraphicsSceneMouseEvent *event) override;
};

} // namespace cplan
