#pragma once

#include <QString>
#include <QStringList>

namespace cplan {

class Catalog;
class Design;

// Where the design explorer starts when it is opened from a design's window: the alternatives
// of that design, not a fixed 128-server example. The GPU server model most of the design's
// servers use and how many of them, the switch models it is built from (then the form's usual
// pair, so there is something to compare with), the blocking its generator was asked for
// beside 1:1 and 2:1, and the traffic pattern and size its heatmap shows. A field the design
// does not say (no GPU server in the catalog, no generator record, no pattern) stays empty and
// the form keeps its own default.
struct ExplorerSeed
{
    QString server;          // a gpu_server catalog id with GPUs
    int servers = 0;         // how many of the design's servers are of that model
    QStringList switches;    // switch catalog ids
    QString blocking;        // "1:1, 2:1" with the asked ratio among them
    QString pattern;         // a workload the sweep reads ("alltoall", "shift:1", ...)
    QString bytes;           // "4MiB", or empty for the form's default
};

// The switch models the form offers to compare when nothing says otherwise.
QStringList explorerDefaultSwitches();

ExplorerSeed explorerSeedOf(const Design &design, const Catalog &catalog, const QString &pattern, double messageBytes);

} // namespace cplan
