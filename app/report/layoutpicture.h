#pragma once

#include <QColor>
#include <QPainter>
#include <QPointF>
#include <QRectF>

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;
struct Node;

// The report's picture of a design: tiers as rows (top tier first), scalable units and pods
// boxed, links as lines (arcs within a row), rows labelled with their parts.
class LayoutPicture
{
public:
    LayoutPicture(const Design &design, const Catalog &catalog);
    void draw(QPainter &p, const QRectF &area);

    static QColor tierColor(int tier);
    static QColor linkTierColor(const std::string &tier);
    // A legend entry at x (moved on past it): a square, or a line for a link.
    static void legendItem(QPainter &p, double &x, double y, const QColor &c, const QString &text, bool line);

private:
    using Cell = std::vector<std::uint32_t>;   // node indices
    int rowOf(const Node &node) const;
    void sortIntoCells();
    void place(const QRectF &area);
    double rowY(int row) const;
    void drawGroupBoxes(QPainter &p) const;
    void drawLinks(QPainter &p) const;
    void drawNodes(QPainter &p) const;
    void drawRowLabels(QPainter &p, const QRectF &area) const;

    const Design &m_design;
    const Catalog &m_catalog;
    std::vector<int> m_rowTier;                  // tier of each row, highest first (0 = endpoints)
    std::vector<std::string> m_groups;           // design groups, unknown groups, then "" (none)
    std::vector<std::vector<Cell>> m_cells;      // [row][group]
    std::vector<char> m_spanning;                // rows without grouped nodes span the width
    std::vector<double> m_weight;                // per group: its widest row
    QRectF m_draw;
    std::vector<double> m_segX0, m_segX1;        // per group: its horizontal segment
    std::vector<QPointF> m_pos;                  // per node
    std::vector<double> m_spacing;               // per row: the narrowest node step
};

} // namespace cplan
