#pragma once

// The point-to-point links of an Ethernet (RoCE) fabric as network automation reads them, and
// the interface names they use. Only switch-switch and switch-NIC links; an InfiniBand design
// is refused with the reason (its sheets are the p2p and ndt exports, export/p2p.h).
//
// Interface names (cplan's convention, stated in resources/manual/deliverables.md):
//  - EOS style (Arista AVD): "Ethernet<cage>" for a port alone in its cage, "Ethernet<cage>/<k>"
//    for the k-th (1-based) port of a cage that carries several: a twin-port cage or a port
//    broken out (SN5600 800G port 33 as 2 x 400G: Ethernet33/1, Ethernet33/2). EOS itself
//    numbers broken-out ports by their first lane (Ethernet33/5 for the second 400G of an
//    8-lane port); cplan numbers them by position, which the reader below also takes.
//  - Cumulus / NVUE style (NVIDIA Spectrum): "swp<cage>" and "swp<cage>s<k-1>" (0-based
//    split, as NVIDIA's cable validation tool's Ethernet P2P sheet writes "swp1s0").
//  - Hosts: "rail<n>" for the host's n-th NIC port (port n of the design: NIC 1 port 1, NIC 1
//    port 2, NIC 2 port 1, ...), as that P2P sheet names host ports; mlx5_<n-1> is its RDMA
//    device.
//
// AVD's fabric documentation point-to-point CSV (`<fabric>-p2p-links.csv`, as eos_designs
// writes it, e.g. aristanetworks/avd examples/single-dc-l3ls/documentation/fabric/
// FABRIC-p2p-links.csv):
//   columns: Type, Node, Node Interface, Leaf IP Address, Peer Type, Peer Node, Peer Interface,
//            Peer IP Address
// One row per link, the lower tier as Node (server, then leaf, spine), the upper as Peer. Types
// are AVD's node types: l3leaf, spine, super_spine (cplan's tiers 1-3), server for a host.
// Addresses: a /31 per link from the pool 10.240.0.0/12, in the order of the design's links:
// link i (0-based) gets 10.240.0.0 + 2i; the Peer (upper) end the even address, the Node (lower)
// end the odd one, as AVD allocates uplinks (spine .0, leaf .1).
//
// NVIDIA UFM Cable Validation Tool's P2P sheet for Ethernet (docs.nvidia.com/networking/display/
// ufmvalidationtool/p2p+file, "Ethernet Example"; NVIDIA Mission Control validates cabling with it):
//   columns: A-Rack, A-U, A-Node Name, A-Type, A-Port, Z-Rack, Z-RU, Z-Node Name, Z-Type, Z-Port
// A-Type/Z-Type "Host" or "Switch"; switch ports swp<port>s<split>, host ports rail<n>. One row
// per link, A the lower tier.

#include "model/design.h"
#include "util/error.h"

#include <string>
#include <string_view>
#include <vector>

namespace cplan {

class Catalog;

std::string eosInterfaceName(const std::vector<PortInfo> &ports, int port);
std::string cumulusInterfaceName(const std::vector<PortInfo> &ports, int port);
std::string hostPortName(int port);   // "rail3"
// The design port a switch interface name stands for: any of the forms above ("Ethernet33/1",
// "Eth33/1", "swp33s0", "33/1", plain "33" on a cage of one), case-insensitive; 0 when none.
int switchPortFromName(const std::vector<PortInfo> &ports, std::string_view name);
// The design port a host interface name stands for: "rail<n>", "mlx5_<n-1>", "HCA-<h>/<p>" or
// a plain number; 0 when none.
int hostPortFromName(const std::vector<PortInfo> &ports, std::string_view name);

// Ok when every switch of `design` is an Ethernet part; else why not ("spine01 is an
// InfiniBand switch (qm9700) ..."). `what` names the export for the message.
Status checkEthernetFabric(const Design &design, const Catalog &catalog, const std::string &what);

// The links these files list, in design order: switch-switch and switch-to-host links.
std::vector<LinkId> ethernetFabricLinks(const Design &design);

// The /31 of link index i (0-based) from the pool: {lower end, upper end} as "a.b.c.d/31".
// Fails past the pool's 524,288 links.
Result<std::pair<std::string, std::string>> p2pAddresses(std::size_t index);

std::vector<std::string> avdP2pHeader();
Result<std::string> avdP2pLinksCsv(const Design &design, const Catalog &catalog);

std::vector<std::string> p2pEthernetHeader();
Result<std::string> p2pEthernetCsv(const Design &design, const Catalog &catalog);

} // namespace cplan
