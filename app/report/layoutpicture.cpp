#include "layoutpicture.h"

#include "pdfreport.h"
#include "reportcharts.h"
#include "reportformat.h"
#include "reportpainter.h"

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "model/design.h"

#include <QFontMetricsF>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cplan {

namespace {

constexpr double kLabelWidth = 92;
constexpr double kGroupGap = 10;

int nodeRowTier(const Node &node)
{
    return node.role == NodeRole::Switch ? level(switchTier(node.tier)) : 0;
}

} // namespace

QColor LayoutPicture::tierColor(int tier)
{
    return tier >= 3 ? ink::kCore : tier == 2 ? ink::kSpine : ink::kLeaf;
}

QColor LayoutPicture::linkTierColor(const std::string &tier)
{
    if (tier == "leaf-spine")
        return ink::kSpine;
    if (tier == "spine-core")
        return ink::kCore;
    if (tier == "node-leaf")
        return ink::kServer;
    return ink::kMgmt;
}

void LayoutPicture::legendItem(QPainter &p, double &x, double y, const QColor &c, const QString &text, bool line)
{
    if (line) {
        p.setPen(QPen(c, 2));
        p.drawLine(QPointF(x, y + 5), QPointF(x + 14, y + 5));
    } else {
        p.fillRect(QRectF(x + 2, y + 1, 9, 9), c);
    }
    p.setFont(reportFont(7));
    p.setPen(ink::kText);
    const double w = QFontMetricsF(reportFont(7), p.device()).horizontalAdvance(text);
    p.drawText(QRectF(x + 18, y, w + 4, 11), Qt::AlignLeft | Qt::AlignVCenter, text);
    x += w + 34;
}

LayoutPicture::LayoutPicture(const Design &design, const Catalog &catalog)
    : m_design(design)
    , m_catalog(catalog)
{
    // Rows: tiers present, highest first; endpoints (servers, management) in row tier 0.
    std::set<int, std::greater<int>> tiers;
    for (const Node &node : design.nodes)
        tiers.insert(nodeRowTier(node));
    m_rowTier.assign(tiers.begin(), tiers.end());
    // Group segments across the width: design groups in order, then unknown groups, then none.
    for (const Group &g : design.groups)
        m_groups.push_back(g.id);
    for (const Node &node : design.nodes)
        if (!node.group.empty() && std::find(m_groups.begin(), m_groups.end(), node.group) == m_groups.end())
            m_groups.push_back(node.group);
    m_groups.push_back(std::string());
    sortIntoCells();
}

int LayoutPicture::rowOf(const Node &node) const
{
    return int(std::find(m_rowTier.begin(), m_rowTier.end(), nodeRowTier(node)) - m_rowTier.begin());
}

void LayoutPicture::sortIntoCells()
{
    const std::size_t rows = m_rowTier.size();
    m_cells.assign(rows, std::vector<Cell>(m_groups.size()));
    for (std::uint32_t i = 0; i < m_design.nodes.size(); ++i) {
        const Node &node = m_design.nodes[i];
        const auto g = std::size_t(std::find(m_groups.begin(), m_groups.end(), node.group) - m_groups.begin());
        m_cells[std::size_t(rowOf(node))][g].push_back(i);
    }
    for (auto &row : m_cells)
        for (Cell &cell : row)
            std::sort(cell.begin(), cell.end(), [&](std::uint32_t a, std::uint32_t b) {
                return std::tie(m_design.nodes[a].x, a) < std::tie(m_design.nodes[b].x, b);
            });
    // A row whose nodes are all ungrouped (spines) spans the whole width; the others share it
    // out by each group's widest row.
    m_spanning.assign(rows, 0);
    m_weight.assign(m_groups.size(), 0);
    for (std::size_t r = 0; r < rows; ++r) {
        std::size_t grouped = 0;
        for (std::size_t g = 0; g + 1 < m_groups.size(); ++g)
            grouped += m_cells[r][g].size();
        m_spanning[r] = grouped == 0;
        if (!m_spanning[r])
            for (std::size_t g = 0; g < m_groups.size(); ++g)
                m_weight[g] = std::max(m_weight[g], double(m_cells[r][g].size()));
    }
}

double LayoutPicture::rowY(int row) const
{
    const int rows = int(m_rowTier.size());
    return rows > 1 ? m_draw.top() + m_draw.height() / (rows - 1) * row : m_draw.center().y();
}

void LayoutPicture::place(const QRectF &area)
{
    // Links inside the top row are drawn as arcs above it: leave room for them.
    bool topRowArcs = false;
    for (const Link &l : m_design.links)
        topRowArcs = topRowArcs || (rowOf(m_design.node(l.a.node)) == 0 && rowOf(m_design.node(l.b.node)) == 0);
    const double arcRoom = topRowArcs ? 36 : 0;
    m_draw = QRectF(area.x() + kLabelWidth, area.y() + 14 + arcRoom, area.width() - kLabelWidth - 4, area.height() - 28 - arcRoom);
    double totalWeight = 0;
    for (double w : m_weight)
        totalWeight += w;
    const int segments = int(std::count_if(m_weight.begin(), m_weight.end(), [](double w) { return w > 0; }));
    const double usable = m_draw.width() - kGroupGap * std::max(0, segments - 1);
    m_segX0.assign(m_groups.size(), m_draw.left());
    m_segX1.assign(m_groups.size(), m_draw.right());
    double x = m_draw.left();
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        if (m_weight[g] <= 0)
            continue;
        m_segX0[g] = x;
        m_segX1[g] = x + usable * m_weight[g] / std::max(1.0, totalWeight);
        x = m_segX1[g] + kGroupGap;
    }
    m_pos.assign(m_design.nodes.size(), QPointF());
    m_spacing.assign(m_rowTier.size(), m_draw.width());
    for (std::size_t r = 0; r < m_rowTier.size(); ++r)
        for (std::size_t g = 0; g < m_groups.size(); ++g) {
            const Cell &ids = m_cells[r][g];
            if (ids.empty())
                continue;
            const double x0 = m_spanning[r] ? m_draw.left() : m_segX0[g], x1 = m_spanning[r] ? m_draw.right() : m_segX1[g];
            const double step = (x1 - x0) / double(ids.size());
            m_spacing[r] = std::min(m_spacing[r], step);
            for (std::size_t k = 0; k < ids.size(); ++k)
                m_pos[ids[k]] = QPointF(x0 + step * (double(k) + 0.5), rowY(int(r)));
        }
}

void LayoutPicture::draw(QPainter &p, const QRectF &area)
{
    if (m_design.nodes.empty()) {
        chartMessage(p, area, PdfReport::tr("The design has no nodes."));
        return;
    }
    place(area);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    drawGroupBoxes(p);
    drawLinks(p);
    drawNodes(p);
    drawRowLabels(p, area);
    p.restore();
}

void LayoutPicture::drawGroupBoxes(QPainter &p) const
{
    const int rows = int(m_rowTier.size());
    for (std::size_t g = 0; g + 1 < m_groups.size(); ++g) {
        int firstRow = rows, lastRow = -1;
        for (int r = 0; r < rows; ++r)
            if (!m_spanning[std::size_t(r)] && !m_cells[std::size_t(r)][g].empty()) {
                firstRow = std::min(firstRow, r);
                lastRow = std::max(lastRow, r);
            }
        if (lastRow < 0)
            continue;
        const QRectF box(m_segX0[g] - 3, rowY(firstRow) - 20, m_segX1[g] - m_segX0[g] + 6, rowY(lastRow) - rowY(firstRow) + 40);
        p.setPen(QPen(QColor(0xb8, 0xc4, 0xd3), 0.8, Qt::DashLine));
        p.setBrush(QColor(0xf5, 0xf8, 0xfb));
        p.drawRoundedRect(box, 5, 5);
        QString label = qs(m_groups[g]);
        for (const Group &gr : m_design.groups)
            if (gr.id == m_groups[g] && !gr.name.empty())
                label = qs(gr.name);
        p.setFont(reportFont(7.5, true));
        p.setPen(ink::kMuted);
        p.drawText(QRectF(box.x() + 4, box.bottom() - 13, box.width() - 8, 12), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(reportFont(7.5, true), p.device()).elidedText(label, Qt::ElideRight, box.width() - 8));
    }
}

void LayoutPicture::drawLinks(QPainter &p) const
{
    // Faint when there are many.
    const std::size_t links = m_design.links.size();
    const double alpha = std::clamp(6000.0 / double(std::max<std::size_t>(1, links)), 25.0, 160.0);
    const double width = links > 1500 ? 0.25 : links > 300 ? 0.4 : 0.7;
    for (const Link &l : m_design.links) {
        QColor c = linkTierColor(linkTierName(m_design, l));
        c.setAlpha(int(alpha));
        p.setPen(QPen(c, width));
        const QPointF a = m_pos[l.a.node.value], b = m_pos[l.b.node.value];
        if (std::fabs(a.y() - b.y()) < 1e-6) {
            // Same row (a torus, a ring): an arc above the row, higher for longer links.
            QPainterPath arc(a);
            arc.quadTo(QPointF((a.x() + b.x()) / 2, a.y() - 12 - std::min(50.0, std::fabs(b.x() - a.x()) * 0.1)), b);
            p.setBrush(Qt::NoBrush);
            p.drawPath(arc);
        } else {
            p.drawLine(a, b);
        }
    }
}

void LayoutPicture::drawNodes(QPainter &p) const
{
    for (std::uint32_t i = 0; i < m_design.nodes.size(); ++i) {
        const Node &node = m_design.nodes[i];
        const double step = m_spacing[std::size_t(rowOf(node))];
        const bool isSwitch = node.role == NodeRole::Switch;
        const QColor fill = isSwitch ? tierColor(level(switchTier(node.tier))) : node.role == NodeRole::Management ? ink::kMgmt : ink::kServer;
        const double w = isSwitch ? std::clamp(step * 0.8, 1.5, 46.0) : std::clamp(step * 0.75, 1.2, 18.0);
        const double h = isSwitch ? 12 : 16;
        p.setPen(w > 6 ? QPen(fill.darker(130), 0.5) : Qt::NoPen);
        p.setBrush(fill);
        p.drawRect(QRectF(m_pos[i].x() - w / 2, m_pos[i].y() - h / 2, w, h));
        if (!isSwitch)
            continue;
        QString name = qs(node.name.empty() ? node.id : node.name);
        // "su01-leaf3" inside the SU 1 box reads as "leaf3".
        if (!node.group.empty() && name.startsWith(qs(node.group)) && name.size() > int(node.group.size()) + 1)
            name = name.mid(int(node.group.size()) + 1);
        const QFont f = reportFont(5.5);
        if (QFontMetricsF(f, p.device()).horizontalAdvance(name) + 2 < step) {
            p.setFont(f);
            p.setPen(ink::kText);
            p.drawText(QRectF(m_pos[i].x() - step / 2, m_pos[i].y() - h / 2 - 9, step, 8), Qt::AlignHCenter | Qt::AlignVCenter, name);
        }
    }
}

void LayoutPicture::drawRowLabels(QPainter &p, const QRectF &area) const
{
    for (std::size_t r = 0; r < m_rowTier.size(); ++r) {
        std::map<std::string, int> parts;
        int count = 0;
        for (const Cell &cell : m_cells[r])
            for (std::uint32_t i : cell) {
                ++parts[m_design.nodes[i].part];
                ++count;
            }
        const int t = m_rowTier[r];
        const QString rowName = t == 0 ? PdfReport::tr("Endpoints") : t == 1 ? PdfReport::tr("Leaf") : t == 2 ? PdfReport::tr("Spine")
                                                                                 : t == 3 ? PdfReport::tr("Core")
                                                                                          : PdfReport::tr("Tier %1").arg(t);
        QStringList partText;
        for (const auto &[part, k] : parts) {
            const Part *pp = m_catalog.find(part);
            partText << QStringLiteral("%1 × %2").arg(k).arg(pp ? qs(pp->model) : qs(part));
        }
        const double y = rowY(int(r));
        p.setFont(reportFont(8, true));
        p.setPen(ink::kText);
        p.drawText(QRectF(area.x(), y - 16, kLabelWidth - 8, 12), Qt::AlignLeft | Qt::AlignVCenter, rowName + QStringLiteral(" (%1)").arg(count));
        p.setFont(reportFont(6));
        p.setPen(ink::kMuted);
        p.drawText(QRectF(area.x(), y - 4, kLabelWidth - 8, 30), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, partText.join(QLatin1Char('\n')));
    }
}

} // namespace cplan
