#include "generate/ethernet.h"

#include "catalog/catalog.h"
#include "catalog/partlimits.h"
#include "generate/fattreeshape.h"
#include "model/design.h"
#include "util/strings.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace cplan::gen {

namespace {

Error bad(Message message) { return makeError("generate fat-tree", std::move(message)); }

const char *protocolName(Protocol p) { return p == Protocol::Ethernet ? "Ethernet" : "InfiniBand"; }

bool contains(const std::string &text, const char *word)
{
    return text.find(word) != std::string::npos;
}

// The NIC parts of a server as the fabric sees them: the spec's --hca, else its own.
std::vector<const Part *> serverNics(const FatTreeSpec &spec, const Catalog &catalog, const Part &server)
{
    const Part *nic = catalog.find(spec.hcaOverride.empty() ? server.hca : spec.hcaOverride);
    return nic ? std::vector<const Part *>{nic} : std::vector<const Part *>{};
}

// Names of the catalog's NICs of one protocol, for a refusal to suggest.
std::string nicsOf(const Catalog &catalog, Protocol p)
{
    std::string names;
    for (const Part *h : catalog.partsOfKind(PartKind::Hca))
        if (h->protocol == p && !h->imported)
            names += (names.empty() ? "" : ", ") + h->id;
    return names.empty() ? std::string("none in the catalog") : names;
}

// The lowest port speed of the servers' NICs; 0 if unknown.
double nicSpeed(const FatTreeSpec &spec, const Catalog &catalog)
{
    double speed = 0;
    for (const auto &[partId, count] : spec.servers)
        if (const Part *server = catalog.find(partId))
            for (const Part *nic : serverNics(spec, catalog, *server))
                if (nic->portSpeedGbps && *nic->portSpeedGbps > 0)
                    speed = speed == 0 ? *nic->portSpeedGbps : std::min(speed, *nic->portSpeedGbps);
    return speed;
}

// The speeds a switch port runs at: its own, its breakout speeds, its split speed (NDR200).
std::vector<double> portSpeeds(const Part &sw)
{
    std::vector<double> speeds;
    if (sw.portSpeedGbps)
        speeds.push_back(*sw.portSpeedGbps);
    speeds.insert(speeds.end(), sw.breakoutGbps.begin(), sw.breakoutGbps.end());
    if (sw.splitSpeedGbps)
        speeds.push_back(*sw.splitSpeedGbps);
    std::sort(speeds.begin(), speeds.end(), std::greater<>());
    speeds.erase(std::unique(speeds.begin(), speeds.end()), speeds.end());
    return speeds;
}

std::string speedList(const std::vector<double> &speeds)
{
    std::string text;
    for (double s : speeds)
        text += (text.empty() ? "" : ", ") + gbpsText(s) + "G";
    return text;
}

bool listed(const std::vector<double> &speeds, double speed)
{
    return std::any_of(speeds.begin(), speeds.end(), [&](double s) { return std::abs(s - speed) < 1e-9; });
}

// A switch (or NIC) with its ports split `ways` ways as a part of its own: `ports` x `ways`
// ports at `speed`, the same box (price, power, height) otherwise. The design carries it
// (Part::imported).
Part derivedPart(const Part &sw, double speed, int ways)
{
    Part p = sw;
    p.id = std::string(kImportedPartPrefix) + sw.id + "-" + std::to_string(sw.ports * ways) + "x" + gbpsText(speed) + "g";
    p.imported = true;
    p.model = sw.model + " (" + std::to_string(sw.ports) + " x " + gbpsText(*sw.portSpeedGbps) + "G as " +
              std::to_string(sw.ports * ways) + " x " + gbpsText(speed) + "G)";
    p.description = "The " + sw.id + " with every port split " + std::to_string(ways) + " ways, as cplan generate wires it.";
    p.ports = sw.ports * ways;
    p.portSpeedGbps = speed;
    p.portsPerCage = std::max(1, sw.portsPerCage) * ways;
    p.breakoutGbps.clear();
    p.splitSpeedGbps.reset();
    p.sources.insert(p.sources.begin(), "derived by cplan generate from catalog part " + sw.id + " (its ports split)");
    return p;
}

// Spectrum-X multiplane platforms and their most planes. NVIDIA Network Operator v26.4.0,
// "Software Multiplane Spectrum-X Quick Start": "Used on B300 and GB300 platforms - set
// numberOfPlanes: 2 for Dual-Plane or numberOfPlanes: 4 for Quad-Plane (B300 only)", on
// ConnectX-8 SuperNICs (https://docs.nvidia.com/networking/display/kubernetes2640/spectrum-x/quick-start-swplb.html;
// the walkthrough table of .../spectrum-x/quick-start.html: swplb on ConnectX-8, B300 and GB300).
struct MultiplanePlatform
{
    const char *gpu;   // in the GPU part's model, matched as a word start ("B300" is not "GB300")
    int maxPlanes;
};
constexpr MultiplanePlatform kSpectrumXMultiplane[] = {{"GB300", 2}, {"B300", 4}};

const MultiplanePlatform *multiplanePlatform(const Part &gpu)
{
    for (const MultiplanePlatform &p : kSpectrumXMultiplane) {
        const auto at = gpu.model.find(p.gpu);
        if (at != std::string::npos && (at == 0 || !std::isalnum(static_cast<unsigned char>(gpu.model[at - 1]))))
            return &p;
    }
    return nullptr;
}

// Spectrum-X: an NVIDIA Ethernet switch (multiplane is its feature, NVIDIA documents it).
bool spectrumX(const Part &sw)
{
    return sw.protocol == Protocol::Ethernet && contains(sw.vendor, "NVIDIA");
}

Status checkMultiplane(const FatTreeSpec &spec, const Catalog &catalog, const Part &server, const Part &nic)
{
    const Part *gpu = catalog.find(server.gpu);
    const MultiplanePlatform *platform = gpu ? multiplanePlatform(*gpu) : nullptr;
    const std::string planes = std::to_string(spec.planes);
    if (!platform)
        return bad({CPLAN_TR("Engine", "Spectrum-X multiplane (%1 planes) is documented for B300 and GB300 systems only (NVIDIA "
                                       "Network Operator, Software Multiplane quick start); '%2' has %3 GPUs"),
                    {planes, server.id, gpu ? gpu->model : std::string("no")}});
    if (!contains(nic.model, "ConnectX-8"))
        return bad({CPLAN_TR("Engine", "Spectrum-X multiplane needs ConnectX-8 SuperNICs (NVIDIA Network Operator: swplb on "
                                       "ConnectX-8 only); '%1' is %2"),
                    {nic.id, nic.model}});
    if (spec.planes != 2 && spec.planes != 4)
        return bad({CPLAN_TR("Engine", "Spectrum-X multiplane has 2 planes (dual-plane) or 4 (quad-plane), not %1"), {planes}});
    if (spec.planes > platform->maxPlanes)
        return bad({CPLAN_TR("Engine", "%1 planes are refused on '%2': %3 systems take at most %4 Spectrum-X planes; 4 planes "
                                       "(quad-plane) are for B300 only (NVIDIA Network Operator v26.4.0, Software Multiplane "
                                       "quick start: 'numberOfPlanes: 2 for Dual-Plane or numberOfPlanes: 4 for Quad-Plane "
                                       "(B300 only)')"),
                    {planes, server.id, platform->gpu, std::to_string(platform->maxPlanes)}});
    return Ok{};
}

} // namespace

std::string gbpsText(double gbps)
{
    return formatDouble(gbps);
}

Status checkProtocol(const FatTreeSpec &spec, const Catalog &catalog, const Part &sw)
{
    for (const auto &[partId, count] : spec.servers) {
        const Part *server = catalog.find(partId);
        if (!server)
            continue;   // checkFatTreeSpec names it
        for (const Part *nic : serverNics(spec, catalog, *server))
            if (nic->protocol != sw.protocol)
                return bad({CPLAN_TR("Engine", "switch '%1' makes an %2 fabric, but the %3 NIC '%4' of '%5' cannot join it; fit "
                                               "an %2 NIC with --hca (%6)"),
                            {sw.id, protocolName(sw.protocol), protocolName(nic->protocol), nic->id, partId,
                             nicsOf(catalog, sw.protocol)}});
    }
    if (spec.mgmtNodes > 0) {
        const Part *mgmt = spec.mgmtPart.empty() ? catalog.defaultManagementPart() : catalog.find(spec.mgmtPart);
        const Part *nic = mgmt ? catalog.find(mgmt->hca) : nullptr;
        if (nic && nic->protocol != sw.protocol)
            return bad({CPLAN_TR("Engine", "management appliance '%1' has an %2 adapter and cannot join the %3 fabric of '%4'"),
                        {mgmt->id, protocolName(nic->protocol), protocolName(sw.protocol), sw.id}});
    }
    return Ok{};
}

Result<SwitchPorts> breakoutPorts(const FatTreeSpec &spec, const Catalog &catalog, const Part &sw, std::vector<Message> &notes)
{
    SwitchPorts out;
    if (!sw.portSpeedGbps || *sw.portSpeedGbps <= 0) {
        if (spec.hostPortSpeedGbps > 0)
            return bad({CPLAN_TR("Engine", "the port speed of switch '%1' is unknown, so its ports cannot be broken out"), {sw.id}});
        return out;
    }
    const double full = *sw.portSpeedGbps;
    out.speedGbps = full;
    const std::vector<double> speeds = portSpeeds(sw);
    const double nic = nicSpeed(spec, catalog);
    double speed = spec.hostPortSpeedGbps;
    if (speed <= 0)   // auto: Ethernet breakout only; an InfiniBand split (NDR200) is asked for
        speed = nic > 0 && nic < full && listed(sw.breakoutGbps, nic) ? nic : full;
    else if (!listed(speeds, speed))
        return bad({CPLAN_TR("Engine", "switch '%1' runs its ports at %2, not %3G"), {sw.id, speedList(speeds), gbpsText(speed)}});
    else if (nic > 0 && speed > nic)
        return bad({CPLAN_TR("Engine", "--host-port-speed %1G is faster than the servers' NIC ports (%2G)"),
                    {gbpsText(speed), gbpsText(nic)}});
    if (speed >= full)
        return out;
    const double ways = full / speed;
    if (std::abs(ways - std::round(ways)) > 1e-9 || ways > 64)
        return bad({CPLAN_TR("Engine", "a %1G port of '%2' does not split into whole %3G ports"), {gbpsText(full), sw.id, gbpsText(speed)}});
    out.breakout = int(std::lround(ways));
    out.speedGbps = speed;
    out.derived = derivedPart(sw, speed, out.breakout);
    if (out.derived->ports > partlimits::kMaxSwitchPorts) {
        // Routing tables number a switch's ports with one byte (catalog/partlimits.h): use
        // whole cages, a multiple of 4 ports so that a leaf's halves split evenly.
        const int step = std::lcm(4, out.breakout);
        const int usable = partlimits::kMaxSwitchPorts / step * step;
        notes.push_back({CPLAN_TR("Engine", "the planner numbers a switch's ports up to %1 (its routing tables hold a port in one "
                                            "byte, as InfiniBand's): %2 of the %3 ports of %4G are used"),
                         {std::to_string(partlimits::kMaxSwitchPorts), std::to_string(usable), std::to_string(out.derived->ports),
                          gbpsText(speed)}});
        out.derived->ports = usable;
    }
    notes.push_back({CPLAN_TR("Engine", "port breakout: every %1G port of '%2' split %3 ways, %4 ports of %5G per switch (radix %4 "
                                        "at that speed, in every tier); the design names the broken-out switch '%6'"),
                     {gbpsText(full), sw.id, std::to_string(out.breakout), std::to_string(out.derived->ports), gbpsText(speed),
                      out.derived->id}});
    if (nic > speed)
        notes.push_back({CPLAN_TR("Engine", "the servers' %1G NIC ports run at %2G"), {gbpsText(nic), gbpsText(speed)}});
    return out;
}

Result<std::optional<Part>> ethernetPlanes(const FatTreeSpec &spec, const Catalog &catalog, const Part &sw, std::vector<Message> &notes)
{
    if (sw.protocol != Protocol::Ethernet || spec.planes < 2 || spec.railOnly)
        return std::optional<Part>();
    const Part *first = nullptr;
    for (const auto &[partId, count] : spec.servers) {
        const Part *server = catalog.find(partId);
        const std::vector<const Part *> nics = server ? serverNics(spec, catalog, *server) : std::vector<const Part *>{};
        if (nics.empty())
            continue;   // checkFatTreeSpec names it
        const Part &nic = *nics.front();
        if (spectrumX(sw))
            if (auto st = checkMultiplane(spec, catalog, *server, nic); !st)
                return st.error();
        const int ports = std::max(1, nic.ports);
        const bool split = spectrumX(sw) && spec.planes > ports && spec.planes % ports == 0 && nic.portSpeedGbps;
        if (ports != spec.planes && !split)
            return bad({CPLAN_TR("Engine", "an Ethernet plane takes one port of every NIC (port p on plane p): %1 planes need NICs of "
                                           "%1 ports, and '%2' has %3"),
                        {std::to_string(spec.planes), nic.id, std::to_string(ports)}});
        if (first && first != &nic && split)
            return bad({CPLAN_TR("Engine", "Spectrum-X quad-plane splits one NIC part for all servers; these have '%1' and '%2'"),
                        {first->id, nic.id}});
        first = &nic;
    }
    if (!spectrumX(sw)) {
        notes.push_back({CPLAN_TR("Engine", "%1 planes: port p of every NIC on plane p, each plane a separate fabric (dual-plane, as "
                                            "Alibaba HPN, SIGCOMM 2024)"),
                         {std::to_string(spec.planes)}});
        return std::optional<Part>();
    }
    notes.push_back({CPLAN_TR("Engine", "Spectrum-X multiplane: port p of every ConnectX-8 on plane p, %1 planes, each a separate "
                                        "leaf-spine fabric (NVIDIA Network Operator, Software Multiplane quick start)"),
                     {std::to_string(spec.planes)}});
    if (!first || std::max(1, first->ports) == spec.planes)
        return std::optional<Part>();
    // Quad-plane: the NIC's ports split so that each plane has one (CX-8's 2 x 400G as 4 x 200G).
    const int ways = spec.planes / std::max(1, first->ports);
    Part nic = derivedPart(*first, *first->portSpeedGbps / ways, ways);
    notes.push_back({CPLAN_TR("Engine", "Spectrum-X quad-plane: each '%1' runs as %2 ports of %3G, one per plane; the design names "
                                        "it '%4'"),
                     {first->id, std::to_string(nic.ports), gbpsText(*nic.portSpeedGbps), nic.id}});
    return std::optional<Part>(std::move(nic));
}

Status checkDualTor(const FatTreeSpec &spec, const Catalog &catalog, const FatTreeShape &shape, int rails, std::vector<Message> &notes)
{
    if (!spec.dualTor)
        return Ok{};
    const int planes = spec.planes, planeRails = rails / planes;
    int first = 0;
    for (const auto &[partId, count] : spec.servers) {
        Node proto;
        proto.part = partId;
        if (const Part *p = catalog.find(partId); p && !spec.hcaOverride.empty())
            proto.hcas.assign(std::size_t(std::max(1, p->hcaCount)), spec.hcaOverride);
        const std::vector<PortInfo> ports = nodePorts(proto, catalog);
        std::map<int, int> perNic;
        for (const PortInfo &port : ports)
            ++perNic[port.hca];
        for (const auto &[nic, n] : perNic)
            if (n < 2)
                return bad({CPLAN_TR("Engine", "dual-ToR puts the two ports of a NIC on two ToRs, but the NICs of '%1' have one port"),
                            {partId}});
        for (int j = first; j < first + count; ++j) {
            std::set<std::tuple<int, int, int>> seen;   // (NIC, plane, leaf)
            for (int g = 0; g < int(ports.size()); ++g) {
                const int rail = g % rails, q = rail % planes;
                const int local = (g / rails) * planeRails + rail / planes;
                const int leaf = shape.serverLeaf(j, local).first;
                if (!seen.insert({ports[std::size_t(g)].hca, q, leaf}).second)
                    return bad({CPLAN_TR("Engine", "dual-ToR: with %1 rail(s) two ports of one NIC of '%2' land on the same ToR; use a "
                                                   "rail per port (--rails auto)"),
                                {std::to_string(rails), partId}});
            }
        }
        first += count;
    }
    notes.push_back({CPLAN_TR("Engine", "dual-ToR: the ports of every NIC on different ToRs, with no link between the ToRs (non-stacked, "
                                        "as Alibaba HPN, SIGCOMM 2024): a ToR lost takes one port of each of its NICs, not the "
                                        "server"),
                     {}});
    return Ok{};
}

} // namespace cplan::gen
