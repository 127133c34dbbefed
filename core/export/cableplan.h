#pragma once

#include "catalog/part.h"
#include "model/design.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// One port at one end of a cable, as an installer finds it on the floor.
struct CablePort
{
    std::string linkId;
    std::string device;       // node name (id when unnamed)
    std::string nodeId;
    int port = 0;             // the design's port number (1-based)
    std::string portLabel;    // "1/2" (switch cage 1, port 2 of the twin cage); "HCA-3/1" on servers
    std::string p2pPort;      // NVIDIA's P2P sheet: "1/2" on twin-cage switches, the port number on
                              // hosts (port n is the host's n-th HCA port, mlx5_<n-1>)
    std::string rack;
    std::optional<int> u;     // the device's lowest U
    int hca = 0;              // servers: the HCA (1-based) and its port (1-based); 0 on switches
    int hcaPort = 0;
};

// One end of a physical cable: one connector (a twin-port cage holds two ports) or a splitter's
// legs (two ports, possibly on two devices). The scalar fields summarise `ports` for sheets:
// a value shared by every port once, different values joined with " + ".
struct CableEnd
{
    std::vector<CablePort> ports;   // one per link, in link order
    std::string device;
    std::string nodeId;       // of the first port
    int port = 0;             // of the first port
    std::string portLabel;    // "17/1+17/2" for both ports of a twin cage
    std::string p2pPort;
    std::string rack;
    std::string u;            // "12", "12 + 20", or empty when unknown
    std::string transceiver;  // part id of the optic at this end; empty for DAC/ACC/AOC
};

// One row of the point-to-point cable plan (like NVIDIA's P2P sheet): one row per physical
// cable (physical/cables.h), listing both links of a twin-port cable or a splitter. "From" is
// the lower tier (server, then leaf, spine); a splitter's legs are its "from" end.
struct CablePlanRow
{
    std::string cableId;      // the id of its first link
    std::string label;        // unique printable label: "gpu001 HCA-1/1 - su01-leaf1 1/1"
    std::string tier;         // node-leaf, leaf-spine, spine-core, other
    std::vector<std::string> links;   // link ids
    CableForm form = CableForm::Single;
    CableEnd from, to;
    std::string cablePart;    // catalog id; empty when the design leaves it unset
    std::string cableType;    // media: dac, acc, aoc, fiber ("" when unknown)
    std::string cableDescription;
    std::string partNumber;
    std::optional<double> lengthM;
    double speedGbps = 0;     // the rate the links run at (lower of both ends), 0 = unknown
};

// The plan, in order of each cable's first link. Transceivers match the fibre's mode and reach
// (twin-port optics in a switch cage of two ports, single-port at a host).
std::vector<CablePlanRow> cablePlan(const Design &design, const Catalog &catalog);

// CSV of the plan (header + one line per row); the XLSX "Cable plan" sheet has the same rows.
// The columns of the one-row-per-link plan come first, in their old order; `links`, `form`,
// `from_u` and `to_u` follow.
std::vector<std::string> cablePlanHeader();
std::vector<std::string> cablePlanCsvRow(const CablePlanRow &row);
std::string cablePlanCsv(const std::vector<CablePlanRow> &rows);

} // namespace cplan
