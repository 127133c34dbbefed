#pragma once

#include <QElapsedTimer>
#include <QHash>
#include <QLineF>
#include <QObject>
#include <QPointer>
#include <QRectF>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QTransform>

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

class QGraphicsView;
class QPainter;

namespace cplan {

class CanvasScene;
class Design;
class GroupItem;
class NodeItem;
struct Node;
struct Link;

// Links drawn as one line: those between two anchors (a node on the canvas or the block of a
// collapsed unit) of which at least one is a block. Width grows with the count.
struct LinkBundle
{
    int a = -1, b = -1;          // anchors: >= 0 a node index, < 0 the block -1 - i
    int portA = 0, portB = 0;    // the first link's ports (a lone link is drawn port to port)
    int count = 0;
    double speedGbps = 0;        // the fastest link's
    double utilization = -1;     // the hottest link's; < 0 = no heatmap
    bool down = false;           // a link of it failed (or a switch at its end)
    QLineF line;
};

// Draws the bundles that cross `exposed`, batched by colour and width, and the labels of those
// bundleLabelled() names (canvasblocks.cpp).
void drawBundles(QPainter *painter, const std::vector<LinkBundle> &bundles, const QRectF &exposed, bool heatmap);
// What a bundle holds, as its label says it: "256 × 400G".
QString bundleLabel(const LinkBundle &bundle);
// Whether a bundle is labelled at `scale`: a few bundles on the canvas (at most kLabelledBundles
// of `total`), of two links or more, long enough on screen for the label to sit on the line.
bool bundleLabelled(const LinkBundle &bundle, double scale, std::size_t total);
// Where the labels of `bundles` go on screen (`toScreen`: scene to device pixels), those whose
// middle lies in `area` (scene): one per labelled bundle, in the bundles' order, none over one
// placed before it (the uplinks of a unit opened in the summary sat side by side, their labels
// one over the other). Pairs of bundle index and label box.
std::vector<std::pair<std::size_t, QRectF>> placeBundleLabels(const std::vector<LinkBundle> &bundles, const QTransform &toScreen,
                                                              const QRectF &area);
constexpr std::size_t kLabelledBundles = 64;
constexpr double kLabelledBundlePx = 48;

// The canvas's level of detail at any size. Items exist for what is drawn: the nodes of the plane
// shown whose unit (SU, pod) is expanded, and the links between them. A collapsed unit is one
// block (GroupItem, with its counts), and the links into it are bundles. Large designs (more
// nodes than largeDesignNodes) open with every unit collapsed and expand the units in view as the
// user zooms in (past kExpandScale), collapsing them again when zoomed out or out of view; a unit
// the user expanded or collapsed (double-click, menu) stays so. Items are created and deleted in
// slices of at most kSliceMs on the GUI thread, so nothing stalls it; flush() finishes at once.
// Multi-plane designs show one plane at a time (or all): its switches, the servers (shared) and
// its links; a single plane is drawn where plane 1 is, so every plane looks alike.
//
// Mid-size designs (with units, not large) have a summary level: when the full drawing would be
// unreadable at the view's zoom (summaryAt: more than kSummaryLinks links and the average node
// narrower than kSummaryNodePx on screen, as at Fit on a 4-SU SuperPOD) every unit is a block,
// and so is each row of switches of one tier outside the units (the spines: unitOf); zooming in
// past it brings the full drawing back, by the same passes.
class CanvasLod : public QObject
{
    Q_OBJECT

public:
    static constexpr double kExpandScale = 0.04;
    static constexpr int kSliceMs = 20;
    static constexpr int kDefaultLargeDesignNodes = 3000;
    static constexpr double kSummaryNodePx = 32;
    static constexpr int kSummaryLinks = 1000;

    explicit CanvasLod(CanvasScene *scene);
    ~CanvasLod() override;

    // The design was replaced: planes, shifts and the defaults (large: all collapsed, plane 1).
    // `fresh`: another design opened (not an undo step of this one): the units the user (or
    // Find) opened or closed in the one before are forgotten, even where the ids are the same.
    void reset(bool fresh = false);
    void setLargeDesignNodes(int nodes) { m_largeNodes = nodes; }
    bool isLarge() const { return m_large; }
    // Mid-size design drawn in summary now (see the class comment).
    bool isSummary() const { return m_summary; }
    // The unit a node is drawn in when that is collapsed: its group, or on a mid-size design with
    // units the row of two or more switches of its tier (and plane) outside any unit ("#spine",
    // "#core@2"); empty if none.
    QString unitOf(const Node &node) const;

    int planeCount() const { return m_planes; }
    int plane() const { return m_plane; }          // 0 = all planes
    void setPlane(int plane);

    bool nodeShown(const Node &node) const;
    bool linkShown(const Design &design, const Link &link) const;
    // Whether `node` has an item (once the pending slices are done).
    bool materializes(const Node &node) const;
    // Vertical shift of a node's drawing (one plane shown where plane 1 is).
    double shiftOf(const Node &node) const;

    bool isCollapsed(const QString &group) const { return m_collapsed.contains(group); }
    void setCollapsed(const QString &group, bool collapsed);
    void setAllCollapsed(bool collapsed);
    // Where a unit's shown nodes are (its block's rectangle when collapsed); null if none.
    QRectF groupBounds(const QString &group) const { return m_bounds.value(group); }
    QRectF designBounds() const { return m_designBounds; }

    // Keeps step with the view: zooming and scrolling expand and collapse units.
    void watch(QGraphicsView *view);
    void viewChanged();
    // The document changed: what is drawn is brought up to date in the next slices.
    void designChanged();
    // A node on the canvas moved: the bundles at its end follow.
    void nodeMoved();

    bool isPending() const { return m_timer.isActive() || m_viewTimer.isActive() || m_stage != Stage::Idle; }
    void flush();

    const std::vector<LinkBundle> &bundles() const { return m_bundles; }
    const std::unordered_map<std::string, GroupItem *> &blocks() const { return m_blocks; }

signals:
    void planeChanged(int plane);
    // A pass finished: items, blocks and bundles match the document, plane and zoom.
    void synced();

private:
    enum class Stage { Idle, Start, Nodes, Links, Finish };
    void schedule(int delayMs = 0);
    void flushIfSmall();
    bool runSlice(qint64 budgetMs);   // true when the pass is done
    void decide();
    void measure();
    bool summaryAt(double scale) const;
    QStringList units() const;
    bool keepsExpanded(const QString &group) const;
    void removeUnwanted();
    bool createNodes(const QElapsedTimer &clock, qint64 budgetMs);
    bool createLinks(const QElapsedTimer &clock, qint64 budgetMs);
    void finishPass();
    void rebuildBlocks();
    void rebuildBundles();
    void layoutBundles();
    QRectF nodeRect(const Node &node);   // scene rectangle, shift included
    QPointF anchorPoint(int anchor, int port, QPointF toward, int count) const;

    CanvasScene *m_scene;
    std::vector<QPointer<QGraphicsView>> m_views;
    QTimer m_timer;
    QTimer m_viewTimer;
    QTimer m_geometryTimer;
    Stage m_stage = Stage::Idle;
    std::size_t m_cursor = 0;
    std::vector<NodeItem *> m_itemAt;   // per node index, during a pass

    int m_largeNodes = kDefaultLargeDesignNodes;
    bool m_large = false;
    bool m_holdCollapsed = false;       // large design: all collapsed until the view changes
    bool m_rows = false;                // mid-size with units: the rows of switches are units
    bool m_summary = false;
    double m_meanNodeWidth = 0;         // scene units, of the nodes shown
    int m_shownLinks = 0;
    QHash<QString, int> m_rowSize;      // row of switches -> switches in it
    int m_planes = 0;
    int m_plane = 0;
    std::vector<double> m_planeShift;   // per plane (index = plane)
    QHash<QString, bool> m_pinned;      // unit -> collapsed, as the user asked
    QSet<QString> m_collapsed;          // in effect
    QHash<QString, QRectF> m_bounds;
    QRectF m_designBounds;
    std::unordered_map<std::string, QRectF> m_rectCache;   // node drawing size per part and HCAs
    std::unordered_map<std::string, GroupItem *> m_blocks;
    std::vector<std::string> m_blockIds;  // block anchor -1 - i
    std::vector<LinkBundle> m_bundles;
};

} // namespace cplan
