#pragma once

#include "model/design.h"

#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// One end of a cable, as an installer finds it on the floor.
struct CableEnd
{
    std::string device;       // node name (id when unnamed)
    std::string nodeId;
    int port = 0;             // the design's port number (1-based)
    std::string portLabel;    // "1/2" (switch cage 1, port 2 of the twin cage); "HCA-3/1" on servers
    std::string rack;
    std::string transceiver;  // part id of the optic at this end; empty for DAC/ACC/AOC
};

// One row of the point-to-point cable plan (like NVIDIA's PTP sheet): one row per link.
// "From" is the lower tier (server, then leaf, spine): the order cables are pulled.
struct CablePlanRow
{
    std::string cableId;      // the link id
    std::string label;        // unique printable label: "gpu001 HCA-1/1 - su01-leaf1 1/1"
    std::string tier;         // node-leaf, leaf-spine, spine-core, other
    CableEnd from, to;
    std::string cablePart;    // catalog id; empty when the design leaves it unset
    std::string cableType;    // media: dac, acc, aoc, fiber ("" when unknown)
    std::string cableDescription;
    std::string partNumber;
    std::optional<double> lengthM;
    double speedGbps = 0;     // the rate the link runs at (lower of both ends), 0 = unknown
};

// The plan, in design link order. Transceivers match the fibre's mode and reach (twin-port
// optics in a switch cage of two ports, single-port at a host).
std::vector<CablePlanRow> cablePlan(const Design &design, const Catalog &catalog);

// CSV of the plan (header + one line per row); the XLSX "Cable plan" sheet has the same rows.
std::vector<std::string> cablePlanHeader();
std::vector<std::string> cablePlanCsvRow(const CablePlanRow &row);
std::string cablePlanCsv(const std::vector<CablePlanRow> &rows);

} // namespace cplan
