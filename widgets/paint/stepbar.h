#pragma once

// A training step as one horizontal bar cut into its parts (compute, tp, cp, pp_p2p, bubble,
// dp_exposed, ep), with a legend of each part's seconds and share below. The window's Training
// dock and the report's training page draw the same.

#include "training/plan.h"

#include <QColor>
#include <QString>

#include <vector>

class QFontMetricsF;
class QPainter;
class QRectF;

namespace cplan {

struct StepBarPart
{
    QString name;
    double seconds = 0;
    QColor color;
};

// The engine's parts in its order, each with a colour of its own.
std::vector<StepBarPart> stepBarParts(const training::Breakdown &b);
// The height bar and legend need at `width`.
double stepBarHeight(const QFontMetricsF &fm, double width, const std::vector<StepBarPart> &parts);
// Draws with the painter's pen (outlines, text) and font.
void paintStepBar(QPainter &p, const QRectF &rect, const std::vector<StepBarPart> &parts);

} // namespace cplan
