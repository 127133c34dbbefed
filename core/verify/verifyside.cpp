#include "verify/verifyside.h"

#include "catalog/catalog.h"
#include "routing/fabric.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <unordered_map>

namespace cplan::verifyimpl {

Side::Side(const Design &d, const Catalog &c) : design(d), catalog(c)
{
    ports.resize(d.nodes.size());
    guids.resize(d.nodes.size());
    for (std::size_t i = 0; i < d.nodes.size(); ++i)
        if (d.nodes[i].role != NodeRole::Switch)
            ports[i] = nodePorts(d.nodes[i], c);
}

LocalPort Side::local(PortRef ref) const
{
    if (isSwitch(ref.node.value))
        return {0, ref.port};
    const std::vector<PortInfo> &ps = ports[ref.node.value];
    if (ref.port < 1 || std::size_t(ref.port) > ps.size())
        return {0, ref.port};
    const int hca = ps[std::size_t(ref.port - 1)].hca;
    int inHca = 1;
    for (int p = ref.port - 1; p >= 1 && ps[std::size_t(p - 1)].hca == hca; --p)
        ++inHca;
    if (hcaRank.empty())
        return {hca, inHca};
    const std::vector<int> &rank = hcaRank[ref.node.value];
    return {std::size_t(hca) < rank.size() ? rank[std::size_t(hca)] : 0, inHca};
}

int Side::designPort(std::uint32_t node, LocalPort lp) const
{
    if (isSwitch(node))
        return lp.port;
    int hca = lp.hca;
    if (!hcaRank.empty()) {
        const std::vector<int> &rank = hcaRank[node];
        const auto it = lp.hca > 0 ? std::find(rank.begin(), rank.end(), lp.hca) : rank.end();
        if (it == rank.end())
            return 0;
        hca = int(it - rank.begin());
    }
    const std::vector<PortInfo> &ps = ports[node];
    for (std::size_t i = 0; i < ps.size(); ++i)
        if (ps[i].hca == hca) {
            const std::size_t at = i + std::size_t(lp.port - 1);
            return lp.port >= 1 && at < ps.size() && ps[at].hca == hca ? int(at + 1) : 0;
        }
    return 0;
}

void Side::rankCabledHcas()
{
    hcaRank.assign(design.nodes.size(), {});
    std::vector<std::vector<char>> cabled(design.nodes.size());
    for (const Link &l : design.links)
        for (PortRef r : {l.a, l.b}) {
            if (r.node.value >= design.nodes.size() || isSwitch(r.node.value))
                continue;
            const std::vector<PortInfo> &ps = ports[r.node.value];
            if (r.port < 1 || std::size_t(r.port) > ps.size())
                continue;
            auto &c = cabled[r.node.value];
            const auto hca = std::size_t(ps[std::size_t(r.port - 1)].hca);
            if (c.size() <= hca)
                c.resize(hca + 1, 0);
            c[hca] = 1;
        }
    for (std::size_t n = 0; n < design.nodes.size(); ++n) {
        hcaRank[n].assign(cabled[n].size(), 0);
        int next = 0;
        for (std::size_t h = 0; h < cabled[n].size(); ++h)
            if (cabled[n][h])
                hcaRank[n][h] = ++next;
    }
}

std::vector<PortInfo> Side::sidePorts(std::uint32_t node) const
{
    if (hcaRank.empty())
        return ports[node];
    std::vector<PortInfo> out;
    const std::vector<int> &rank = hcaRank[node];
    for (const PortInfo &p : ports[node])
        if (std::size_t(p.hca) < rank.size() && rank[std::size_t(p.hca)] > 0)
            out.push_back(p);
    return out;
}

void Side::deriveGuids()
{
    const Fabric f = Fabric::build(design, catalog);
    for (const FabricNode &n : f.nodes()) {
        if (!n.designNode.valid() || n.designNode.value >= guids.size())
            continue;
        auto &g = guids[n.designNode.value];
        g.push_back(n.guid);
        if (!n.isSwitch())
            for (int p = 1; p <= n.portCount; ++p)
                g.push_back(n.guid + std::uint64_t(p));
    }
}

namespace {

class Matcher
{
public:
    Matcher(const Side &plan, const Side &found) : m_plan(plan), m_found(found)
    {
        m_out.foundToPlan.assign(found.design.nodes.size(), -1);
        m_out.planToFound.assign(plan.design.nodes.size(), -1);
    }

    NodeMatching run()
    {
        byGuid();
        byName();
        byPosition();
        return std::move(m_out);
    }

private:
    bool sameClass(std::uint32_t p, std::uint32_t f) const { return m_plan.isSwitch(p) == m_found.isSwitch(f); }
    bool free(std::uint32_t p, std::uint32_t f) const { return m_out.planToFound[p] < 0 && m_out.foundToPlan[f] < 0; }

    void link(std::uint32_t p, std::uint32_t f, MatchMethod how)
    {
        m_out.planToFound[p] = int(f);
        m_out.foundToPlan[f] = int(p);
        m_out.matches.push_back(NodeMatch{m_plan.design.nodes[p].id, m_found.design.nodes[f].id, how});
    }

    void byGuid()
    {
        std::unordered_map<std::uint64_t, std::uint32_t> planByGuid;
        for (std::uint32_t p = 0; p < m_plan.guids.size(); ++p)
            for (std::uint64_t g : m_plan.guids[p])
                planByGuid.emplace(g, p);
        for (std::uint32_t f = 0; f < m_found.guids.size(); ++f)
            for (std::uint64_t g : m_found.guids[f]) {
                auto it = planByGuid.find(g);
                if (it != planByGuid.end() && sameClass(it->second, f) && free(it->second, f)) {
                    link(it->second, f, MatchMethod::Guid);
                    break;
                }
            }
    }

    void byName()
    {
        std::unordered_map<std::string, std::vector<std::uint32_t>> planByName;
        for (std::uint32_t p = 0; p < m_plan.design.nodes.size(); ++p) {
            const Node &n = m_plan.design.nodes[p];
            planByName[n.name.empty() ? n.id : n.name].push_back(p);
            if (!n.name.empty() && n.name != n.id)
                planByName[n.id].push_back(p);
        }
        for (std::uint32_t f = 0; f < m_found.design.nodes.size(); ++f) {
            if (m_out.foundToPlan[f] >= 0)
                continue;
            const Node &n = m_found.design.nodes[f];
            for (const std::string &key : {n.name.empty() ? n.id : n.name, n.id}) {
                auto it = planByName.find(key);
                if (it == planByName.end())
                    continue;
                bool done = false;
                for (std::uint32_t p : it->second)
                    if (!done && sameClass(p, f) && free(p, f)) {
                        link(p, f, MatchMethod::Name);
                        done = true;
                    }
                if (done)
                    break;
            }
        }
    }

    // Unmatched as-built nodes take the unmatched plan node that their matched neighbours
    // expect at the same ports (a vote per cable; a clear majority wins), until nothing moves.
    void byPosition()
    {
        std::unordered_map<std::uint64_t, PortRef> planPeer;   // plan endpoint -> the far end of its cable
        for (const Link &l : m_plan.design.links) {
            planPeer.emplace(endpointKey(l.a.node.value, m_plan.local(l.a)), l.b);
            planPeer.emplace(endpointKey(l.b.node.value, m_plan.local(l.b)), l.a);
        }
        for (int pass = 0; pass < 64; ++pass) {
            std::unordered_map<std::uint32_t, std::unordered_map<std::uint32_t, int>> votes;   // found -> plan -> votes
            for (const Link &l : m_found.design.links)
                for (int e = 0; e < 2; ++e) {
                    const PortRef near = e ? l.b : l.a, far = e ? l.a : l.b;
                    const int p = m_out.foundToPlan[near.node.value];
                    if (p < 0 || m_out.foundToPlan[far.node.value] >= 0)
                        continue;
                    auto it = planPeer.find(endpointKey(std::uint32_t(p), m_found.local(near)));
                    if (it == planPeer.end())
                        continue;
                    const std::uint32_t q = it->second.node.value;
                    if (m_out.planToFound[q] < 0 && sameClass(q, far.node.value))
                        ++votes[far.node.value][q];
                }
            // Strongest claims first, so that two as-built nodes wanting one plan node resolve.
            std::vector<std::tuple<int, std::uint32_t, std::uint32_t>> claims;   // (-votes, found, plan)
            for (const auto &[f, byPlan] : votes) {
                int best = 0, second = 0;
                std::uint32_t bestPlan = 0;
                for (const auto &[q, v] : byPlan) {
                    if (v > best || (v == best && q < bestPlan)) {
                        second = best;
                        best = v;
                        bestPlan = q;
                    } else if (v > second) {
                        second = v;
                    }
                }
                if (best > second)
                    claims.emplace_back(-best, f, bestPlan);
            }
            std::sort(claims.begin(), claims.end());
            bool changed = false;
            for (const auto &[v, f, q] : claims)
                if (free(q, f)) {
                    link(q, f, MatchMethod::Position);
                    changed = true;
                }
            if (!changed)
                break;
        }
    }

    const Side &m_plan;
    const Side &m_found;
    NodeMatching m_out;
};

} // namespace

NodeMatching matchNodes(const Side &plan, const Side &found)
{
    return Matcher(plan, found).run();
}

} // namespace cplan::verifyimpl
