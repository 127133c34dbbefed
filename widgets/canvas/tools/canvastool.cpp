#include "canvastool.h"

#include "canvasscene.h"

namespace cplan {

Document *CanvasTool::document() const
{
    return m_scene->document();
}

} // namespace cplan
