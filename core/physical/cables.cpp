#include "physical/cables.h"

#include "catalog/catalog.h"

#include <algorithm>
#include <limits>
#include <set>
#include <tuple>

namespace cplan {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr const char *kSplitterTwinTwin = CPLAN_TR("Engine", "link '%1' uses splitter '%2', which joins one twin-port cage to "
                                                          "single-port ports, but both its ends are twin-port cages");

std::string cageText(int cage) { return std::to_string(cage + 1); }

} // namespace

// --- CageIndex -------------------------------------------------------------------------------

CageIndex::CageIndex(const Design &design, const Catalog &catalog)
    : m_design(design), m_catalog(catalog), m_nodeEntry(design.nodes.size(), -1)
{
}

const CageIndex::NodePorts &CageIndex::portsOf(NodeId id) const
{
    int &entry = m_nodeEntry[id.value];
    if (entry >= 0)
        return m_entries[std::size_t(entry)];
    const Node &node = m_design.node(id);
    std::string key = node.part;
    for (const std::string &h : node.hcas)
        key += '|' + h;
    for (std::size_t i = 0; i < m_entryKeys.size(); ++i)
        if (m_entryKeys[i] == key) {
            entry = int(i);
            return m_entries[i];
        }
    NodePorts np;
    const Part *part = m_catalog.find(node.part);
    const auto ports = nodePorts(node, m_catalog);
    np.cages.resize(ports.size());
    np.connectors.resize(ports.size());
    for (std::size_t i = 0; i < ports.size(); ++i) {
        int count = 0;
        for (const PortInfo &q : ports)
            count += q.cage == ports[i].cage ? 1 : 0;
        // Only neighbours share a cage; the count above is over all ports of the node, which
        // for a switch is its ports per cage and for a server its HCA's.
        np.cages[i] = CageOf{ports[i].cage - 1, std::max(1, count)};
        if (part && part->kind == PartKind::Switch) {
            np.connectors[i] = part->cage;
        } else if (const Part *hca = m_catalog.find(ports[i].hcaPart)) {
            np.connectors[i] = hca->cage;
        }
    }
    m_entryKeys.push_back(std::move(key));
    m_entries.push_back(std::move(np));
    entry = int(m_entries.size() - 1);
    return m_entries.back();
}

CageOf CageIndex::at(PortRef port) const
{
    const NodePorts &np = portsOf(port.node);
    if (port.port < 1 || std::size_t(port.port) > np.cages.size())
        return CageOf{-1 - port.port, 1};   // out of range: a cage of its own (validation reports the port)
    return np.cages[std::size_t(port.port - 1)];
}

const std::string &CageIndex::connector(PortRef port) const
{
    static const std::string none;
    const NodePorts &np = portsOf(port.node);
    if (port.port < 1 || std::size_t(port.port) > np.connectors.size())
        return none;
    return np.connectors[std::size_t(port.port - 1)];
}

// --- pairing links into cables ---------------------------------------------------------------

namespace {

class Pairing
{
public:
    Pairing(const Design &design, const Catalog &catalog, PhysicalCables &out)
        : m_design(design), m_catalog(catalog), m_cages(design, catalog), m_out(out)
    {
        m_out.cableOfLink.assign(design.links.size(), kNone);
    }

    void run()
    {
        for (std::uint32_t i = 0; i < m_design.links.size(); ++i) {
            if (m_out.cableOfLink[i] != kNone)
                continue;
            const Link &link = m_design.links[i];
            const Part *part = link.cable.empty() ? nullptr : m_catalog.find(link.cable);
            if (part && part->kind != PartKind::Cable)
                part = nullptr;
            const CableForm form = part ? part->cableForm() : CableForm::Single;
            if (form == CableForm::Twin)
                twin(i, *part);
            else if (form == CableForm::Splitter)
                splitter(i, *part);
            else
                add({i}, part, CableForm::Single, std::nullopt);
        }
    }

private:
    // The other ports of `port`'s cage that carry a link, with that link.
    std::vector<std::pair<PortRef, std::uint32_t>> cageMates(PortRef port) const
    {
        std::vector<std::pair<PortRef, std::uint32_t>> mates;
        const CageOf cage = m_cages.at(port);
        for (int q = port.port - (cage.ports - 1); q <= port.port + (cage.ports - 1); ++q) {
            if (q < 1 || q == port.port)
                continue;
            const PortRef other{port.node, q};
            if (m_cages.at(other).cage != cage.cage)
                continue;
            if (auto l = m_design.linkAt(other))
                mates.emplace_back(other, l->value);
        }
        return mates;
    }

    // The end of link `l` that is not at `port`.
    PortRef farEnd(std::uint32_t l, PortRef port) const
    {
        const Link &link = m_design.links[l];
        return link.a == port ? link.b : link.a;
    }

    std::string name(PortRef p) const { return m_design.node(p.node).id; }

    void twin(std::uint32_t i, const Part &part)
    {
        const Link &link = m_design.links[i];
        // At a twin-port end the cage's other link must have the same cable to the same far cage
        // (the case of a leaf cage with two servers is reported as such, before its single-port ends).
        const bool twinA = m_cages.at(link.a).ports >= 2, twinB = m_cages.at(link.b).ports >= 2;
        const auto matesA = twinA ? cageMates(link.a) : std::vector<std::pair<PortRef, std::uint32_t>>{};
        const auto matesB = twinB ? cageMates(link.b) : std::vector<std::pair<PortRef, std::uint32_t>>{};
        for (const auto &[at, mates, far0] : {std::tuple{link.a, &matesA, link.b}, std::tuple{link.b, &matesB, link.a}})
            for (const auto &[port, j] : *mates) {
                const Link &other = m_design.links[j];
                if (other.cable != link.cable)
                    return problem(i, {CPLAN_TR("Engine", "links '%1' and '%2' share cage %3 of '%4', which holds one twin-port "
                                                          "cable '%5', but '%2' names cable '%6'"),
                                       {link.id, other.id, cageText(m_cages.at(at).cage), name(at), link.cable,
                                        other.cable.empty() ? std::string("none") : other.cable}},
                                   {link.id, other.id, name(at)});
                const PortRef far = farEnd(j, port);
                if (far.node != far0.node || m_cages.at(far).cage != m_cages.at(far0).cage)
                    return splitTwin(i, j, at, far0, far);
            }
        for (const PortRef &end : {link.a, link.b})
            if (m_cages.at(end).ports < 2)
                return problem(i, {CPLAN_TR("Engine", "link '%1' uses twin-port cable '%2', but port %3 of '%4' is a single-port "
                                                      "cage; a twin-port cable needs a twin-port cage at both ends"),
                                   {link.id, part.id, std::to_string(end.port), name(end)}},
                               {link.id, name(end)});
        std::vector<std::uint32_t> links{i};
        for (const auto &[port, j] : matesA)
            if (m_out.cableOfLink[j] == kNone)
                links.push_back(j);
        add(std::move(links), &part, CableForm::Twin, link.a);
    }

    // Links i and j share the cage at `at`, but go to `far` and `otherFar`: no twin-port cable
    // can do that (the acceptance case: one leaf cage, two servers).
    void splitTwin(std::uint32_t i, std::uint32_t j, PortRef at, PortRef far, PortRef otherFar)
    {
        const Link &link = m_design.links[i], &other = m_design.links[j];
        problem(i, {CPLAN_TR("Engine", "links '%1' and '%2' share cage %3 of '%4' but go to different places ('%5' and '%6'): "
                                       "one twin-port cable '%7' cannot join them; use a splitter or one fibre per link"),
                    {link.id, other.id, cageText(m_cages.at(at).cage), name(at), name(far), name(otherFar), link.cable}},
                {link.id, other.id, name(at)});
    }

    void splitter(std::uint32_t i, const Part &part)
    {
        const Link &link = m_design.links[i];
        const int portsA = m_cages.at(link.a).ports, portsB = m_cages.at(link.b).ports;
        if (portsA >= 2 && portsB >= 2)
            return problem(i, {kSplitterTwinTwin, {link.id, part.id}}, {link.id});
        if (portsA < 2 && portsB < 2)
            return problem(i, {CPLAN_TR("Engine", "link '%1' uses splitter '%2', which joins one twin-port cage to single-port "
                                                  "ports, but both its ends are single-port cages"),
                               {link.id, part.id}},
                           {link.id});
        const PortRef twinEnd = portsA >= 2 ? link.a : link.b;
        std::vector<std::uint32_t> links{i};
        for (const auto &[port, j] : cageMates(twinEnd)) {
            const Link &other = m_design.links[j];
            if (other.cable != link.cable)
                return problem(i, {CPLAN_TR("Engine", "links '%1' and '%2' share cage %3 of '%4', which holds one splitter '%5', "
                                                      "but '%2' names cable '%6'"),
                                   {link.id, other.id, cageText(m_cages.at(twinEnd).cage), name(twinEnd), link.cable,
                                    other.cable.empty() ? std::string("none") : other.cable}},
                               {link.id, other.id, name(twinEnd)});
            if (m_cages.at(farEnd(j, port)).ports >= 2)
                return problem(i, {kSplitterTwinTwin, {other.id, part.id}}, {other.id});
            if (m_out.cableOfLink[j] == kNone)
                links.push_back(j);
        }
        add(std::move(links), &part, CableForm::Splitter, twinEnd);
    }

    void problem(std::uint32_t i, Message text, std::vector<std::string> objects)
    {
        // Both links of a wrong pair come here; the first one reports it.
        bool reported = false;
        for (const std::string &o : objects)
            reported = reported || m_reportedLinks.count(o);
        if (!reported)
            m_out.problems.push_back(CableProblem{LinkId(i), Rule::ImpossibleCable, std::move(text), objects});
        for (const std::string &o : objects)
            if (m_design.findLink(o))
                m_reportedLinks.insert(o);
        const Link &link = m_design.links[i];
        const Part *part = m_catalog.find(link.cable);
        add({i}, part, part ? part->cableForm() : CableForm::Single, std::nullopt);
    }

    void add(std::vector<std::uint32_t> links, const Part *part, CableForm form, std::optional<PortRef> twinEnd)
    {
        std::sort(links.begin(), links.end());
        PhysicalCable c;
        c.id = m_design.links[links.front()].id;
        c.part = part;
        c.form = form;
        c.twinEnd = twinEnd;
        const auto index = std::uint32_t(m_out.cables.size());
        for (std::uint32_t l : links) {
            c.links.push_back(LinkId(l));
            m_out.cableOfLink[l] = index;
        }
        m_out.cables.push_back(std::move(c));
    }

    const Design &m_design;
    const Catalog &m_catalog;
    CageIndex m_cages;
    PhysicalCables &m_out;
    std::set<std::string> m_reportedLinks;
};

} // namespace

PhysicalCables physicalCables(const Design &design, const Catalog &catalog)
{
    PhysicalCables out;
    Pairing(design, catalog, out).run();
    return out;
}

} // namespace cplan
