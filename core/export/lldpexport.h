#pragma once

// The LLDP neighbour tables the built fabric would show: what `lldpctl -f json show neighbors`
// prints on every switch (lldpd's "json" format: {"lldp": {"interface": ...}}, one interface as
// an object, several as a list of one-key objects; see lldpd tests/integration/test_lldpcli.py),
// gathered in one file keyed by switch name:
//   {"su01-leaf1": {"lldp": {"interface": [{"swp1s0": {"via": "LLDP", "chassis": {"gpu001":
//     {...}}, "port": {"id": {"type": "ifname", "value": "rail1"}, ...}}}, ...]}}, ...}
// `cplan verify PLAN FILE` reads it back (io/lldpjson.h). Local interfaces are named as the
// switch's OS does (NVIDIA parts: Cumulus swpNsM; others: EOS EthernetN/M; see
// export/ethernetlinks.h), hosts' ports rail<n> (descr mlx5_<n-1>). Chassis ids are MACs made
// from the node's GUID. Only an Ethernet design is written (checkEthernetFabric).

#include "util/error.h"

#include <string>

namespace cplan {

class Catalog;
class Design;

Result<std::string> lldpNeighborsJson(const Design &design, const Catalog &catalog);

} // namespace cplan
