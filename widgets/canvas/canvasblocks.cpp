// What the level of detail draws instead of items: a collapsed unit's block (GroupItem) and the
// bundles of links into blocks, labelled when there are few; and how the level of detail lays
// them out (CanvasLod's blocks and bundles).
#include "canvasitems.h"
#include "canvaslod.h"
#include "canvasscene.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <map>

namespace cplan {

// --- blocks and bundles of the level of detail ----------------------------------------------

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// What a block holds.
struct BlockCounts
{
    QRectF rect;
    int servers = 0, switches = 0, appliances = 0, gpus = 0;
    QString model;   // a row of switches: their model, if they are all alike
};

// "SU 1": "32 servers · 8 switches · 256 GPUs"; a row of spines, or a block of switches alone
// (a pod's own spines, its units blocks of their own): "16 × QM9700", not "0 servers · …".
QString blockSummary(const BlockCounts &a, bool row)
{
    const QLocale locale;
    if (row || (a.servers == 0 && a.appliances == 0 && a.gpus == 0 && a.switches > 0))
        return a.model.isEmpty() ? CanvasScene::tr("%1 switches").arg(locale.toString(a.switches))
                                 : CanvasScene::tr("%1 × %2").arg(locale.toString(a.switches), a.model);
    QString summary = CanvasScene::tr("%1 servers · %2 switches · %3 GPUs")
                          .arg(locale.toString(a.servers), locale.toString(a.switches), locale.toString(a.gpus));
    if (a.appliances)
        summary += CanvasScene::tr(" · %1 appliances").arg(locale.toString(a.appliances));
    return summary;
}

// The title of a row of switches outside the units ("#spine", "#core@2").
QString rowTitle(const QString &row)
{
    const QString tier = row.mid(1).section(QLatin1Char('@'), 0, 0);
    const QString title = tier == QLatin1String("core")    ? CanvasScene::tr("Core switches")
                          : tier == QLatin1String("spine") ? CanvasScene::tr("Spine switches")
                                                           : CanvasScene::tr("Leaf switches");
    const QString plane = row.section(QLatin1Char('@'), 1, 1);
    return plane.isEmpty() ? title : CanvasScene::tr("%1, plane %2").arg(title, plane);
}

// A row of switches is one node high: its block tall enough to be written on, grown towards the
// middle of the design (so that Fit need not change).
QRectF rowBlockRect(QRectF rect, const QRectF &design)
{
    const double grow = design.height() / 6 - rect.height();
    if (grow > 0 && rect.center().y() < design.center().y())
        rect.setBottom(rect.bottom() + grow);
    else if (grow > 0)
        rect.setTop(rect.top() - grow);
    return rect;
}

} // namespace

void CanvasLod::rebuildBlocks()
{
    const Design &design = m_scene->document()->design();
    std::unordered_map<std::string, BlockCounts> acc;
    m_bounds.clear();
    m_designBounds = QRectF();
    for (const Node &n : design.nodes) {
        if (!nodeShown(n))
            continue;
        const QRectF r = nodeRect(n);
        m_designBounds = m_designBounds.isNull() ? r : m_designBounds.united(r);
        std::string unit = n.group;
        if (unit.empty() && (unit = unitOf(n).toStdString()).empty())
            continue;
        BlockCounts &a = acc[unit];
        a.rect = a.rect.isNull() ? r : a.rect.united(r);
        (n.role == NodeRole::Switch ? a.switches : n.role == NodeRole::Server ? a.servers : a.appliances)++;
        a.gpus += nodeGpuCount(n, m_scene->catalog());
        if (n.role == NodeRole::Switch) {   // switches alone (a row, a pod's spines) say which, when alike
            const Part *part = m_scene->catalog().find(n.part);
            const QString model = part ? qs(part->model) : qs(n.part);
            a.model = a.switches == 1 || a.model == model ? model : QString();
        }
    }
    // The rows of switches outside the units, after them (block anchors in this order).
    std::vector<std::pair<std::string, QString>> blocks;   // unit id, title
    for (const Group &g : design.groups)
        blocks.emplace_back(g.id, g.name.empty() ? qs(g.id) : qs(g.name));
    for (const QString &id : units())
        if (id.startsWith(QLatin1Char('#')))
            blocks.emplace_back(id.toStdString(), rowTitle(id));
    std::unordered_map<std::string, GroupItem *> old;
    old.swap(m_blocks);
    m_blockIds.clear();
    for (const auto &[unit, title] : blocks) {
        const auto a = acc.find(unit);
        if (a == acc.end())
            continue;
        const QString id = qs(unit);
        m_bounds.insert(id, a->second.rect);
        if (!m_collapsed.contains(id))
            continue;
        QString summary = blockSummary(a->second, id.startsWith(QLatin1Char('#')));
        if (m_plane > 0)
            summary += CanvasScene::tr(" · plane %1").arg(m_plane);
        QRectF rect = a->second.rect.adjusted(-10, -10, 10, 10);
        if (id.startsWith(QLatin1Char('#')))
            rect = rowBlockRect(rect, m_designBounds);
        GroupItem *block = nullptr;
        if (auto o = old.find(unit); o != old.end()) {
            block = o->second;
            old.erase(o);
            block->setContent(title, rect, summary);
        } else {
            block = new GroupItem(id, title, rect, summary);
            m_scene->addItem(block);
        }
        m_blocks[unit] = block;
        m_blockIds.push_back(unit);
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
    QHash<QString, int> blockIndex;
    for (std::size_t i = 0; i < m_blockIds.size(); ++i)
        blockIndex.insert(qs(m_blockIds[i]), -1 - int(i));
    std::vector<int> anchor(design.nodes.size(), 0);   // 0 = none, > 0 node index + 1, < 0 block
    for (std::size_t i = 0; i < design.nodes.size(); ++i) {
        const Node &n = design.nodes[i];
        if (!nodeShown(n))
            continue;
        if (const QString unit = unitOf(n); !unit.isEmpty() && m_collapsed.contains(unit)) {
            anchor[i] = blockIndex.value(unit, 0);
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
    auto rect = [&](int anchor) {
        if (anchor >= 0) {
            const NodeItem *item = m_scene->nodeItem(design.nodes[std::size_t(anchor)].id);
            return item ? item->sceneBoundingRect() : QRectF();
        }
        return m_blocks.at(m_blockIds[std::size_t(-1 - anchor)])->sceneBoundingRect();
    };
    // Each end faces the other's centre, then the first end faces where the second one landed;
    // ends one above the other (a unit under its row of spines) are joined straight up, in the
    // middle of what they share across.
    for (LinkBundle &b : m_bundles) {
        QPointF towardB = rect(b.a).center();
        if (b.count > 1) {
            const QRectF ra = rect(b.a), rb = rect(b.b);
            const double left = std::max(ra.left(), rb.left()), right = std::min(ra.right(), rb.right());
            if (right > left)
                towardB.setX((left + right) / 2);
        }
        const QPointF pb = anchorPoint(b.b, b.portB, towardB, b.count);
        b.line = QLineF(anchorPoint(b.a, b.portA, pb, b.count), pb);
    }
    if (m_scene->m_linkLayer)
        m_scene->m_linkLayer->update();
}

// --- link bundles ---------------------------------------------------------------------------

namespace {

// The part of `line` inside `box` (Liang-Barsky); false if none. Zoomed in, a bundle runs far
// past the view and the raster engine would stroke all of it.
bool clipLine(QLineF &line, const QRectF &box)
{
    const double dx = line.dx(), dy = line.dy();
    double t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - box.left(), box.right() - line.x1(), line.y1() - box.top(), box.bottom() - line.y1()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF a = line.p1();
    line = QLineF(a + QPointF(dx * t0, dy * t0), a + QPointF(dx * t1, dy * t1));
    return true;
}

constexpr int kBundleLabelPx = 17;

// The labels of a few bundles ("256 × 400G") on their middles, in screen pixels.
QFont bundleLabelFont(QFont font)
{
    font.setPixelSize(kBundleLabelPx);
    font.setBold(true);
    return font;
}

void drawBundleLabels(QPainter *painter, const std::vector<LinkBundle> &bundles, const QRectF &box)
{
    const QTransform toScreen = painter->worldTransform();
    const double scale = std::sqrt(std::abs(toScreen.determinant()));
    // A label whose middle is just outside the area repainted still reaches into it.
    const double reach = 120 / std::max(scale, 1e-6);
    const auto placed = placeBundleLabels(bundles, toScreen, box.adjusted(-reach, -reach, reach, reach));
    painter->save();
    painter->resetTransform();
    painter->setFont(bundleLabelFont(QFont()));   // as placeBundleLabels measured it
    for (const auto &[i, r] : placed) {
        painter->setPen(QPen(QColor(130, 150, 175), 1));
        painter->setBrush(QColor(255, 255, 255, 240));
        painter->drawRoundedRect(r, 4, 4);
        painter->setPen(QColor(30, 40, 60));
        painter->drawText(r, Qt::AlignCenter, bundleLabel(bundles[i]));
    }
    painter->restore();
}

} // namespace

QString bundleLabel(const LinkBundle &bundle)
{
    const QLocale locale;
    if (bundle.speedGbps <= 0)
        return CanvasLod::tr("%1 links").arg(locale.toString(bundle.count));
    return CanvasLod::tr("%1 × %2G").arg(locale.toString(bundle.count), locale.toString(bundle.speedGbps));
}

bool bundleLabelled(const LinkBundle &bundle, double scale, std::size_t total)
{
    return total <= kLabelledBundles && bundle.count >= 2 && bundle.line.length() * scale >= kLabelledBundlePx;
}

std::vector<std::pair<std::size_t, QRectF>> placeBundleLabels(const std::vector<LinkBundle> &bundles, const QTransform &toScreen,
                                                              const QRectF &area)
{
    const double scale = std::sqrt(std::abs(toScreen.determinant()));
    const QFontMetricsF fm(bundleLabelFont(QFont()));
    std::vector<std::pair<std::size_t, QRectF>> placed;
    for (std::size_t i = 0; i < bundles.size(); ++i) {
        const LinkBundle &b = bundles[i];
        if (!bundleLabelled(b, scale, bundles.size()) || !area.contains(b.line.center()))
            continue;
        const double w = fm.horizontalAdvance(bundleLabel(b)) + 12, h = fm.height() + 6;
        const QPointF at = toScreen.map(b.line.center());
        const QRectF r(at.x() - w / 2, at.y() - h / 2, w, h);
        const QRectF apart = r.adjusted(-2, -2, 2, 2);
        if (std::none_of(placed.begin(), placed.end(), [&](const auto &p) { return p.second.intersects(apart); }))
            placed.emplace_back(i, r);
    }
    return placed;
}

void drawBundles(QPainter *painter, const std::vector<LinkBundle> &bundles, const QRectF &exposed, bool heatmap)
{
    if (bundles.empty())
        return;
    // Colour as a lone link of that speed (or heat); width 1 px for one link, 5 px for 256, 6 px
    // from 1,024; a bundle with a link down is dashed.
    struct Style
    {
        QRgb colour;
        int width;
        bool down;
        bool operator<(const Style &o) const
        {
            return std::tie(colour, width, down) < std::tie(o.colour, o.width, o.down);
        }
    };
    std::map<Style, std::vector<QLineF>> batches;
    const QRectF box = exposed.adjusted(-8, -8, 8, 8);
    for (const LinkBundle &b : bundles) {
        QLineF line = b.line;
        if (!clipLine(line, box))
            continue;
        // Opaque: what the translucent colours (alpha 170) looked like over the canvas. Qt's
        // raster engine blends translucent lines pixel by pixel: 7,000 bundles of the 32,000-GPU
        // design took 0.5-2 s per paint translucent, tens of milliseconds opaque.
        QColor c = b.speedGbps >= 800 ? QColor(143, 130, 184) : b.speedGbps >= 400 ? QColor(130, 157, 184) : QColor(157, 170, 177);
        if (b.down)
            c = heatmap ? QColor(60, 60, 60) : QColor(210, 30, 30);
        else if (heatmap && b.utilization >= 0)
            c = utilizationColor(b.utilization);
        const int width = std::clamp(1 + int(std::log2(double(b.count)) / 2), 1, 6);
        batches[Style{c.rgba(), width, b.down}].push_back(line);
    }
    for (const auto &[style, lines] : batches) {
        QPen pen(QColor::fromRgba(style.colour), style.width, style.down ? Qt::DashLine : Qt::SolidLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLines(lines.data(), int(lines.size()));
    }
    if (bundles.size() <= kLabelledBundles)
        drawBundleLabels(painter, bundles, box);
}

// --- GroupItem ------------------------------------------------------------------------------
GroupItem::GroupItem(const QString &id, const QString &title, const QRectF &rect, const QString &summary)
    : m_id(id)
    , m_title(title)
    , m_summary(summary)
    , m_rect(rect)
{
    setZValue(1);
    setFlags(ItemIsSelectable);
}

// The title and the counts in screen pixels, as large as kTitlePx and kSummaryPx (the counts
// wrapped under the title) where the block has room on screen, smaller where not; a long, low
// block (a row of spines) writes both on one line if that is larger. 0 below kMinTextPx.
GroupItem::TextSize GroupItem::textSizeAt(double scale) const
{
    const QSizeF room = m_rect.size() * scale - QSizeF(2 * kTextMarginPx, 2 * kTextMarginPx);
    if (room.width() <= 0 || room.height() <= 0)
        return {};
    QFont bold, plain;
    bold.setBold(true);
    bold.setPixelSize(kTitlePx);
    const double titleW = std::max(1.0, QFontMetricsF(bold).horizontalAdvance(m_title));
    TextSize size;
    size.title = int(std::min({double(kTitlePx), kTitlePx * room.width() / titleW, room.height() / 2.5}));
    const double below = room.height() - 1.25 * size.title - 4;
    for (int px = std::min(kSummaryPx, size.title); px >= kMinTextPx && size.summary == 0; --px) {
        plain.setPixelSize(px);
        const QRectF need = QFontMetricsF(plain).boundingRect(QRectF(0, 0, room.width(), 1e6), Qt::AlignHCenter | Qt::TextWordWrap,
                                                              summaryLines(plain, room.width()));
        if (need.height() <= below && need.width() <= room.width())
            size.summary = px;
    }
    // One line: "Spine switches   16 × Quantum-2 QM9700".
    for (int px = int(std::min<double>(kTitlePx, room.height() / 1.25)); px > size.title && px >= kMinTextPx; --px) {
        bold.setPixelSize(px);
        plain.setPixelSize(px);
        if (oneLineWidth(bold, plain) <= room.width()) {
            size = TextSize{px, px, true};
            break;
        }
    }
    if (size.title < kMinTextPx)
        return {};
    return size;
}

// The counts in lines of `width`, broken between counts ("32 servers · 8 switches", "256 GPUs").
QString GroupItem::summaryLines(const QFont &font, double width) const
{
    const QFontMetricsF fm(font);
    const QString dot = QStringLiteral(" · ");
    QStringList lines;
    for (const QString &count : m_summary.split(dot)) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + dot + count) <= width)
            lines.back() += dot + count;
        else
            lines << count;
    }
    return lines.join(QLatin1Char('\n'));
}

double GroupItem::oneLineWidth(const QFont &bold, const QFont &plain) const
{
    return QFontMetricsF(bold).horizontalAdvance(m_title + QStringLiteral("   ")) + QFontMetricsF(plain).horizontalAdvance(m_summary);
}

void GroupItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    painter->setPen(QPen(isSelected() ? QColor(255, 140, 0) : QColor(70, 90, 120), 2));
    painter->setBrush(QColor(225, 233, 245));
    painter->drawRoundedRect(m_rect, 8, 8);
    const TextSize size = textSizeAt(option->levelOfDetailFromTransform(painter->worldTransform()));
    if (!size.title)
        return;
    // Written in screen pixels: legible at any zoom, title and counts centred as one.
    const QRectF room = painter->worldTransform().mapRect(m_rect).adjusted(kTextMarginPx, kTextMarginPx, -kTextMarginPx, -kTextMarginPx);
    painter->save();
    painter->resetTransform();
    painter->setPen(QColor(30, 40, 60));
    QFont title = painter->font(), counts = painter->font();
    title.setPixelSize(size.title);
    title.setBold(true);
    counts.setPixelSize(std::max(size.summary, 1));
    counts.setBold(false);
    if (size.oneLine) {
        const double left = room.center().x() - oneLineWidth(title, counts) / 2;
        const double titleW = QFontMetricsF(title).horizontalAdvance(m_title + QStringLiteral("   "));
        painter->setFont(title);
        painter->drawText(QRectF(left, room.top(), titleW, room.height()), Qt::AlignLeft | Qt::AlignVCenter, m_title);
        painter->setFont(counts);
        painter->drawText(QRectF(left + titleW, room.top(), room.right() - left - titleW, room.height()), Qt::AlignLeft | Qt::AlignVCenter,
                          m_summary);
        painter->restore();
        return;
    }
    const double titleH = QFontMetricsF(title).lineSpacing();
    const QString lines = summaryLines(counts, room.width());
    const double countsH = size.summary ? QFontMetricsF(counts).boundingRect(QRectF(0, 0, room.width(), 1e6),
                                                                            Qt::AlignHCenter | Qt::TextWordWrap, lines).height() : 0;
    const double top = room.center().y() - (titleH + (size.summary ? 4 + countsH : 0)) / 2;
    painter->setFont(title);
    painter->drawText(QRectF(room.left(), top, room.width(), titleH), Qt::AlignCenter, m_title);
    if (size.summary) {
        painter->setFont(counts);
        painter->drawText(QRectF(room.left(), top + titleH + 4, room.width(), countsH), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                          lines);
    }
    painter->restore();
}

void GroupItem::setContent(const QString &title, const QRectF &rect, const QString &summary)
{
    if (rect != m_rect)
        prepareGeometryChange();
    m_title = title;
    m_rect = rect;
    m_summary = summary;
    update();
}

} // namespace cplan
