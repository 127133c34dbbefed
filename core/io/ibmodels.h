#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cplan {

// What the identifiers in an ibnetdiscover dump say about a device: the chip family of a
// device id, the model and name in a node description, the host of an HCA. Only facts with
// a source; a speed we cannot source stays unknown (the import then uses the links it saw).

struct IbDevice
{
    std::string family;              // "Quantum-2", "ConnectX-7", "InfiniHost III Ex"
    bool isSwitch = false;
    std::optional<double> portGbps;  // the family's full port rate at 4x, where sourced
    std::string speedName;           // "NDR" with portGbps; empty otherwise
    bool aggregationNode = false;    // SHARP aggregation node (a switch's internal port)
};

// By device id (the `devid=` line; also the number in "MT4129 ..." default descriptions).
std::optional<IbDevice> ibDeviceById(unsigned deviceId);
// The vendor of a vendor id (IEEE OUI as ibnetdiscover prints it), or "" when unknown.
std::string ibVendorName(unsigned vendorId);

// A switch's node description read: "MF0;ib5:SX6036/U1" -> name "ib5", model "SX6036";
// "ISR9024 Voltaire" -> model "ISR9024"; "Voltaire 4036 # 4036-8C9E" -> model "Voltaire 4036",
// name "4036-8C9E"; "Quantum Mellanox Technologies" -> model "Quantum" (a chip family),
// no name. `model` is as written; `modelNumber` says whether it names a product (has digits).
struct SwitchDescription
{
    std::string name;
    std::string model;
    bool modelNumber = false;
    bool isDefault = false;   // the description is what the firmware says, not a name given by people
};
SwitchDescription readSwitchDescription(std::string_view description);

// An HCA's node description read: "a08-p1-dgx-04-c01 mlx5_5" -> host "a08-p1-dgx-04-c01",
// index 6 (mlx5_K is HCA K+1); "o0001 HCA-1" -> "o0001", 1. A default description
// ("MT4129 ConnectX7   Mellanox Technologies", empty, "localhost ...") has no host.
struct HcaDescription
{
    std::string host;        // empty: no host name (default description)
    int index = 0;           // 1-based HCA number on the host; 0 = not given
    std::optional<unsigned> deviceId;   // from "MTnnnn" in a default description
};
HcaDescription readHcaDescription(std::string_view description);

bool isAggregationNodeDescription(std::string_view description);

// Whether model text `found` (from a dump) names the same product as catalog model `catalog`:
// every word of `found` (Mellanox's "M" prefix on part numbers dropped, case and hyphens
// ignored) is a word of `catalog`, and `found` names a product number.
bool sameModel(std::string_view found, std::string_view catalog);

} // namespace cplan
