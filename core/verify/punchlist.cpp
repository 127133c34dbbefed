#include "verify/punchlist.h"

#include "export/csv.h"

namespace cplan {

std::vector<PunchRow> punchList(const VerifyResult &result)
{
    std::vector<PunchRow> rows;
    std::vector<int> rowOf(result.cables.size(), 0);
    for (std::size_t i = 0; i < result.cables.size(); ++i) {
        const CableFinding &c = result.cables[i];
        PunchRow r;
        r.cableLabel = c.label;
        r.cableId = c.plannedLink.empty() ? c.foundLink : c.plannedLink;
        switch (c.verdict) {
        case CableVerdict::Ok:
            continue;
        case CableVerdict::Missing:
            r.action = "replace";
            r.a = c.plannedA;
            r.b = c.plannedB;
            r.note = "planned, not found: install the cable (or replace it if it is there but dark)";
            break;
        case CableVerdict::Misconnected:
            r.action = "move";
            r.a = c.rightEnd == 0 ? c.plannedA : c.plannedB;
            r.b = c.rightEnd == 0 ? c.plannedB : c.plannedA;
            r.nowAt = c.rightEnd == 0 ? c.foundB : c.foundA;
            r.note = "the end at " + r.nowAt.device + " " + r.nowAt.portLabel + " belongs at " + r.b.device + " " + r.b.portLabel;
            break;
        case CableVerdict::Unexpected:
            r.action = "remove";
            r.a = c.foundA;
            r.b = c.foundB;
            r.note = "found, not planned";
            break;
        case CableVerdict::Different:
            r.action = "check";
            r.a = c.plannedA;
            r.b = c.plannedB;
            r.note = "runs at " + c.foundRate + ", planned " + c.plannedRate + ": reseat, clean or replace";
            break;
        }
        rowOf[i] = int(rows.size()) + 1;
        r.row = rowOf[i];
        rows.push_back(std::move(r));
    }
    for (std::size_t i = 0; i < result.cables.size(); ++i) {
        const CableFinding &c = result.cables[i];
        if (c.swapWith >= 0 && rowOf[i] > 0 && rowOf[std::size_t(c.swapWith)] > 0)
            rows[std::size_t(rowOf[i] - 1)].note += "; swapped with row " + std::to_string(rowOf[std::size_t(c.swapWith)]);
    }
    for (const NodeFinding &n : result.nodes) {
        if (n.verdict != NodeVerdict::DifferentPart)
            continue;
        PunchRow r;
        r.row = int(rows.size()) + 1;
        r.action = "check";
        r.a.node = n.planNode;
        r.a.device = n.device;
        r.note = "planned " + n.plannedPart + ", found " + n.foundPart;
        rows.push_back(std::move(r));
    }
    return rows;
}

std::string punchListCsv(const std::vector<PunchRow> &rows)
{
    std::string out = csvLine({"row", "action", "cable_label", "a_device", "a_port_label", "a_rack", "b_device", "b_port_label", "b_rack",
                               "now_at_device", "now_at_port_label", "now_at_rack", "cable_id", "note"});
    for (const PunchRow &r : rows)
        out += csvLine({std::to_string(r.row), r.action, r.cableLabel, r.a.device, r.a.portLabel, r.a.rack, r.b.device, r.b.portLabel,
                        r.b.rack, r.nowAt.device, r.nowAt.portLabel, r.nowAt.rack, r.cableId, r.note});
    return out;
}

} // namespace cplan
