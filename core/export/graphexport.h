#pragma once

#include "model/design.h"

#include <string>

namespace cplan {

class Catalog;

// The design as a graph, written by Boost.Graph's writers (write_graphml, write_graphviz_dp).
// Vertices: nodes, with id, name, part, role, tier, group, rack, gpus. Edges: links, with id,
// cable, length_m, speed_gbps and both ports. GraphML is for tools (yEd, Gephi, NetworkX); DOT is
// for Graphviz: edges run from the upper tier to the lower one so that `dot` ranks spines
// above leaves above servers, and nodes are coloured by role.
std::string exportGraphml(const Design &design, const Catalog &catalog);
std::string exportDot(const Design &design, const Catalog &catalog);

} // namespace cplan
