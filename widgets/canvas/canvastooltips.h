#pragma once

#include <QCoreApplication>
#include <QString>

class QGraphicsItem;

namespace cplan {

class CanvasScene;

// The tooltip of a canvas item, with its figures: a node's part, wired ports, GPUs, price and
// power; a link's ends, speed, cable and utilization; a collapsed group's hint. Empty for
// anything else.
class CanvasToolTips
{
    Q_DECLARE_TR_FUNCTIONS(cplan::CanvasToolTips)

public:
    static QString forItem(const CanvasScene &scene, const QGraphicsItem *item);

private:
    static QString forNode(const CanvasScene &scene, const std::string &id);
    static QString forLink(const CanvasScene &scene, const std::string &id, double speedGbps, double utilization);
};

} // namespace cplan
