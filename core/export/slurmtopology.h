#pragma once

#include "model/design.h"

#include <string>
#include <vector>

namespace cplan {

// Slurm topology.conf for the tree plugin (TopologyPlugin=topology/tree):
//   SwitchName=su01-leaf1 Nodes=gpu[001-032]
//   SwitchName=spine01 Switches=su01-leaf[1-8],su02-leaf[1-8]
// One line per switch of the design, in tier order (leaves first): a switch lists the servers
// cabled to it (Nodes=) or the switches one tier below that it is cabled to (Switches=).
// Server and switch names are the design's names, with characters Slurm's hostlist parser
// does not take ([ ] , = whitespace) replaced by '_'. Management appliances are not Slurm
// nodes and are left out. A rail-optimised server sits under every leaf of its rails (Slurm
// accepts multi-homed nodes and says so in its log). When no switch reaches every server
// (a torus, a fabric without tiers), a virtual root switch "fabric" joins the tops so that
// jobs may span them; a comment says so.
std::string exportSlurmTopology(const Design &design);

// Slurm's hostlist form of names: "gpu001,gpu002,gpu003,x" -> "gpu[001-003],x". Names with
// the same prefix and the same number of trailing digits are merged into ranges.
std::string compressHostlist(std::vector<std::string> names);

// The name a node has in Slurm files.
std::string slurmName(const Node &node);

} // namespace cplan
