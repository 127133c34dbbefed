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

std::vector<std::vector<std::string>> bomQuoteRows(const Bom &bom, const BomPricing &p, const BomTerms &terms)
{
    auto amount = [&](const std::optional<double> &v) { return p.anyPrice && v ? formatDouble(*v) : std::string(); };
    const std::string partial = !p.anyPrice          ? " (unknown: no line has a price)"
                                : bom.totals.capexComplete ? std::string()
                                                           : " (incomplete: " + std::to_string(bom.unknownPrice.size()) +
                                                                 " part(s) without a price, a lower bound)";
    auto row = [&](const char *what, std::string description, const std::optional<double> &v) {
        return std::vector<std::string>{"quote", what, std::move(description), "", "", "", amount(v), bom.currency, ""};
    };
    return {row("hardware", "Hardware at list prices" + partial, p.hardware),
            row("spares", "Spares: " + formatDouble(terms.sparesPercent) + "% of cables and transceivers", p.spares),
            row("discount", "Discount: " + formatDouble(terms.discountPercent) + "% of hardware and spares, subtracted", p.discount),
            row("total", "Total: hardware + spares - discount" + partial, p.total),
            row("total_per_gpu", "Total per GPU (" + std::to_string(bom.totals.gpus) + " GPUs)" + partial, p.totalPerGpu)};
}

std::string bomQuoteCsv(const Bom &bom, const BomPricing &pricing, const BomTerms &terms)
{
    std::string out = bomCsv(bom);
    for (const auto &row : bomQuoteRows(bom, pricing, terms))
        out += csvLine(row);
    return out;
}

} // namespace cplan
