// NCCL's choice per collective and size: ncclTopoTuneModel's bandwidth and latency per
// (collective, algorithm, protocol), ncclTopoGetAlgoTime's time, the fastest eligible wins
// (NVIDIA/nccl v2.30.7-1: tuning.cc:243-438 and :620-655, enqueue.cc:1989-2044).
#include "nccl/tables.h"
#include "nccl/tuning.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cplan::nccl {

namespace t = tables;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool isAgRs(CollectiveKind k) { return k == CollectiveKind::AllGather || k == CollectiveKind::ReduceScatter; }

int log2i(double v)
{
    if (v < 1)
        return -1;
    return int(std::floor(std::log2(v)));
}

// tuning.cc:289-291.
double ncclSteps(CollectiveKind k, double n)
{
    if (k == CollectiveKind::AllReduce)
        return 2 * (n - 1);
    return isAgRs(k) ? n - 1 : n;
}

bool nvlsSupported(const System &s)
{
    return *s.arch >= Arch::Hopper && s.nvswitch && s.gpusPerNode >= 2 && nvlsGraph(s).channels >= 2;
}

// enqueue.cc:1989-2020 and tuning.cc:294-304, 440-541, as a table per collective (notes §6.4).
bool eligible(const System &s, CollectiveKind k, Algorithm a, Protocol p)
{
    const bool simpleOnly = a != Algorithm::Ring && a != Algorithm::Tree;
    if (simpleOnly && p != Protocol::Simple)
        return false;
    // LL128 needs NVLink between the GPUs of a node (typeIntra <= PATH_NVB).
    if (p == Protocol::LL128 && s.gpusPerNode > 1 && s.nvlinkGBps.value_or(0) <= 0)
        return false;
    const bool multi = s.nodes > 1;
    const std::uint32_t g = s.gpusPerNode;
    switch (a) {
    case Algorithm::Ring: return true;
    case Algorithm::Tree: return k == CollectiveKind::AllReduce;
    case Algorithm::Pat: return isAgRs(k) && g == 1 && multi;
    case Algorithm::NvlsTree: return k == CollectiveKind::AllReduce && multi && nvlsSupported(s);
    case Algorithm::Nvls:
        if (!(k == CollectiveKind::AllReduce || isAgRs(k)) || !nvlsSupported(s))
            return false;
        if (k != CollectiveKind::AllReduce && g > std::uint32_t(t::kMaxNvlsHeads))
            return false;
        // Across nodes NVLS reduces in the InfiniBand switches too (CollNet, SHARP); AG/RS also
        // need a NIC per local rank (collNetHeadsNum).
        return !multi || (s.sharp && (k == CollectiveKind::AllReduce || g <= s.nicsPerNode));
    case Algorithm::CollNetDirect:
        if (!multi || !s.sharp || !s.nvswitch || g > std::uint32_t(t::kMaxDirectArity))
            return false;
        return k == CollectiveKind::AllReduce || (isAgRs(k) && g <= s.nicsPerNode);
    case Algorithm::CollNetChain:
        return k == CollectiveKind::AllReduce && multi && s.sharp && g <= std::uint32_t(t::kMaxDirectArity);
    case Algorithm::P2p: return false;
    }
    return false;
}

Graph graphOf(const System &s, Algorithm a)
{
    if (a == Algorithm::Nvls || a == Algorithm::NvlsTree)
        return nvlsGraph(s);
    return a == Algorithm::CollNetDirect ? collNetGraph(s) : ringGraph(s);
}

double nvlsChannelBw(const System &s, CollectiveKind k, Algorithm a, const Graph &g, double bwInter)
{
    const int arch = int(*s.arch);
    const double ppn = s.gpusPerNode;
    double intra = g.bwIntra * t::kNvlsEfficiency[arch] * (g.channels - 1) / g.channels;
    intra *= k == CollectiveKind::AllReduce ? 2.0 : (ppn - 1) / ppn;   // "AllReduce pipelines two operations"
    const double inter = bwInter * (s.nodes <= 2 && a == Algorithm::NvlsTree ? 2 : 1);
    const double cap = a == Algorithm::NvlsTree ? t::kPerChMaxNvlsTreeBw[arch][s.nodes <= 2 ? s.nodes - 1 : 2] : kInf;
    return std::min({intra, inter, cap});
}

// comm->bandwidths[coll][a][p]: the algorithm bandwidth NCCL models, GB/s (tuning.cc:306-383).
double modelBandwidth(const System &s, CollectiveKind k, Algorithm a, Protocol p)
{
    const int arch = int(*s.arch);
    const int n2 = s.nodes <= 2 ? int(s.nodes) - 1 : 2;
    const Graph g = graphOf(s, a);
    if (g.channels <= 0)
        return 0;
    const double ch = g.channels, ppn = s.gpusPerNode, n = s.ranks();
    const double bwInter = g.bwInter * fabricShare(s, a);
    const bool collnet = a == Algorithm::CollNetDirect || a == Algorithm::CollNetChain;
    // NCCL takes bwIntra up to two nodes (its search made bwInter at least that); when the
    // fabric slows the network we take the lower of the two.
    double bw = collnet ? g.bwIntra : s.nodes == 1 ? g.bwIntra : s.nodes == 2 ? std::min(g.bwIntra, bwInter) : bwInter;
    if (a == Algorithm::Nvls || a == Algorithm::NvlsTree) {
        if (g.channels < 2)
            return 0;
        bw = nvlsChannelBw(s, k, a, g, bwInter);
    }
    double busBw = ch * bw;
    const double llMax = s.nodes == 1 ? t::kLlMaxBw[arch][0] : t::kLlMaxBw[0][n2];
    if (a == Algorithm::Ring && p == Protocol::LL)
        busBw = std::min(llMax, busBw * .5);
    if (a == Algorithm::Ring && p == Protocol::LL128)
        busBw = std::min(busBw * 0.92, ch * t::kPerChMaxRingLL128Bw[arch][n2]);
    if (a == Algorithm::Tree && k == CollectiveKind::AllReduce)
        busBw = std::min(busBw * .92, ch * t::kPerChMaxTreeBw[arch][n2]);
    if (a == Algorithm::Tree && p == Protocol::LL)
        busBw = std::min(busBw * 1.0 / 3.8, llMax);
    if (a == Algorithm::Tree && p == Protocol::LL128)
        busBw = std::min(busBw * (s.nodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0), ch * t::kPerChMaxTreeLL128Bw[arch][n2]);
    if (a == Algorithm::Pat)
        busBw *= .75;
    if (a == Algorithm::CollNetDirect) {
        if (isAgRs(k)) {
            busBw = ppn * std::min(g.bwIntra, bwInter * 0.9);
        } else {
            double factor = ppn / ch;   // GPUs per NIC
            factor -= (factor - 1) / 2;
            busBw /= factor;
            if (*s.arch >= Arch::Hopper)
                busBw *= .85;
        }
    }
    // CollNetChain has no refinement of its own at v2.30.7-1 (tuning.cc:326-350): the `*= .75`
    // of NCCL 2.14-2.17 went with 2.18.1-1 (commit d97a32fa).
    if (!(a != Algorithm::Ring && isAgRs(k))) {
        const bool ringLike = a == Algorithm::Ring || a == Algorithm::Nvls || a == Algorithm::NvlsTree;
        busBw *= ringLike ? n / ncclSteps(k, n) : .5;
    }
    return busBw;
}

// comm->latencies[coll][a][p], µs (tuning.cc:384-435).
double modelLatencyUs(const System &s, CollectiveKind k, Algorithm a, Protocol p)
{
    const int ai = int(a), pi = int(p);
    const bool multi = s.nodes > 1;
    const t::Hw intraHw = s.gpusPerNode > 1 && s.nvlinkGBps.value_or(0) > 0 ? t::kNvlink : t::kPci;
    const t::Hw hw = multi ? t::kNet : intraHw;
    const double ppn = s.gpusPerNode, n = s.ranks(), nodes = s.nodes;
    double lat = t::kBaseLat[ai][pi];
    double intraLat = t::kHwLat[intraHw][ai][pi];
    const double interLat = s.gpusPerNode == 1 ? t::kHwLat[t::kNet][int(Algorithm::Tree)][pi] : t::kHwLat[t::kNet][ai][pi];
    const double nsteps = ncclSteps(k, n);
    switch (a) {
    case Algorithm::Ring:
        if (k == CollectiveKind::Broadcast || k == CollectiveKind::Reduce) {
            // One node: the channels are the same rings (sameChannels); across nodes they are not.
            const double rl = t::kHwLat[hw][ai][pi];
            lat += !multi ? rl : nsteps * (p == Protocol::Simple ? t::kHwLat[hw][int(Algorithm::Tree)][pi] : rl);
        } else {
            const double netOverhead = multi ? t::kNetOverheadUs * (p == Protocol::Simple ? 3 : 1) : 0;
            intraLat = std::max(intraLat, netOverhead);
            const double inter = !multi ? 0 : k == CollectiveKind::AllReduce ? 2 * (nodes - 1) : nodes - 1;
            lat += (nsteps - inter) * intraLat + inter * interLat;
        }
        break;
    case Algorithm::Tree: lat += 2 * ((ppn - 1) * intraLat + log2i(nodes) * interLat); break;
    case Algorithm::CollNetDirect: lat += 2 * (std::min(1.0, ppn - 1) * intraLat + (ppn - 1) * 0.4) + interLat; break;
    case Algorithm::CollNetChain: lat += 2 * (ppn - 1) * intraLat + interLat; break;
    case Algorithm::Nvls: lat = intraLat + (multi ? interLat : 0); break;
    case Algorithm::NvlsTree: lat += intraLat + 2 * log2i(nodes) * interLat; break;
    case Algorithm::Pat: lat += log2i(nodes) * (interLat / 3.5) + n * 2.8; break;
    case Algorithm::P2p: break;
    }
    return lat;
}

// ncclTopoGetAlgoTime (tuning.cc:620-655), µs; < 0: not eligible.
double modelTimeUs(const System &s, CollectiveKind k, Algorithm a, Protocol p, double bytes, double &latUs)
{
    double bw = modelBandwidth(s, k, a, p);
    latUs = modelLatencyUs(s, k, a, p);
    if (bw <= 0)
        return -1;
    const int logSize = log2i(bytes / 64);
    const bool allReduce = k == CollectiveKind::AllReduce;
    if (a == Algorithm::Tree && allReduce && logSize >= 0 && logSize < 23)
        bw *= t::kTreeCorrection[int(p)][logSize];
    if (a == Algorithm::NvlsTree && allReduce && logSize >= 0 && logSize < 24 && *s.arch == Arch::Blackwell && s.x86Host)
        bw *= t::kTreeCorrection[int(p)][logSize];
    const double execChannels = std::min(64, 2 * ringGraph(s).channels);
    if (a == Algorithm::Ring && p == Protocol::Simple && s.nodes > 1 && allReduce && bytes / (execChannels * s.ranks()) >= 64)
        latUs *= *s.arch < Arch::Ampere ? 1.9 : 1.4;   // "plateau effect of ring"
    return latUs + bytes / (1000 * bw);
}

bool allowed(const Overrides &o, Algorithm a, Protocol p)
{
    const bool algo = o.algorithms.empty() || std::find(o.algorithms.begin(), o.algorithms.end(), a) != o.algorithms.end();
    const bool proto = o.protocols.empty() || std::find(o.protocols.begin(), o.protocols.end(), p) != o.protocols.end();
    return algo && proto;
}

Choice choiceOf(CollectiveKind k, double bytes, std::uint32_t ranks, Algorithm a, Protocol p, double timeUs, double latUs)
{
    Choice c{a, p, timeUs * 1e-6, latUs * 1e-6, 0, 0};
    c.algbwGBps = c.timeS > 0 ? bytes / c.timeS / 1e9 : 0;
    c.busbwGBps = c.algbwGBps * busBandwidthFactor(k, ranks);
    return c;
}

// All-to-all as NCCL runs it: send/recv with every peer, across nodes through PXN (the data for
// GPU j of another node crosses NVLink to the local GPU on rail j and leaves on that rail). Not in
// NCCL's tuner: our model, with NCCL's NVLink and NIC figures and its ring/Simple latencies.
Choice allToAll(const System &s, double bytes)
{
    const double n = s.ranks(), g = s.gpusPerNode;
    const double nvlBytes = (g - 1) / n * bytes + (s.nodes > 1 ? (n - g) / n * bytes * (g - 1) / g : 0);
    const double netBytes = s.nodes > 1 ? g * (n - g) / n * bytes / s.nicsPerNode : 0;
    const double intra = g > 1 ? s.nvlinkGBps.value_or(0) * nvlinkEfficiency(*s.arch) : kInf;
    const double net = nicPathGBps(s.nicGbps) * fabricShare(s, Algorithm::P2p);
    const double transferUs = std::max(nvlBytes / (1000 * intra), net > 0 ? netBytes / (1000 * net) : kInf);
    const t::Hw hw = s.nodes > 1 ? t::kNet : t::kNvlink;
    const int ring = int(Algorithm::Ring), simple = int(Protocol::Simple);
    const double latUs = t::kBaseLat[ring][simple] + t::kHwLat[hw][ring][simple];
    return choiceOf(CollectiveKind::AllToAll, bytes, s.ranks(), Algorithm::P2p, Protocol::Simple, latUs + transferUs, latUs);
}

std::vector<std::string> missingFigures(const System &s)
{
    std::vector<std::string> out = s.unknown;   // named by the setup (nccl/collectiverun.cpp)
    if (!out.empty())
        return out;
    if (!s.arch)
        out.push_back("GPU architecture");
    if (s.gpusPerNode > 1 && !s.nvlinkGBps)
        out.push_back("NVLink bandwidth per GPU");
    else if (s.gpusPerNode > 1 && *s.nvlinkGBps <= 0)
        out.push_back("bandwidth between the GPUs of a server without NVLink (PCIe)");
    if (s.nodes > 1 && !(s.nicGbps > 0))
        out.push_back("NIC speed");
    return out;
}

} // namespace

double fabricShare(const System &s, Algorithm a)
{
    switch (a) {
    case Algorithm::Ring:
    case Algorithm::Pat: return s.ringFabric;
    case Algorithm::Tree:
    case Algorithm::NvlsTree: return s.treeFabric;
    case Algorithm::P2p: return s.allToAllFabric;
    default: return s.inNetworkFabric;   // SHARP: one reduced stream per tree link, whatever the oversubscription
    }
}

Prediction predict(const System &s, CollectiveKind kind, double bytes, const Overrides &overrides)
{
    Prediction p;
    p.kind = kind;
    p.bytes = bytes;
    p.ranks = s.ranks();
    p.unknown = missingFigures(s);
    if (!p.unknown.empty())
        return p;
    if (p.ranks < 2 || bytes <= 0) {
        p.refused = "a collective needs two GPUs or more and a size above zero";
        return p;
    }
    if (kind == CollectiveKind::AllToAll) {
        if (allowed(overrides, Algorithm::P2p, Protocol::Simple))
            p.candidates.push_back(allToAll(s, bytes));
    } else {
        for (int a = 0; a < t::kTunedAlgorithms; ++a)
            for (int q = 0; q < kProtocols; ++q) {
                const auto algo = Algorithm(a);
                const auto proto = Protocol(q);
                if (!allowed(overrides, algo, proto) || !eligible(s, kind, algo, proto))
                    continue;
                double latUs = 0;
                const double timeUs = modelTimeUs(s, kind, algo, proto, bytes, latUs);
                if (timeUs > 0)
                    p.candidates.push_back(choiceOf(kind, bytes, p.ranks, algo, proto, timeUs, latUs));
            }
    }
    std::stable_sort(p.candidates.begin(), p.candidates.end(), [](const Choice &x, const Choice &y) { return x.timeS < y.timeS; });
    if (p.candidates.empty())
        p.refused = std::string("no algorithm and protocol allowed by the overrides runs ") + toString(kind) + " here";
    else
        p.best = p.candidates.front();
    return p;
}

} // namespace cplan::nccl
