#pragma once

#include "model/design.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// Slurm topology.conf for the tree plugin (TopologyPlugin=topology/tree):
//   SwitchName=su01-leaf1 Nodes=gpu[001-032]                      (a server on one leaf)
//   SwitchName=su02 Nodes=gpu[033-064]                            (a rail-optimised SU)
//   SwitchName=spine01 Switches=su01-leaf1,su02
// First the leaf-level entries of schedulerTopology() (schedtopology.h): a leaf switch with the
// servers cabled to it, or, where servers are cabled to several leaves (rail-optimised), one
// entry for the leaves they share, named after their SU, with the reason in a comment; every
// server sits under exactly one entry. Then each switch above, in tier order, with the entries
// or switches one tier below that it is cabled to (Switches=).
// Server and switch names are the design's names, with characters Slurm's hostlist parser
// does not take ([ ] , = # whitespace) replaced by '_'. Management appliances are not Slurm
// nodes and are left out. When no switch reaches every server (a torus, a fabric without
// tiers), a virtual root switch "fabric" joins the tops so that jobs may span them; a comment
// says so.
std::string exportSlurmTopology(const Design &design);

// Slurm topology.conf for the block plugin (TopologyPlugin=topology/block, Slurm 23.11 and
// later): one `BlockName=NAME Nodes=HOSTLIST` per NVLink domain (nvlinkDomains()), in fabric
// order so that the neighbouring blocks Slurm pairs are neighbours in the fabric, then
// `BlockSizes=` with the planning base block (the smallest domain, in nodes) and base x 2^k up
// to the first size that holds every block (k <= kMaxSlurmBlockLevel, Slurm's limit).
std::string exportSlurmBlockTopology(const Design &design, const Catalog &catalog);
inline constexpr std::size_t kMaxSlurmBlockLevel = 15;
// Domains of several servers (NVL72 trays) get a comment with the usable share of their trays
// for each block size (core/reliability/rackblocks.h) with each tray out this share of the time.
inline constexpr double kBlockCommentTrayDown = 0.01;

// Slurm's hostlist form of names: "gpu001,gpu002,gpu003,x" -> "gpu[001-003],x". Names with
// the same prefix and the same number of trailing digits are merged into ranges.
std::string compressHostlist(std::vector<std::string> names);

// A name as Slurm files can hold it: whitespace, [ ] , = # become '_'.
std::string hostlistSafe(std::string name);
// The name a node has in Slurm files.
std::string slurmName(const Node &node);

} // namespace cplan
