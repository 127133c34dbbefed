#pragma once

#include "document.h"

#include "canvasclipboard.h" // kDesignMimeType
#include "canvasdrop.h"      // kPartMimeType

#include <QGraphicsScene>
#include <QSet>

#include <array>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace cplan {

class CanvasLod;
struct LinkBundle;
class CanvasTool;
class FailTool;
class GroupItem;
class LinkLayer;
class LinkItem;
class NodeItem;
class SelectTool;
class WireTool;

// The canvas: one item per node and link drawn, kept in step with the document by its change
// events (only touched items are updated), and the heatmap, busy GPUs and failed objects drawn on
// them. What is drawn (collapsed units, the plane shown, items built in slices on big designs)
// is the level of detail's (CanvasLod). Mouse gestures belong to the tools (tools/: select and
// move, wire, fail), palette drops to PartDrop, copy and paste to CanvasClipboard, tooltips to
// CanvasToolTips; every edit is an undo command on the document's stack.
class CanvasScene : public QGraphicsScene
{
    Q_OBJECT

public:
    static constexpr double kGrid = 10;

    explicit CanvasScene(Document *document, QObject *parent = nullptr);
    ~CanvasScene() override;

    Document *document() const { return m_document; }
    const Catalog &catalog() const { return m_document->catalog(); }

    bool snapToGrid() const { return m_snap; }
    void setSnapToGrid(bool snap) { m_snap = snap; }
    bool isSyncing() const { return m_syncing; }

    // The item of a node or link, if it is drawn now (see revealObject).
    NodeItem *nodeItem(const std::string &id) const;
    const std::unordered_map<std::string, LinkItem *> &linkItems() const { return m_links; }
    // Bounds of the nodes and group blocks (what "fit" shows; the link layer is unbounded).
    QRectF contentRect() const;
    // Repaints the part of the link layer a link covers.
    void updateLinkArea(const QRectF &rect);
    LinkItem *linkItem(const std::string &id) const;
    // What a click at `scenePos` in `viewport` (a view's viewport; null = the first view) means,
    // with a few pixels of tolerance at that view's zoom: the node or collapsed block under the
    // cursor, else the nearest visible link within the tolerance; null when nothing is near.
    QGraphicsItem *itemNear(QPointF scenePos, const QWidget *viewport = nullptr) const;
    // The bundle (of a collapsed unit's links) drawn nearest `scenePos` within the same tolerance.
    const LinkBundle *bundleNear(QPointF scenePos, const QWidget *viewport = nullptr) const;
    static constexpr double kClickTolerancePx = 6;
    // Where a link meets a node: the port, or the edge of the block of a collapsed group.
    QPointF endpointPos(const NodeItem *node, QPointF portPos, QPointF otherEnd) const;

    // Selection.
    std::vector<std::string> selectedNodeIds() const;
    std::vector<std::string> selectedLinkIds() const;
    void selectObjects(const QStringList &ids);
    void deleteSelection();

    // Adds a part at a scene position (see PartDrop). On refusal returns false with why.
    bool dropPart(const std::string &partId, QPointF scenePos, QString *why = nullptr);

    // Level of detail: a collapsed group (SU, pod) is drawn as one block.
    QStringList groupIds() const;
    void setGroupCollapsed(const QString &group, bool collapsed);
    void setAllGroupsCollapsed(bool collapsed);
    bool isGroupCollapsed(const QString &group) const;
    GroupItem *groupBlock(const QString &group) const;   // the block of a collapsed group
    QRectF groupBounds(const QString &group) const;
    CanvasLod *levelOfDetail() const { return m_lod; }
    // Designs with more nodes are large: units collapsed until zoomed in, one plane at a time.
    void setLargeDesignNodes(int nodes);
    bool isLargeDesign() const;
    // Finishes the items being built in slices (what tests and exports need at once).
    void flushLevelOfDetail();
    // Planes of a multi-plane design (0 for one fabric) and the one shown (0 = all).
    int planeCount() const;
    int plane() const;
    void setPlane(int plane);
    // Brings a node or link onto the canvas (its plane shown, its unit expanded); false if no
    // such object.
    bool revealObject(const std::string &id);

    // Heatmap: utilization per link id in [0, 1]; empty clears it.
    void setLinkUtilization(const std::unordered_map<std::string, double> &utilization);
    bool hasUtilization() const { return m_hasUtilization; }
    // Busy GPUs per server id during a scheduling run; empty clears it.
    void setBusyGpus(const std::unordered_map<std::string, int> &busy);

    // Failure mode: clicks fail or restore links and switches instead of selecting them.
    void setFailureMode(bool on);
    bool failureMode() const { return m_failureMode; }
    const std::set<std::string> &failedObjects() const { return m_failed; }
    void clearFailures();
    void toggleFailed(const std::string &id);

signals:
    void failedObjectsChanged();
    void planeChanged(int plane);
    void statusMessage(const QString &message);
    // A right click on `item` (a node, link or collapsed group; null = empty canvas).
    void contextMenuRequested(QGraphicsItem *item, const QPoint &screenPos);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent *event) override;
    void dragEnterEvent(QGraphicsSceneDragDropEvent *event) override;
    void dragMoveEvent(QGraphicsSceneDragDropEvent *event) override;
    void dropEvent(QGraphicsSceneDragDropEvent *event) override;
    void helpEvent(QGraphicsSceneHelpEvent *event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent *event) override;

private:
    friend class CanvasLod;
    double clickTolerance(const QWidget *viewport) const;
    void onChanged(const ChangeEvent &event);
    void rebuild();
    NodeItem *createNodeItem(const Node &node);
    LinkItem *createLinkItem(const Link &link);
    void deleteLinkItem(const std::string &id);
    void deleteNodeItem(const std::string &id);
    std::array<CanvasTool *, 3> allTools() const;
    std::vector<CanvasTool *> tools() const;
    void cancelGesture();

    Document *m_document;
    std::unordered_map<std::string, NodeItem *> m_nodes;
    std::unordered_map<std::string, LinkItem *> m_links;
    std::unordered_map<std::string, double> m_utilization;   // the heatmap, also for bundles
    LinkLayer *m_linkLayer = nullptr;
    CanvasLod *m_lod = nullptr;
    std::set<std::string> m_failed;
    bool m_snap = true;
    bool m_syncing = false;
    bool m_hasUtilization = false;
    bool m_failureMode = false;

    std::unique_ptr<SelectTool> m_selectTool;
    std::unique_ptr<WireTool> m_wireTool;
    std::unique_ptr<FailTool> m_failTool;
    std::unique_ptr<PartDrop> m_partDrop;
    CanvasTool *m_gesture = nullptr;   // the tool that took the current press
};

} // namespace cplan
