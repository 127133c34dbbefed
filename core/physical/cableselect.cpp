#include "physical/cableselect.h"

#include "catalog/catalog.h"
#include "physical/cables.h"
#include "validate/portprotocol.h"
#include "util/strings.h"

#include <algorithm>
#include <cmath>

namespace cplan {

std::vector<Message> CableChoiceReport::notes() const
{
    std::vector<Message> out;
    if (twinCables > 0)
        out.push_back({CPLAN_TR("Engine", "%1 twin-port copper cable(s): both links of a twin-port cage to the same far cage"),
                       {std::to_string(twinCables)}});
    if (splitters > 0)
        out.push_back({CPLAN_TR("Engine", "%1 splitter cable(s): a twin-port cage to two single-port adapter ports within the "
                                          "splitter's reach"),
                       {std::to_string(splitters)}});
    if (apartFarDiffers > 0)
        out.push_back({CPLAN_TR("Engine", "%1 link(s) sit in twin-port cages whose two links go to different places, "
                                          "which no one cable can join: a cable each (fibre, with a twin-port transceiver in the cage)"),
                       {std::to_string(apartFarDiffers)}});
    if (apartBeyondReach > 0)
        out.push_back({CPLAN_TR("Engine", "%1 link(s) could share twin-port copper or a splitter, but none reaches their length: "
                                          "a cable each (fibre with optics)"),
                       {std::to_string(apartBeyondReach)}});
    if (unassigned > 0)
        out.push_back({CPLAN_TR("Engine", "%1 link(s) have no cable: nothing in the catalog fits their speed and length"),
                       {std::to_string(unassigned)}});
    return out;
}

namespace {

class Chooser
{
public:
    Chooser(Design &design, const Catalog &catalog, const std::function<double(LinkId)> &neededM)
        : m_design(design), m_catalog(catalog), m_cages(design, catalog), m_neededM(neededM)
    {
    }

    CableChoiceReport run()
    {
        const std::size_t n = m_design.links.size();
        m_done.assign(n, 0);
        for (std::size_t i = 0; i < n; ++i)
            m_done[i] = m_design.links[i].cable.empty() ? 0 : 1;
        for (std::uint32_t i = 0; i < n; ++i)
            if (!m_done[i])
                choose(i);
        return m_report;
    }

private:
    Link &link(std::uint32_t i) { return m_design.links[i]; }
    double speed(std::uint32_t i) { return linkSpeedGbps(m_design, m_design.links[i], m_catalog); }
    double needed(std::uint32_t i) { return std::max(0.0, m_neededM(LinkId(i))); }
    bool twinCage(PortRef p) const { return m_cages.at(p).ports >= 2; }
    PortRef farOf(std::uint32_t l, PortRef port) const
    {
        const Link &k = m_design.links[l];
        return k.a == port ? k.b : k.a;
    }
    bool sameCage(PortRef x, PortRef y) const { return x.node == y.node && m_cages.at(x).cage == m_cages.at(y).cage; }

    // The first other link in `port`'s cage (twin cages hold two ports).
    std::optional<std::pair<PortRef, std::uint32_t>> cageMate(PortRef port) const
    {
        const CageOf cage = m_cages.at(port);
        for (int q = port.port - (cage.ports - 1); q <= port.port + (cage.ports - 1); ++q) {
            if (q < 1 || q == port.port)
                continue;
            const PortRef other{port.node, q};
            if (m_cages.at(other).cage != cage.cage)
                continue;
            if (auto l = m_design.linkAt(other))
                return std::make_pair(other, l->value);
        }
        return std::nullopt;
    }

    void set(std::uint32_t i, const Part *part, double neededM)
    {
        Link &l = link(i);
        m_done[i] = 1;
        if (part) {
            l.cable = part->id;
            l.lengthM = part->lengthM ? *part->lengthM : neededM;
        } else {
            l.lengthM = std::round(neededM * 10) / 10;
            ++m_report.unassigned;
        }
    }

    const Part *query(double speedGbps, double lengthM, CableForm form, const std::string &cageA = {}, const std::string &cageB = {})
    {
        CableQuery q;
        q.speedGbps = speedGbps;
        q.lengthM = lengthM;
        q.form = form;
        q.splitterAllowed = form == CableForm::Splitter;
        q.cageA = cageA;
        q.cageB = cageB;
        q.protocol = m_protocol;
        return m_catalog.chooseCable(q);
    }

    void single(std::uint32_t i)
    {
        m_protocol = linkProtocol(m_design, link(i), m_catalog);
        const Part *p = query(speed(i), needed(i), CableForm::Single);
        set(i, p, needed(i));
        if (p)
            ++m_report.singles;
    }

    void choose(std::uint32_t i)
    {
        const PortRef a = link(i).a, b = link(i).b;
        m_protocol = linkProtocol(m_design, link(i), m_catalog);   // the cage's other link is of its fabric too
        if (!twinCage(a) && !twinCage(b))
            return single(i);
        const PortRef x = twinCage(a) ? a : b;   // the twin-port cage this link pairs at
        const PortRef y = x == a ? b : a;
        const auto mate = cageMate(x);
        if (mate && m_done[mate->second])
            return joinExisting(i, x, y, *mate);
        const double len = needed(i);
        if (twinCage(y)) {
            // Twin to twin: copper only when both links go to the same far cage.
            if (!mate) {
                if (cageMate(y))
                    return apart(i, true);
                return pair({i}, query(speed(i), len, CableForm::Twin), len, true);
            }
            const PortRef far = farOf(mate->second, mate->first);
            if (!sameCage(far, y))
                return apart(i, true);
            const double both = std::max(len, needed(mate->second));
            return pair({i, mate->second}, query(std::min(speed(i), speed(mate->second)), both, CableForm::Twin), both, true);
        }
        // Twin cage to a single-port port: a splitter, its legs to single-port ports.
        const std::string &legs = m_cages.connector(y);
        if (!mate)
            return pair({i}, query(speed(i), len, CableForm::Splitter, m_cages.connector(x), legs), len, false);
        const PortRef far = farOf(mate->second, mate->first);
        if (twinCage(far) || m_cages.connector(far) != legs)
            return apart(i, true);
        const double both = std::max(len, needed(mate->second));
        pair({i, mate->second}, query(std::min(speed(i), speed(mate->second)), both, CableForm::Splitter, m_cages.connector(x), legs),
             both, false);
    }

    // Links that may share one cable: with it if one reaches, else a cable each.
    void pair(std::vector<std::uint32_t> links, const Part *part, double lengthM, bool twin)
    {
        if (!part) {
            for (std::uint32_t l : links) {
                ++m_report.apartBeyondReach;
                single(l);
            }
            return;
        }
        for (std::uint32_t l : links)
            set(l, part, lengthM);
        ++(twin ? m_report.twinCables : m_report.splitters);
    }

    void apart(std::uint32_t i, bool farDiffers)
    {
        if (farDiffers)
            ++m_report.apartFarDiffers;
        single(i);
    }

    // The cage's other link already has its cable: join it when it is twin-port copper or a
    // splitter this link fits, else a cable of its own.
    void joinExisting(std::uint32_t i, PortRef x, PortRef y, std::pair<PortRef, std::uint32_t> mate)
    {
        const Part *part = m_catalog.find(link(mate.second).cable);
        const PortRef far = farOf(mate.second, mate.first);
        const double len = needed(i);
        if (part && part->lengthM && *part->lengthM + 1e-9 >= len) {
            if (part->cableForm() == CableForm::Twin && twinCage(y) && sameCage(far, y))
                return set(i, part, *part->lengthM);
            if (part->cableForm() == CableForm::Splitter && !twinCage(y) && !twinCage(far) && twinCage(x))
                return set(i, part, *part->lengthM);
        }
        if (part && part->cableForm() != CableForm::Single)
            ++m_report.apartFarDiffers;
        single(i);
    }

    Design &m_design;
    const Catalog &m_catalog;
    CageIndex m_cages;
    const std::function<double(LinkId)> &m_neededM;
    std::vector<char> m_done;
    CableChoiceReport m_report;
    Protocol m_protocol = Protocol::InfiniBand;   // of the link being wired
};

} // namespace

CableChoiceReport assignCables(Design &design, const Catalog &catalog, const std::function<double(LinkId)> &neededM)
{
    return Chooser(design, catalog, neededM).run();
}

} // namespace cplan
