#pragma once

// The fat tree's Ethernet side (internal to core/generate): the switch part decides the fabric's
// protocol, its ports break out to the servers' speed, Spectrum-X multiplane's rules, and the
// dual-ToR check. The same generator builds InfiniBand and RoCE fabrics; these are the rules
// that differ.

#include "catalog/part.h"
#include "generate/fattree.h"

#include <optional>
#include <vector>

namespace cplan {

class Catalog;

namespace gen {

struct FatTreeShape;

// The switch ports a fabric is built from: the part's own, or its ports broken out.
struct SwitchPorts
{
    double speedGbps = 0;        // what every switch port of the fabric runs at
    int breakout = 1;            // logical ports per physical port (1 = none)
    std::optional<Part> derived; // the broken-out switch as a part of its own (Part::imported)
};

// Every server's NIC (its own, or the spec's --hca) and every management appliance speaks the
// switch's protocol; else the reason, naming NICs of the right protocol.
Status checkProtocol(const FatTreeSpec &spec, const Catalog &catalog, const Part &sw);

// The speed the fabric's ports run at: spec.hostPortSpeedGbps, or auto (the NICs' speed when
// the switch's breakout_gbps lists it; an InfiniBand split is only taken when asked for). A
// speed the switch does not list is refused with its list.
Result<SwitchPorts> breakoutPorts(const FatTreeSpec &spec, const Catalog &catalog, const Part &sw, std::vector<Message> &notes);

// Planes of an Ethernet fabric: each NIC port on its own plane; on Spectrum-X (an NVIDIA
// Ethernet switch) multiplane as NVIDIA documents it: ConnectX-8 SuperNICs in B300 (2 or 4
// planes) or GB300 (2) systems. Quad-plane splits the NIC's ports (2 x 400G as 4 x 200G): the
// NIC part to fit every server then, else none.
Result<std::optional<Part>> ethernetPlanes(const FatTreeSpec &spec, const Catalog &catalog, const Part &sw, std::vector<Message> &notes);

// Dual-ToR: no two ports of one NIC on the same leaf (of the same plane), NICs of 2 ports or
// more. `rails` are the server's rails over all planes.
Status checkDualTor(const FatTreeSpec &spec, const Catalog &catalog, const FatTreeShape &shape, int rails,
                    std::vector<Message> &notes);

// "200" for 200.0, "12.5" for 12.5.
std::string gbpsText(double gbps);

} // namespace gen
} // namespace cplan
