#pragma once

// What lldpd's `lldpctl -f json show neighbors` (or `-f json0`) printed on a switch: its ports'
// LLDP neighbours, before any of it becomes an as-built design (verify/lldpasbuilt.h).
//
// The formats, as lldpd writes them (lldpd tests/integration/test_lldpcli.py, test_json_output
// and test_json0_output):
//  - json:  {"lldp": {"interface": {"eth0": {"via": "LLDP", "rid": "1", "chassis":
//           {"<SysName>": {"id": {"type": "mac", "value": ...}, "descr": ..., "capability":
//           [{"type": "Bridge", "enabled": true}, ...]}}, "port": {"id": {"type": "ifname",
//           "value": ...}, "descr": ..., "ttl": "120"}}}}}. One interface is an object, several
//           a list of one-key objects ([{"eth0": {...}}, {"eth1": {...}}]); a chassis without a
//           SysName is the bare object ({"id": ..., "descr": ...}); a lone capability an object.
//  - json0: {"lldp": [{"interface": [{"name": "eth0", "chassis": [{"id": [{"type", "value"}],
//           "name": [{"value": ...}], ...}], "port": [{"id": [...], "descr": [{"value": ...}]}]}]}]}:
//           every value a list, names as "name" members (Cumulus' `net show lldp json` too).
// The switch a file is from is not in it (LLDP lists neighbours only): a file holding one
// switch's output is named after the switch ("su01-leaf1.json"; ".json" and a ".lldp" before
// it are dropped); a file may also hold several, keyed by switch name ({"su01-leaf1": {"lldp":
// ...}, "su01-leaf2": {...}}), as `cplan export --format lldp-json` writes.
//
// Fails on text that is not JSON or holds no "lldp" object (the error names file and line);
// an entry it cannot use (no neighbour name, a value of the wrong kind) is skipped with a note.

#include "util/error.h"

#include <string>
#include <string_view>
#include <vector>

namespace cplan {

struct LldpNeighbor
{
    std::string device;          // the switch that saw it
    std::string interface;       // its local port, as its OS names it ("swp1s0", "Ethernet1/1")
    std::string remoteName;      // the neighbour's SysName
    std::string remoteChassisId;
    std::string remotePortIdType;   // "ifname", "mac", "local", ...
    std::string remotePortId;
    std::string remotePortDescr;
    bool remoteBridge = false;   // capabilities enabled
    bool remoteRouter = false;
    bool remoteStation = false;
    int line = 0;                // where the interface's entry is (1-based; 0 = not found)
};

struct LldpNote
{
    int line = 0;
    std::string message;
};

struct LldpTable
{
    std::vector<std::string> devices;    // the switches the file speaks for, in file order
    std::vector<LldpNeighbor> neighbors;
    std::vector<LldpNote> notes;
};

// The switch a single-switch file speaks for: its base name without ".json" / ".lldp.json".
std::string lldpDeviceFromFileName(const std::string &fileName);

Result<LldpTable> readLldpJson(std::string_view text, const std::string &fileName);

} // namespace cplan
