// The ftree engine: D-mod-K routing on a tiered fat tree (Zahavi, "D-Mod-K Routing Providing
// Non-Blocking Traffic for Shift Permutations on Real Life Fat Trees", 2010), with up*/down*
// reachability so that failed links and switches are routed around.

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

} // namespace

void routeFatTree(const Fabric &f, const std::vector<int> &tiers, unsigned threads, RoutingTables &t)
{
    const auto &switches = f.switches();
    const std::uint32_t S = std::uint32_t(switches.size());
    const std::uint32_t E = t.endpointCount;
    if (S == 0 || E == 0)
        return;

    // Leaves: switches with cabled endpoints. Endpoints per leaf (CSR, canonical order).
    std::vector<std::uint32_t> leafOf(S, kNoIndex), epLeaf(E, kNoIndex);
    std::vector<std::uint8_t> epPort(E, 0);
    std::uint32_t L = 0;
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
    std::vector<std::uint32_t> leafStart(L + 1, 0), leafEps(E);
    for (std::uint32_t e = 0; e < E; ++e)
        if (epLeaf[e] != kNoIndex)
            ++leafStart[epLeaf[e] + 1];
    for (std::uint32_t l = 0; l < L; ++l)
        leafStart[l + 1] += leafStart[l];
    {
        std::vector<std::uint32_t> fill(leafStart.begin(), leafStart.end() - 1);
        for (std::uint32_t e = 0; e < E; ++e)
            if (epLeaf[e] != kNoIndex)
                leafEps[fill[epLeaf[e]]++] = e;
    }

    // Port groups from the cabling (dead cables included, so digits stay put under failures).
    std::vector<SwitchInfo> info(S);
    int maxTier = 1;
    for (std::uint32_t slot = 0; slot < S; ++slot) {
        const std::uint32_t n = switches[slot];
        const FabricNode &sw = f.node(n);
        SwitchInfo &in = info[slot];
        in.tier = tiers[n];
        maxTier = std::max(maxTier, in.tier);
        std::map<std::uint32_t, std::size_t> upIdx, downIdx;
        for (int p = 1; p <= sw.portCount; ++p) {
            const FabricPort &port = f.port(f.portIndex(n, p));
            if (port.peer == kNoIndex)
                continue;
            const std::uint32_t peer = f.port(port.peer).node;
            if (!f.node(peer).isSwitch())
                continue;
            const bool up = tiers[peer] == in.tier + 1;
            auto &idx = up ? upIdx : downIdx;
            idx.emplace(peer, 0);
        }
        for (auto &[peer, i] : upIdx) {
            i = in.up.size();
            in.up.push_back(Group{peer, {}});
        }
        for (auto &[peer, i] : downIdx) {
            i = in.down.size();
            in.down.push_back(Group{peer, {}});
        }
        for (int p = 1; p <= sw.portCount; ++p) {
            const FabricPort &port = f.port(f.portIndex(n, p));
            if (port.peer == kNoIndex)
                continue;
            const std::uint32_t peer = f.port(port.peer).node;
            if (!f.node(peer).isSwitch())
                continue;
            if (tiers[peer] == in.tier + 1) {
                in.up[upIdx[peer]].ports.push_back(std::uint8_t(p));
                in.upAllAlive = in.upAllAlive && port.connected();
            } else {
                in.down[downIdx[peer]].ports.push_back(std::uint8_t(p));
            }
        }
        for (const Group &g : in.up) {
            in.upPorts += std::uint32_t(g.ports.size());
            in.maxGroupSize = std::max(in.maxGroupSize, g.ports.size());
        }
    }
    // Each switch's place among the switches of its tier (design order).
    std::vector<std::uint32_t> tierPlace(S);
    {
        std::map<int, std::uint32_t> seen;
        for (std::uint32_t slot = 0; slot < S; ++slot)
            tierPlace[slot] = seen[info[slot].tier]++;
    }

    // Per tier: groups G, up ports U (from the first switch of the tier that has uplinks) and
    // the digit multiplier M (M_1 = 1, M_t+1 = M_t * G_t).
    std::vector<std::uint64_t> M(std::size_t(maxTier) + 2, 1);
    std::vector<std::uint32_t> G(std::size_t(maxTier) + 2, 0), U(std::size_t(maxTier) + 2, 0);
    for (int tier = 1; tier <= maxTier; ++tier) {
        for (std::uint32_t slot = 0; slot < S; ++slot)
            if (info[slot].tier == tier && !info[slot].up.empty()) {
                G[std::size_t(tier)] = std::uint32_t(info[slot].up.size());
                U[std::size_t(tier)] = info[slot].upPorts;
                break;
            }
        M[std::size_t(tier) + 1] = M[std::size_t(tier)] * std::max<std::uint64_t>(1, G[std::size_t(tier)]);
    }
    // digit[tier][j] = (j / M_t) mod U_t
    std::vector<std::vector<std::uint16_t>> digit(std::size_t(maxTier) + 1);
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

    // Reachability over live cables, as bitsets over leaves: down-only, and up*/down*.
    const std::uint32_t W = (L + 63) / 64;
    std::vector<std::uint64_t> down(std::size_t(S) * W, 0), upReach(std::size_t(S) * W, 0), allUp(std::size_t(S) * W, 0);
    auto groupAlive = [&](std::uint32_t slot, const Group &g) {
        if (!f.node(g.remote).alive)
            return false;
        for (std::uint8_t p : g.ports)
            if (f.port(f.portIndex(switches[slot], p)).connected())
                return true;
        return false;
    };
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
        for (const Group &g : info[slot].down)
            if (groupAlive(slot, g)) {
                const std::uint64_t *c = &down[std::size_t(f.switchSlot(g.remote)) * W];
                for (std::uint32_t w = 0; w < W; ++w)
                    d[w] |= c[w];
            }
    }
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const std::uint32_t slot = *it;
        if (!f.node(switches[slot]).alive)
            continue;
        std::uint64_t *r = &upReach[std::size_t(slot) * W];
        std::uint64_t *a = &allUp[std::size_t(slot) * W];
        const std::uint64_t *d = &down[std::size_t(slot) * W];
        std::copy(d, d + W, r);
        bool first = true;
        for (const Group &g : info[slot].up) {
            const std::uint64_t *c = &upReach[std::size_t(f.switchSlot(g.remote)) * W];
            if (groupAlive(slot, g))
                for (std::uint32_t w = 0; w < W; ++w)
                    r[w] |= c[w];
            for (std::uint32_t w = 0; w < W; ++w)
                a[w] = first ? c[w] : (a[w] & c[w]);
            first = false;
        }
    }

    // Fill the tables, switches shared out over threads.
    auto fillSwitch = [&](std::uint32_t slot, std::vector<std::uint32_t> &candStart, std::vector<std::uint32_t> &cand,
                          std::vector<std::uint8_t> &upCands) {
        const std::uint32_t n = switches[slot];
        std::uint8_t *row = &t.ports[std::size_t(slot) * E];
        if (!f.node(n).alive)
            return;
        const SwitchInfo &in = info[slot];
        // Child groups leading down to each leaf (CSR over leaves).
        std::fill(candStart.begin(), candStart.end(), 0);
        std::vector<char> liveDown(in.down.size());
        for (std::size_t g = 0; g < in.down.size(); ++g) {
            liveDown[g] = groupAlive(slot, in.down[g]) ? 1 : 0;
            if (!liveDown[g])
                continue;
            const std::uint64_t *c = &down[std::size_t(f.switchSlot(in.down[g].remote)) * W];
            for (std::uint32_t w = 0; w < W; ++w)
                for (std::uint64_t bits = c[w]; bits; bits &= bits - 1)
                    ++candStart[w * 64 + std::uint32_t(__builtin_ctzll(bits)) + 1];
        }
        for (std::uint32_t l = 0; l < L; ++l)
            candStart[l + 1] += candStart[l];
        cand.resize(candStart[L]);
        {
            std::vector<std::uint32_t> pos(candStart.begin(), candStart.end() - 1);
            for (std::size_t g = 0; g < in.down.size(); ++g) {
                if (!liveDown[g])
                    continue;
                const std::uint64_t *c = &down[std::size_t(f.switchSlot(in.down[g].remote)) * W];
                for (std::uint32_t w = 0; w < W; ++w)
                    for (std::uint64_t bits = c[w]; bits; bits &= bits - 1)
                        cand[pos[w * 64 + std::uint32_t(__builtin_ctzll(bits))]++] = std::uint32_t(g);
            }
        }
        const int ct = in.tier - 1;
        const std::uint16_t *childDigit = ct >= 1 && !digit[std::size_t(ct)].empty() ? digit[std::size_t(ct)].data() : nullptr;
        const std::uint16_t *ownDigit = !digit[std::size_t(in.tier)].empty() && !in.upByDigit.empty() ? digit[std::size_t(in.tier)].data() : nullptr;
        const std::uint64_t *allUpBits = &allUp[std::size_t(slot) * W];
        const std::uint32_t Gx = std::uint32_t(in.up.size());
        auto alivePort = [&](std::uint8_t p) { return f.port(f.portIndex(n, p)).connected(); };
        // The m-th live port of a group (counting round); kNoPort if none.
        auto spreadInGroup = [&](const Group &g, std::uint32_t m) -> std::uint8_t {
            std::uint32_t live = 0;
            for (std::uint8_t p : g.ports)
                live += alivePort(p) ? 1 : 0;
            if (live == 0)
                return kNoPort;
            std::uint32_t k = m % live;
            for (std::uint8_t p : g.ports)
                if (alivePort(p) && k-- == 0)
                    return p;
            return kNoPort;
        };
        // Per down group: destinations whose cable is dead so far, dealt over the live ones.
        std::vector<std::uint32_t> spilled(in.down.size(), 0);

        for (std::uint32_t l = 0; l < L; ++l) {
            const std::uint32_t *eps = &leafEps[leafStart[l]];
            const std::uint32_t count = leafStart[l + 1] - leafStart[l];
            if (leafOf[slot] == l) {
                for (std::uint32_t k = 0; k < count; ++k)
                    row[eps[k]] = alivePort(epPort[eps[k]]) ? epPort[eps[k]] : kNoPort;
                continue;
            }
            const std::uint32_t nc = candStart[l + 1] - candStart[l];
            if (nc > 0) {
                const std::uint32_t *cs = &cand[candStart[l]];
                for (std::uint32_t k = 0; k < count; ++k) {
                    const std::uint32_t j = eps[k];
                    const std::uint32_t r = childDigit ? childDigit[j] : 0;
                    const std::uint32_t pick = nc == 1 ? 0 : std::uint32_t((j / M[std::size_t(std::max(ct, 1))]) % nc);
                    std::uint8_t port = kNoPort;
                    for (std::uint32_t c = 0; c < nc && port == kNoPort; ++c) {
                        const std::uint32_t g = cs[(pick + c) % nc];
                        const Group &grp = in.down[g];
                        const std::uint8_t first = !in.downByDigit.empty() ? in.downByDigit[g][r] : grp.ports[0];
                        port = alivePort(first) ? first : spreadInGroup(grp, spilled[g]++);
                    }
                    row[j] = port;
                }
                continue;
            }
            if (Gx == 0)
                continue;   // a top switch that cannot reach this leaf: no route
            if (ownDigit && in.upAllAlive && testBit(allUpBits, l)) {
                for (std::uint32_t k = 0; k < count; ++k)
                    row[eps[k]] = in.upByDigit[ownDigit[eps[k]]];
                continue;
            }
            // Re-sweep over the live up ports that lead to the leaf, in digit order (groups,
            // then parallel cables). The source switch's place in its tier turns the dealing
            // (q below), so that the few destinations left over when k does not divide a
            // leaf's count land on different ports from different sources: the routes a
            // failure displaces spread over every surviving path up and down, not onto one.
            upCands.clear();
            for (std::size_t c = 0; c < in.maxGroupSize; ++c)
                for (const Group &grp : in.up)
                    if (c < grp.ports.size() && f.node(grp.remote).alive && alivePort(grp.ports[c]) &&
                        testBit(&upReach[std::size_t(f.switchSlot(grp.remote)) * W], l))
                        upCands.push_back(grp.ports[c]);
            if (upCands.empty())
                continue;
            const std::uint64_t mt = M[std::size_t(in.tier)];
            const std::uint64_t turn = std::uint64_t(tierPlace[slot]) * ((count + mt - 1) / mt);
            for (std::uint32_t k = 0; k < count; ++k) {
                const std::uint32_t j = eps[k];
                row[j] = upCands[(j / mt + turn) % upCands.size()];
            }
        }
    };

    unsigned nThreads = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    nThreads = std::min<unsigned>(nThreads, std::max<std::uint32_t>(1, S / 8));
    auto worker = [&](unsigned id) {
        std::vector<std::uint32_t> candStart(L + 1), cand;
        std::vector<std::uint8_t> upCands;
        for (std::uint32_t slot = id; slot < S; slot += nThreads)
            fillSwitch(slot, candStart, cand, upCands);
    };
    if (nThreads <= 1) {
        worker(0);
    } else {
        std::vector<std::thread> pool;
        for (unsigned i = 1; i < nThreads; ++i)
            pool.emplace_back(worker, i);
        worker(0);
        for (std::thread &th : pool)
            th.join();
    }
    (void)W;
}

} // namespace cplan::detail
