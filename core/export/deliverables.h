#pragma once

// The deliverable exports with one signature, for `cplan export`'s table of formats and for
// the GUI's export menu: the file text, or an error a user can act on.

#include "util/error.h"

#include <string>

namespace cplan {

class Catalog;
class Design;
struct NodeLabelKeys;

Result<std::string> partitionsFile(const Design &design, const Catalog &catalog);   // OpenSM partitions.conf
Result<std::string> slurmTopologyFile(const Design &design, const Catalog &catalog); // Slurm topology.conf (tree)
Result<std::string> slurmBlockFile(const Design &design, const Catalog &catalog);    // Slurm topology.conf (block)
Result<std::string> nodeLabelsFile(const Design &design, const Catalog &catalog);    // Kubernetes node labels (YAML)
Result<std::string> nodeLabelsFile(const Design &design, const Catalog &catalog, const NodeLabelKeys &keys);
Result<std::string> graphmlFile(const Design &design, const Catalog &catalog);
Result<std::string> dotFile(const Design &design, const Catalog &catalog);
Result<std::string> cablePlanFile(const Design &design, const Catalog &catalog);     // CSV

} // namespace cplan
