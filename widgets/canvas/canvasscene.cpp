#include "canvasscene.h"

#include "canvasdrop.h"
#include "canvasitems.h"
#include "canvaslod.h"
#include "canvastooltips.h"
#include "commands.h"
#include "tools/failtool.h"
#include "tools/selecttool.h"
#include "tools/wiretool.h"

#include "catalog/catalog.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QLocale>
#include <QMimeData>
#include <QToolTip>

namespace cplan {

static QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

CanvasScene::CanvasScene(Document *document, QObject *parent)
    : QGraphicsScene(parent)
    , m_document(document)
    , m_selectTool(std::make_unique<SelectTool>(this))
    , m_wireTool(std::make_unique<WireTool>(this))
    , m_failTool(std::make_unique<FailTool>(this))
    , m_partDrop(std::make_unique<PartDrop>(this))
{
    setBackgroundBrush(QColor(250, 251, 252));
    m_lod = new CanvasLod(this);
    connect(m_lod, &CanvasLod::planeChanged, this, &CanvasScene::planeChanged);
    connect(document, &Document::changed, this, &CanvasScene::onChanged);
    rebuild();
}

CanvasScene::~CanvasScene()
{
    // Items refer to each other; make sure the scene deletes them without link updates.
    m_syncing = true;
    m_linkLayer = nullptr;
    clear();
}

NodeItem *CanvasScene::nodeItem(const std::string &id) const
{
    auto it = m_nodes.find(id);
    return it == m_nodes.end() ? nullptr : it->second;
}

LinkItem *CanvasScene::linkItem(const std::string &id) const
{
    auto it = m_links.find(id);
    return it == m_links.end() ? nullptr : it->second;
}

QRectF CanvasScene::contentRect() const
{
    QRectF r;
    for (const auto &[id, item] : m_nodes)
        if (item->isVisible())
            r = r.isNull() ? item->sceneBoundingRect() : r.united(item->sceneBoundingRect());
    for (const auto &[id, block] : m_lod->blocks())
        r = r.isNull() ? block->sceneBoundingRect() : r.united(block->sceneBoundingRect());
    return r;
}

void CanvasScene::updateLinkArea(const QRectF &rect)
{
    if (!m_linkLayer)
        return;
    // Links are drawn with cosmetic pens up to 3 px wide, antialiased: the area to repaint is
    // the link's rectangle and a few pixels around it at the current zoom, or the old line
    // leaves a trail when a node moves.
    double pad = 3;
    const auto vs = views();
    for (const QGraphicsView *v : vs)
        pad = std::max(pad, 4.0 / std::max(1e-3, v->transform().m11()));
    m_linkLayer->update(rect.adjusted(-pad, -pad, pad, pad));
}

QPointF CanvasScene::endpointPos(const NodeItem *node, QPointF portPos, QPointF otherEnd) const
{
    if (node->isVisible())
        return portPos;
    auto it = m_lod->blocks().find(node->group().toStdString());
    if (it == m_lod->blocks().end())
        return portPos;
    const QRectF r = it->second->boundingRect();
    return otherEnd.y() < r.top() ? QPointF(std::clamp(portPos.x(), r.left() + 8, r.right() - 8), r.top())
                                  : QPointF(std::clamp(portPos.x(), r.left() + 8, r.right() - 8), r.bottom());
}

// --- keeping in step with the document ------------------------------------------------------

void CanvasScene::onChanged(const ChangeEvent &event)
{
    const Design &design = m_document->design();
    switch (event.type) {
    case ChangeEvent::DesignReplaced:
        rebuild();
        return;
    case ChangeEvent::NodesAdded:
        for (const std::string &id : event.nodes)
            if (auto n = design.findNode(id); n && m_lod->materializes(design.node(*n)))
                createNodeItem(design.node(*n));
        break;
    case ChangeEvent::NodesRemoved:
        for (const std::string &id : event.nodes)
            deleteNodeItem(id);
        break;
    case ChangeEvent::NodesChanged:
        m_syncing = true;
        for (const std::string &id : event.nodes) {
            NodeItem *item = nodeItem(id);
            auto n = design.findNode(id);
            if (!item || !n)
                continue;
            const Node &node = design.node(*n);
            if (event.aspects & ChangeEvent::Geometry)
                item->setPos(node.x, node.y);
            if (event.aspects & (ChangeEvent::Properties | ChangeEvent::Topology))
                item->refresh(node);
        }
        m_syncing = false;
        break;
    case ChangeEvent::LinksAdded:
        for (const std::string &id : event.links)
            if (auto l = design.findLink(id); l && m_lod->linkShown(design, design.link(*l)))
                createLinkItem(design.link(*l));
        break;
    case ChangeEvent::LinksRemoved:
        for (const std::string &id : event.links)
            deleteLinkItem(id);
        break;
    case ChangeEvent::LinksChanged:   // cable and length: drawn the same, read by tooltips
    case ChangeEvent::SettingsChanged:
        return;
    }
    // Blocks, bundles and what a changed group or plane draws follow in the next slice.
    m_lod->designChanged();
}

void CanvasScene::rebuild()
{
    cancelGesture();
    m_syncing = true;
    clear();
    m_nodes.clear();
    m_links.clear();
    m_linkLayer = nullptr;
    m_hasUtilization = false;
    m_utilization.clear();
    m_failed.clear();
    const Design &design = m_document->design();
    // Big scenes: a BSP index over ~100k long lines costs more than it saves.
    setItemIndexMethod(design.links.size() > 20000 ? NoIndex : BspTreeIndex);
    if (design.nodes.size() <= 20000) {   // (the order links are drawn in depends on it)
        m_nodes.reserve(design.nodes.size());
        m_links.reserve(design.links.size());
    }
    m_syncing = false;
    m_linkLayer = new LinkLayer(this);
    addItem(m_linkLayer);
    // Small designs are drawn whole at once; large ones start with their units collapsed. A
    // design with no undo step behind it was opened (or made) afresh, not undone to.
    m_lod->reset(m_document->undoStack()->count() == 0);
    m_lod->flush();
    emit failedObjectsChanged();
}

NodeItem *CanvasScene::createNodeItem(const Node &node)
{
    auto *item = new NodeItem(this, node);
    if (const double dy = m_lod->shiftOf(node))
        item->setTransform(QTransform::fromTranslate(0, dy));
    addItem(item);
    m_nodes[node.id] = item;
    return item;
}

LinkItem *CanvasScene::createLinkItem(const Link &link)
{
    const Design &design = m_document->design();
    NodeItem *a = nodeItem(design.node(link.a.node).id);
    NodeItem *b = nodeItem(design.node(link.b.node).id);
    if (!a || !b)
        return nullptr;
    auto *item = new LinkItem(link.id, a, link.a.port, b, link.b.port, linkSpeedGbps(design, link, catalog()));
    addItem(item);
    item->updateGeometry();
    m_links[link.id] = item;
    if (!m_utilization.empty())
        if (auto u = m_utilization.find(link.id); u != m_utilization.end())
            item->setUtilization(u->second);
    if (m_failed.count(link.id))
        item->setFailed(true);
    return item;
}

void CanvasScene::deleteLinkItem(const std::string &id)
{
    auto it = m_links.find(id);
    if (it == m_links.end())
        return;
    LinkItem *item = it->second;
    item->nodeA()->removeLink(item);
    item->nodeB()->removeLink(item);
    item->nodeA()->update();
    item->nodeB()->update();
    m_links.erase(it);
    delete item;
}

void CanvasScene::deleteNodeItem(const std::string &id)
{
    auto it = m_nodes.find(id);
    if (it == m_nodes.end())
        return;
    NodeItem *item = it->second;
    // Links normally go first (RemoveNodes takes them); be safe anyway.
    const auto links = item->links();
    for (LinkItem *l : links)
        deleteLinkItem(l->linkId());
    for (CanvasTool *tool : allTools())
        tool->forgetNode(item);
    m_nodes.erase(it);
    delete item;
}

// --- groups ---------------------------------------------------------------------------------

QStringList CanvasScene::groupIds() const
{
    QStringList ids;
    for (const Group &g : m_document->design().groups)
        ids << qs(g.id);
    return ids;
}

void CanvasScene::setGroupCollapsed(const QString &group, bool collapsed)
{
    m_lod->setCollapsed(group, collapsed);
}

void CanvasScene::setAllGroupsCollapsed(bool collapsed)
{
    m_lod->setAllCollapsed(collapsed);
}

bool CanvasScene::isGroupCollapsed(const QString &group) const
{
    return m_lod->isCollapsed(group);
}

GroupItem *CanvasScene::groupBlock(const QString &group) const
{
    auto it = m_lod->blocks().find(group.toStdString());
    return it == m_lod->blocks().end() ? nullptr : it->second;
}

QRectF CanvasScene::groupBounds(const QString &group) const
{
    return m_lod->groupBounds(group);
}

void CanvasScene::setLargeDesignNodes(int nodes)
{
    m_lod->setLargeDesignNodes(nodes);
}

bool CanvasScene::isLargeDesign() const
{
    return m_lod->isLarge();
}

void CanvasScene::flushLevelOfDetail()
{
    m_lod->flush();
}

int CanvasScene::planeCount() const
{
    return m_lod->planeCount();
}

int CanvasScene::plane() const
{
    return m_lod->plane();
}

void CanvasScene::setPlane(int plane)
{
    m_lod->setPlane(plane);
    if (!m_lod->isLarge())
        m_lod->flush();
}

bool CanvasScene::revealObject(const std::string &id)
{
    const Design &design = m_document->design();
    std::vector<const Node *> ends;
    if (auto n = design.findNode(id))
        ends.push_back(&design.node(*n));
    else if (auto l = design.findLink(id))
        ends = {&design.node(design.link(*l).a.node), &design.node(design.link(*l).b.node)};
    else
        return false;
    for (const Node *n : ends) {
        if (!m_lod->nodeShown(*n))
            m_lod->setPlane(n->plane);
        if (const QString unit = m_lod->unitOf(*n); !unit.isEmpty() && m_lod->isCollapsed(unit))
            m_lod->setCollapsed(unit, false);
    }
    m_lod->flush();
    return true;
}

// --- selection, delete ---------------------------------------------------------

std::vector<std::string> CanvasScene::selectedNodeIds() const
{
    std::vector<std::string> ids;
    const auto items = selectedItems();
    for (QGraphicsItem *i : items)
        if (i->type() == NodeItemType)
            ids.push_back(static_cast<NodeItem *>(i)->nodeId());
    // Design order, so commands and tests are deterministic.
    const Design &design = m_document->design();
    std::sort(ids.begin(), ids.end(), [&](const std::string &a, const std::string &b) {
        return design.findNode(a).value_or(NodeId()) < design.findNode(b).value_or(NodeId());
    });
    return ids;
}

std::vector<std::string> CanvasScene::selectedLinkIds() const
{
    std::vector<std::string> ids;
    const auto items = selectedItems();
    for (QGraphicsItem *i : items)
        if (i->type() == LinkItemType)
            ids.push_back(static_cast<LinkItem *>(i)->linkId());
    const Design &design = m_document->design();
    std::sort(ids.begin(), ids.end(), [&](const std::string &a, const std::string &b) {
        return design.findLink(a).value_or(LinkId()) < design.findLink(b).value_or(LinkId());
    });
    return ids;
}

void CanvasScene::selectObjects(const QStringList &ids)
{
    clearSelection();
    QGraphicsItem *first = nullptr;
    for (const QString &id : ids) {
        // Expand the collapsed group that hides it, show its plane.
        if (!nodeItem(id.toStdString()) && !linkItem(id.toStdString()))
            revealObject(id.toStdString());
        QGraphicsItem *item = nodeItem(id.toStdString());
        if (!item)
            item = linkItem(id.toStdString());
        if (!item)
            continue;
        item->setSelected(true);
        if (!first)
            first = item;
    }
    if (first)
        for (QGraphicsView *v : views())
            v->ensureVisible(first);
}

void CanvasScene::deleteSelection()
{
    removeObjects(m_document, selectedNodeIds(), selectedLinkIds());
}

// --- heatmap, scheduling, failures ----------------------------------------------------------

void CanvasScene::setLinkUtilization(const std::unordered_map<std::string, double> &utilization)
{
    m_hasUtilization = !utilization.empty();
    m_utilization = utilization;
    m_lod->designChanged();   // bundles take the hottest of their links
    for (auto &[id, item] : m_links) {
        auto it = utilization.find(id);
        item->setUtilization(it == utilization.end() ? -1.0 : it->second);
    }
}

void CanvasScene::setBusyGpus(const std::unordered_map<std::string, int> &busy)
{
    for (auto &[id, item] : m_nodes) {
        auto it = busy.find(id);
        item->setBusyGpus(it == busy.end() ? 0 : it->second);
    }
}

void CanvasScene::setFailureMode(bool on)
{
    cancelGesture();
    m_failureMode = on;
}

void CanvasScene::clearFailures()
{
    for (const std::string &id : m_failed) {
        if (NodeItem *n = nodeItem(id))
            n->setFailed(false);
        if (LinkItem *l = linkItem(id))
            l->setFailed(false);
    }
    m_failed.clear();
    m_lod->designChanged();   // bundles with a failed link
    emit failedObjectsChanged();
}

void CanvasScene::toggleFailed(const std::string &id)
{
    const bool fail = !m_failed.count(id);
    if (fail)
        m_failed.insert(id);
    else
        m_failed.erase(id);
    if (NodeItem *n = nodeItem(id))
        n->setFailed(fail);
    if (LinkItem *l = linkItem(id))
        l->setFailed(fail);
    m_lod->designChanged();
    emit failedObjectsChanged();
}


// --- mouse: the tools ----------------------------------------------------------------------

bool CanvasScene::dropPart(const std::string &partId, QPointF scenePos, QString *why)
{
    return m_partDrop->place(partId, scenePos, why);
}

std::array<CanvasTool *, 3> CanvasScene::allTools() const
{
    return {m_selectTool.get(), m_wireTool.get(), m_failTool.get()};
}

std::vector<CanvasTool *> CanvasScene::tools() const
{
    // In order of precedence: the first that accepts a press owns the gesture.
    if (m_failureMode)
        return {m_failTool.get(), m_selectTool.get()};
    return {m_wireTool.get(), m_selectTool.get()};
}

void CanvasScene::cancelGesture()
{
    for (CanvasTool *tool : allTools())
        tool->cancel();
    m_gesture = nullptr;
}

void CanvasScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    m_gesture = nullptr;
    for (CanvasTool *tool : tools())
        if (tool->accepts(event)) {
            m_gesture = tool;
            break;
        }
    if (!m_gesture || m_gesture->usesItemInteraction())
        QGraphicsScene::mousePressEvent(event);
    else
        event->accept();
    if (m_gesture)
        m_gesture->mousePressed(event);
}

void CanvasScene::mouseMoveEvent(QGraphicsSceneMouseEvent *event)
{
    if (!m_gesture || m_gesture->usesItemInteraction())
        QGraphicsScene::mouseMoveEvent(event);
    else
        event->accept();
    if (m_gesture)
        m_gesture->mouseMoved(event);
}

void CanvasScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    CanvasTool *tool = std::exchange(m_gesture, nullptr);
    if (!tool || tool->usesItemInteraction())
        QGraphicsScene::mouseReleaseEvent(event);
    else
        event->accept();
    if (tool)
        tool->mouseReleased(event);
}

void CanvasScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event)
{
    QGraphicsItem *item = itemAt(event->scenePos(), QTransform());
    if (item && item->type() == GroupItemType) {
        setGroupCollapsed(static_cast<GroupItem *>(item)->groupId(), false);
        return;
    }
    if (item && item->type() == NodeItemType && !static_cast<NodeItem *>(item)->group().isEmpty()) {
        setGroupCollapsed(static_cast<NodeItem *>(item)->group(), true);
        return;
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

// --- drag and drop from the palette ---------------------------------------------------------

void CanvasScene::dragEnterEvent(QGraphicsSceneDragDropEvent *event)
{
    if (PartDrop::carriesPart(event->mimeData()))
        event->acceptProposedAction();
    else
        event->ignore();
}

void CanvasScene::dragMoveEvent(QGraphicsSceneDragDropEvent *event)
{
    dragEnterEvent(event);
}

void CanvasScene::dropEvent(QGraphicsSceneDragDropEvent *event)
{
    if (PartDrop::carriesPart(event->mimeData()) && dropPart(PartDrop::partOf(event->mimeData()), event->scenePos()))
        event->acceptProposedAction();
    else
        event->ignore();
}

void CanvasScene::contextMenuEvent(QGraphicsSceneContextMenuEvent *event)
{
    emit contextMenuRequested(itemNear(event->scenePos(), event->widget()), event->screenPos());
    event->accept();
}

// --- tooltips with figures ------------------------------------------------------------------

void CanvasScene::helpEvent(QGraphicsSceneHelpEvent *event)
{
    const QString text = CanvasToolTips::forItem(*this, itemNear(event->scenePos(), event->widget()));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->screenPos(), text);
    event->accept();
}

} // namespace cplan
