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

// The row of a switch outside any unit: its tier, and its plane when one plane is drawn at a time.
QString rowKey(const Node &node, int planes)
{
    QString row = QLatin1Char('#') + QLatin1String(toString(switchTier(node.tier)));
    if (planes && node.plane > 0)
        row += QLatin1Char('@') + QString::number(node.plane);
    return row;
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

void CanvasLod::reset(bool fresh)
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
    m_pinned = m_large || fresh ? QHash<QString, bool>() : pinned;
    m_holdCollapsed = m_large;
    m_summary = false;
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
    return nodeShown(node) && !m_collapsed.contains(unitOf(node));
}

QString CanvasLod::unitOf(const Node &node) const
{
    if (!node.group.empty())
        return qs(node.group);
    if (!m_rows || node.role != NodeRole::Switch)
        return {};
    const QString row = rowKey(node, m_planes);
    return m_rowSize.value(row) >= 2 ? row : QString();
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
    measure();   // the rows of switches of this design
    const QStringList all = units();
    for (const QString &id : all)
        if (collapsed ? !m_large : true)
            m_pinned.insert(id, collapsed);
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

// What the summary rule weighs (mid-size designs): the average width of the nodes shown, the
// links shown, and the rows of switches outside the units.
void CanvasLod::measure()
{
    m_rowSize.clear();
    m_meanNodeWidth = 0;
    m_shownLinks = 0;
    const Design &design = m_scene->document()->design();
    m_rows = !m_large && std::any_of(design.groups.begin(), design.groups.end(), collapsible);
    if (!m_rows)
        return;
    double width = 0;
    int shown = 0;
    for (const Node &n : design.nodes) {
        if (!nodeShown(n))
            continue;
        width += nodeRect(n).width();
        ++shown;
        if (n.group.empty() && n.role == NodeRole::Switch)
            ++m_rowSize[rowKey(n, m_planes)];
    }
    m_meanNodeWidth = shown ? width / shown : 0;
    for (const Link &l : design.links)
        m_shownLinks += linkShown(design, l) ? 1 : 0;
}

// The one rule for the summary: the full drawing would be a mesh of more than kSummaryLinks
// lines between nodes narrower on average than kSummaryNodePx on screen. No view, no summary.
bool CanvasLod::summaryAt(double scale) const
{
    return m_rows && scale > 0 && m_shownLinks > kSummaryLinks && m_meanNodeWidth * scale < kSummaryNodePx;
}

// The units that can be collapsed: SUs and pods, then the rows of switches (mid-size designs).
QStringList CanvasLod::units() const
{
    QStringList out;
    for (const Group &g : m_scene->document()->design().groups)
        if (collapsible(g))
            out << qs(g.id);
    QStringList rows;
    for (auto it = m_rowSize.cbegin(); it != m_rowSize.cend(); ++it)
        if (it.value() >= 2)
            rows << it.key();
    rows.sort();
    return out + rows;
}

// Which units are collapsed now: as pinned by the user, else on a mid-size design all of them
// in summary (summaryAt), else (large designs) expanded when in view at a zoom where their
// servers can be told apart (and not much wider than the view), or holding a selected item.
void CanvasLod::decide()
{
    measure();
    double scale = 0;
    QRectF visible;
    for (const auto &v : m_views)
        if (v) {
            scale = std::max(scale, v->transform().m11());
            visible |= v->mapToScene(v->viewport()->rect()).boundingRect();
        }
    m_summary = summaryAt(scale);
    const bool zoomedIn = !m_holdCollapsed && scale >= kExpandScale;
    const QRectF area = visible.adjusted(-visible.width() / 4, -visible.height() / 4, visible.width() / 4, visible.height() / 4);
    QSet<QString> collapsed;
    const QStringList all = units();
    for (const QString &id : all) {
        if (auto it = m_pinned.find(id); it != m_pinned.end()) {
            if (it.value())
                collapsed.insert(id);
            continue;
        }
        if (!m_large) {
            if (m_summary)
                collapsed.insert(id);
            continue;
        }
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
    if (m_large)
        m_holdCollapsed = false;
    else if (!m_rows || m_shownLinks <= kSummaryLinks)
        return;   // drawn whole at any zoom
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

} // namespace cplan
