#include "canvasitems.h"

#include "canvaslod.h"
#include "canvasscene.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <QImage>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace cplan {

QColor utilizationColor(double u)
{
    u = std::clamp(u, 0.0, 1.0);
    // Stops: 0 blue, 0.35 green, 0.65 yellow/orange, 1 red.
    struct Stop { double at; int r, g, b; };
    static const Stop stops[] = {{0.0, 49, 130, 189}, {0.35, 49, 163, 84}, {0.65, 240, 180, 30}, {1.0, 215, 25, 28}};
    for (std::size_t i = 1; i < std::size(stops); ++i) {
        if (u <= stops[i].at) {
            const Stop &s0 = stops[i - 1], &s1 = stops[i];
            const double t = (u - s0.at) / (s1.at - s0.at);
            return QColor(int(s0.r + t * (s1.r - s0.r)), int(s0.g + t * (s1.g - s0.g)), int(s0.b + t * (s1.b - s0.b)));
        }
    }
    return QColor(215, 25, 28);
}

static QColor tierColor(Tier tier, bool isSwitch)
{
    if (!isSwitch)
        return QColor(236, 240, 232);
    switch (tier) {
    case Tier::Leaf: return QColor(214, 228, 245);
    case Tier::Spine: return QColor(226, 216, 240);
    case Tier::Core: return QColor(245, 222, 208);
    case Tier::Endpoint: break;
    }
    return QColor(222, 226, 230);
}

// --- NodeItem -------------------------------------------------------------------------------

NodeItem::NodeItem(CanvasScene *scene, const Node &node)
    : m_scene(scene)
    , m_id(node.id)
{
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setZValue(1);
    layout(node);
    setPos(node.x, node.y);
}

void NodeItem::refresh(const Node &node)
{
    prepareGeometryChange();
    layout(node);
    update();
    updateLinks();
}

void NodeItem::layout(const Node &node)
{
    const Catalog &catalog = m_scene->catalog();
    const Part *part = catalog.find(node.part);
    m_switch = node.role == NodeRole::Switch;
    m_tier = node.tier;
    m_label = QString::fromStdString(node.name.empty() ? node.id : node.name);
    m_model = part ? QString::fromStdString(part->model) : QString::fromStdString(node.part);
    m_group = QString::fromStdString(node.group);
    m_fill = node.role == NodeRole::Management ? QColor(250, 240, 214) : tierColor(node.tier, m_switch);
    m_ports.clear();
    m_cages.clear();
    m_freeSlots.clear();
    m_gpus.clear();
    const auto ports = nodePorts(node, catalog);
    if (m_switch) {
        const int perCage = part ? std::max(1, part->portsPerCage) : 1;
        const int cages = std::max(1, (int(ports.size()) + perCage - 1) / perCage);
        const int rows = cages > 16 ? 2 : 1;
        const int perRow = (cages + rows - 1) / rows;
        const double portW = 6, cageW = perCage * portW + 2, cageH = 12;
        const double w = std::max(120.0, perRow * cageW + 12), h = 20 + rows * (cageH + 2) + 4;
        m_rect = QRectF(-w / 2, -h / 2, w, h);
        const double x0 = -perRow * cageW / 2, y0 = m_rect.top() + 20;
        for (int c = 0; c < cages; ++c) {
            const int row = c / perRow, col = c % perRow;
            const QRectF cage(x0 + col * cageW, y0 + row * (cageH + 2), cageW, cageH);
            m_cages.push_back(cage);
            for (int k = 0; k < perCage && c * perCage + k < int(ports.size()); ++k)
                m_ports.push_back(PortBox{QRectF(cage.left() + 1 + k * portW, cage.top() + 2, portW - 1, cageH - 4), 0});
        }
    } else {
        const int gpus = nodeGpuCount(node, catalog) + (node.role == NodeRole::Management ? 0 : 0);
        const int free = [&] {
            if (!part || part->kind != PartKind::GpuServer)
                return 0;
            const int fitted = node.hcas.empty() ? part->hcaCount : int(node.hcas.size());
            return std::max(0, part->hcaCount + part->hcaSlots - fitted);
        }();
        const double portW = 6;
        const int n = int(ports.size());
        int hcas = 0;
        for (const PortInfo &p : ports)
            hcas = std::max(hcas, p.hca);
        const double portsW = n * portW + hcas * 2 + free * 10;
        const double w = std::max({56.0, portsW + 8, gpus * 6.0 + 8}), h = gpus > 0 ? 40 : 32;
        m_rect = QRectF(-w / 2, -h / 2, w, h);
        // Ports on the top edge, grouped by HCA in a frame.
        double x = -portsW / 2;
        const double y = m_rect.top() + 2;
        int currentHca = 0;
        QRectF frame;
        for (const PortInfo &p : ports) {
            if (p.hca != currentHca) {
                if (currentHca)
                    m_cages.push_back(frame);
                currentHca = p.hca;
                frame = QRectF(x, y, 2, 9);
                x += 1;
            }
            m_ports.push_back(PortBox{QRectF(x, y + 1.5, portW - 1, 6), p.hca});
            x += portW;
            frame.setRight(x + 1);
            if (&p == &ports.back() || ports[std::size_t(&p - ports.data()) + 1].hca != p.hca)
                x += 1;
        }
        if (currentHca)
            m_cages.push_back(frame);
        for (int s = 0; s < free; ++s) {
            m_freeSlots.push_back(QRectF(x + 1, y, 8, 9));
            x += 10;
        }
        const double gx = -gpus * 6.0 / 2;
        for (int g = 0; g < gpus; ++g)
            m_gpus.push_back(QRectF(gx + g * 6 + 0.5, m_rect.bottom() - 10, 5, 7));
    }
}

void NodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = isSelected();
    const QColor border = m_failed ? QColor(200, 30, 30) : selected ? QColor(255, 140, 0) : QColor(90, 100, 110);
    if (lod < 0.3) {
        // Zoomed far out: a filled box, nothing else.
        painter->fillRect(m_rect, selected ? QColor(255, 190, 110) : m_failed ? QColor(240, 150, 150) : m_fill.darker(115));
        if (m_busyGpus > 0 && !m_gpus.empty()) {
            QRectF busy = m_rect;
            busy.setWidth(m_rect.width() * std::min<double>(1.0, double(m_busyGpus) / double(m_gpus.size())));
            painter->fillRect(busy, QColor(240, 140, 40));
        }
        return;
    }
    painter->setPen(QPen(border, selected || m_failed ? 2 : 1));
    painter->setBrush(m_failed ? QColor(250, 215, 215) : m_fill);
    painter->drawRoundedRect(m_rect, 3, 3);

    // Cages (switch) or HCA frames (server).
    painter->setPen(QPen(QColor(120, 130, 140), 0));
    painter->setBrush(m_switch ? QColor(70, 76, 84) : QColor(200, 205, 210));
    for (const QRectF &c : m_cages)
        painter->drawRect(c);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(QColor(140, 150, 160), 0, Qt::DashLine));
    for (const QRectF &s : m_freeSlots)
        painter->drawRect(s);
    // Ports: free light, connected green, highlighted orange.
    std::vector<char> used(m_ports.size() + 1, 0);
    for (const LinkItem *l : m_links) {
        const int p = l->nodeA() == this ? l->portA() : l->portB();
        if (p >= 1 && p <= int(m_ports.size()))
            used[std::size_t(p)] = 1;
        if (l->nodeA() == this && l->nodeB() == this && l->portB() >= 1 && l->portB() <= int(m_ports.size()))
            used[std::size_t(l->portB())] = 1;
    }
    painter->setPen(Qt::NoPen);
    for (std::size_t i = 0; i < m_ports.size(); ++i) {
        QColor c = used[i + 1] ? QColor(60, 180, 90) : QColor(225, 228, 232);
        if (int(i) + 1 == m_highlightPort)
            c = QColor(255, 150, 0);
        painter->fillRect(m_ports[i].rect, c);
    }
    // GPUs: busy ones orange during a scheduling run.
    for (std::size_t g = 0; g < m_gpus.size(); ++g)
        painter->fillRect(m_gpus[g], int(g) < m_busyGpus ? QColor(240, 140, 40) : QColor(118, 185, 0));

    if (lod < 0.6)
        return;
    QFont f = painter->font();
    f.setPixelSize(m_switch ? 9 : 7);
    painter->setFont(f);
    painter->setPen(QColor(30, 35, 40));
    if (m_switch) {
        const QRectF title(m_rect.left() + 4, m_rect.top() + 2, m_rect.width() - 8, 14);
        painter->drawText(title, Qt::AlignLeft | Qt::AlignVCenter, m_label);
        painter->setPen(QColor(90, 95, 100));
        painter->drawText(title, Qt::AlignRight | Qt::AlignVCenter, m_model);
    } else {
        const QRectF title(m_rect.left() + 2, m_rect.top() + 11, m_rect.width() - 4, 11);
        painter->drawText(title, Qt::AlignHCenter | Qt::AlignVCenter,
                          painter->fontMetrics().elidedText(m_label, Qt::ElideMiddle, int(title.width())));
    }
}

int NodeItem::portAt(QPointF local) const
{
    for (std::size_t i = 0; i < m_ports.size(); ++i)
        if (m_ports[i].rect.adjusted(-1, -2, 1, 2).contains(local))
            return int(i) + 1;
    return 0;
}

QPointF NodeItem::portScenePos(int port) const
{
    if (port < 1 || port > int(m_ports.size()))
        return scenePos();
    return mapToScene(m_ports[std::size_t(port - 1)].rect.center());
}

void NodeItem::removeLink(LinkItem *link)
{
    m_links.erase(std::remove(m_links.begin(), m_links.end(), link), m_links.end());
}

void NodeItem::updateLinks()
{
    for (LinkItem *l : m_links)
        l->updateGeometry();
}

void NodeItem::setBusyGpus(int busy)
{
    if (busy == m_busyGpus)
        return;
    m_busyGpus = busy;
    update();
}

void NodeItem::setFailed(bool failed)
{
    m_failed = failed;
    update();
    // Its links are drawn as down with it.
    if (auto *s = static_cast<CanvasScene *>(scene()))
        for (LinkItem *l : m_links)
            s->updateLinkArea(l->boundingRect());
}

void NodeItem::setHighlightPort(int port)
{
    if (port == m_highlightPort)
        return;
    m_highlightPort = port;
    update();
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemPositionChange && m_scene->snapToGrid() && !m_scene->isSyncing()) {
        const QPointF p = value.toPointF();
        const double g = CanvasScene::kGrid;
        return QPointF(std::round(p.x() / g) * g, std::round(p.y() / g) * g);
    }
    if (change == ItemPositionHasChanged) {
        updateLinks();
        m_scene->levelOfDetail()->nodeMoved();
    }
    // A selected node is drawn over its neighbours: one dragged onto others stays visible.
    if (change == ItemSelectedHasChanged)
        setZValue(value.toBool() ? 2 : 1);
    return QGraphicsItem::itemChange(change, value);
}

// --- LinkItem -------------------------------------------------------------------------------

LinkItem::LinkItem(const std::string &id, NodeItem *a, int portA, NodeItem *b, int portB, double speedGbps)
    : m_id(id)
    , m_a(a)
    , m_b(b)
    , m_portA(portA)
    , m_portB(portB)
    , m_speed(speedGbps)
{
    setFlags(ItemIsSelectable | ItemHasNoContents);
    setZValue(0);
    a->addLink(this);
    if (b != a)
        b->addLink(this);
    updateGeometry();
}

void LinkItem::repaint()
{
    if (auto *s = static_cast<CanvasScene *>(scene()))
        s->updateLinkArea(boundingRect());
}

void LinkItem::updateGeometry()
{
    auto *scene = static_cast<CanvasScene *>(this->scene());
    QPointF pa = m_a->portScenePos(m_portA), pb = m_b->portScenePos(m_portB);
    if (scene) {
        pa = scene->endpointPos(m_a, pa, pb);
        pb = scene->endpointPos(m_b, pb, pa);
    }
    const QLineF line(pa, pb);
    if (line == m_line)
        return;
    repaint();
    prepareGeometryChange();
    m_line = line;
    repaint();
}

QRectF LinkItem::boundingRect() const
{
    return QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-3, -3, 3, 3);
}

QPainterPath LinkItem::shape() const
{
    QPainterPath path(m_line.p1());
    path.lineTo(m_line.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(5);
    return stroker.createStroke(path);
}

void LinkItem::paint(QPainter *, const QStyleOptionGraphicsItem *, QWidget *)
{
    // Drawn by the LinkLayer.
}

QVariant LinkItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemSelectedHasChanged || change == ItemVisibleHasChanged)
        repaint();
    return QGraphicsItem::itemChange(change, value);
}

void LinkItem::setUtilization(double u)
{
    if (u == m_util)
        return;
    m_util = u;
    repaint();
}

void LinkItem::setFailed(bool failed)
{
    m_failed = failed;
    repaint();
}

bool LinkItem::isDown() const
{
    return m_failed || m_a->failed() || m_b->failed();
}

// --- LinkLayer ------------------------------------------------------------------------------

namespace {

constexpr int kHeat = 32;   // heat colours of the utilization buckets

QColor speedColour(int bucket)
{
    static const QColor colours[3] = {QColor(110, 130, 140, 170), QColor(70, 110, 150, 170), QColor(90, 70, 150, 170)};
    return colours[bucket];
}

QColor heatColour(int bucket)
{
    return utilizationColor(double(bucket) / (kHeat - 1));
}

// The visible links of one frame by how they are drawn: default colours by speed, 32 heat
// colours, selected, failed.
struct LinkBuckets
{
    std::vector<QLineF> speed[3], heat[kHeat], selected, failed;

    // The speed and heat lines: the ones thinned out and, when dense, rasterized.
    std::size_t plainCount() const
    {
        std::size_t n = 0;
        for (const auto &v : speed)
            n += v.size();
        for (const auto &v : heat)
            n += v.size();
        return n;
    }
};

// Level of detail: lines that land on the same device pixels (parallel cables, links into
// a collapsed block, thousands of cables seen from far away) are drawn once. Besides the
// pixels saved, Qt's raster engine hands every batch of line spans to its thread pool,
// so fewer lines is what keeps a 100,000-link frame fast.
class PixelDedup
{
public:
    PixelDedup(const QTransform &device, std::size_t expected) : m_device(device), m_cell(device.m11() < 0.5 ? 2.0 : 0.5)
    {
        m_seen.reserve(expected);
    }

    bool duplicate(const QLineF &l, int bucket)
    {
        const QPointF a = m_device.map(l.p1()), b = m_device.map(l.p2());
        // Long lines fan out from their ends; a few pixels of snapping at the ends do not show.
        const double len = std::abs(a.x() - b.x()) + std::abs(a.y() - b.y());
        const double c = len > 400 ? m_cell * 4 : len > 100 ? m_cell * 2 : m_cell;
        auto q = [c](double v) { return std::uint64_t(std::int64_t(std::floor(v / c)) & 0x3fff); };
        const std::uint64_t key = (std::uint64_t(bucket) << 56) ^ (q(a.x()) << 42) ^ (q(a.y()) << 28) ^ (q(b.x()) << 14) ^ q(b.y());
        return !m_seen.insert(key).second;
    }

private:
    const QTransform m_device;
    const double m_cell;
    std::unordered_set<std::uint64_t> m_seen;
};

LinkBuckets collectLinks(const CanvasScene &scene, const QRectF &exposed, const QTransform &device)
{
    LinkBuckets out;
    PixelDedup dedup(device, scene.linkItems().size() / 4);
    for (const auto &[id, item] : scene.linkItems()) {
        if (!item->isVisible())
            continue;
        const QLineF &l = item->line();
        const QRectF r = QRectF(l.p1(), l.p2()).normalized();
        if (r.right() < exposed.left() || r.left() > exposed.right() || r.bottom() < exposed.top() || r.top() > exposed.bottom())
            continue;
        if (item->isDown()) {
            out.failed.push_back(l);
        } else if (item->isSelected()) {
            out.selected.push_back(l);
        } else if (item->utilization() >= 0) {
            const int b = std::clamp(int(item->utilization() * (kHeat - 1) + 0.5), 0, kHeat - 1);
            if (!dedup.duplicate(l, 3 + b))
                out.heat[b].push_back(l);
        } else {
            const int b = item->speedGbps() >= 800 ? 2 : item->speedGbps() >= 400 ? 1 : 0;
            if (!dedup.duplicate(l, b))
                out.speed[b].push_back(l);
        }
    }
    return out;
}

// 1-pixel lines (Bresenham) into a premultiplied image whose top-left is `origin` in device
// pixels; pixels outside the image are skipped.
void plotLines(QImage &image, const std::vector<QLineF> &lines, QColor colour, const QTransform &world, QPoint origin)
{
    const int w = image.width(), h = image.height();
    auto *bits = reinterpret_cast<quint32 *>(image.bits());
    const qsizetype stride = image.bytesPerLine() / 4;
    const quint32 px = qPremultiply(colour.rgba());
    for (const QLineF &l : lines) {
        const QPointF a = world.map(l.p1()) - QPointF(origin), b = world.map(l.p2()) - QPointF(origin);
        int x0 = int(std::floor(a.x())), y0 = int(std::floor(a.y())), x1 = int(std::floor(b.x())), y1 = int(std::floor(b.y()));
        const int dx = std::abs(x1 - x0), sx = x0 < x1 ? 1 : -1, dy = -std::abs(y1 - y0), sy = y0 < y1 ? 1 : -1;
        int err = dx + dy;
        for (int guard = 0; guard < 1 << 16; ++guard) {
            if (x0 >= 0 && y0 >= 0 && x0 < w && y0 < h)
                bits[y0 * stride + x0] = px;
            if (x0 == x1 && y0 == y1)
                break;
            const int e2 = 2 * err;
            if (e2 >= dy) {
                err += dy;
                x0 += sx;
            }
            if (e2 <= dx) {
                err += dx;
                y0 += sy;
            }
        }
    }
}

// Dense view: rasterize the 1-pixel speed and heat lines ourselves into one image and blit
// it, then clear them. QPainter would hand every 96+ spans of every line to its fill thread
// pool, which costs about a second per frame here; plain pixel writes cost a few milliseconds.
void blitPlainLines(QPainter *painter, LinkBuckets &links, const QRectF &exposed, const QRectF &bounds)
{
    const QTransform world = painter->worldTransform();
    const QRect dev = world.mapRect(exposed).toAlignedRect().intersected(world.mapRect(bounds).toAlignedRect());
    if (dev.isEmpty() || qint64(dev.width()) * dev.height() >= 64ll * 1024 * 1024)
        return;
    QImage image(dev.size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    for (int i = 0; i < 3; ++i)
        plotLines(image, links.speed[i], speedColour(i), world, dev.topLeft());
    for (int i = 0; i < kHeat; ++i)
        plotLines(image, links.heat[i], heatColour(i), world, dev.topLeft());
    painter->save();
    painter->resetTransform();
    painter->drawImage(dev.topLeft(), image);
    painter->restore();
    for (auto &v : links.speed)
        v.clear();
    for (auto &v : links.heat)
        v.clear();
}

void strokeLines(QPainter *painter, const std::vector<QLineF> &lines, QColor c, qreal w, Qt::PenStyle style = Qt::SolidLine)
{
    if (lines.empty())
        return;
    QPen pen(c, w, style);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->drawLines(lines.data(), int(lines.size()));
}

} // namespace

LinkLayer::LinkLayer(const CanvasScene *scene)
    : m_scene(scene)
{
    setZValue(0.5); // above the (invisible) link items, below the nodes
    setFlag(ItemUsesExtendedStyleOption);
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

void LinkLayer::setRect(const QRectF &rect)
{
    if (rect == m_rect)
        return;
    prepareGeometryChange();
    m_rect = rect;
}

void LinkLayer::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const QRectF exposed = option->exposedRect.isValid() ? option->exposedRect : m_rect;
    LinkBuckets links = collectLinks(*m_scene, exposed, painter->worldTransform());
    const std::size_t drawn = links.plainCount();
    if (drawn > 3000 && painter->worldTransform().type() <= QTransform::TxScale)
        blitPlainLines(painter, links, exposed, m_rect);
    for (int i = 0; i < 3; ++i)
        strokeLines(painter, links.speed[i], speedColour(i), 1);
    // Hotter links on top, so a congested link is never hidden under cool ones.
    for (int i = 0; i < kHeat; ++i)
        strokeLines(painter, links.heat[i], heatColour(i), i > kHeat / 2 ? 2 : 1.5);
    strokeLines(painter, links.selected, QColor(255, 140, 0), 3);
    // Failed: red dashes, or dark ones under a heatmap, where red means a saturated link.
    strokeLines(painter, links.failed, m_scene->hasUtilization() ? QColor(60, 60, 60) : QColor(210, 30, 30), 2, Qt::DashLine);
    drawBundles(painter, m_scene->levelOfDetail()->bundles(), exposed, m_scene->hasUtilization());
    if (qEnvironmentVariableIsSet("CPLAN_DEBUG_LINKLAYER")) {
        qDebug("link layer: %zu of %zu links drawn", drawn, m_scene->linkItems().size());
    }
}

} // namespace cplan
