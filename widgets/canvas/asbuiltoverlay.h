#pragma once

#include "verify/verify.h"

#include <QGraphicsObject>
#include <QWidget>

#include <array>
#include <string>
#include <vector>

namespace cplan {

class CanvasScene;

// A comparison with the as-built fabric drawn on the canvas, above the cables: planned cables
// that are missing (dashed), misconnected or degraded in their verdict's colour, and where the
// misconnected and unexpected cables really are, between the ports found. Planned nodes that
// are missing or of another part get a frame. Drawn from the items' current positions, so it
// follows moves; objects that are no longer on the canvas are left out. A QGraphicsObject so its
// owner can tell (QPointer) when the scene took it down with everything else on a rebuild.
class AsBuiltOverlay : public QGraphicsObject
{
    Q_OBJECT

public:
    explicit AsBuiltOverlay(CanvasScene *scene);

    void setResult(const VerifyResult &result);
    void clear();
    bool isEmpty() const { return m_marks.empty() && m_frames.empty(); }
    // Marks drawn per verdict (the Different ones count as degraded), for tests and the legend.
    int marks(CableVerdict verdict) const;
    int frames() const { return int(m_frames.size()); }
    // Recomputes the area after nodes moved.
    void refresh();

    QRectF boundingRect() const override { return m_rect; }
    QPainterPath shape() const override { return {}; }   // never hit: clicks reach the canvas
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    struct Mark
    {
        CableVerdict verdict;
        std::string nodeA, nodeB;   // plan node ids on the canvas
        int portA, portB;
        bool actual;                // where a cable was found (not where it was planned)
    };
    struct Frame
    {
        NodeVerdict verdict;
        std::string node;
    };
    bool ends(const Mark &m, QPointF &a, QPointF &b) const;

    CanvasScene *m_scene;
    std::vector<Mark> m_marks;
    std::vector<Frame> m_frames;
    QRectF m_rect;
};

// The legend of the overlay, in a corner of the canvas: a line sample per verdict with its count.
class AsBuiltLegend : public QWidget
{
    Q_OBJECT

public:
    explicit AsBuiltLegend(QWidget *parent);
    void setSummary(const VerifySummary &summary);
    // When almost no node matched (verify/matchstats.h), the line under the counts that says so.
    QString warning() const { return m_warning; }
    // The plan changed after the comparison: the title says so until the next one.
    void setOutdated(bool outdated);
    QString title() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;   // a new language: the warning written again

private:
    VerifySummary m_summary;
    QString m_warning;
    bool m_outdated = false;
};

} // namespace cplan
