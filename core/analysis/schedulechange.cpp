#include "analysis/schedulechange.h"

#include "schedule/scheduler.h"

namespace cplan {

std::vector<FigureChange> scheduleChanges(const ScheduleResult &a, const ScheduleResult &b)
{
    KeyFigureSources sa, sb;
    sa.schedule = &a;
    sb.schedule = &b;
    const KeyFigures fa = keyFigures(sa), fb = keyFigures(sb);
    std::vector<FigureChange> out;
    for (const KeyFigure &x : fa.figures)
        if (const KeyFigure *y = fb.find(x.id()))
            out.push_back({x, *y});
    return out;
}

} // namespace cplan
