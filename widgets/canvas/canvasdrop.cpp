#include "canvasdrop.h"

#include "canvasitems.h"
#include "canvasscene.h"
#include "commands.h"
#include "wirecheck.h"

#include "catalog/catalog.h"

#include <QMimeData>

#include <cmath>

namespace cplan {

static QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

bool PartDrop::carriesPart(const QMimeData *mime)
{
    return mime && mime->hasFormat(QString::fromLatin1(kPartMimeType));
}

std::string PartDrop::partOf(const QMimeData *mime)
{
    return carriesPart(mime) ? mime->data(QString::fromLatin1(kPartMimeType)).toStdString() : std::string();
}

bool PartDrop::refuse(const QString &text, QString *why)
{
    if (why)
        *why = text;
    emit m_scene->statusMessage(text);
    return false;
}

bool PartDrop::place(const std::string &partId, QPointF scenePos, QString *why)
{
    const Part *part = m_scene->catalog().find(partId);
    if (!part)
        return refuse(tr("Unknown part '%1'").arg(qs(partId)), why);
    if (part->kind == PartKind::Hca)
        return addHca(partId, qs(part->model), scenePos, why);
    if (part->kind != PartKind::Switch && part->kind != PartKind::GpuServer)
        return refuse(tr("%1 is not placed on the canvas (cables and optics are chosen per link)").arg(qs(part->model)), why);
    Document *document = m_scene->document();
    const Design &design = document->design();
    Node node;
    const bool isSwitch = part->kind == PartKind::Switch;
    node.role = defaultRole(*part);
    node.id = design.uniqueId(isSwitch ? "sw" : node.role == NodeRole::Management ? "ufm" : "srv");
    node.name = node.id;
    node.part = partId;
    node.tier = isSwitch ? Tier::Leaf : Tier::Endpoint;
    constexpr double grid = CanvasScene::kGrid;
    const QPointF p = m_scene->snapToGrid() ? QPointF(std::round(scenePos.x() / grid) * grid, std::round(scenePos.y() / grid) * grid)
                                            : scenePos;
    node.x = p.x();
    node.y = p.y();
    const std::string id = node.id;
    document->undoStack()->push(new AddNodes(document, {std::move(node)}));
    m_scene->selectObjects({qs(id)});
    return true;
}

// An HCA goes into the server under the cursor.
bool PartDrop::addHca(const std::string &partId, const QString &model, QPointF scenePos, QString *why)
{
    Document *document = m_scene->document();
    const Design &design = document->design();
    const auto under = m_scene->items(scenePos);
    for (QGraphicsItem *i : under) {
        if (i->type() != NodeItemType)
            continue;
        auto *item = static_cast<NodeItem *>(i);
        const Node &node = design.node(*design.findNode(item->nodeId()));
        if (node.role == NodeRole::Switch)
            return refuse(tr("An HCA goes into a server, not a switch"), why);
        auto hcas = hcasWithOneMore(node, m_scene->catalog(), partId);
        if (!hcas)
            return refuse(tr("%1 has no free PCIe slot for another HCA").arg(qs(node.id)), why);
        document->undoStack()->push(new SetNodeProperty(document, node.id, NodeProperty::Hcas, *hcas));
        emit m_scene->statusMessage(tr("Added %1 to %2").arg(model, qs(node.id)));
        return true;
    }
    return refuse(tr("Drop the HCA onto a server with a free slot"), why);
}

} // namespace cplan
