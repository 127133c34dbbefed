#include "export/bomcsv.h"

#include "export/csv.h"
#include "util/message.h"
#include "util/strings.h"

namespace cplan {

std::vector<std::string> bomCsvHeader()
{
    // Machine-readable names (scripts rely on them); marked so the workbook can translate them.
    return {CPLAN_TR("Engine", "category"),  CPLAN_TR("Engine", "part"),       CPLAN_TR("Engine", "description"),
            CPLAN_TR("Engine", "part_number"), CPLAN_TR("Engine", "quantity"), CPLAN_TR("Engine", "unit_price"),
            CPLAN_TR("Engine", "total"),     CPLAN_TR("Engine", "currency"),   CPLAN_TR("Engine", "price_estimate")};
}

std::vector<std::string> bomCsvRow(const BomLine &l)
{
    return {l.category,
            l.part,
            l.description,
            l.partNumber,
            std::to_string(l.quantity),
            l.unitPrice ? formatDouble(*l.unitPrice) : std::string(),
            l.total ? formatDouble(*l.total) : std::string(),
            l.currency,
            l.priceEstimate ? "yes" : "no"};
}

std::string bomCsv(const Bom &bom)
{
    std::string out = csvLine(bomCsvHeader());
    for (const BomLine &l : bom.lines)
        out += csvLine(bomCsvRow(l));
    return out;
}

} // namespace cplan
