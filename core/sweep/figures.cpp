#include "sweep/figures.h"

namespace cplan {

const std::vector<FigureInfo> &sweepFigures()
{
    static const std::vector<FigureInfo> figures = [] {
        std::vector<FigureInfo> out;
        for (const KeyFigureInfo &f : keyFigureTable())
            if (f.sweep)
                out.push_back(f);
        return out;
    }();
    return figures;
}

const FigureInfo *findFigure(std::string_view name)
{
    for (const FigureInfo &f : sweepFigures())
        if (name == f.id)
            return &f;
    return nullptr;
}

std::string figureNameList()
{
    std::string out;
    for (const FigureInfo &f : sweepFigures())
        out += (out.empty() ? "" : ", ") + std::string(f.id);
    return out;
}

} // namespace cplan
