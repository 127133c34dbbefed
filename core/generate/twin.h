#pragma once

// The Ethernet twin of a design (issue 29): the same servers, in the same order, with the same
// rails and planes, on an Ethernet leaf-spine as `cplan generate fat-tree` builds it. The
// window's Tools ▸ Compare with the Ethernet twin and the sweep's `fabric: ethernet` build it.

#include "generate/fattree.h"

#include <string>

namespace cplan {

// The Ethernet parts a twin is built on unless told otherwise: Spectrum-4 SN5600 leaves and
// spines, ConnectX-7 in Ethernet mode (the same card as the InfiniBand cx7).
inline constexpr const char *kDefaultEthernetSwitch = "sn5600";
inline constexpr const char *kDefaultEthernetNic = "cx7-eth";

// The generator's options for the twin: the design's servers (management appliances left out)
// by part in order of first appearance, its planes, the rest automatic. Error: no servers.
Result<FatTreeSpec> ethernetTwinSpec(const Design &design, const std::string &switchPart = kDefaultEthernetSwitch,
                                     const std::string &nicPart = kDefaultEthernetNic);
// The twin itself; the generator's errors (an NIC the switch cannot take) come back as they are.
Result<Design> ethernetTwin(const Design &design, const Catalog &catalog, const std::string &switchPart = kDefaultEthernetSwitch,
                            const std::string &nicPart = kDefaultEthernetNic, FatTreeReport *report = nullptr);

} // namespace cplan
