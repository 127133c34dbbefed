// CanvasScene: what a click means (canvasscene.h, "What a click at `scenePos` ... means").
#include "canvasscene.h"

#include "canvasitems.h"
#include "canvaslod.h"

#include <QGraphicsView>

#include <algorithm>

namespace cplan {

namespace {

double distanceToSegment(QPointF p, const QLineF &l)
{
    const QPointF d = l.p2() - l.p1();
    const double len2 = d.x() * d.x() + d.y() * d.y();
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - l.p1(), d) / len2, 0.0, 1.0) : 0.0;
    return QLineF(p, l.p1() + t * d).length();
}

} // namespace

// kClickTolerancePx in scene units at the zoom of the view `viewport` belongs to.
double CanvasScene::clickTolerance(const QWidget *viewport) const
{
    const QGraphicsView *view = viewport ? qobject_cast<const QGraphicsView *>(viewport->parentWidget()) : nullptr;
    const auto vs = views();
    if (!view && !vs.isEmpty())
        view = vs.front();
    const double scale = view ? std::max(1e-3, view->transform().m11()) : 1.0;
    return kClickTolerancePx / scale;
}

const LinkBundle *CanvasScene::bundleNear(QPointF scenePos, const QWidget *viewport) const
{
    const LinkBundle *nearest = nullptr;
    double best = clickTolerance(viewport);
    for (const LinkBundle &b : m_lod->bundles())
        if (const double dist = distanceToSegment(scenePos, b.line); dist <= best) {
            best = dist;
            nearest = &b;
        }
    return nearest;
}

QGraphicsItem *CanvasScene::itemNear(QPointF scenePos, const QWidget *viewport) const
{
    const double tolerance = clickTolerance(viewport);
    const QRectF box(scenePos - QPointF(tolerance, tolerance), QSizeF(2 * tolerance, 2 * tolerance));
    QGraphicsItem *nearest = nullptr;
    double best = tolerance;
    const auto found = items(box, Qt::IntersectsItemBoundingRect, Qt::DescendingOrder);
    for (QGraphicsItem *i : found) {
        if (!i->isVisible())
            continue;
        if ((i->type() == NodeItemType || i->type() == GroupItemType) && i->contains(i->mapFromScene(scenePos)))
            return i;
        if (i->type() != LinkItemType)
            continue;
        if (const double dist = distanceToSegment(scenePos, static_cast<LinkItem *>(i)->line()); dist <= best) {
            best = dist;
            nearest = i;
        }
    }
    return nearest;
}

} // namespace cplan
