#include "export/cableplan.h"

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "export/csv.h"
#include "physical/cables.h"
#include "util/message.h"
#include "util/strings.h"

#include <algorithm>
#include <map>
#include <set>

namespace cplan {

namespace {

const std::string kJoin = " + ";

// The values of the ports of one cable end: once when all agree, else each, joined.
template<class F>
std::string summary(const std::vector<CablePort> &ports, F value, const std::string &join, bool always = false)
{
    std::string out;
    bool same = true;
    for (std::size_t i = 0; i < ports.size(); ++i) {
        same = same && value(ports[i]) == value(ports.front());
        out += (i ? join : std::string()) + value(ports[i]);
    }
    return same && !always ? value(ports.front()) : out;
}

class PlanBuilder
{
public:
    PlanBuilder(const Design &design, const Catalog &catalog) : m_design(design), m_catalog(catalog) {}

    std::vector<CablePlanRow> build()
    {
        std::vector<CablePlanRow> rows;
        const PhysicalCables cables = physicalCables(m_design, m_catalog);
        rows.reserve(cables.cables.size());
        for (const PhysicalCable &c : cables.cables)
            rows.push_back(row(c));
        return rows;
    }

private:
    const std::vector<PortInfo> &portsOf(NodeId n)
    {
        auto it = m_portCache.find(n.value);
        if (it == m_portCache.end())
            it = m_portCache.emplace(n.value, nodePorts(m_design.node(n), m_catalog)).first;
        return it->second;
    }

    CablePort port(const Link &link, PortRef ref)
    {
        const Node &node = m_design.node(ref.node);
        CablePort p;
        p.linkId = link.id;
        p.device = node.name.empty() ? node.id : node.name;
        p.nodeId = node.id;
        p.port = ref.port;
        p.portLabel = frontPanelPort(portsOf(ref.node), ref.port);
        p.p2pPort = node.role == NodeRole::Switch ? p.portLabel : std::to_string(ref.port);
        p.rack = node.rack;
        p.u = node.u;
        const auto &ports = portsOf(ref.node);
        if (node.role != NodeRole::Switch && ref.port >= 1 && std::size_t(ref.port) <= ports.size()) {
            p.hca = ports[std::size_t(ref.port - 1)].hca;
            for (int q = ref.port; q >= 1 && ports[std::size_t(q - 1)].hca == p.hca; --q)
                ++p.hcaPort;
        }
        return p;
    }

    // Which end of a link is "from": the lower tier, or a splitter's legs.
    bool swapEnds(const Link &link, const PhysicalCable &c) const
    {
        if (c.form == CableForm::Splitter && c.twinEnd)
            return c.twinEnd->node == link.a.node;   // the twin cage is "to"
        const Node &na = m_design.node(link.a.node), &nb = m_design.node(link.b.node);
        const bool aSwitch = na.role == NodeRole::Switch, bSwitch = nb.role == NodeRole::Switch;
        return (aSwitch && !bSwitch) || (aSwitch == bSwitch && na.tier > nb.tier);
    }

    static void summarise(CableEnd &end)
    {
        const auto &ps = end.ports;
        end.nodeId = ps.front().nodeId;
        end.port = ps.front().port;
        const bool oneDevice = std::all_of(ps.begin(), ps.end(), [&](const CablePort &p) { return p.nodeId == end.nodeId; });
        // One connector lists its ports tight ("17/1+17/2"); a splitter's legs one per device.
        const std::string join = oneDevice ? "+" : kJoin;
        end.device = summary(ps, [](const CablePort &p) { return p.device; }, kJoin);
        end.portLabel = summary(ps, [](const CablePort &p) { return p.portLabel; }, join, true);
        end.p2pPort = summary(ps, [](const CablePort &p) { return p.p2pPort; }, join, true);
        end.rack = summary(ps, [](const CablePort &p) { return p.rack; }, kJoin);
        end.u = summary(ps, [](const CablePort &p) { return p.u ? std::to_string(*p.u) : std::string(); }, kJoin);
    }

    // An end as a label says it: "su01-leaf1 8/1+8/2" for one connector, "gpu015 HCA-1/1 +
    // gpu016 HCA-1/1" for a splitter's legs on two devices.
    static std::string endText(const CableEnd &end)
    {
        if (end.device.find(kJoin) == std::string::npos)
            return end.device + " " + end.portLabel;
        std::string out;
        for (std::size_t i = 0; i < end.ports.size(); ++i)
            out += (i ? kJoin : std::string()) + end.ports[i].device + " " + end.ports[i].portLabel;
        return out;
    }

    std::string transceiverAt(const CableEnd &end, const Part &cable, double speed)
    {
        // Optics that match the fibre (mode, reach); twin-port in a switch cage of two ports.
        const Node &node = m_design.node(*m_design.findNode(end.nodeId));
        const Part *part = m_catalog.find(node.part);
        const int perCage = node.role == NodeRole::Switch && part ? std::max(1, part->portsPerCage) : 1;
        const Part *t = m_catalog.chooseTransceiver(speed, perCage, cable);
        if (!t)
            t = m_catalog.chooseTransceiver(speed, perCage);
        return t ? t->id : "unknown-transceiver";
    }

    CablePlanRow row(const PhysicalCable &c)
    {
        CablePlanRow row;
        row.cableId = c.id;
        row.form = c.form;
        const Link &first = m_design.link(c.links.front());
        row.tier = linkTierName(m_design, first);
        row.speedGbps = 0;
        for (LinkId l : c.links) {
            const Link &link = m_design.link(l);
            row.links.push_back(link.id);
            const double s = linkSpeedGbps(m_design, link, m_catalog);
            row.speedGbps = row.speedGbps > 0 ? std::min(row.speedGbps, s) : s;
            const bool swap = swapEnds(link, c);
            row.from.ports.push_back(port(link, swap ? link.b : link.a));
            row.to.ports.push_back(port(link, swap ? link.a : link.b));
            if (link.lengthM)
                row.lengthM = std::max(row.lengthM.value_or(0), *link.lengthM);
        }
        const Part *cable = first.cable.empty() ? nullptr : m_catalog.find(first.cable);
        row.cablePart = first.cable;
        if (cable) {
            row.cableType = cable->media ? toString(*cable->media) : "";
            row.cableDescription = cable->vendor + " " + cable->model;
            row.partNumber = cable->partNumber.value_or("");
            if (!row.lengthM)
                row.lengthM = cable->lengthM;
        }
        summarise(row.from);
        summarise(row.to);
        if (cable && cable->needsTransceivers) {
            row.from.transceiver = transceiverAt(row.from, *cable, row.speedGbps);
            row.to.transceiver = transceiverAt(row.to, *cable, row.speedGbps);
        }
        std::string label = endText(row.from) + " - " + endText(row.to);
        if (m_labels.count(label)) {
            // Only when the design uses a port twice (validation reports it): keep labels unique.
            int n = 2;
            while (m_labels.count(label + " #" + std::to_string(n)))
                ++n;
            label += " #" + std::to_string(n);
        }
        m_labels.insert(label);
        row.label = std::move(label);
        return row;
    }

    const Design &m_design;
    const Catalog &m_catalog;
    std::map<std::uint32_t, std::vector<PortInfo>> m_portCache;
    std::set<std::string> m_labels;
};

} // namespace

std::vector<CablePlanRow> cablePlan(const Design &design, const Catalog &catalog)
{
    return PlanBuilder(design, catalog).build();
}

std::vector<std::string> cablePlanHeader()
{
    // Machine-readable names (scripts rely on them); marked so the workbook can translate them.
    return {CPLAN_TR("Engine", "cable_id"), CPLAN_TR("Engine", "label"), CPLAN_TR("Engine", "tier"),
            CPLAN_TR("Engine", "from_device"), CPLAN_TR("Engine", "from_port"), CPLAN_TR("Engine", "from_port_label"),
            CPLAN_TR("Engine", "from_rack"), CPLAN_TR("Engine", "to_device"), CPLAN_TR("Engine", "to_port"),
            CPLAN_TR("Engine", "to_port_label"), CPLAN_TR("Engine", "to_rack"), CPLAN_TR("Engine", "cable_part"),
            CPLAN_TR("Engine", "cable_type"), CPLAN_TR("Engine", "length_m"), CPLAN_TR("Engine", "speed_gbps"),
            CPLAN_TR("Engine", "from_transceiver"), CPLAN_TR("Engine", "to_transceiver"), CPLAN_TR("Engine", "part_number"),
            CPLAN_TR("Engine", "description"), CPLAN_TR("Engine", "links"), CPLAN_TR("Engine", "form"),
            CPLAN_TR("Engine", "from_u"), CPLAN_TR("Engine", "to_u")};
}

std::vector<std::string> cablePlanCsvRow(const CablePlanRow &r)
{
    auto ports = [](const CableEnd &e) {
        std::string out;
        for (std::size_t i = 0; i < e.ports.size(); ++i)
            out += (i ? "+" : "") + std::to_string(e.ports[i].port);
        return out;
    };
    std::string links;
    for (std::size_t i = 0; i < r.links.size(); ++i)
        links += (i ? " " : "") + r.links[i];
    return {r.cableId,
            r.label,
            r.tier,
            r.from.device,
            ports(r.from),
            r.from.portLabel,
            r.from.rack,
            r.to.device,
            ports(r.to),
            r.to.portLabel,
            r.to.rack,
            r.cablePart,
            r.cableType,
            r.lengthM ? formatDouble(*r.lengthM) : std::string(),
            r.speedGbps > 0 ? formatDouble(r.speedGbps) : std::string(),
            r.from.transceiver,
            r.to.transceiver,
            r.partNumber,
            r.cableDescription,
            links,
            toString(r.form),
            r.from.u,
            r.to.u};
}

std::string cablePlanCsv(const std::vector<CablePlanRow> &rows)
{
    std::string out = csvLine(cablePlanHeader());
    for (const CablePlanRow &r : rows)
        out += csvLine(cablePlanCsvRow(r));
    return out;
}

} // namespace cplan
