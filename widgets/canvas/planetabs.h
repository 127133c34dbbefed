#pragma once

#include <QTabBar>

namespace cplan {

class CanvasScene;

// The planes of a multi-plane design as tabs above the canvas: "All planes", "Plane 1", ...
// (hidden for a design of one fabric). A tab shows that plane's switches and links, the
// servers being in every plane.
class PlaneTabs : public QTabBar
{
    Q_OBJECT

public:
    explicit PlaneTabs(CanvasScene *scene, QWidget *parent = nullptr);

private:
    void refresh();

    CanvasScene *m_scene;
    bool m_updating = false;
};

} // namespace cplan
