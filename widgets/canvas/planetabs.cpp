#include "planetabs.h"

#include "canvasscene.h"

namespace cplan {

PlaneTabs::PlaneTabs(CanvasScene *scene, QWidget *parent)
    : QTabBar(parent)
    , m_scene(scene)
{
    setObjectName(QStringLiteral("PlaneTabs"));
    setDocumentMode(true);
    setExpanding(false);
    setDrawBase(false);
    setToolTip(tr("Each plane is an independent fabric (its own subnet); the servers are in all of them"));
    connect(scene, &CanvasScene::planeChanged, this, &PlaneTabs::refresh);
    connect(this, &QTabBar::currentChanged, this, [this](int index) {
        if (!m_updating && index >= 0)
            m_scene->setPlane(index);   // tab 0 = all planes, tab p = plane p
    });
    refresh();
}

void PlaneTabs::refresh()
{
    m_updating = true;
    const int planes = m_scene->planeCount();
    if (count() != (planes ? planes + 1 : 0)) {
        while (count())
            removeTab(0);
        if (planes) {
            addTab(tr("All planes"));
            for (int p = 1; p <= planes; ++p)
                addTab(tr("Plane %1").arg(p));
        }
    }
    setCurrentIndex(m_scene->plane());
    setVisible(planes > 0);
    m_updating = false;
}

} // namespace cplan
