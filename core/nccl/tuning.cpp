#include "nccl/tuning.h"

#include "nccl/tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

namespace cplan::nccl {

namespace t = tables;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string lower(std::string_view s)
{
    std::string out;
    for (char c : s)
        out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return out;
}

std::span<const double> intraSpeeds(Arch a)
{
    if (a == Arch::Blackwell)
        return t::kSpeedIntraSm100;
    return a == Arch::Hopper ? std::span<const double>(t::kSpeedIntraSm90) : std::span<const double>(t::kSpeedIntraPreSm90);
}

std::span<const double> interSpeeds(Arch a)
{
    if (a == Arch::Blackwell)
        return t::kSpeedInterSm100;
    return a == Arch::Hopper ? std::span<const double>(t::kSpeedInterSm90) : std::span<const double>(t::kSpeedInterPreSm90);
}

// NCCL's NVLink bandwidth of one GPU, one direction (GB/s); unbounded with one GPU per node.
double intraTotal(const System &s)
{
    if (s.gpusPerNode < 2)
        return kInf;
    return s.nvlinkGBps.value_or(0) * nvlinkEfficiency(*s.arch);
}

// ncclTopoDupChannels (search.cc:1036-1049).
Graph duplicated(Graph g, Arch a)
{
    if (g.bwIntra >= 25 && !(a >= Arch::Hopper && g.bwIntra < 50 && g.channels > 4)) {
        g.channels *= 2;
        g.bwIntra /= 2;
        g.bwInter /= 2;
    }
    return g;
}

} // namespace

std::optional<Arch> archFromString(std::string_view name)
{
    const std::string n = lower(name);
    for (Arch a : {Arch::Volta, Arch::Ampere, Arch::Hopper, Arch::Blackwell})
        if (n == toString(a))
            return a;
    return std::nullopt;
}

const char *toString(Arch arch)
{
    switch (arch) {
    case Arch::Volta: return "volta";
    case Arch::Ampere: return "ampere";
    case Arch::Hopper: return "hopper";
    case Arch::Blackwell: return "blackwell";
    }
    return "";
}

const char *toString(Algorithm a)
{
    switch (a) {
    case Algorithm::Tree: return "Tree";
    case Algorithm::Ring: return "Ring";
    case Algorithm::CollNetDirect: return "CollNetDirect";
    case Algorithm::CollNetChain: return "CollNetChain";
    case Algorithm::Nvls: return "NVLS";
    case Algorithm::NvlsTree: return "NVLSTree";
    case Algorithm::Pat: return "PAT";
    case Algorithm::P2p: return "P2P";
    }
    return "";
}

const char *toString(Protocol p)
{
    switch (p) {
    case Protocol::LL: return "LL";
    case Protocol::LL128: return "LL128";
    case Protocol::Simple: return "Simple";
    }
    return "";
}

std::optional<Algorithm> algorithmFromString(std::string_view name)
{
    const std::string n = lower(name);
    for (int i = 0; i < kAlgorithms; ++i)
        if (n == lower(toString(Algorithm(i))))
            return Algorithm(i);
    return std::nullopt;
}

std::optional<Protocol> protocolFromString(std::string_view name)
{
    const std::string n = lower(name);
    for (int i = 0; i < kProtocols; ++i)
        if (n == lower(toString(Protocol(i))))
            return Protocol(i);
    return std::nullopt;
}

double nvlinkEfficiency(Arch arch)
{
    switch (arch) {
    case Arch::Volta:
    case Arch::Ampere: return 20.0 / 25.0;   // SM70/SM80_NVLINK_BW
    case Arch::Hopper: return 20.6 / 25.0;   // SM90_NVLINK_BW
    case Arch::Blackwell: return 40.1 / 50.0;  // SM100_NVLINK_BW
    }
    return 0;
}

double nicPathGBps(double nicGbps)
{
    const double nic = nicGbps / 8.0;   // topo.cc:417: speed (Mb/s) / 8000
    const double pcie = nicGbps <= 100 ? 12.0 : nicGbps <= 200 ? 24.0 : nicGbps <= 400 ? 48.0 : 96.0;
    return std::min(nic, pcie);
}

Graph ringGraph(const System &s)
{
    const Arch a = *s.arch;
    const double intra = intraTotal(s);
    const double nic = nicPathGBps(s.nicGbps);
    Graph best;
    const bool multi = s.nodes > 1;
    for (double speed : multi ? interSpeeds(a) : intraSpeeds(a)) {
        if (speed > (multi ? std::min(intra, nic) : intra))
            continue;
        double ch = std::min<double>(t::kMaxRingChannels, std::floor(intra / speed + 1e-9));
        if (multi)   // every channel leaves the node through a NIC
            ch = std::min(ch, s.nicsPerNode * std::floor(nic / speed + 1e-9));
        if (ch * speed > best.channels * best.bwIntra + 1e-9)
            best = {int(ch), speed, speed};
    }
    return duplicated(best, a);
}

Graph nvlsGraph(const System &s)
{
    Graph g;
    const int heads = int(std::min<std::uint32_t>(t::kMaxNvlsHeads, s.gpusPerNode));
    if (heads < 2)
        return g;
    const double intra = intraTotal(s);
    for (double speed : intraSpeeds(*s.arch))
        if (heads * speed <= intra + 1e-9) {
            g = {heads, speed, kInf};
            break;
        }
    if (s.nodes > 1)   // each head's share of the node's NICs
        g.bwInter = nicPathGBps(s.nicGbps) * std::min(1.0, double(s.nicsPerNode) / heads);
    return g;
}

Graph collNetGraph(const System &s)
{
    return ringGraph(s);
}

std::string explain(const System &s, const Choice &c)
{
    const std::string nodes = std::to_string(s.nodes) + (s.nodes == 1 ? " server" : " servers");
    std::string why;
    switch (c.algorithm) {
    case Algorithm::Ring:
        why = s.nodes == 1 ? "Ring: rings over NVLink inside the server" : "Ring: rings through NVLink and the rails, over " + nodes;
        break;
    case Algorithm::Tree: why = "Tree: a double binary tree between the " + nodes + ", chains inside each"; break;
    case Algorithm::Nvls:
        why = s.nodes == 1 ? "NVLS: NVLink SHARP, the reduction done in the NVSwitches"
                           : "NVLS: NVLink SHARP in the servers and InfiniBand SHARP in the switches";
        break;
    case Algorithm::NvlsTree:
        why = "NVLSTree: NVLink SHARP inside each server, a tree between the " + nodes + (s.sharp ? "" : " (no SHARP in the switches)");
        break;
    case Algorithm::CollNetDirect:
    case Algorithm::CollNetChain: why = std::string(toString(c.algorithm)) + ": InfiniBand SHARP, the reduction done in the switches"; break;
    case Algorithm::Pat: why = "PAT: one GPU per server, a logarithmic exchange"; break;
    case Algorithm::P2p:
        why = s.nodes == 1 ? "P2P: send/recv with every peer over NVLink"
                           : "P2P: send/recv with every peer; across servers through PXN (NVLink to the GPU on the destination's rail)";
        break;
    }
    switch (c.protocol) {   // what the protocol trades, not why it won (the time model says that)
    case Protocol::LL: return why + "; LL protocol (lowest latency, a fraction of the bandwidth)";
    case Protocol::LL128: return why + "; LL128 protocol (low latency, most of the bandwidth)";
    case Protocol::Simple: return why + "; Simple protocol (full bandwidth, highest latency)";
    }
    return why;
}

} // namespace cplan::nccl
