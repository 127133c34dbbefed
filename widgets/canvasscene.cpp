#include "canvasscene.h"

#include "canvasitems.h"
#include "commands.h"
#include "l10n.h"
#include "wirecheck.h"

#include "catalog/catalog.h"
#include "io/designyaml.h"

#include <QGraphicsLineItem>
#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QLocale>
#include <QMimeData>
#include <QToolTip>

#include <cmath>
#include <unordered_set>

namespace cplan {

static QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

CanvasScene::CanvasScene(Document *document, QObject *parent)
    : QGraphicsScene(parent)
    , m_document(document)
{
    setBackgroundBrush(QColor(250, 251, 252));
    connect(document, &Document::changed, this, &CanvasScene::onChanged);
    rebuild();
}

CanvasScene::~CanvasScene()
{
    // Items refer to each other; make sure the scene deletes them without link updates.
    m_syncing = true;
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
    for (const auto &[id, block] : m_groupBlocks)
        r = r.isNull() ? block->sceneBoundingRect() : r.united(block->sceneBoundingRect());
    return r;
}

void CanvasScene::updateLinkArea(const QRectF &rect)
{
    if (m_linkLayer && !m_syncing)
        m_linkLayer->update(rect);
}

QPointF CanvasScene::endpointPos(const NodeItem *node, QPointF portPos, QPointF otherEnd) const
{
    if (m_collapsed.isEmpty() || node->isVisible())
        return portPos;
    auto it = m_groupBlocks.find(node->group().toStdString());
    if (it == m_groupBlocks.end())
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
            if (auto n = design.findNode(id))
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
            if (auto l = design.findLink(id))
                createLinkItem(design.link(*l));
        break;
    case ChangeEvent::LinksRemoved:
        for (const std::string &id : event.links)
            deleteLinkItem(id);
        break;
    }
    if (!m_collapsed.isEmpty() && event.type != ChangeEvent::LinksAdded && event.type != ChangeEvent::LinksRemoved)
        rebuildGroupBlocks();
}

void CanvasScene::rebuild()
{
    cancelWire();
    m_moveStart.clear();
    m_syncing = true;
    clear();
    m_nodes.clear();
    m_links.clear();
    m_groupBlocks.clear();
    m_linkLayer = nullptr;
    m_hasUtilization = false;
    m_failed.clear();
    const Design &design = m_document->design();
    // Big scenes: a BSP index over ~100k long lines costs more than it saves.
    setItemIndexMethod(design.links.size() > 20000 ? NoIndex : BspTreeIndex);
    m_nodes.reserve(design.nodes.size());
    m_links.reserve(design.links.size());
    for (const Node &n : design.nodes)
        createNodeItem(n);
    for (const Link &l : design.links)
        createLinkItem(l);
    // Drop collapsed groups that no longer exist.
    const QStringList groups = groupIds();
    QSet<QString> keep;
    for (const QString &g : groups)
        if (m_collapsed.contains(g))
            keep.insert(g);
    m_collapsed = keep;
    rebuildGroupBlocks();
    m_syncing = false;
    const QRectF bounds = contentRect();
    setSceneRect(bounds.isEmpty() ? QRectF(-2000, -1500, 4000, 3000) : bounds.adjusted(-400, -400, 400, 400));
    m_linkLayer = new LinkLayer(this);
    addItem(m_linkLayer);
    m_linkLayer->setRect(sceneRect().adjusted(-100000, -100000, 100000, 100000));
    emit failedObjectsChanged();
}

NodeItem *CanvasScene::createNodeItem(const Node &node)
{
    auto *item = new NodeItem(this, node);
    addItem(item);
    m_nodes[node.id] = item;
    if (m_collapsed.contains(item->group()))
        item->setVisible(false);
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
    if (!m_collapsed.isEmpty() && !a->isVisible() && !b->isVisible() && a->group() == b->group())
        item->setVisible(false);
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
    m_moveStart.erase(std::remove_if(m_moveStart.begin(), m_moveStart.end(), [item](const auto &p) { return p.first == item; }),
                      m_moveStart.end());
    if (m_wireFrom == item || m_wireTarget == item)
        cancelWire();
    m_nodes.erase(it);
    delete item;
}

void CanvasScene::updateAllLinks()
{
    for (auto &[id, item] : m_links) {
        item->updateGeometry();
        const bool hidden = !item->nodeA()->isVisible() && !item->nodeB()->isVisible() &&
                            item->nodeA()->group() == item->nodeB()->group();
        item->setVisible(!hidden);
    }
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
    if (collapsed)
        m_collapsed.insert(group);
    else
        m_collapsed.remove(group);
    rebuildGroupBlocks();
}

void CanvasScene::setAllGroupsCollapsed(bool collapsed)
{
    m_collapsed.clear();
    if (collapsed)
        for (const Group &g : m_document->design().groups)
            if (g.kind == GroupKind::ScalableUnit || g.kind == GroupKind::Pod)
                m_collapsed.insert(qs(g.id));
    rebuildGroupBlocks();
}

void CanvasScene::rebuildGroupBlocks()
{
    for (auto &[id, block] : m_groupBlocks)
        delete block;
    m_groupBlocks.clear();
    const Design &design = m_document->design();
    struct Acc
    {
        QRectF rect;
        int servers = 0, switches = 0, gpus = 0;
    };
    std::unordered_map<std::string, Acc> acc;
    for (const Node &n : design.nodes) {
        NodeItem *item = nodeItem(n.id);
        if (!item)
            continue;
        const bool hide = !n.group.empty() && m_collapsed.contains(qs(n.group));
        item->setVisible(!hide);
        if (!hide)
            continue;
        Acc &a = acc[n.group];
        a.rect = a.rect.isNull() ? item->sceneBoundingRect() : a.rect.united(item->sceneBoundingRect());
        (n.role == NodeRole::Switch ? a.switches : a.servers)++;
        a.gpus += nodeGpuCount(n, catalog());
    }
    QLocale locale;
    for (auto &[gid, a] : acc) {
        QString title = qs(gid);
        for (const Group &g : design.groups)
            if (g.id == gid && !g.name.empty())
                title = qs(g.name);
        const QString summary = tr("%1 servers · %2 switches · %3 GPUs")
                                    .arg(locale.toString(a.servers), locale.toString(a.switches), locale.toString(a.gpus));
        auto *block = new GroupItem(qs(gid), title, a.rect.adjusted(-10, -10, 10, 10), summary);
        addItem(block);
        m_groupBlocks[gid] = block;
    }
    updateAllLinks();
}

// --- selection, delete, copy, paste ---------------------------------------------------------

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
        QGraphicsItem *item = nodeItem(id.toStdString());
        if (!item)
            item = linkItem(id.toStdString());
        if (!item)
            continue;
        if (!item->isVisible()) {
            // Expand the collapsed group that hides it.
            if (item->type() == NodeItemType)
                setGroupCollapsed(static_cast<NodeItem *>(item)->group(), false);
        }
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

QMimeData *CanvasScene::copySelection() const
{
    const Design &design = m_document->design();
    const auto nodeIds = selectedNodeIds();
    if (nodeIds.empty())
        return nullptr;
    Design fragment;
    fragment.name = "clipboard";
    std::unordered_map<std::uint32_t, std::uint32_t> remap;
    std::unordered_set<std::string> groups;
    for (const std::string &id : nodeIds) {
        const NodeId n = *design.findNode(id);
        remap[n.value] = std::uint32_t(fragment.nodes.size());
        fragment.addNode(design.node(n));
        if (!design.node(n).group.empty())
            groups.insert(design.node(n).group);
    }
    for (const Group &g : design.groups)
        if (groups.count(g.id))
            fragment.groups.push_back(g);
    for (const Link &l : design.links) {
        auto a = remap.find(l.a.node.value), b = remap.find(l.b.node.value);
        if (a == remap.end() || b == remap.end())
            continue;
        Link copy = l;
        copy.a.node = NodeId(a->second);
        copy.b.node = NodeId(b->second);
        fragment.addLink(copy);
    }
    auto *mime = new QMimeData;
    const QByteArray yaml = QByteArray::fromStdString(serializeDesign(fragment));
    mime->setData(QString::fromLatin1(kDesignMimeType), yaml);
    mime->setText(QString::fromUtf8(yaml));
    return mime;
}

bool CanvasScene::paste(const QMimeData *mime, QPointF at)
{
    if (!mime || !mime->hasFormat(QString::fromLatin1(kDesignMimeType)))
        return false;
    const QByteArray yaml = mime->data(QString::fromLatin1(kDesignMimeType));
    auto parsed = parseDesign(yaml.toStdString(), "clipboard", &catalog());
    if (!parsed || parsed->nodes.empty()) {
        emit statusMessage(parsed ? tr("Nothing to paste") : qs(parsed.error().toString()));
        return false;
    }
    const Design &design = m_document->design();
    Design &fragment = *parsed;
    QRectF box;
    for (const Node &n : fragment.nodes)
        box = box.isNull() ? QRectF(n.x, n.y, 1, 1) : box.united(QRectF(n.x, n.y, 1, 1));
    const QPointF offset = at - box.center();
    std::unordered_set<std::string> taken;
    auto fresh = [&](const std::string &base) {
        for (int k = 2;; ++k) {
            std::string id = base + "-" + std::to_string(k);
            if (!design.findNode(id) && !design.findLink(id) && !taken.count(id)) {
                taken.insert(id);
                return id;
            }
        }
    };
    std::vector<Node> nodes;
    std::vector<std::string> newIds;
    std::unordered_set<std::string> knownGroups;
    for (const Group &g : design.groups)
        knownGroups.insert(g.id);
    for (Node n : fragment.nodes) {
        const bool sameName = n.name == n.id;
        n.id = fresh(n.id);
        if (sameName)
            n.name = n.id;
        n.x = std::round((n.x + offset.x()) / kGrid) * kGrid;
        n.y = std::round((n.y + offset.y()) / kGrid) * kGrid;
        if (!knownGroups.count(n.group))
            n.group.clear();
        newIds.push_back(n.id);
        nodes.push_back(std::move(n));
    }
    std::vector<IndexedLink> links;
    for (const Link &l : fragment.links)
        links.push_back(makeLink(fresh(l.id), newIds[l.a.node.value], l.a.port, newIds[l.b.node.value], l.b.port, l.cable, l.lengthM));
    auto *stack = m_document->undoStack();
    stack->beginMacro(tr("Paste %n node(s)", "", int(nodes.size())));
    stack->push(new AddNodes(m_document, std::move(nodes)));
    if (!links.empty())
        stack->push(new AddLinks(m_document, std::move(links)));
    stack->endMacro();
    QStringList sel;
    for (const std::string &id : newIds)
        sel << qs(id);
    selectObjects(sel);
    return true;
}

bool CanvasScene::dropPart(const std::string &partId, QPointF scenePos, QString *why)
{
    const Part *part = catalog().find(partId);
    auto refuse = [&](const QString &text) {
        if (why)
            *why = text;
        emit statusMessage(text);
        return false;
    };
    if (!part)
        return refuse(tr("Unknown part '%1'").arg(qs(partId)));
    const Design &design = m_document->design();
    if (part->kind == PartKind::Hca) {
        // An HCA goes into the server under the cursor.
        const auto under = items(scenePos);
        for (QGraphicsItem *i : under) {
            if (i->type() != NodeItemType)
                continue;
            auto *item = static_cast<NodeItem *>(i);
            const Node &node = design.node(*design.findNode(item->nodeId()));
            if (node.role == NodeRole::Switch)
                return refuse(tr("An HCA goes into a server, not a switch"));
            auto hcas = hcasWithOneMore(node, catalog(), partId);
            if (!hcas)
                return refuse(tr("%1 has no free PCIe slot for another HCA").arg(qs(node.id)));
            m_document->undoStack()->push(new SetNodeProperty(m_document, node.id, NodeProperty::Hcas, *hcas));
            emit statusMessage(tr("Added %1 to %2").arg(qs(part->model), qs(node.id)));
            return true;
        }
        return refuse(tr("Drop the HCA onto a server with a free slot"));
    }
    if (part->kind != PartKind::Switch && part->kind != PartKind::GpuServer)
        return refuse(tr("%1 is not placed on the canvas (cables and optics are chosen per link)").arg(qs(part->model)));
    Node node;
    const bool isSwitch = part->kind == PartKind::Switch;
    const bool mgmt = partId.find("ufm") != std::string::npos;
    node.id = design.uniqueId(isSwitch ? "sw" : mgmt ? "ufm" : "srv");
    node.name = node.id;
    node.part = partId;
    node.role = isSwitch ? NodeRole::Switch : mgmt ? NodeRole::Management : NodeRole::Server;
    node.tier = isSwitch ? 1 : 0;
    const QPointF p = m_snap ? QPointF(std::round(scenePos.x() / kGrid) * kGrid, std::round(scenePos.y() / kGrid) * kGrid) : scenePos;
    node.x = p.x();
    node.y = p.y();
    const std::string id = node.id;
    m_document->undoStack()->push(new AddNodes(m_document, {std::move(node)}));
    selectObjects({qs(id)});
    return true;
}

// --- heatmap, scheduling, failures ----------------------------------------------------------

void CanvasScene::setLinkUtilization(const std::unordered_map<std::string, double> &utilization)
{
    m_hasUtilization = !utilization.empty();
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
    m_failureMode = on;
    cancelWire();
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
    emit failedObjectsChanged();
}

// --- mouse: wire, move, fail ----------------------------------------------------------------

NodeItem *CanvasScene::portUnder(QPointF scenePos, int *port) const
{
    const auto under = items(scenePos);
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

void CanvasScene::mousePressEvent(QGraphicsSceneMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_failureMode) {
        QGraphicsItem *item = itemAt(event->scenePos(), QTransform());
        if (item && item->type() == LinkItemType)
            toggleFailed(static_cast<LinkItem *>(item)->linkId());
        else if (item && item->type() == NodeItemType)
            toggleFailed(static_cast<NodeItem *>(item)->nodeId());
        event->accept();
        return;
    }
    int port = 0;
    if (event->button() == Qt::LeftButton) {
        if (NodeItem *n = portUnder(event->scenePos(), &port)) {
            m_wireFrom = n;
            m_wirePort = port;
            m_wireLine = new QGraphicsLineItem(QLineF(n->portScenePos(port), event->scenePos()));
            QPen pen(QColor(255, 140, 0), 2, Qt::DashLine);
            pen.setCosmetic(true);
            m_wireLine->setPen(pen);
            m_wireLine->setZValue(10);
            addItem(m_wireLine);
            m_wireLabel = new QGraphicsSimpleTextItem;
            m_wireLabel->setFlag(QGraphicsItem::ItemIgnoresTransformations);
            m_wireLabel->setZValue(11);
            m_wireLabel->setBrush(QColor(30, 30, 30));
            addItem(m_wireLabel);
            n->setHighlightPort(port);
            event->accept();
            return;
        }
    }
    QGraphicsScene::mousePressEvent(event);
    m_moveStart.clear();
    if (event->button() == Qt::LeftButton) {
        const auto sel = selectedItems();
        for (QGraphicsItem *i : sel)
            if (i->type() == NodeItemType)
                m_moveStart.emplace_back(static_cast<NodeItem *>(i), i->pos());
    }
}

void CanvasScene::mouseMoveEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_wireFrom) {
        m_wireLine->setLine(QLineF(m_wireFrom->portScenePos(m_wirePort), event->scenePos()));
        int port = 0;
        NodeItem *target = portUnder(event->scenePos(), &port);
        if (m_wireTarget && m_wireTarget != target)
            m_wireTarget->setHighlightPort(0);
        m_wireTarget = target;
        QString text;
        QColor colour(255, 140, 0);
        if (target) {
            target->setHighlightPort(port);
            const WireCheck check = checkWire(m_document->design(), catalog(), m_wireFrom->nodeId(), m_wirePort, target->nodeId(), port);
            if (!check.ok) {
                text = check.errors.join(QLatin1Char('\n'));
                colour = QColor(210, 30, 30);
            } else {
                text = tr("%1:%2 → %3:%4, %5 Gb/s, %6")
                           .arg(qs(m_wireFrom->nodeId()))
                           .arg(m_wirePort)
                           .arg(qs(target->nodeId()))
                           .arg(port)
                           .arg(check.speedGbps)
                           .arg(qs(check.cable));
                if (!check.warnings.isEmpty())
                    text += QLatin1Char('\n') + check.warnings.join(QLatin1Char('\n'));
                colour = check.warnings.isEmpty() ? QColor(40, 160, 70) : QColor(220, 150, 0);
            }
        }
        QPen pen = m_wireLine->pen();
        pen.setColor(colour);
        m_wireLine->setPen(pen);
        m_wireLabel->setText(text);
        m_wireLabel->setPos(event->scenePos() + QPointF(8, 8));
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void CanvasScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event)
{
    if (m_wireFrom) {
        finishWire(event->scenePos());
        event->accept();
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
    if (m_moveStart.empty())
        return;
    // One MoveNodes per drag, pushed on release.
    std::vector<std::string> ids;
    MoveNodes::Positions from, to;
    const Design &design = m_document->design();
    for (auto &[item, start] : m_moveStart) {
        const QPointF p = item->pos();
        auto n = design.findNode(item->nodeId());
        if (!n)
            continue;
        const Node &node = design.node(*n);
        if (std::abs(p.x() - node.x) < 1e-6 && std::abs(p.y() - node.y) < 1e-6)
            continue;
        ids.push_back(node.id);
        from.emplace_back(node.x, node.y);
        to.emplace_back(p.x(), p.y());
    }
    m_moveStart.clear();
    if (!ids.empty())
        m_document->undoStack()->push(new MoveNodes(m_document, std::move(ids), std::move(from), std::move(to)));
}

void CanvasScene::finishWire(QPointF scenePos)
{
    int port = 0;
    NodeItem *target = portUnder(scenePos, &port);
    NodeItem *from = m_wireFrom;
    const int fromPort = m_wirePort;
    cancelWire();
    if (!target)
        return;
    const Design &design = m_document->design();
    const WireCheck check = checkWire(design, catalog(), from->nodeId(), fromPort, target->nodeId(), port);
    if (!check.ok) {
        emit statusMessage(tr("Cannot wire: %1").arg(check.errors.join(QStringLiteral("; "))));
        return;
    }
    std::string id = design.uniqueId("l");
    m_document->undoStack()->push(
        new AddLinks(m_document, {makeLink(id, from->nodeId(), fromPort, target->nodeId(), port, check.cable, check.lengthM)}));
    emit statusMessage(check.warnings.isEmpty() ? tr("Wired %1").arg(qs(id))
                                                : tr("Wired %1 (%2)").arg(qs(id), check.warnings.join(QStringLiteral("; "))));
}

void CanvasScene::cancelWire()
{
    if (m_wireFrom)
        m_wireFrom->setHighlightPort(0);
    if (m_wireTarget)
        m_wireTarget->setHighlightPort(0);
    delete m_wireLine;
    delete m_wireLabel;
    m_wireLine = nullptr;
    m_wireLabel = nullptr;
    m_wireFrom = nullptr;
    m_wireTarget = nullptr;
    m_wirePort = 0;
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
    if (event->mimeData()->hasFormat(QString::fromLatin1(kPartMimeType)))
        event->acceptProposedAction();
    else
        event->ignore();
}

void CanvasScene::dragMoveEvent(QGraphicsSceneDragDropEvent *event)
{
    if (event->mimeData()->hasFormat(QString::fromLatin1(kPartMimeType)))
        event->acceptProposedAction();
    else
        event->ignore();
}

void CanvasScene::dropEvent(QGraphicsSceneDragDropEvent *event)
{
    if (!event->mimeData()->hasFormat(QString::fromLatin1(kPartMimeType))) {
        event->ignore();
        return;
    }
    const std::string part = event->mimeData()->data(QString::fromLatin1(kPartMimeType)).toStdString();
    if (dropPart(part, event->scenePos()))
        event->acceptProposedAction();
    else
        event->ignore();
}

// --- tooltips with figures ------------------------------------------------------------------

void CanvasScene::helpEvent(QGraphicsSceneHelpEvent *event)
{
    QGraphicsItem *item = itemAt(event->scenePos(), QTransform());
    const QString text = item ? toolTipFor(item) : QString();
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->screenPos(), text);
    event->accept();
}

QString CanvasScene::toolTipFor(QGraphicsItem *item) const
{
    const Design &design = m_document->design();
    QLocale locale;
    if (item->type() == NodeItemType) {
        auto *ni = static_cast<NodeItem *>(item);
        auto n = design.findNode(ni->nodeId());
        if (!n)
            return {};
        const Node &node = design.node(*n);
        const Part *part = catalog().find(node.part);
        const auto ports = nodePorts(node, catalog());
        int used = 0;
        for (const PortInfo &p : ports)
            used += design.linkAt(PortRef{*n, p.number}) ? 1 : 0;
        QString t = QStringLiteral("<b>%1</b> — %2<br>").arg(qs(node.name).toHtmlEscaped(), part ? qs(part->vendor + " " + part->model).toHtmlEscaped() : qs(node.part));
        t += tr("Ports: %1 of %2 wired").arg(used).arg(ports.size());
        if (!ports.empty())
            t += tr(", %1 Gb/s").arg(ports.front().speedGbps);
        if (const int g = nodeGpuCount(node, catalog()))
            t += QStringLiteral("<br>") + tr("GPUs: %1 × %2").arg(g).arg(part ? qs(part->gpu) : QString());
        if (part) {
            t += QStringLiteral("<br>") + tr("Price: %1").arg(part->unitPrice ? formatMoney(*part->unitPrice, part->currency) : tr("unknown"));
            t += QStringLiteral("<br>") + tr("Power: %1").arg(part->powerW ? tr("%1 W").arg(locale.toString(*part->powerW, 'f', 0)) : tr("unknown"));
        }
        if (!node.group.empty() || !node.rack.empty())
            t += QStringLiteral("<br>") + tr("Group %1, rack %2").arg(qs(node.group), qs(node.rack));
        if (m_failed.count(node.id))
            t += QStringLiteral("<br><b>") + tr("FAILED") + QStringLiteral("</b>");
        return t;
    }
    if (item->type() == LinkItemType) {
        auto *li = static_cast<LinkItem *>(item);
        auto l = design.findLink(li->linkId());
        if (!l)
            return {};
        const Link &link = design.link(*l);
        QString t = QStringLiteral("<b>%1</b>: %2 ↔ %3<br>").arg(qs(link.id), qs(formatPortRef(design, link.a)), qs(formatPortRef(design, link.b)));
        t += tr("Speed: %1 Gb/s").arg(li->speedGbps());
        t += QStringLiteral("<br>") + tr("Cable: %1%2").arg(link.cable.empty() ? tr("(automatic)") : qs(link.cable),
                                                            link.lengthM ? tr(", %1 m").arg(*link.lengthM) : QString());
        if (li->utilization() >= 0)
            t += QStringLiteral("<br>") + tr("Utilization: %1 %").arg(li->utilization() * 100, 0, 'f', 1);
        if (m_failed.count(link.id))
            t += QStringLiteral("<br><b>") + tr("FAILED") + QStringLiteral("</b>");
        return t;
    }
    if (item->type() == GroupItemType)
        return tr("Collapsed group %1 — double-click to expand").arg(static_cast<GroupItem *>(item)->groupId());
    return {};
}

} // namespace cplan
