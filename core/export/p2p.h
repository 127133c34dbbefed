#pragma once

// The sheets install crews and NVIDIA's tools read, from the cable plan (export/cableplan.h):
//
// P2P (point-to-point) sheet, as NVIDIA's UFM Cable Validation Tool reads it: one row per
// physical cable, A side (the lower tier; a splitter's legs) and Z side each with rack, U,
// device name and port. Ports in NVIDIA's notation: "1/2" for port 2 of a switch's twin-port
// cage 1, a plain number for a single-port cage, and on hosts the HCA port number (port n is
// the host's n-th HCA port, mlx5_<n-1>). Both ports of a twin-port cable are listed joined
// with "+" ("17/1+17/2"); a splitter's legs on two devices with " + ".
//   columns: A Rack, A U, A Name, A Port, Z Rack, Z U, Z Name, Z Port, Cable Type,
//            Cable Length (m), Cable ID, Label, Part Number
//
// UFM NDT (topology) CSV, as UFM's NDT plugin reads it: one row per link (UFM compares port to
// port), switch ports as "Port N", a host end as its HCA ("gpu001 HCA-3", the node description
// our ibnetdiscover export and the fabric give it) and the port on that HCA, speed in Mb/s.
//   columns: StartDevice, StartPort, StartDeviceLocation, EndDevice, EndPort,
//            EndDeviceLocation, U height, LinkType, Speed, Cable Type, Cable Length
// A location is "<rack> U<u>", so that both ends carry rack and U; "U height" is the end
// device's U ("U12"), as in UFM's own NDT files.

#include "util/error.h"

#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;
struct CablePlanRow;

std::vector<std::string> p2pHeader();
std::vector<std::vector<std::string>> p2pRows(const std::vector<CablePlanRow> &plan);
Result<std::string> p2pCsvFile(const Design &design, const Catalog &catalog);
// The same rows as a workbook (sheet "P2P"), written atomically.
Status writeP2pWorkbook(const std::string &path, const Design &design, const Catalog &catalog);

std::vector<std::string> ndtHeader();
std::vector<std::vector<std::string>> ndtRows(const std::vector<CablePlanRow> &plan);
Result<std::string> ndtCsvFile(const Design &design, const Catalog &catalog);

} // namespace cplan
