#include "export/p2p.h"

#include "catalog/catalog.h"
#include "export/cableplan.h"
#include "export/csv.h"
#include "export/xlsxfile.h"
#include "model/design.h"
#include "util/strings.h"

namespace cplan {

namespace {

std::string location(const CablePort &p)
{
    if (p.rack.empty())
        return p.u ? "U" + std::to_string(*p.u) : std::string();
    return p.u ? p.rack + " U" + std::to_string(*p.u) : p.rack;
}

// An NDT end: a switch port, or the host's HCA and the port on it.
std::pair<std::string, std::string> ndtEnd(const CablePort &p)
{
    if (p.hca > 0)
        return {p.device + " HCA-" + std::to_string(p.hca), "Port " + std::to_string(p.hcaPort)};
    return {p.device, "Port " + std::to_string(p.port)};
}

std::string csvOf(const std::vector<std::string> &header, const std::vector<std::vector<std::string>> &rows)
{
    std::string out = csvLine(header);
    for (const auto &r : rows)
        out += csvLine(r);
    return out;
}

} // namespace

std::vector<std::string> p2pHeader()
{
    return {"A Rack", "A U", "A Name", "A Port", "Z Rack", "Z U", "Z Name", "Z Port", "Cable Type", "Cable Length (m)",
            "Cable ID", "Label", "Part Number"};
}

std::vector<std::vector<std::string>> p2pRows(const std::vector<CablePlanRow> &plan)
{
    std::vector<std::vector<std::string>> rows;
    rows.reserve(plan.size());
    for (const CablePlanRow &r : plan)
        rows.push_back({r.from.rack, r.from.u, r.from.device, r.from.p2pPort, r.to.rack, r.to.u, r.to.device, r.to.p2pPort,
                        r.cableDescription.empty() ? r.cablePart : r.cableDescription,
                        r.lengthM ? formatDouble(*r.lengthM) : std::string(), r.cableId, r.label, r.partNumber});
    return rows;
}

Result<std::string> p2pCsvFile(const Design &design, const Catalog &catalog)
{
    return csvOf(p2pHeader(), p2pRows(cablePlan(design, catalog)));
}

Status writeP2pWorkbook(const std::string &path, const Design &design, const Catalog &catalog)
{
    const auto rows = p2pRows(cablePlan(design, catalog));
    return writeXlsxAtomically(path, [&](lxw_workbook *wb) -> Status {
        lxw_format *header = xlsxHeaderFormat(wb);
        XlsxSheet sheet(wb, "P2P");
        const auto head = p2pHeader();
        for (std::size_t c = 0; c < head.size(); ++c)
            sheet.text(0, int(c), head[c], header);
        int r = 1;
        for (const auto &row : rows) {
            for (std::size_t c = 0; c < row.size(); ++c) {
                // U and length as numbers where they are one number; joined values stay text.
                const bool numeric = c == 1 || c == 5 || c == 9;
                const auto v = numeric ? parseDouble(row[c]) : std::nullopt;
                if (v)
                    sheet.number(r, int(c), *v);
                else
                    sheet.text(r, int(c), row[c]);
            }
            ++r;
        }
        sheet.width(0, 0, 12);
        sheet.width(2, 2, 22);
        sheet.width(4, 4, 12);
        sheet.width(6, 6, 22);
        sheet.width(8, 8, 40);
        sheet.width(11, 11, 44);
        worksheet_freeze_panes(sheet.ws(), 1, 0);
        worksheet_autofilter(sheet.ws(), 0, 0, lxw_row_t(std::max(1, r - 1)), lxw_col_t(head.size() - 1));
        return Ok{};
    });
}

std::vector<std::string> ndtHeader()
{
    return {"StartDevice", "StartPort", "StartDeviceLocation", "EndDevice", "EndPort", "EndDeviceLocation",
            "U height", "LinkType", "Speed", "Cable Type", "Cable Length"};
}

std::vector<std::vector<std::string>> ndtRows(const std::vector<CablePlanRow> &plan)
{
    std::vector<std::vector<std::string>> rows;
    for (const CablePlanRow &r : plan)
        for (std::size_t k = 0; k < r.from.ports.size() && k < r.to.ports.size(); ++k) {
            const CablePort &a = r.from.ports[k], &b = r.to.ports[k];
            const auto [startDevice, startPort] = ndtEnd(a);
            const auto [endDevice, endPort] = ndtEnd(b);
            rows.push_back({startDevice, startPort, location(a), endDevice, endPort, location(b),
                            b.u ? "U" + std::to_string(*b.u) : std::string(), "Data",
                            r.speedGbps > 0 ? formatDouble(r.speedGbps * 1000) : std::string(),
                            r.cableDescription.empty() ? r.cablePart : r.cableDescription,
                            r.lengthM ? formatDouble(*r.lengthM) : std::string()});
        }
    return rows;
}

Result<std::string> ndtCsvFile(const Design &design, const Catalog &catalog)
{
    return csvOf(ndtHeader(), ndtRows(cablePlan(design, catalog)));
}

} // namespace cplan
