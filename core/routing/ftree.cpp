// The ftree engine: D-mod-K routing on a tiered fat tree (Zahavi, "D-Mod-K Routing Providing
// Non-Blocking Traffic for Shift Permutations on Real Life Fat Trees", 2010), with up*/down*
// reachability so that failed links and switches are routed around, and the routes a failure
// displaces spread over every surviving path (routing.h).

#include "routing/engines.h"

#include <algorithm>
#include <map>
#include <thread>

namespace cplan::detail {

namespace {

struct Group
{
    std::uint32_t remote = kNoIndex;    // fabric node at the other end
    std::vector<std::uint8_t> ports;    // cabled ports of this switch to it, ascending
};

struct SwitchInfo
{
    int tier = 0;
    std::vector<Group> up, down;        // down: switch children only
    std::uint32_t upPorts = 0;          // sum of up group sizes (U of this switch)
    std::size_t maxGroupSize = 0;       // most parallel cables to one upper switch
    bool upAllAlive = true;
    std::vector<std::uint8_t> upByDigit;              // digit r -> port, when all alive
    std::vector<std::vector<std::uint8_t>> downByDigit;   // per down group: child digit -> port
};

inline bool testBit(const std::uint64_t *bits, std::uint32_t i) { return (bits[i >> 6] >> (i & 63)) & 1u; }
inline void setBit(std::uint64_t *bits, std::uint32_t i) { bits[i >> 6] |= std::uint64_t(1) << (i & 63); }

// What one thread needs while it fills switches' rows.
struct Scratch
{
    std::vector<std::uint32_t> candStart, cand;   // child groups leading down to each leaf (CSR)
    std::vector<char> liveDown;                   // per down group of the switch
    std::vector<std::uint32_t> spilled;           // per down group: destinations dealt to a live twin
    std::vector<std::uint8_t> upCands, usable;    // live up ports leading to the leaf; those usable for one destination
    std::vector<std::uint32_t> upRemote;          // per up candidate: the switch slot it leads to
};

class FatTreeRouter
{
public:
    FatTreeRouter(const Fabric &fabric, const std::vector<int> &tiers, RoutingTables &tables);
    void run(unsigned threads, const std::function<bool()> &cancelled);

private:
    void indexLeaves();
    void buildGroups(const std::vector<int> &tiers);
    void buildDigits();
    void buildReach();
    bool alivePort(std::uint32_t node, std::uint8_t p) const { return f.port(f.portIndex(node, p)).connected(); }
    bool groupAlive(std::uint32_t slot, const Group &g) const;
    const std::uint64_t *bits(const std::vector<std::uint64_t> &set, std::uint32_t slot) const { return &set[std::size_t(slot) * W]; }
    std::uint8_t spreadInGroup(std::uint32_t node, const Group &g, std::uint32_t m) const;
    bool digitCableDead(std::uint32_t slot, std::uint32_t leaf, std::uint32_t j) const;
    void fillSwitch(std::uint32_t slot, Scratch &s) const;
    void childGroups(std::uint32_t slot, Scratch &s) const;
    void routeDown(std::uint32_t slot, std::uint32_t leaf, Scratch &s) const;
    void routeUp(std::uint32_t slot, std::uint32_t leaf, Scratch &s) const;

    const Fabric &f;
    RoutingTables &t;
    const std::vector<std::uint32_t> &switches;
    const std::uint32_t S, E;
    std::uint32_t L = 0, W = 0;
    int maxTier = 1;
    // Leaves: switches with cabled endpoints; endpoints per leaf (CSR, canonical order).
    std::vector<std::uint32_t> leafOf, epLeaf, leafStart, leafEps;
    std::vector<std::uint8_t> epPort;
    std::vector<SwitchInfo> info;
    std::vector<std::uint32_t> tierPlace;   // a switch's place among the switches of its tier
    // Per tier: digit multiplier M, up groups G, up ports U; digit[tier][j] = (j / M_t) mod U_t.
    std::vector<std::uint64_t> M;
    std::vector<std::uint32_t> G, U;
    std::vector<std::vector<std::uint16_t>> digit;
    // Bitsets over leaves per switch: reached going down only; up*/down*; through every up
    // group; and (parents of leaves) cabled to the leaf with some but not all cables live.
    std::vector<std::uint64_t> down, upReach, allUp, degraded;
    std::vector<std::uint64_t> anyDegraded;   // over leaves: some parent's cables to it partly dead
};

FatTreeRouter::FatTreeRouter(const Fabric &fabric, const std::vector<int> &tiers, RoutingTables &tables)
    : f(fabric), t(tables), switches(fabric.switches()), S(std::uint32_t(fabric.switches().size())), E(tables.endpointCount)
{
    if (S == 0 || E == 0)
        return;
    indexLeaves();
    buildGroups(tiers);
    buildDigits();
    buildReach();
}

void FatTreeRouter::indexLeaves()
{
    leafOf.assign(S, kNoIndex);
    epLeaf.assign(E, kNoIndex);
    epPort.assign(E, 0);
    for (std::uint32_t e = 0; e < E; ++e) {
        const std::uint32_t sw = f.endpointSwitch(e);
        if (sw == kNoIndex)
            continue;
        const std::uint32_t slot = f.switchSlot(sw);
        if (leafOf[slot] == kNoIndex)
            leafOf[slot] = L++;
        epLeaf[e] = leafOf[slot];
        epPort[e] = std::uint8_t(f.port(f.port(f.endpoints()[e]).peer).number);
    }
    leafStart.assign(L + 1, 0);
    leafEps.assign(E, 0);
    for (std::uint32_t e = 0; e < E; ++e)
        if (epLeaf[e] != kNoIndex)
            ++leafStart[epLeaf[e] + 1];
    for (std::uint32_t l = 0; l < L; ++l)
        leafStart[l + 1] += leafStart[l];
    std::vector<std::uint32_t> fill(leafStart.begin(), leafStart.end() - 1);
    for (std::uint32_t e = 0; e < E; ++e)
        if (epLeaf[e] != kNoIndex)
            leafEps[fill[epLeaf[e]]++] = e;
}

// Port groups from the cabling (dead cables included, so digits stay put under failures).
void FatTreeRouter::buildGroups(const std::vector<int> &tiers)
{
    info.assign(S, SwitchInfo{});
    for (std::uint32_t slot = 0; slot < S; ++slot) {
        const std::uint32_t n = switches[slot];
        const FabricNode &sw = f.node(n);
        SwitchInfo &in = info[slot];
        in.tier = tiers[n];
        maxTier = std::max(maxTier, in.tier);
        std::map<std::uint32_t, std::vector<std::uint8_t>> upPorts, downPorts;   // by remote node: ports ascending
        for (int p = 1; p <= sw.portCount; ++p) {
            const FabricPort &port = f.port(f.portIndex(n, p));
            if (port.peer == kNoIndex)
                continue;
            const std::uint32_t peer = f.port(port.peer).node;
            if (!f.node(peer).isSwitch())
                continue;
            if (tiers[peer] == in.tier + 1) {
                upPorts[peer].push_back(std::uint8_t(p));
                in.upAllAlive = in.upAllAlive && port.connected();
            } else {
                downPorts[peer].push_back(std::uint8_t(p));
            }
        }
        for (auto &[peer, ports] : upPorts) {
            in.upPorts += std::uint32_t(ports.size());
            in.maxGroupSize = std::max(in.maxGroupSize, ports.size());
            in.up.push_back(Group{peer, std::move(ports)});
        }
        for (auto &[peer, ports] : downPorts)
            in.down.push_back(Group{peer, std::move(ports)});
    }
    tierPlace.assign(S, 0);
    std::map<int, std::uint32_t> seen;
    for (std::uint32_t slot = 0; slot < S; ++slot)
        tierPlace[slot] = seen[info[slot].tier]++;
}

// G and U from the first switch of each tier that has uplinks; M_1 = 1, M_t+1 = M_t * G_t.
void FatTreeRouter::buildDigits()
{
    const std::size_t tiers = std::size_t(maxTier) + 2;
    M.assign(tiers, 1);
    G.assign(tiers, 0);
    U.assign(tiers, 0);
    for (int tier = 1; tier <= maxTier; ++tier) {
        for (std::uint32_t slot = 0; slot < S; ++slot)
            if (info[slot].tier == tier && !info[slot].up.empty()) {
                G[std::size_t(tier)] = std::uint32_t(info[slot].up.size());
                U[std::size_t(tier)] = info[slot].upPorts;
                break;
            }
        M[std::size_t(tier) + 1] = M[std::size_t(tier)] * std::max<std::uint64_t>(1, G[std::size_t(tier)]);
    }
    digit.assign(std::size_t(maxTier) + 1, {});
    for (int tier = 1; tier <= maxTier; ++tier) {
        const std::uint32_t u = U[std::size_t(tier)];
        if (u == 0)
            continue;
        auto &d = digit[std::size_t(tier)];
        d.resize(E);
        for (std::uint32_t j = 0; j < E; ++j)
            d[j] = std::uint16_t((j / M[std::size_t(tier)]) % u);
    }
    for (SwitchInfo &in : info) {
        const std::uint32_t Gx = std::uint32_t(in.up.size());
        if (Gx && in.upPorts == U[std::size_t(in.tier)]) {
            in.upByDigit.resize(in.upPorts);
            for (std::uint32_t r = 0; r < in.upPorts; ++r) {
                const Group &g = in.up[r % Gx];
                in.upByDigit[r] = g.ports[(r / Gx) % g.ports.size()];
            }
        }
        const int ct = in.tier - 1;
        if (ct >= 1 && U[std::size_t(ct)] > 0) {
            const std::uint32_t uc = U[std::size_t(ct)], gc = std::max<std::uint32_t>(1, G[std::size_t(ct)]);
            in.downByDigit.resize(in.down.size());
            for (std::size_t g = 0; g < in.down.size(); ++g) {
                auto &table = in.downByDigit[g];
                table.resize(uc);
                for (std::uint32_t r = 0; r < uc; ++r)
                    table[r] = in.down[g].ports[(r / gc) % in.down[g].ports.size()];
            }
        }
    }
}

bool FatTreeRouter::groupAlive(std::uint32_t slot, const Group &g) const
{
    if (!f.node(g.remote).alive)
        return false;
    for (std::uint8_t p : g.ports)
        if (alivePort(switches[slot], p))
            return true;
    return false;
}

// Reachability over live cables, as bitsets over leaves.
void FatTreeRouter::buildReach()
{
    W = (L + 63) / 64;
    down.assign(std::size_t(S) * W, 0);
    upReach.assign(std::size_t(S) * W, 0);
    allUp.assign(std::size_t(S) * W, 0);
    degraded.assign(std::size_t(S) * W, 0);
    anyDegraded.assign(W, 0);
    std::vector<std::uint32_t> order(S);
    for (std::uint32_t i = 0; i < S; ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return info[a].tier < info[b].tier; });
    for (std::uint32_t slot : order) {
        if (!f.node(switches[slot]).alive)
            continue;
        std::uint64_t *d = &down[std::size_t(slot) * W];
        if (leafOf[slot] != kNoIndex)
            setBit(d, leafOf[slot]);
        for (const Group &g : info[slot].down) {
            if (!groupAlive(slot, g))
                continue;
            const std::uint32_t child = f.switchSlot(g.remote);
            const std::uint64_t *c = bits(down, child);
            for (std::uint32_t w = 0; w < W; ++w)
                d[w] |= c[w];
            const bool partly = std::any_of(g.ports.begin(), g.ports.end(), [&](std::uint8_t p) { return !alivePort(switches[slot], p); });
            if (partly && leafOf[child] != kNoIndex) {
                setBit(&degraded[std::size_t(slot) * W], leafOf[child]);
                setBit(anyDegraded.data(), leafOf[child]);
            }
        }
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const std::uint32_t slot = *it;
        if (!f.node(switches[slot]).alive)
            continue;
        std::uint64_t *r = &upReach[std::size_t(slot) * W];
        std::uint64_t *a = &allUp[std::size_t(slot) * W];
        const std::uint64_t *d = bits(down, slot);
        std::copy(d, d + W, r);
        bool first = true;
        for (const Group &g : info[slot].up) {
            const std::uint64_t *c = bits(upReach, f.switchSlot(g.remote));
            if (groupAlive(slot, g))
                for (std::uint32_t w = 0; w < W; ++w)
                    r[w] |= c[w];
            for (std::uint32_t w = 0; w < W; ++w)
                a[w] = first ? c[w] : (a[w] & c[w]);
            first = false;
        }
    }
}

// The m-th live port of a group (counting round); kNoPort if none.
std::uint8_t FatTreeRouter::spreadInGroup(std::uint32_t node, const Group &g, std::uint32_t m) const
{
    std::uint32_t live = 0;
    for (std::uint8_t p : g.ports)
        live += alivePort(node, p) ? 1 : 0;
    if (live == 0)
        return kNoPort;
    std::uint32_t k = m % live;
    for (std::uint8_t p : g.ports)
        if (alivePort(node, p) && k-- == 0)
            return p;
    return kNoPort;
}

// Whether the switch in `slot`, a parent of `leaf` whose cables to it are partly dead, would
// take destination j down a dead one (its digit's cable): then routes toward j avoid it, so
// that its live twins carry only their own destinations.
bool FatTreeRouter::digitCableDead(std::uint32_t slot, std::uint32_t leaf, std::uint32_t j) const
{
    if (!testBit(bits(degraded, slot), leaf))
        return false;
    const SwitchInfo &in = info[slot];
    const int ct = in.tier - 1;
    if (in.downByDigit.empty() || ct < 1 || digit[std::size_t(ct)].empty())
        return false;
    for (std::size_t g = 0; g < in.down.size(); ++g)
        if (leafOf[f.switchSlot(in.down[g].remote)] == leaf)
            return !alivePort(switches[slot], in.downByDigit[g][digit[std::size_t(ct)][j]]);
    return false;
}

void FatTreeRouter::run(unsigned threads, const std::function<bool()> &cancelled)
{
    if (S == 0 || E == 0)
        return;
    unsigned nThreads = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    nThreads = std::min<unsigned>(nThreads, std::max<std::uint32_t>(1, S / 8));
    auto worker = [&](unsigned id) {
        Scratch s;
        s.candStart.resize(L + 1);
        for (std::uint32_t slot = id; slot < S; slot += nThreads) {
            if (cancelled && cancelled())
                return;
            fillSwitch(slot, s);
        }
    };
    if (nThreads <= 1) {
        worker(0);
        return;
    }
    std::vector<std::thread> pool;
    for (unsigned i = 1; i < nThreads; ++i)
        pool.emplace_back(worker, i);
    worker(0);
    for (std::thread &th : pool)
        th.join();
}

void FatTreeRouter::fillSwitch(std::uint32_t slot, Scratch &s) const
{
    const std::uint32_t n = switches[slot];
    if (!f.node(n).alive)
        return;
    std::uint8_t *row = &t.ports[std::size_t(slot) * E];
    childGroups(slot, s);
    s.spilled.assign(info[slot].down.size(), 0);
    for (std::uint32_t l = 0; l < L; ++l) {
        if (leafOf[slot] == l) {
            for (std::uint32_t k = leafStart[l]; k < leafStart[l + 1]; ++k) {
                const std::uint32_t j = leafEps[k];
                row[j] = alivePort(n, epPort[j]) ? epPort[j] : kNoPort;
            }
        } else if (s.candStart[l + 1] > s.candStart[l]) {
            routeDown(slot, l, s);
        } else if (!info[slot].up.empty()) {
            routeUp(slot, l, s);
        }
        // else: a top switch that cannot reach this leaf: no route
    }
}

// Live child groups leading down to each leaf (CSR over leaves), in group order.
void FatTreeRouter::childGroups(std::uint32_t slot, Scratch &s) const
{
    const SwitchInfo &in = info[slot];
    std::fill(s.candStart.begin(), s.candStart.end(), 0);
    s.liveDown.assign(in.down.size(), 0);
    for (std::size_t g = 0; g < in.down.size(); ++g) {
        s.liveDown[g] = groupAlive(slot, in.down[g]) ? 1 : 0;
        if (!s.liveDown[g])
            continue;
        const std::uint64_t *c = bits(down, f.switchSlot(in.down[g].remote));
        for (std::uint32_t w = 0; w < W; ++w)
            for (std::uint64_t b = c[w]; b; b &= b - 1)
                ++s.candStart[w * 64 + std::uint32_t(__builtin_ctzll(b)) + 1];
    }
    for (std::uint32_t l = 0; l < L; ++l)
        s.candStart[l + 1] += s.candStart[l];
    s.cand.resize(s.candStart[L]);
    std::vector<std::uint32_t> pos(s.candStart.begin(), s.candStart.end() - 1);
    for (std::size_t g = 0; g < in.down.size(); ++g) {
        if (!s.liveDown[g])
            continue;
        const std::uint64_t *c = bits(down, f.switchSlot(in.down[g].remote));
        for (std::uint32_t w = 0; w < W; ++w)
            for (std::uint64_t b = c[w]; b; b &= b - 1)
                s.cand[pos[w * 64 + std::uint32_t(__builtin_ctzll(b))]++] = std::uint32_t(g);
    }
}

// Down: the child group by the destination's digit among those leading to the leaf (skipping
// a child that would take it down a dead cable, while another can), the cable by the
// child's digit; a dead cable's destinations are dealt over its live twins in turn.
void FatTreeRouter::routeDown(std::uint32_t slot, std::uint32_t l, Scratch &s) const
{
    const SwitchInfo &in = info[slot];
    const std::uint32_t n = switches[slot];
    std::uint8_t *row = &t.ports[std::size_t(slot) * E];
    const int ct = in.tier - 1;
    const std::uint16_t *childDigit = ct >= 1 && !digit[std::size_t(ct)].empty() ? digit[std::size_t(ct)].data() : nullptr;
    const std::uint32_t nc = s.candStart[l + 1] - s.candStart[l];
    const std::uint32_t *cs = &s.cand[s.candStart[l]];
    const bool avoid = nc > 1 && testBit(anyDegraded.data(), l);
    for (std::uint32_t k = leafStart[l]; k < leafStart[l + 1]; ++k) {
        const std::uint32_t j = leafEps[k];
        const std::uint32_t r = childDigit ? childDigit[j] : 0;
        const std::uint32_t pick = nc == 1 ? 0 : std::uint32_t((j / M[std::size_t(std::max(ct, 1))]) % nc);
        std::uint8_t port = kNoPort;
        for (int pass = avoid ? 0 : 1; pass < 2 && port == kNoPort; ++pass)
            for (std::uint32_t c = 0; c < nc && port == kNoPort; ++c) {
                const std::uint32_t g = cs[(pick + c) % nc];
                const Group &grp = in.down[g];
                if (pass == 0 && digitCableDead(f.switchSlot(grp.remote), l, j))
                    continue;
                const std::uint8_t first = !in.downByDigit.empty() ? in.downByDigit[g][r] : grp.ports[0];
                port = alivePort(n, first) ? first : spreadInGroup(n, grp, s.spilled[g]++);
            }
        row[j] = port;
    }
}

// Up: the D-mod-K digit where every up port of the switch is live and leads to the leaf.
// Otherwise the leaf's destinations are dealt afresh over the live up ports that lead to it,
// in digit order (groups, then parallel cables), turned by the switch's place in its tier, so
// that the few destinations left over when k ports do not divide a leaf's count land on
// different ports from different sources: the routes a failure displaces spread over every
// surviving path up and down instead of landing on one. A destination that an upper switch
// would take down a dead cable (digitCableDead) is dealt over the other ports only.
void FatTreeRouter::routeUp(std::uint32_t slot, std::uint32_t l, Scratch &s) const
{
    const SwitchInfo &in = info[slot];
    const std::uint32_t n = switches[slot];
    std::uint8_t *row = &t.ports[std::size_t(slot) * E];
    const std::uint32_t begin = leafStart[l], end = leafStart[l + 1];
    const std::uint16_t *ownDigit = !digit[std::size_t(in.tier)].empty() && !in.upByDigit.empty() ? digit[std::size_t(in.tier)].data() : nullptr;
    const bool degradedLeaf = testBit(anyDegraded.data(), l);
    if (ownDigit && in.upAllAlive && testBit(bits(allUp, slot), l) && !degradedLeaf) {
        for (std::uint32_t k = begin; k < end; ++k)
            row[leafEps[k]] = in.upByDigit[ownDigit[leafEps[k]]];
        return;
    }
    s.upCands.clear();
    s.upRemote.clear();
    for (std::size_t c = 0; c < in.maxGroupSize; ++c)
        for (const Group &grp : in.up) {
            const std::uint32_t remote = f.switchSlot(grp.remote);
            if (c < grp.ports.size() && f.node(grp.remote).alive && alivePort(n, grp.ports[c]) && testBit(bits(upReach, remote), l)) {
                s.upCands.push_back(grp.ports[c]);
                s.upRemote.push_back(remote);
            }
        }
    if (s.upCands.empty())
        return;
    const std::uint64_t mt = M[std::size_t(in.tier)];
    const std::uint64_t turn = std::uint64_t(tierPlace[slot]) * ((end - begin + mt - 1) / mt);
    for (std::uint32_t k = begin; k < end; ++k) {
        const std::uint32_t j = leafEps[k];
        const std::vector<std::uint8_t> *from = &s.upCands;
        if (degradedLeaf) {
            s.usable.clear();
            for (std::size_t c = 0; c < s.upCands.size(); ++c)
                if (!digitCableDead(s.upRemote[c], l, j))
                    s.usable.push_back(s.upCands[c]);
            if (!s.usable.empty())
                from = &s.usable;
        }
        row[j] = (*from)[(j / mt + turn) % from->size()];
    }
}

} // namespace

void routeFatTree(const Fabric &f, const std::vector<int> &tiers, unsigned threads, RoutingTables &t,
                  const std::function<bool()> &cancelled)
{
    FatTreeRouter router(f, tiers, t);
    router.run(threads, cancelled);
}

} // namespace cplan::detail
