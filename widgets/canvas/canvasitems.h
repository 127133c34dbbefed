#pragma once

#include "model/tier.h"

#include <QColor>
#include <QGraphicsItem>
#include <QRectF>
#include <QString>

#include <string>
#include <vector>

namespace cplan {

class Catalog;
class CanvasScene;
class LinkItem;
struct Node;

// Item types, for qgraphicsitem_cast.
enum CanvasItemType { NodeItemType = QGraphicsItem::UserType + 1, LinkItemType, GroupItemType, LinkLayerType };

// Colour of a utilization in [0, 1] on the heatmap scale (blue - green - yellow - red).
QColor utilizationColor(double u);

// A switch or server drawn with its ports: a switch as rows of cages (twin-port cages hold two
// ports), a server with its GPUs and its HCA ports (free PCIe slots drawn empty). Position is
// the node's centre. Simplified drawing when zoomed out (level of detail).
class NodeItem : public QGraphicsItem
{
public:
    NodeItem(CanvasScene *scene, const Node &node);
    int type() const override { return NodeItemType; }

    const std::string &nodeId() const { return m_id; }
    void refresh(const Node &node);           // part, ports, name changed
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // 1-based port under a local position, or 0.
    int portAt(QPointF local) const;
    QPointF portScenePos(int port) const;
    int portCount() const { return int(m_ports.size()); }
    bool isSwitch() const { return m_switch; }
    QString group() const { return m_group; }

    void addLink(LinkItem *link) { m_links.push_back(link); }
    void removeLink(LinkItem *link);
    const std::vector<LinkItem *> &links() const { return m_links; }
    void updateLinks();

    void setBusyGpus(int busy);
    void setFailed(bool failed);
    bool failed() const { return m_failed; }
    void setHighlightPort(int port);           // wiring feedback

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    struct PortBox
    {
        QRectF rect;
        int hca = 0;
    };
    void layout(const Node &node);

    CanvasScene *m_scene;
    std::string m_id;
    QString m_label, m_model, m_group;
    QRectF m_rect;
    std::vector<PortBox> m_ports;
    std::vector<QRectF> m_cages;        // switch cages and server HCA frames
    std::vector<QRectF> m_freeSlots;    // empty PCIe slots
    std::vector<QRectF> m_gpus;
    std::vector<LinkItem *> m_links;
    QColor m_fill;
    bool m_switch = false;
    bool m_failed = false;
    Tier m_tier = Tier::Endpoint;
    int m_busyGpus = 0;
    int m_highlightPort = 0;
};

// A cable between two ports. Coloured by utilization when a heatmap is shown. The item is
// what selection, hit tests and tooltips see; the LinkLayer draws all cables in one batch
// (100,000 separate line paints cost seconds per frame, one drawLines per colour a few ms).
class LinkItem : public QGraphicsItem
{
public:
    LinkItem(const std::string &id, NodeItem *a, int portA, NodeItem *b, int portB, double speedGbps);
    int type() const override { return LinkItemType; }

    const std::string &linkId() const { return m_id; }
    NodeItem *nodeA() const { return m_a; }
    NodeItem *nodeB() const { return m_b; }
    int portA() const { return m_portA; }
    int portB() const { return m_portB; }
    double speedGbps() const { return m_speed; }
    void updateGeometry();
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    void setUtilization(double u);      // < 0 = none
    double utilization() const { return m_util; }
    void setFailed(bool failed);
    bool failed() const { return m_failed; }
    // Failed itself or through a failed node at either end: drawn as failed, whatever the
    // heatmap says (a dead link carries nothing, which is not "0 % utilized").
    bool isDown() const;
    const QLineF &line() const { return m_line; }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    void repaint();

    std::string m_id;
    NodeItem *m_a, *m_b;
    int m_portA, m_portB;
    double m_speed;
    QLineF m_line;
    double m_util = -1;
    bool m_failed = false;
};

// Draws every link of the scene, batched by colour, culled to the exposed area.
class LinkLayer : public QGraphicsItem
{
public:
    explicit LinkLayer(const CanvasScene *scene);
    int type() const override { return LinkLayerType; }
    QRectF boundingRect() const override { return m_rect; }
    QPainterPath shape() const override { return {}; }   // never hit: clicks reach the links
    void setRect(const QRectF &rect);
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    const CanvasScene *m_scene;
    QRectF m_rect;
};

// A collapsed scalable unit or pod: one block instead of its switches and servers
// (canvasblocks.cpp).
class GroupItem : public QGraphicsItem
{
public:
    GroupItem(const QString &id, const QString &title, const QRectF &rect, const QString &summary);
    int type() const override { return GroupItemType; }
    void setContent(const QString &title, const QRectF &rect, const QString &summary);
    QString groupId() const { return m_id; }
    QString title() const { return m_title; }
    QString summary() const { return m_summary; }
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // Pixel sizes of the title and the counts on screen at a zoom of `scale` (0: not written).
    struct TextSize
    {
        int title = 0, summary = 0;
        bool oneLine = false;   // the counts beside the title
    };
    TextSize textSizeAt(double scale) const;
    static constexpr int kTitlePx = 30, kSummaryPx = 20, kMinTextPx = 9, kTextMarginPx = 8;

private:
    double oneLineWidth(const QFont &bold, const QFont &plain) const;
    QString summaryLines(const QFont &font, double width) const;

    QString m_id, m_title, m_summary;
    QRectF m_rect;
};

} // namespace cplan
