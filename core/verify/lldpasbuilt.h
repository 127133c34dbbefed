#pragma once

// The as-built side of a verification from LLDP neighbour tables (io/lldpjson.h): the cables
// the switches see, as a design that verifyAsBuilt() compares with the plan like an
// ibnetdiscover dump (matched by name, then by position).
//
// LLDP names devices and ports, nothing more. A device named as a plan node (its name or id;
// a host's domain, "gpu001.cluster.local", may follow) is that node with the plan's part, so
// LLDP never reports a different part; its ports are read back through the interface names of
// export/ethernetlinks.h (switches: swpNsM, EthernetN/M; hosts: railN, mlx5_N, HCA-h/p). A
// device the plan lacks gets a generic Ethernet part (Part::imported) with the ports seen, in
// the order seen. A cable both of its switches report is one cable; a port reported with two
// different neighbours keeps the first and says so in a note.

#include "io/lldpjson.h"
#include "verify/verify.h"

#include <string>
#include <vector>

namespace cplan {

struct LldpInput
{
    std::string file;
    LldpTable table;
};

Result<AsBuilt> lldpAsBuilt(const std::vector<LldpInput> &inputs, const Design &plan, const Catalog &catalog);

// Whether `paths` are LLDP tables rather than one ibnetdiscover dump or design: a directory,
// several files, or a file that holds a JSON object.
bool isLldpAsBuilt(const std::vector<std::string> &paths);

// Reads the files (a directory: its *.json files, in name order) and builds the as-built.
// Errors name the file (and line).
Result<AsBuilt> loadLldpAsBuilt(const std::vector<std::string> &paths, const Design &plan, const Catalog &catalog);

} // namespace cplan
