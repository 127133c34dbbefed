#include "canvaslod.h"

#include "canvasitems.h"
#include "canvasscene.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <QGraphicsView>
#include <QLocale>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace cplan {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

bool collapsible(const Group &g)
{
    return g.kind == GroupKind::ScalableUnit || g.kind == GroupKind::Pod;
}

} // namespace

CanvasLod::CanvasLod(CanvasScene *scene)
    : QObject(scene)
    , m_scene(scene)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (!runSlice(kSliceMs))
            schedule();
    });
    // Zooming and scrolling come in bursts (a wheel turn, a drag): decide once they pause.
    m_viewTimer.setSingleShot(true);
    m_viewTimer.setInterval(60);
    connect(&m_viewTimer, &QTimer::timeout, this, [this] {
        // A pass only when the units to collapse or expand changed.
        const QSet<QString> before = m_collapsed;
        decide();
        if (m_collapsed != before || m_stage != Stage::Idle)
            designChanged();
    });
    m_geometryTimer.setSingleShot(true);
    connect(&m_geometryTimer, &QTimer::timeout, this, &CanvasLod::layoutBundles);
}

CanvasLod::~CanvasLod() = default;

// --- what is drawn --------------------------------------------------------------------------

void CanvasLod::reset()
{
    const Design &design = m_scene->document()->design();
    m_planes = designPlanes(design);
    if (m_planes < 2)
        m_planes = 0;
    m_large = int(design.nodes.size()) > m_largeNodes;
    m_plane = m_large && m_planes ? 1 : 0;
    // One plane is drawn where plane 1 is: its lowest row of switches on plane 1's.
    m_planeShift.assign(std::size_t(m_planes) + 1, 0.0);
    std::vector<double> bottom(std::size_t(m_planes) + 1, -1e300);
    for (const Node &n : design.nodes)
        if (n.plane > 0 && n.plane <= m_planes)
            bottom[std::size_t(n.plane)] = std::max(bottom[std::size_t(n.plane)], n.y);
    for (int p = 2; p <= m_planes; ++p)
        if (bottom[1] > -1e300 && bottom[std::size_t(p)] > -1e300)
            m_planeShift[std::size_t(p)] = bottom[1] - bottom[std::size_t(p)];
    // Units the user expanded or collapsed that no longer exist are forgotten.
    QHash<QString, bool> pinned;
    for (const Group &g : design.groups)
        if (auto it = m_pinned.find(qs(g.id)); it != m_pinned.end())
            pinned.insert(it.key(), it.value());
    m_pinned = m_large ? QHash<QString, bool>() : pinned;
    m_holdCollapsed = m_large;
    m_rectCache.clear();
    m_blocks.clear();   // the scene cleared its items
    m_blockIds.clear();
    m_bundles.clear();
    m_stage = Stage::Start;
    decide();
    emit planeChanged(m_plane);
}

void CanvasLod::setPlane(int plane)
{
    plane = std::clamp(plane, 0, m_planes);
    if (plane == m_plane)
        return;
    m_plane = plane;
    m_rectCache.clear();
    designChanged();
    emit planeChanged(m_plane);
}

bool CanvasLod::nodeShown(const Node &node) const
{
    return m_plane == 0 || node.plane == 0 || node.plane == m_plane;
}

bool CanvasLod::linkShown(const Design &design, const Link &link) const
{
    if (m_plane == 0)
        return true;
    const int p = linkPlane(design, link);
    return p == 0 || p == m_plane;
}

bool CanvasLod::materializes(const Node &node) const
{
    return nodeShown(node) && (node.group.empty() || !m_collapsed.contains(qs(node.group)));
}

double CanvasLod::shiftOf(const Node &node) const
{
    return m_plane > 0 && node.plane == m_plane ? m_planeShift[std::size_t(m_plane)] : 0.0;
}

void CanvasLod::setCollapsed(const QString &group, bool collapsed)
{
    m_pinned.insert(group, collapsed);
    designChanged();
    flushIfSmall();
}

void CanvasLod::setAllCollapsed(bool collapsed)
{
    m_pinned.clear();
    for (const Group &g : m_scene->document()->design().groups)
        if (collapsible(g) && (collapsed ? !m_large : true))
            m_pinned.insert(qs(g.id), collapsed);
    // Large designs: collapsed until the user zooms or scrolls again (then the units in view
    // expand as usual); small ones: collapsed until expanded.
    m_holdCollapsed = m_large && collapsed;
    designChanged();
    flushIfSmall();
}

void CanvasLod::flushIfSmall()
{
    // Small designs change at once, as they always did; large ones in slices.
    if (!m_large)
        flush();
}

// Which units are collapsed now: as pinned by the user, else (large designs) expanded when in
// view at a zoom where their servers can be told apart (and not much wider than the view), or
// holding a selected item.
void CanvasLod::decide()
{
    const Design &design = m_scene->document()->design();
    double scale = 0;
    QRectF visible;
    for (const auto &v : m_views)
        if (v) {
            scale = std::max(scale, v->transform().m11());
            visible |= v->mapToScene(v->viewport()->rect()).boundingRect();
        }
    const bool zoomedIn = !m_holdCollapsed && scale >= kExpandScale;
    const QRectF area = visible.adjusted(-visible.width() / 4, -visible.height() / 4, visible.width() / 4, visible.height() / 4);
    QSet<QString> collapsed;
    for (const Group &g : design.groups) {
        if (!collapsible(g))
            continue;
        const QString id = qs(g.id);
        if (auto it = m_pinned.find(id); it != m_pinned.end()) {
            if (it.value())
                collapsed.insert(id);
            continue;
        }
        if (!m_large)
            continue;
        // A unit much wider than the view (a pod's row of spines across all its SUs) stays a
        // block: its items would be thousands of lines crossing the view.
        const QRectF b = m_bounds.value(id);
        const bool inView = zoomedIn && !b.isNull() && b.intersects(area) && b.width() <= 2 * visible.width();
        if (!inView && !keepsExpanded(id))
            collapsed.insert(id);
    }
    m_collapsed = collapsed;
}

bool CanvasLod::keepsExpanded(const QString &group) const
{
    if (m_collapsed.contains(group))
        return false;
    const auto selected = m_scene->selectedItems();
    for (QGraphicsItem *i : selected) {
        if (i->type() == NodeItemType && static_cast<NodeItem *>(i)->group() == group)
            return true;
        if (i->type() == LinkItemType) {
            const auto *l = static_cast<LinkItem *>(i);
            if (l->nodeA()->group() == group || l->nodeB()->group() == group)
                return true;
        }
    }
    return false;
}

// --- passes in slices -----------------------------------------------------------------------

void CanvasLod::watch(QGraphicsView *view)
{
    m_views.emplace_back(view);
}

void CanvasLod::viewChanged()
{
    if (!m_large)
        return;
    m_holdCollapsed = false;
    m_viewTimer.start();
}

void CanvasLod::designChanged()
{
    m_stage = Stage::Start;   // the bundles' node indices may be stale until the pass is done
    m_geometryTimer.stop();
    schedule();
}

void CanvasLod::nodeMoved()
{
    if (!m_bundles.empty() && m_stage == Stage::Idle && !m_geometryTimer.isActive())
        m_geometryTimer.start(0);
}

void CanvasLod::schedule(int delayMs)
{
    if (!m_timer.isActive())
        m_timer.start(delayMs);
}

void CanvasLod::flush()
{
    if (m_viewTimer.isActive()) {   // the view changed: what it shows is decided now
        m_viewTimer.stop();
        m_stage = Stage::Start;
    }
    if (m_stage == Stage::Idle && !m_timer.isActive())
        return;
    m_timer.stop();
    if (m_stage == Stage::Idle)
        m_stage = Stage::Start;
    while (!runSlice(-1)) {
    }
}

// One slice of a pass: at most `budgetMs` (< 0: no limit). A pass decides what is drawn,
// deletes the items no longer wanted, creates the missing nodes and then links, and lays out
// blocks and bundles.
bool CanvasLod::runSlice(qint64 budgetMs)
{
    QElapsedTimer clock;
    clock.start();
    if (m_stage == Stage::Idle)
        return true;
    if (m_stage == Stage::Start) {
        decide();
        removeUnwanted();
        m_cursor = 0;
        m_stage = Stage::Nodes;
    }
    if (m_stage == Stage::Nodes) {
        if (!createNodes(clock, budgetMs))
            return false;
        m_cursor = 0;
        m_stage = Stage::Links;
    }
    if (m_stage == Stage::Links) {
        if (!createLinks(clock, budgetMs))
            return false;
        m_stage = Stage::Finish;
    }
    finishPass();
    m_stage = Stage::Idle;
    emit synced();
    return true;
}

void CanvasLod::removeUnwanted()
{
    const Design &design = m_scene->document()->design();
    m_itemAt.assign(design.nodes.size(), nullptr);
    std::vector<std::string> unwanted;
    for (const auto &[id, item] : m_scene->m_nodes) {
        const auto n = design.findNode(id);
        if (!n || !materializes(design.node(*n)) || item->transform().dy() != shiftOf(design.node(*n)))
            unwanted.push_back(id);
        else
            m_itemAt[n->value] = item;
    }
    m_scene->m_syncing = true;
    for (const std::string &id : unwanted)
        m_scene->deleteNodeItem(id);
    m_scene->m_syncing = false;
}

bool CanvasLod::createNodes(const QElapsedTimer &clock, qint64 budgetMs)
{
    const Design &design = m_scene->document()->design();
    m_scene->m_syncing = true;
    for (; m_cursor < design.nodes.size(); ++m_cursor) {
        if (budgetMs >= 0 && (m_cursor & 31) == 0 && clock.elapsed() >= budgetMs) {
            m_scene->m_syncing = false;
            return false;
        }
        const Node &n = design.nodes[m_cursor];
        if (m_itemAt[m_cursor] || !materializes(n))
            continue;
        m_itemAt[m_cursor] = m_scene->createNodeItem(n);
    }
    m_scene->m_syncing = false;
    return true;
}

bool CanvasLod::createLinks(const QElapsedTimer &clock, qint64 budgetMs)
{
    const Design &design = m_scene->document()->design();
    for (; m_cursor < design.links.size(); ++m_cursor) {
        if (budgetMs >= 0 && (m_cursor & 255) == 0 && clock.elapsed() >= budgetMs)
            return false;
        const Link &l = design.links[m_cursor];
        if (l.a.node.value >= m_itemAt.size() || l.b.node.value >= m_itemAt.size() || !m_itemAt[l.a.node.value] ||
            !m_itemAt[l.b.node.value] || !linkShown(design, l) || m_scene->m_links.count(l.id))
            continue;
        m_scene->createLinkItem(l);
    }
    return true;
}

void CanvasLod::finishPass()
{
    m_itemAt.clear();
    rebuildBlocks();
    rebuildBundles();
    layoutBundles();
    // The scene's extent: every node of the plane shown, collapsed or not.
    const QRectF r = m_designBounds.isNull() ? QRectF(-2000, -1500, 4000, 3000) : m_designBounds.adjusted(-400, -400, 400, 400);
    if (!m_scene->sceneRect().contains(r) || m_scene->sceneRect().width() > 2 * r.width() ||
        m_scene->sceneRect().height() > 2 * r.height())
        m_scene->setSceneRect(r);
    if (m_scene->m_linkLayer) {
        m_scene->m_linkLayer->setRect(m_scene->sceneRect().adjusted(-100000, -100000, 100000, 100000));
        m_scene->m_linkLayer->update();
    }
}

// --- blocks and bundles ---------------------------------------------------------------------

QRectF CanvasLod::nodeRect(const Node &node)
{
    std::string key = node.part + '|' + std::to_string(int(node.role));
    for (const std::string &h : node.hcas)
        key += '|' + h;
    auto it = m_rectCache.find(key);
    if (it == m_rectCache.end()) {
        NodeItem probe(m_scene, node);   // never added to the scene: its size only
        it = m_rectCache.emplace(key, probe.boundingRect()).first;
    }
    return it->second.translated(node.x, node.y + shiftOf(node));
}

void CanvasLod::rebuildBlocks()
{
    const Design &design = m_scene->document()->design();
    struct Acc
    {
        QRectF rect;
        int servers = 0, switches = 0, gpus = 0;
    };
    std::unordered_map<std::string, Acc> acc;
    m_bounds.clear();
    m_designBounds = QRectF();
    for (const Node &n : design.nodes) {
        if (!nodeShown(n))
            continue;
        const QRectF r = nodeRect(n);
        m_designBounds = m_designBounds.isNull() ? r : m_designBounds.united(r);
        if (n.group.empty())
            continue;
        Acc &a = acc[n.group];
        a.rect = a.rect.isNull() ? r : a.rect.united(r);
        (n.role == NodeRole::Switch ? a.switches : a.servers)++;
        a.gpus += nodeGpuCount(n, m_scene->catalog());
    }
    std::unordered_map<std::string, GroupItem *> old;
    old.swap(m_blocks);
    m_blockIds.clear();
    const QLocale locale;
    for (const Group &g : design.groups) {
        const auto a = acc.find(g.id);
        if (a == acc.end())
            continue;
        const QString id = qs(g.id);
        m_bounds.insert(id, a->second.rect);
        if (!m_collapsed.contains(id))
            continue;
        QString summary = CanvasScene::tr("%1 servers · %2 switches · %3 GPUs")
                              .arg(locale.toString(a->second.servers), locale.toString(a->second.switches),
                                   locale.toString(a->second.gpus));
        if (m_plane > 0)
            summary += CanvasScene::tr(" · plane %1").arg(m_plane);
        const QString title = g.name.empty() ? id : qs(g.name);
        const QRectF rect = a->second.rect.adjusted(-10, -10, 10, 10);
        GroupItem *block = nullptr;
        if (auto o = old.find(g.id); o != old.end()) {
            block = o->second;
            old.erase(o);
            block->setContent(title, rect, summary);
        } else {
            block = new GroupItem(id, title, rect, summary);
            m_scene->addItem(block);
        }
        m_blocks[g.id] = block;
        m_blockIds.push_back(g.id);
    }
    for (auto &[id, block] : old)
        delete block;
}

// Links whose ends are not both on the canvas, by the pair of anchors they join.
void CanvasLod::rebuildBundles()
{
    m_bundles.clear();
    if (m_blocks.empty())
        return;
    const Design &design = m_scene->document()->design();
    std::unordered_map<std::string, int> blockIndex;
    for (std::size_t i = 0; i < m_blockIds.size(); ++i)
        blockIndex[m_blockIds[i]] = -1 - int(i);
    std::vector<int> anchor(design.nodes.size(), 0);   // 0 = none, > 0 node index + 1, < 0 block
    for (std::size_t i = 0; i < design.nodes.size(); ++i) {
        const Node &n = design.nodes[i];
        if (!nodeShown(n))
            continue;
        if (!n.group.empty() && m_collapsed.contains(qs(n.group))) {
            if (auto b = blockIndex.find(n.group); b != blockIndex.end())
                anchor[i] = b->second;
        } else if (m_scene->nodeItem(n.id)) {
            anchor[i] = int(i) + 1;
        }
    }
    const auto &utilization = m_scene->m_utilization;
    const auto &failed = m_scene->failedObjects();
    std::unordered_map<std::uint64_t, std::size_t> index;
    for (const Link &l : design.links) {
        if (l.a.node.value >= anchor.size() || l.b.node.value >= anchor.size())
            continue;
        int a = anchor[l.a.node.value], b = anchor[l.b.node.value];
        int pa = l.a.port, pb = l.b.port;
        if (a == 0 || b == 0 || a == b || (a > 0 && b > 0) || !linkShown(design, l))
            continue;
        if (a > b) {
            std::swap(a, b);
            std::swap(pa, pb);
        }
        const std::uint64_t key = (std::uint64_t(std::uint32_t(a)) << 32) | std::uint32_t(b);
        auto [it, fresh] = index.emplace(key, m_bundles.size());
        if (fresh) // the speed of the first link (the ports' lookup costs too much for every one)
            m_bundles.push_back(LinkBundle{a > 0 ? a - 1 : a, b > 0 ? b - 1 : b, pa, pb, 0,
                                           linkSpeedGbps(design, l, m_scene->catalog()), -1, false, {}});
        LinkBundle &bundle = m_bundles[it->second];
        ++bundle.count;
        if (!utilization.empty())
            if (auto u = utilization.find(l.id); u != utilization.end())
                bundle.utilization = std::max(bundle.utilization, u->second);
        if (!failed.empty() && (failed.count(l.id) || failed.count(design.node(l.a.node).id) || failed.count(design.node(l.b.node).id)))
            bundle.down = true;
    }
}

QPointF CanvasLod::anchorPoint(int anchor, int port, QPointF toward, int count) const
{
    const Design &design = m_scene->document()->design();
    if (anchor >= 0) {
        const NodeItem *item = m_scene->nodeItem(design.nodes[std::size_t(anchor)].id);
        if (!item)
            return toward;
        if (count == 1)
            return item->portScenePos(port);
        const QRectF r = item->sceneBoundingRect();
        return QPointF(r.center().x(), toward.y() < r.center().y() ? r.top() : r.bottom());
    }
    const auto it = m_blocks.find(m_blockIds[std::size_t(-1 - anchor)]);
    const QRectF r = it->second->sceneBoundingRect();
    const double x = std::clamp(toward.x(), r.left() + 8, std::max(r.left() + 8, r.right() - 8));
    return QPointF(x, toward.y() < r.center().y() ? r.top() : r.bottom());
}

void CanvasLod::layoutBundles()
{
    const Design &design = m_scene->document()->design();
    if (m_stage != Stage::Idle && m_stage != Stage::Finish)
        return;   // a pass is on its way (node indices may have moved): it lays them out
    auto centre = [&](int anchor) {
        if (anchor >= 0) {
            const NodeItem *item = m_scene->nodeItem(design.nodes[std::size_t(anchor)].id);
            return item ? item->sceneBoundingRect().center() : QPointF();
        }
        return m_blocks.at(m_blockIds[std::size_t(-1 - anchor)])->sceneBoundingRect().center();
    };
    // Each end faces the other's centre, then the first end faces where the second one landed.
    for (LinkBundle &b : m_bundles) {
        const QPointF pb = anchorPoint(b.b, b.portB, centre(b.a), b.count);
        b.line = QLineF(anchorPoint(b.a, b.portA, pb, b.count), pb);
    }
    if (m_scene->m_linkLayer)
        m_scene->m_linkLayer->update();
}

} // namespace cplan
