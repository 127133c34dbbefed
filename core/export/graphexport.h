#pragma once

#include "model/design.h"

#include <string>

namespace cplan {

class Catalog;

// The design as a graph, written by Boost.Graph's writers (write_graphml, write_graphviz_dp),
// nodes and links in the design's order.
// GraphML (yEd, Gephi, NetworkX), typed attributes: nodes carry id, name, part, role, group, rack
// (string), tier, gpus (int), x, y (double, the canvas position), a switch its ports (int) and,
// on a design of planes, a switch or appliance its plane (int); links carry link_id, cable,
// link_tier, source_port, target_port (string), length_m and speed_gbps (double). A figure that
// is not known or does not apply has no <data> element (never 0).
// DOT (Graphviz): nodes coloured by role, each with pos="x,y!" (the canvas position in points, y
// up), so `neato -n` draws the design as laid out; `dot` ignores pos and ranks the tiers instead
// (edges run from the upper tier to the lower one, so spines sit above leaves above servers).
std::string exportGraphml(const Design &design, const Catalog &catalog);
std::string exportDot(const Design &design, const Catalog &catalog);

} // namespace cplan
