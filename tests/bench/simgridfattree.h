#pragma once

// A fat tree wired and routed exactly like SimGrid 3.32's FAT_TREE zone (see
// ../shared/peers/simgrid/README.md): topo "H;m1,..,mH;w1,..,wH;p1,..,pH", hosts numbered by
// position, destination-mod-k up-routing, one directed link per cable direction.
// Shared by tst_flow (known truths) and bench_flow (comparison with SimGrid). Test code only.
// The 3.32 down-phase quirk (only when some p_l > 1 below the top level) is not reproduced.

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace cplan::bench {

class SimGridFatTree
{
public:
    static std::optional<SimGridFatTree> parse(const std::string &topo)
    {
        SimGridFatTree t;
        std::vector<std::vector<long long>> parts;
        std::stringstream ss(topo);
        std::string field;
        while (std::getline(ss, field, ';')) {
            std::vector<long long> v;
            std::stringstream fs(field);
            std::string num;
            while (std::getline(fs, num, ',')) {
                try {
                    v.push_back(std::stoll(num));
                } catch (...) {
                    return std::nullopt;
                }
            }
            parts.push_back(v);
        }
        if (parts.size() != 4 || parts[0].size() != 1)
            return std::nullopt;
        t.m_levels = static_cast<int>(parts[0][0]);
        if (t.m_levels < 1)
            return std::nullopt;
        for (int i = 1; i < 4; ++i)
            if (parts[static_cast<std::size_t>(i)].size() != static_cast<std::size_t>(t.m_levels))
                return std::nullopt;
        for (int l = 0; l < t.m_levels; ++l) {
            const auto i = static_cast<std::size_t>(l);
            if (parts[1][i] < 1 || parts[2][i] < 1 || parts[3][i] < 1)
                return std::nullopt;
            t.m_down.push_back(static_cast<std::uint64_t>(parts[1][i]));
            t.m_up.push_back(static_cast<std::uint64_t>(parts[2][i]));
            t.m_par.push_back(static_cast<std::uint64_t>(parts[3][i]));
        }
        t.build();
        return t;
    }

    std::uint32_t hosts() const { return static_cast<std::uint32_t>(m_nodes[0]); }
    std::uint32_t linkCount() const { return static_cast<std::uint32_t>(m_base.back()); }
    std::uint64_t nodesAtLevel(int l) const { return m_nodes[static_cast<std::size_t>(l)]; }

    // Directed links between a level-l node (parent, l >= 1) and a child at level l-1 whose
    // up-port `port` (parent digit l-1 = port mod w_l, cable = port / w_l) leads to it.
    std::uint32_t upLink(int l, std::uint64_t childPos, std::uint64_t port) const
    {
        const auto i = static_cast<std::size_t>(l - 1);
        return static_cast<std::uint32_t>(m_base[i] + (childPos * m_up[i] * m_par[i] + port) * 2);
    }
    std::uint32_t downLink(int l, std::uint64_t childPos, std::uint64_t port) const
    {
        return upLink(l, childPos, port) + 1;
    }

    // Appends SimGrid's route from host src to host dst (directed-link indices).
    void route(std::uint64_t src, std::uint64_t dst, std::vector<std::uint32_t> &out) const
    {
        const auto H = static_cast<std::size_t>(m_levels);
        std::uint64_t sd[16], dd[16], cur[16];
        hostDigits(src, sd);
        hostDigits(dst, dd);
        std::size_t top = 0;   // lowest level containing both ends
        for (std::size_t j = H; j-- > 0;) {
            if (sd[j] != dd[j]) {
                top = j + 1;
                break;
            }
        }
        for (std::size_t j = 0; j < H; ++j)
            cur[j] = sd[j];
        std::uint64_t wprod = 1;
        for (std::size_t l = 0; l < top; ++l) {   // up from level l to l+1
            const std::uint64_t k = (dst / wprod) % (m_up[l] * m_par[l]);
            out.push_back(upLink(static_cast<int>(l + 1), position(cur, l), k));
            cur[l] = k % m_up[l];
            wprod *= m_up[l];
        }
        for (std::size_t l = top; l >= 1; --l) {   // down from level l to l-1
            const std::uint64_t cable = src % m_par[l - 1];
            const std::uint64_t port = cur[l - 1] + m_up[l - 1] * cable;
            cur[l - 1] = dd[l - 1];
            out.push_back(downLink(static_cast<int>(l), position(cur, l - 1), port));
        }
    }

private:
    void build()
    {
        const auto H = static_cast<std::size_t>(m_levels);
        m_nodes.assign(H + 1, 1);
        for (std::size_t l = 0; l <= H; ++l)
            for (std::size_t j = 0; j < H; ++j)
                m_nodes[l] *= j < l ? m_up[j] : m_down[j];
        m_base.assign(H + 1, 0);
        for (std::size_t l = 1; l <= H; ++l)
            m_base[l] = m_base[l - 1] + m_nodes[l - 1] * m_up[l - 1] * m_par[l - 1] * 2;
    }
    void hostDigits(std::uint64_t x, std::uint64_t *d) const
    {
        for (std::size_t j = 0; j < m_down.size(); ++j) {
            d[j] = x % m_down[j];
            x /= m_down[j];
        }
    }
    // Position of a level-l node from its digits (digit 0 least significant, mixed radix).
    std::uint64_t position(const std::uint64_t *d, std::size_t l) const
    {
        std::uint64_t pos = 0, radix = 1;
        for (std::size_t j = 0; j < m_down.size(); ++j) {
            pos += d[j] * radix;
            radix *= j < l ? m_up[j] : m_down[j];
        }
        return pos;
    }

    int m_levels = 0;
    std::vector<std::uint64_t> m_down, m_up, m_par;   // m_l, w_l, p_l (index l-1)
    std::vector<std::uint64_t> m_nodes;               // nodes per level 0..H
    std::vector<std::uint64_t> m_base;                // first link index per level pair
};

} // namespace cplan::bench
