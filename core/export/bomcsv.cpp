#include "export/bomcsv.h"

#include "export/csv.h"
#include "util/strings.h"

namespace cplan {

std::vector<std::string> bomCsvHeader()
{
    return {"category", "part", "description", "part_number", "quantity", "unit_price", "total", "currency", "price_estimate"};
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
