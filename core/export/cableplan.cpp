#include "export/cableplan.h"

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "export/csv.h"
#include "util/message.h"
#include "util/strings.h"

#include <algorithm>
#include <map>
#include <set>

namespace cplan {

std::vector<CablePlanRow> cablePlan(const Design &design, const Catalog &catalog)
{
    std::vector<CablePlanRow> rows;
    rows.reserve(design.links.size());
    std::map<std::uint32_t, std::vector<PortInfo>> portCache;
    auto portsOf = [&](NodeId n) -> const std::vector<PortInfo> & {
        auto it = portCache.find(n.value);
        if (it == portCache.end())
            it = portCache.emplace(n.value, nodePorts(design.node(n), catalog)).first;
        return it->second;
    };
    std::set<std::string> labels;
    for (const Link &link : design.links) {
        PortRef a = link.a, b = link.b;
        const Node *na = &design.node(a.node), *nb = &design.node(b.node);
        const bool aSwitch = na->role == NodeRole::Switch, bSwitch = nb->role == NodeRole::Switch;
        if ((aSwitch && !bSwitch) || (aSwitch == bSwitch && na->tier > nb->tier)) {
            std::swap(a, b);
            std::swap(na, nb);
        }
        CablePlanRow row;
        row.cableId = link.id;
        row.tier = linkTierName(design, link);
        row.speedGbps = linkSpeedGbps(design, link, catalog);
        const Part *cable = link.cable.empty() ? nullptr : catalog.find(link.cable);
        row.cablePart = link.cable;
        if (cable) {
            row.cableType = cable->media ? toString(*cable->media) : "";
            row.cableDescription = cable->vendor + " " + cable->model;
            row.partNumber = cable->partNumber.value_or("");
        }
        row.lengthM = link.lengthM ? link.lengthM : (cable ? cable->lengthM : std::nullopt);

        auto fillEnd = [&](CableEnd &end, PortRef ref, const Node &node) {
            const Part *part = catalog.find(node.part);
            end.device = node.name.empty() ? node.id : node.name;
            end.nodeId = node.id;
            end.port = ref.port;
            end.portLabel = frontPanelPort(portsOf(ref.node), ref.port);
            end.rack = node.rack;
            if (cable && cable->needsTransceivers) {
                // Optics that match the fibre (mode, reach); twin-port in a switch cage of two ports.
                const int perCage = node.role == NodeRole::Switch && part ? std::max(1, part->portsPerCage) : 1;
                const Part *t = catalog.chooseTransceiver(row.speedGbps, perCage, *cable);
                if (!t)
                    t = catalog.chooseTransceiver(row.speedGbps, perCage);
                end.transceiver = t ? t->id : "unknown-transceiver";
            }
        };
        fillEnd(row.from, a, *na);
        fillEnd(row.to, b, *nb);

        std::string label = row.from.device + " " + row.from.portLabel + " - " + row.to.device + " " + row.to.portLabel;
        if (labels.count(label)) {
            // Only when the design uses a port twice (validation reports it): keep labels unique.
            int n = 2;
            while (labels.count(label + " #" + std::to_string(n)))
                ++n;
            label += " #" + std::to_string(n);
        }
        labels.insert(label);
        row.label = std::move(label);
        rows.push_back(std::move(row));
    }
    return rows;
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
            CPLAN_TR("Engine", "description")};
}

std::vector<std::string> cablePlanCsvRow(const CablePlanRow &r)
{
    return {r.cableId,
            r.label,
            r.tier,
            r.from.device,
            std::to_string(r.from.port),
            r.from.portLabel,
            r.from.rack,
            r.to.device,
            std::to_string(r.to.port),
            r.to.portLabel,
            r.to.rack,
            r.cablePart,
            r.cableType,
            r.lengthM ? formatDouble(*r.lengthM) : std::string(),
            r.speedGbps > 0 ? formatDouble(r.speedGbps) : std::string(),
            r.from.transceiver,
            r.to.transceiver,
            r.partNumber,
            r.cableDescription};
}

std::string cablePlanCsv(const std::vector<CablePlanRow> &rows)
{
    std::string out = csvLine(cablePlanHeader());
    for (const CablePlanRow &r : rows)
        out += csvLine(cablePlanCsvRow(r));
    return out;
}

} // namespace cplan
