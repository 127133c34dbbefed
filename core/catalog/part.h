#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cplan {

enum class PartKind { Gpu, GpuServer, Hca, Switch, Cable, Transceiver, Rack };

const char *toString(PartKind kind);                         // "gpu", "gpu_server", ...
std::optional<PartKind> partKindFromString(const std::string &s);

// How a cable is built; decides reach and whether ends need transceivers.
enum class CableMedia { Dac, Acc, Aoc, Fiber };
const char *toString(CableMedia media);                      // "dac", "acc", "aoc", "fiber"
std::optional<CableMedia> cableMediaFromString(const std::string &s);

// The shape of a cable: one link; two links between two twin-port cages (straight twin-port
// copper); or two links from one twin-port cage to two single-port ends (a splitter).
enum class CableForm { Any, Single, Twin, Splitter };
const char *toString(CableForm form);   // "any", "single", "twin", "splitter"

// The fabric a network part belongs to: an InfiniBand HCA cannot sit on an Ethernet leaf, and
// the fabric's protocol decides its path selection (flow/loadbalancing.h).
enum class Protocol { InfiniBand, Ethernet };
const char *toString(Protocol protocol);                     // "infiniband", "ethernet"
std::optional<Protocol> protocolFromString(const std::string &s);

// A catalog part. One struct for all kinds: the fields that do not apply stay empty.
// Every figure that is not known is std::nullopt: shown and reported as unknown, never zero.
struct Part
{
    std::string id;            // stable id scripts rely on ("qm9700", "dgx-h100")
    PartKind kind = PartKind::Switch;
    std::string vendor;
    std::string model;
    std::optional<std::string> partNumber;
    std::string description;

    // Money. Prices are indicative; `priceEstimate` says so, `priceSource` says where from.
    std::optional<double> unitPrice;
    std::string currency = "USD";
    bool priceEstimate = true;
    std::string priceSource;

    std::optional<double> powerW;        // maximum (nameplate) power of one unit
    std::optional<double> powerTypicalW; // typical draw, where the vendor gives one besides the maximum
    std::optional<double> rackUnits;     // height in U (servers and switches)
    std::optional<double> weightKg;      // mass of one unit (a rack: the empty rack)
    bool rackScale = false;              // the system is a whole rack (GB200 NVL72): a rack of its own, no U
    std::vector<std::string> sources;  // where the figures come from (URL or document)
    // A generic part built by an as-built import (model, ports and speed as discovered; price
    // and power unknown). Designs carry these parts with them; the catalog learns them when
    // such a design is loaded (Catalog::addImportedPart).
    bool imported = false;

    // --- switch and HCA ---------------------------------------------------------------
    int ports = 0;                        // logical ports at full speed
    std::optional<double> portSpeedGbps;  // per-port speed at full width
    std::string speedName;                // "EDR", "HDR", "NDR", "XDR"
    int portsPerCage = 1;                 // 2 on twin-port OSFP cages (QM9700)
    std::string cage;                     // "QSFP28", "QSFP56", "OSFP", "QSFP112"
    std::optional<double> splitSpeedGbps; // a port can split in two at this speed (HDR100, NDR200)
    // Ethernet breakout: the speeds one full port can split into, each giving portSpeed/speed
    // ports (SN5600's 800G port: 400 and 200, i.e. 2 x 400G or 4 x 200G). Empty: no breakout
    // besides splitSpeedGbps.
    std::vector<double> breakoutGbps;
    Protocol protocol = Protocol::InfiniBand;   // switches, adapters, cables, transceivers
    std::optional<double> portLatencyNs;  // port-to-port (switch) or adapter latency (HCA)
    // Switch: the generation of in-network reduction (InfiniBand SHARP) it runs: 0 none, 1-4
    // SHARPv1-v4; unknown = not known (NCCL's CollNet is then not assumed).
    std::optional<int> sharp;
    // The largest MTU a port takes, in bytes (`max_mtu`): on Ethernet the interface MTU as Linux
    // and the switch operating systems count it (the IP packet, without the Ethernet header); on
    // InfiniBand the IB MTU (4096 at most). Unknown: a configured MTU cannot be checked against it.
    std::optional<int> maxMtu;

    // --- gpu ---------------------------------------------------------------------------
    std::optional<double> memoryGB;
    std::optional<double> nvlinkGBps;     // per-GPU NVLink bandwidth, both directions added
    std::optional<double> bf16Tflops;     // dense
    std::optional<double> fp8Tflops;      // dense; unknown also where the GPU has no FP8 (Ampere)
    std::optional<double> hbmTBps;        // memory bandwidth, TB/s
    // GPU generation as NCCL's tuning tables index it: "volta", "ampere", "hopper",
    // "blackwell"; "" = unknown (no NCCL figures then).
    std::string architecture;

    // --- gpu_server (also a plain host) -----------------------------------------------
    std::string gpu;                      // part id of its GPUs ("" for a plain host)
    int gpuCount = 0;
    std::string hca;                      // part id of its compute-fabric HCAs
    int hcaCount = 0;                     // compute-fabric HCAs (each with hca's ports)
    std::optional<int> nvlinkDomain;      // GPUs in one NVLink domain (8, or 72 for NVL72)
    int hcaSlots = 0;                     // free PCIe slots for adding HCAs (generic servers)
    bool management = false;              // `role: management`: a management appliance (UFM), a
                                          // fabric endpoint that runs no jobs

    // --- cable and transceiver ----------------------------------------------------------
    std::optional<CableMedia> media;
    std::optional<double> lengthM;        // cable length
    std::optional<double> reachM;         // longest run for this medium/speed (transceivers)
    std::optional<double> speedGbps;      // rated speed of a cable or transceiver
    int linksPerEnd = 1;                  // 2 = twin-port (one switch cage end carries 2 links)
    bool needsTransceivers = false;       // fibre: a transceiver at each end
    bool splitter = false;                // one twin-port end, two single-port ends (switch to adapters)
    std::string farCage;                  // cable: connector at the far end when it differs
                                          // from `cage` (splitters: twin OSFP -> 2x QSFP112)
    std::string fiberMode;                // "mm" or "sm": optics and fibre must match

    // --- rack -----------------------------------------------------------------------------
    std::optional<double> capacityU;
    std::optional<double> powerBudgetW;
    std::optional<double> coolingW;       // heat the rack's cooling removes
    std::optional<double> maxLoadKg;      // equipment the rack may carry (static load)

    bool operator==(const Part &) const = default;

    // Derived helpers.
    bool isEndpoint() const { return kind == PartKind::GpuServer; }
    bool isSwitch() const { return kind == PartKind::Switch; }
    // A cable's shape (Single for anything that is not a cable).
    CableForm cableForm() const
    {
        if (kind != PartKind::Cable || linksPerEnd < 2)
            return CableForm::Single;
        return splitter ? CableForm::Splitter : CableForm::Twin;
    }
};

} // namespace cplan
