// Verification: the plan and the as-built, cable by cable (see verify.h).
#include "verify/verify.h"

#include "catalog/catalog.h"
#include "export/cableplan.h"
#include "io/ibmodels.h"
#include "model/linkrate.h"
#include "util/strings.h"
#include "verify/verifyside.h"

#include <algorithm>
#include <unordered_map>

namespace cplan {

using verifyimpl::LocalPort;
using verifyimpl::Side;
using verifyimpl::endpointKey;

const char *toString(CableVerdict v)
{
    switch (v) {
    case CableVerdict::Ok: return "ok";
    case CableVerdict::Missing: return "missing";
    case CableVerdict::Unexpected: return "unexpected";
    case CableVerdict::Misconnected: return "misconnected";
    case CableVerdict::Different: return "different";
    }
    return "?";
}

const char *toString(NodeVerdict v)
{
    switch (v) {
    case NodeVerdict::Missing: return "node-missing";
    case NodeVerdict::Unexpected: return "node-unexpected";
    case NodeVerdict::DifferentPart: return "different-part";
    }
    return "?";
}

const char *toString(MatchMethod m)
{
    switch (m) {
    case MatchMethod::Guid: return "guid";
    case MatchMethod::Name: return "name";
    case MatchMethod::Position: return "position";
    }
    return "?";
}

namespace {

bool hasProductNumber(const std::string &model)
{
    int digits = 0;
    for (char c : model)
        digits = (c >= '0' && c <= '9') ? digits + 1 : (c == ' ' ? 0 : digits);
    return digits >= 3;
}

std::string generation(const Part &p)
{
    return !p.speedName.empty() ? p.speedName : p.portSpeedGbps ? speedNameForPort(*p.portSpeedGbps) : std::string();
}

// Whether a found part can stand where the plan has `plan`: the same part, or one with the
// same ports and speed generation whose model (when the dump names a product) is the plan's.
bool interchangeable(const Part *plan, const Part *found)
{
    if (!plan || !found)
        return plan == found;
    if (plan->id == found->id)
        return true;
    if (plan->kind != found->kind || plan->ports != found->ports)
        return false;
    const std::string gp = generation(*plan), gf = generation(*found);
    if (!gp.empty() && !gf.empty() && gp != gf)
        return false;
    return !found->imported ? false : !hasProductNumber(found->model) || sameModel(found->model, plan->model);
}

class Verifier
{
public:
    Verifier(const Design &plan, const AsBuilt &found, const Catalog &catalog, bool onePlane)
        : m_planDesign(plan), m_foundDesign(found.design), m_catalog(catalog), m_plan(plan, catalog), m_found(found.design, catalog)
    {
        m_plan.deriveGuids();
        if (onePlane)
            m_plan.rankCabledHcas();
        if (found.nodeGuids.size() == found.design.nodes.size())
            m_found.guids = found.nodeGuids;
        else
            m_found.deriveGuids();
    }

    VerifyResult run()
    {
        m_match = verifyimpl::matchNodes(m_plan, m_found);
        m_out.matches = m_match.matches;
        for (const NodeMatch &m : m_out.matches)
            ++(m.method == MatchMethod::Guid ? m_out.summary.matchedByGuid
               : m.method == MatchMethod::Name ? m_out.summary.matchedByName
                                                : m_out.summary.matchedByPosition);
        m_rows = cablePlan(m_planDesign, m_catalog);
        // A plan row is a physical cable: a twin-port cable or a splitter carries two links.
        m_rowOfLink.assign(m_planDesign.links.size(), 0);
        for (std::size_t i = 0; i < m_rows.size(); ++i)
            for (const std::string &id : m_rows[i].links)
                if (auto l = m_planDesign.findLink(id))
                    m_rowOfLink[l->value] = i;
        pairCables();
        emitCables();
        emitNodes();
        return std::move(m_out);
    }

private:
    std::uint64_t planKey(PortRef r) const { return endpointKey(r.node.value, m_plan.local(r)); }
    std::uint64_t foundKey(PortRef r) const
    {
        const int p = m_match.foundToPlan[r.node.value];
        const std::uint32_t node = p >= 0 ? std::uint32_t(p) : std::uint32_t(m_planDesign.nodes.size() + r.node.value);
        return endpointKey(node, m_found.local(r));
    }

    void pairCables();
    void pairSwaps();
    void emitCables();
    void emitNodes();
    VerifyEnd planEnd(std::size_t link, int end) const;
    VerifyEnd foundEnd(PortRef r) const;
    void rates(CableFinding &c) const;

    const Design &m_planDesign;
    const Design &m_foundDesign;
    const Catalog &m_catalog;
    Side m_plan, m_found;
    verifyimpl::NodeMatching m_match;
    std::vector<CablePlanRow> m_rows;
    std::vector<std::size_t> m_rowOfLink;   // plan link -> its physical cable's row
    VerifyResult m_out;

    std::unordered_map<std::uint64_t, std::uint32_t> m_planAt, m_foundAt;   // endpoint -> link
    std::vector<int> m_planPair, m_foundPair;                               // link -> partner link, -1
    std::vector<int> m_planRight;                                           // misconnected: the right end (0/1), -1
    std::vector<int> m_planSwap;                                            // plan link -> the other plan link of a swap
    std::vector<char> m_exact;
};

void Verifier::pairCables()
{
    const std::size_t np = m_planDesign.links.size(), nf = m_foundDesign.links.size();
    m_planPair.assign(np, -1);
    m_foundPair.assign(nf, -1);
    m_planRight.assign(np, -1);
    m_planSwap.assign(np, -1);
    m_exact.assign(np, 0);
    for (std::uint32_t l = 0; l < np; ++l) {
        m_planAt.emplace(planKey(m_planDesign.links[l].a), l);
        m_planAt.emplace(planKey(m_planDesign.links[l].b), l);
    }
    for (std::uint32_t l = 0; l < nf; ++l) {
        m_foundAt.emplace(foundKey(m_foundDesign.links[l].a), l);
        m_foundAt.emplace(foundKey(m_foundDesign.links[l].b), l);
    }
    // Both ends right.
    for (std::uint32_t f = 0; f < nf; ++f) {
        const std::uint64_t a = foundKey(m_foundDesign.links[f].a), b = foundKey(m_foundDesign.links[f].b);
        auto it = m_planAt.find(a);
        if (it == m_planAt.end() || m_planPair[it->second] >= 0)
            continue;
        const Link &p = m_planDesign.links[it->second];
        const std::uint64_t pa = planKey(p.a), pb = planKey(p.b);
        if ((pa == a && pb == b) || (pa == b && pb == a)) {
            m_planPair[it->second] = int(f);
            m_foundPair[f] = int(it->second);
            m_exact[it->second] = 1;
        }
    }
    pairSwaps();
    // One end right.
    for (std::uint32_t p = 0; p < np; ++p) {
        if (m_planPair[p] >= 0)
            continue;
        const Link &l = m_planDesign.links[p];
        for (int e = 0; e < 2 && m_planPair[p] < 0; ++e) {
            auto it = m_foundAt.find(planKey(e ? l.b : l.a));
            if (it != m_foundAt.end() && m_foundPair[it->second] < 0) {
                m_planPair[p] = int(it->second);
                m_foundPair[it->second] = int(p);
                m_planRight[p] = e;
            }
        }
    }
}

// Two cables exchanged at one end: plan x-y and u-v, found x-v and u-y.
void Verifier::pairSwaps()
{
    auto otherEnd = [](std::uint64_t k, std::uint64_t a, std::uint64_t b) { return k == a ? b : a; };
    for (std::uint32_t p = 0; p < m_planDesign.links.size(); ++p) {
        if (m_planPair[p] >= 0)
            continue;
        const Link &l = m_planDesign.links[p];
        const std::uint64_t a = planKey(l.a), b = planKey(l.b);
        // The end nearer the top stays where it is: cables are re-plugged at the lower end.
        const bool bFirst = level(m_planDesign.node(l.b.node).tier) > level(m_planDesign.node(l.a.node).tier);
        for (int k = 0; k < 2 && m_planPair[p] < 0; ++k) {
            const int e = bFirst ? 1 - k : k;
            const std::uint64_t x = e ? b : a, y = e ? a : b;
            auto f1 = m_foundAt.find(x);
            if (f1 == m_foundAt.end() || m_foundPair[f1->second] >= 0)
                continue;
            const Link &fl1 = m_foundDesign.links[f1->second];
            const std::uint64_t v = otherEnd(x, foundKey(fl1.a), foundKey(fl1.b));
            auto p2 = m_planAt.find(v);
            if (p2 == m_planAt.end() || p2->second == p || m_planPair[p2->second] >= 0)
                continue;
            const Link &pl2 = m_planDesign.links[p2->second];
            const std::uint64_t u = otherEnd(v, planKey(pl2.a), planKey(pl2.b));
            auto f2 = m_foundAt.find(u);
            if (f2 == m_foundAt.end() || f2->second == f1->second || m_foundPair[f2->second] >= 0)
                continue;
            const Link &fl2 = m_foundDesign.links[f2->second];
            if (otherEnd(u, foundKey(fl2.a), foundKey(fl2.b)) != y)
                continue;
            m_planPair[p] = int(f1->second);
            m_foundPair[f1->second] = int(p);
            m_planRight[p] = planKey(l.a) == x ? 0 : 1;
            m_planPair[p2->second] = int(f2->second);
            m_foundPair[f2->second] = int(p2->second);
            m_planRight[p2->second] = planKey(pl2.a) == u ? 0 : 1;
            m_planSwap[p] = int(p2->second);
            m_planSwap[p2->second] = int(p);
        }
    }
}

VerifyEnd Verifier::planEnd(std::size_t link, int end) const
{
    const Link &l = m_planDesign.links[link];
    const PortRef r = end ? l.b : l.a;
    const Node &n = m_planDesign.node(r.node);
    const CablePlanRow &row = m_rows[m_rowOfLink[link]];
    for (const CableEnd *ce : {&row.from, &row.to})
        for (const CablePort &cp : ce->ports)
            if (cp.linkId == l.id && cp.nodeId == n.id && cp.port == r.port)
                return VerifyEnd{n.id, cp.device, r.port, cp.portLabel, n.rack, true};
    return VerifyEnd{n.id, n.name.empty() ? n.id : n.name, r.port, std::to_string(r.port), n.rack, true};
}

VerifyEnd Verifier::foundEnd(PortRef r) const
{
    const int p = m_match.foundToPlan[r.node.value];
    const LocalPort lp = m_found.local(r);
    if (p >= 0) {
        const Node &n = m_planDesign.nodes[std::size_t(p)];
        const int port = m_plan.designPort(std::uint32_t(p), lp);
        std::string label;
        if (port > 0)
            label = frontPanelPort(m_plan.ports[std::size_t(p)], port);
        else
            label = lp.hca > 0 ? "HCA-" + std::to_string(lp.hca) + "/" + std::to_string(lp.port) : std::to_string(lp.port);
        return VerifyEnd{n.id, n.name.empty() ? n.id : n.name, port, label, n.rack, true};
    }
    const Node &n = m_foundDesign.node(r.node);
    const std::vector<PortInfo> ports = nodePorts(n, m_catalog);
    return VerifyEnd{n.id, n.name.empty() ? n.id : n.name, r.port, frontPanelPort(ports, r.port), n.rack, false};
}

void Verifier::rates(CableFinding &c) const
{
    if (!c.plannedLink.empty()) {
        const Link &l = m_planDesign.link(*m_planDesign.findLink(c.plannedLink));
        c.plannedGbps = linkSpeedGbps(m_planDesign, l, m_catalog);
        const std::string name = speedNameForPort(c.plannedGbps);
        c.plannedRate = !l.rate.empty() ? l.rate : name.empty() ? std::string() : "4x" + name;
        if (auto r = parseLinkRate(l.rate))
            c.plannedGbps = r->gbps();
    }
    if (!c.foundLink.empty()) {
        const Link &l = m_foundDesign.link(*m_foundDesign.findLink(c.foundLink));
        if (auto r = parseLinkRate(l.rate)) {
            c.foundGbps = r->gbps();
            c.foundRate = l.rate;
        } else {
            c.foundGbps = linkSpeedGbps(m_foundDesign, l, m_catalog);
            const std::string name = speedNameForPort(c.foundGbps);
            c.foundRate = name.empty() ? std::string() : "4x" + name;
        }
    }
}

std::string endText(const VerifyEnd &e)
{
    return e.device + " " + e.portLabel;
}

void Verifier::emitCables()
{
    VerifySummary &sum = m_out.summary;
    sum.planned = int(m_planDesign.links.size());
    sum.found = int(m_foundDesign.links.size());
    std::vector<int> findingOf(m_planDesign.links.size(), -1);
    for (std::size_t p = 0; p < m_planDesign.links.size(); ++p) {
        const Link &l = m_planDesign.links[p];
        CableFinding c;
        c.plannedLink = l.id;
        c.label = m_rows[m_rowOfLink[p]].label;
        c.plannedA = planEnd(p, 0);
        c.plannedB = planEnd(p, 1);
        const int f = m_planPair[p];
        if (f < 0) {
            c.verdict = CableVerdict::Missing;
            c.message = "missing: " + c.label + " is planned but not found";
        } else {
            const Link &fl = m_foundDesign.links[std::size_t(f)];
            c.foundLink = fl.id;
            const bool flipped = foundKey(fl.b) == planKey(l.a) || foundKey(fl.a) == planKey(l.b);
            c.foundA = foundEnd(flipped ? fl.b : fl.a);
            c.foundB = foundEnd(flipped ? fl.a : fl.b);
        }
        rates(c);
        if (f >= 0 && m_exact[p]) {
            const bool slower = c.plannedGbps > 0 && c.foundGbps > 0 && c.foundGbps < c.plannedGbps * 0.99;
            c.verdict = slower ? CableVerdict::Different : CableVerdict::Ok;
            c.message = slower ? "different: " + c.label + " runs at " + c.foundRate + " (" + formatNumber(c.foundGbps) +
                                     " Gb/s), below the planned " + c.plannedRate + " (" + formatNumber(c.plannedGbps) + " Gb/s)"
                               : "ok: " + c.label;
        } else if (f >= 0) {
            c.verdict = CableVerdict::Misconnected;
            c.rightEnd = m_planRight[p];
            const VerifyEnd &right = c.rightEnd == 0 ? c.plannedA : c.plannedB;
            const VerifyEnd &wrong = c.rightEnd == 0 ? c.plannedB : c.plannedA;
            const VerifyEnd &at = c.rightEnd == 0 ? c.foundB : c.foundA;
            c.message = "misconnected: " + c.label + ": the cable at " + endText(right) + " ends at " + endText(at) +
                        " instead of " + endText(wrong);
        }
        findingOf[p] = int(m_out.cables.size());
        m_out.cables.push_back(std::move(c));
    }
    for (std::size_t p = 0; p < m_planDesign.links.size(); ++p)
        if (m_planSwap[p] >= 0) {
            CableFinding &c = m_out.cables[std::size_t(findingOf[p])];
            c.swapWith = findingOf[std::size_t(m_planSwap[p])];
            c.message += " (swapped with " + m_out.cables[std::size_t(c.swapWith)].label + ")";
            ++sum.swappedPairs;
        }
    sum.swappedPairs /= 2;
    for (std::size_t f = 0; f < m_foundDesign.links.size(); ++f) {
        if (m_foundPair[f] >= 0)
            continue;
        const Link &fl = m_foundDesign.links[f];
        CableFinding c;
        c.verdict = CableVerdict::Unexpected;
        c.foundLink = fl.id;
        c.foundA = foundEnd(fl.a);
        c.foundB = foundEnd(fl.b);
        c.label = endText(c.foundA) + " - " + endText(c.foundB);
        rates(c);
        c.message = "unexpected: " + c.label + " is found but not planned";
        m_out.cables.push_back(std::move(c));
    }
    for (const CableFinding &c : m_out.cables)
        ++(c.verdict == CableVerdict::Ok             ? sum.ok
           : c.verdict == CableVerdict::Missing      ? sum.missing
           : c.verdict == CableVerdict::Unexpected   ? sum.unexpected
           : c.verdict == CableVerdict::Misconnected ? sum.misconnected
                                                     : sum.different);
}

// The HCA parts of a server, one per HCA, in order.
std::vector<std::string> hcaParts(const std::vector<PortInfo> &ports)
{
    std::vector<std::string> out;
    int last = 0;
    for (const PortInfo &p : ports)
        if (p.hca != last) {
            out.push_back(p.hcaPart);
            last = p.hca;
        }
    return out;
}

std::string partText(const Node &n, const std::vector<PortInfo> &ports)
{
    if (n.role == NodeRole::Switch)
        return n.part;
    const std::vector<std::string> hcas = hcaParts(ports);
    std::string out = n.part + " with " + std::to_string(hcas.size()) + " HCA(s)";
    if (!hcas.empty() && std::all_of(hcas.begin(), hcas.end(), [&](const std::string &h) { return h == hcas.front(); }))
        out += " " + hcas.front();
    return out;
}

void Verifier::emitNodes()
{
    VerifySummary &sum = m_out.summary;
    auto name = [](const Node &n) { return n.name.empty() ? n.id : n.name; };
    for (std::size_t p = 0; p < m_planDesign.nodes.size(); ++p) {
        const Node &n = m_planDesign.nodes[p];
        const int f = m_match.planToFound[p];
        if (f < 0) {
            m_out.nodes.push_back(NodeFinding{NodeVerdict::Missing, n.id, "", name(n), partText(n, m_plan.sidePorts(std::uint32_t(p))), "",
                                              "node missing: " + name(n) + " (" + n.part + ") is planned but not found"});
            ++sum.nodesMissing;
            continue;
        }
        const Node &fn = m_foundDesign.nodes[std::size_t(f)];
        bool same = true;
        if (n.role == NodeRole::Switch) {
            same = interchangeable(m_catalog.find(n.part), m_catalog.find(fn.part));
        } else {
            const Part *pp = m_catalog.find(n.part), *fp = m_catalog.find(fn.part);
            if (fp && pp && !fp->imported && fp->id != pp->id)
                same = false;
            const auto ph = hcaParts(m_plan.sidePorts(std::uint32_t(p))), fh = hcaParts(m_found.ports[std::size_t(f)]);
            same = same && ph.size() == fh.size();
            for (std::size_t k = 0; same && k < ph.size(); ++k)
                same = interchangeable(m_catalog.find(ph[k]), m_catalog.find(fh[k]));
        }
        if (!same) {
            const std::string planned = partText(n, m_plan.sidePorts(std::uint32_t(p))), found = partText(fn, m_found.ports[std::size_t(f)]);
            m_out.nodes.push_back(NodeFinding{NodeVerdict::DifferentPart, n.id, fn.id, name(n), planned, found,
                                              "different part: " + name(n) + " is planned as " + planned + ", found " + found});
            ++sum.nodesDifferent;
        }
    }
    for (std::size_t f = 0; f < m_foundDesign.nodes.size(); ++f)
        if (m_match.foundToPlan[f] < 0) {
            const Node &n = m_foundDesign.nodes[f];
            m_out.nodes.push_back(NodeFinding{NodeVerdict::Unexpected, "", n.id, name(n), "", partText(n, m_found.ports[f]),
                                              "node unexpected: " + name(n) + " (" + n.part + ") is found but not planned"});
            ++sum.nodesUnexpected;
        }
}

} // namespace

VerifyResult verifyAsBuilt(const Design &plan, const AsBuilt &found, const Catalog &catalog, int plane)
{
    if (plane > 0) {
        const Design view = planeView(plan, plane);
        return Verifier(view, found, catalog, true).run();
    }
    return Verifier(plan, found, catalog, false).run();
}

} // namespace cplan
