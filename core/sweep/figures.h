#pragma once

// The figures a sweep point reports: its `--json` "objectives" keys, the names a sweep file's
// `objectives:` list and constraints refer to, and the columns of the results store. They are
// the key figures (analysis/keyfigures.h) flagged for the sweep: one definition each.

#include "analysis/keyfigures.h"

#include <string>
#include <string_view>
#include <vector>

namespace cplan {

using FigureInfo = KeyFigureInfo;

// Every figure a sweep reports, in the order points list them.
const std::vector<FigureInfo> &sweepFigures();
// nullptr when `name` is not a sweep figure.
const FigureInfo *findFigure(std::string_view name);
// "capex, cost_per_gpu, ..." for messages.
std::string figureNameList();

} // namespace cplan
