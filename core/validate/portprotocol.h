#pragma once

// The fabric (InfiniBand or Ethernet) of ports, links and designs, from the parts: a switch
// port has its switch's protocol, a server port the protocol of the adapter that holds it (so
// fitting another NIC to a server, as the generator's --hca does, changes its ports').
#include "catalog/part.h"
#include "model/design.h"

#include <optional>

namespace cplan {

class Catalog;

// The protocol of port `port` (1-based) of `node`; nullopt when a part is unknown or the port
// is not on the node.
std::optional<Protocol> portProtocol(const Node &node, int port, const Catalog &catalog);

// The fabric a link belongs to, which its cable must suit: the switch end's (the leaf decides),
// else either known end's; InfiniBand when neither is known.
Protocol linkProtocol(const Design &design, const Link &link, const Catalog &catalog);

// Ethernet when a switch of the design (of plane `plane`, 0 = all planes) is an Ethernet
// switch: the RoCE rules apply to it.
bool hasEthernetSwitch(const Design &design, const Catalog &catalog, int plane = 0);

// "InfiniBand" or "Ethernet", for messages.
const char *protocolName(Protocol protocol);

} // namespace cplan
