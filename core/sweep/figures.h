#pragma once

// The figures a sweep point reports: its `--json` "objectives" keys, the names a sweep file's
// `objectives:` list and constraints refer to, and the columns of the results store.

#include <string>
#include <string_view>
#include <vector>

namespace cplan {

enum class Sense { Minimize, Maximize };

// When a figure is computed: always (the design and its cost), or only when the sweep asks for
// it (an objective or a constraint), because it costs a network or scheduling run.
enum class FigureCost { Design, Network, Latency, Workload, Schedule };

struct FigureInfo
{
    const char *name;
    Sense sense;
    FigureCost cost;
    const char *what;   // one line for README and --help
};

// Every figure, in the order points list them.
const std::vector<FigureInfo> &sweepFigures();
// nullptr when `name` is not a figure.
const FigureInfo *findFigure(std::string_view name);
// "capex, cost_per_gpu, ..." for messages.
std::string figureNameList();

} // namespace cplan
