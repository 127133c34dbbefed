#pragma once

// The deliverable exports with one signature, for `cplan export`'s table of formats and for
// the GUI's export menu: the file text, or an error a user can act on.

#include "util/error.h"

#include <string>

namespace cplan {

class Catalog;
class Design;
struct NodeLabelKeys;

// A subnet's files. Each plane of a multi-plane design is a subnet of its own (its own subnet
// manager, LIDs and GUIDs seen), so these are written per plane: `plane` 1..P picks one; 0 is
// the whole design, refused on a multi-plane design (the error says to give a plane).
Result<std::string> ibnetdiscoverFile(const Design &design, const Catalog &catalog, int plane); // ibsim topology
Result<std::string> ibnetdiscoverFile(const Design &design, const Catalog &catalog);
Result<std::string> partitionsFile(const Design &design, const Catalog &catalog, int plane);    // OpenSM partitions.conf
Result<std::string> partitionsFile(const Design &design, const Catalog &catalog);
// The plane a subnet file is asked for: an error when `plane` is past the design's planes, or 0
// on a multi-plane design.
Status checkSubnetPlane(const Design &design, int plane);

// The scheduler exports describe every plane at once (a server is in each; see schedtopology.h).
Result<std::string> slurmTopologyFile(const Design &design, const Catalog &catalog); // Slurm topology.conf (tree)
Result<std::string> slurmBlockFile(const Design &design, const Catalog &catalog);    // Slurm topology.conf (block)
Result<std::string> nodeLabelsFile(const Design &design, const Catalog &catalog);    // Kubernetes node labels (YAML)
Result<std::string> nodeLabelsFile(const Design &design, const Catalog &catalog, const NodeLabelKeys &keys);
Result<std::string> graphmlFile(const Design &design, const Catalog &catalog);
Result<std::string> dotFile(const Design &design, const Catalog &catalog);
Result<std::string> cablePlanFile(const Design &design, const Catalog &catalog);     // CSV

} // namespace cplan
