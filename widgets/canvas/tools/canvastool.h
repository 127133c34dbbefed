#pragma once

class QGraphicsSceneMouseEvent;

namespace cplan {

class CanvasScene;
class Document;
class NodeItem;

// One mouse gesture on the canvas (Tiled's AbstractTool): the scene offers each press to its
// tools in order and the first that takes it owns the gesture until the button is released.
// Tools edit the design only through undo commands on the document's stack.
class CanvasTool
{
public:
    explicit CanvasTool(CanvasScene *scene)
        : m_scene(scene)
    {}
    virtual ~CanvasTool() = default;
    CanvasTool(const CanvasTool &) = delete;
    CanvasTool &operator=(const CanvasTool &) = delete;

    // True when the tool takes this press (the gesture is then its own until release).
    virtual bool accepts(const QGraphicsSceneMouseEvent *event) const = 0;
    // True when the scene's own item handling (selection, rubber band, item drags) runs before
    // the tool sees the press, move and release.
    virtual bool usesItemInteraction() const { return false; }
    virtual void mousePressed(QGraphicsSceneMouseEvent *event) = 0;
    virtual void mouseMoved(QGraphicsSceneMouseEvent *) {}
    virtual void mouseReleased(QGraphicsSceneMouseEvent *) {}
    // Drops a gesture under way without editing (design replaced, mode changed).
    virtual void cancel() {}
    // A node item is about to be deleted: the tool must not keep a pointer to it.
    virtual void forgetNode(const NodeItem *) {}

protected:
    CanvasScene *scene() const { return m_scene; }
    Document *document() const;

private:
    CanvasScene *m_scene;
};

} // namespace cplan
