#include "wiretool.h"

#include "canvasitems.h"
#include "canvasscene.h"
#include "commands.h"
#include "wirecheck.h"

#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace cplan {

static QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

WireTool::~WireTool()
{
    // The scene deletes its items itself; only forget them.
    m_line = nullptr;
    m_label = nullptr;
}

NodeItem *WireTool::portUnder(QPointF scenePos, int *port) const
{
    const auto under = scene()->items(scenePos);
    for (QGraphicsItem *i : under) {
        if (i->type() != NodeItemType || !i->isVisible())
            continue;
        auto *n = static_cast<NodeItem *>(i);
        const int p = n->portAt(n->mapFromScene(scenePos));
        if (p > 0) {
            *port = p;
            return n;
        }
        return nullptr;
    }
    return nullptr;
}

bool WireTool::accepts(const QGraphicsSceneMouseEvent *event) const
{
    int port = 0;
    return event->button() == Qt::LeftButton && portUnder(event->scenePos(), &port);
}

void WireTool::mousePressed(QGraphicsSceneMouseEvent *event)
{
    int port = 0;
    NodeItem *n = portUnder(event->scenePos(), &port);
    if (!n)
        return;
    m_from = n;
    m_fromPort = port;
    m_line = new QGraphicsLineItem(QLineF(n->portScenePos(port), event->scenePos()));
    QPen pen(QColor(255, 140, 0), 2, Qt::DashLine);
    pen.setCosmetic(true);
    m_line->setPen(pen);
    m_line->setZValue(10);
    scene()->addItem(m_line);
    m_label = new QGraphicsSimpleTextItem;
    m_label->setFlag(QGraphicsItem::ItemIgnoresTransformations);
    m_label->setZValue(11);
    m_label->setBrush(QColor(30, 30, 30));
    scene()->addItem(m_label);
    n->setHighlightPort(port);
}

void WireTool::mouseMoved(QGraphicsSceneMouseEvent *event)
{
    if (!m_from)
        return;
    m_line->setLine(QLineF(m_from->portScenePos(m_fromPort), event->scenePos()));
    int port = 0;
    NodeItem *target = portUnder(event->scenePos(), &port);
    if (m_target && m_target != target)
        m_target->setHighlightPort(0);
    m_target = target;
    QString text;
    QColor colour(255, 140, 0);
    if (target) {
        target->setHighlightPort(port);
        const WireCheck check = checkWire(document()->design(), scene()->catalog(), m_from->nodeId(), m_fromPort, target->nodeId(), port);
        if (!check.ok) {
            text = check.errors.join(QLatin1Char('\n'));
            colour = QColor(210, 30, 30);
        } else {
            const Design &design = document()->design();
            const Catalog &catalog = scene()->catalog();
            text = tr("%1 → %2, %3 Gb/s, %4")
                       .arg(qs(portDisplayName(design, catalog, PortRef{*design.findNode(m_from->nodeId()), m_fromPort})),
                            qs(portDisplayName(design, catalog, PortRef{*design.findNode(target->nodeId()), port})))
                       .arg(check.speedGbps)
                       .arg(qs(check.cable));
            if (!check.warnings.isEmpty())
                text += QLatin1Char('\n') + check.warnings.join(QLatin1Char('\n'));
            colour = check.warnings.isEmpty() ? QColor(40, 160, 70) : QColor(220, 150, 0);
        }
    }
    QPen pen = m_line->pen();
    pen.setColor(colour);
    m_line->setPen(pen);
    m_label->setText(text);
    m_label->setPos(event->scenePos() + QPointF(8, 8));
}

void WireTool::mouseReleased(QGraphicsSceneMouseEvent *event)
{
    if (m_from)
        finish(event->scenePos());
}

void WireTool::finish(QPointF scenePos)
{
    int port = 0;
    NodeItem *target = portUnder(scenePos, &port);
    NodeItem *from = m_from;
    const int fromPort = m_fromPort;
    cancel();
    if (!target)
        return;
    const Design &design = document()->design();
    const WireCheck check = checkWire(design, scene()->catalog(), from->nodeId(), fromPort, target->nodeId(), port);
    if (!check.ok) {
        emit scene()->statusMessage(tr("Cannot wire: %1").arg(check.errors.join(QStringLiteral("; "))));
        return;
    }
    std::string id = design.uniqueId("l");
    document()->undoStack()->push(
        new AddLinks(document(), {makeLink(id, from->nodeId(), fromPort, target->nodeId(), port, check.cable, check.lengthM)}));
    emit scene()->statusMessage(check.warnings.isEmpty() ? tr("Wired %1").arg(qs(id))
                                                         : tr("Wired %1 (%2)").arg(qs(id), check.warnings.join(QStringLiteral("; "))));
}

void WireTool::cancel()
{
    if (m_from)
        m_from->setHighlightPort(0);
    if (m_target)
        m_target->setHighlightPort(0);
    delete m_line;
    delete m_label;
    m_line = nullptr;
    m_label = nullptr;
    m_from = nullptr;
    m_target = nullptr;
    m_fromPort = 0;
}

void WireTool::forgetNode(const NodeItem *item)
{
    if (m_from == item || m_target == item)
        cancel();
}

} // namespace cplan
