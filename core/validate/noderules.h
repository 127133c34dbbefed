#pragma once

#include "model/design.h"
#include "validate/finding.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// Rules about one node that more than the validator asks: the design parser refuses a node
// whose parts are unknown, and the canvas asks before it drops an HCA into a server.

// unknown-part: the node's part is not in the catalog.
std::optional<Finding> checkNodePart(const Node &node, const Catalog &catalog);
// unknown-part: an HCA fitted to the node is not an HCA part of the catalog (one per HCA).
std::vector<Finding> checkHcaParts(const Node &node, const Catalog &catalog);

// HCAs a server holds: its own list, else its part's (hca_count).
int fittedHcaCount(const Node &node, const Part &server);
// How many more HCAs a server can take: its part's HCAs plus its free PCIe slots (hca_slots),
// minus what it holds. 0 for switches and unknown parts.
int freeHcaSlots(const Node &node, const Catalog &catalog);
// The node's HCA list with one more `hcaPart`; nullopt when the node has no free slot or the
// part is not an HCA.
std::optional<std::vector<std::string>> hcasAfterAdding(const Node &node, const Catalog &catalog, const std::string &hcaPart);

// The hca-slots rule: a server holds more HCAs than its part has room for.
std::optional<Finding> checkHcaSlots(const Node &node, const Catalog &catalog);

} // namespace cplan
