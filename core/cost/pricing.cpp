#include "cost/pricing.h"

namespace cplan {

BomPricing priceBom(const Bom &bom, const BomTerms &terms)
{
    BomPricing p;
    for (const BomLine &l : bom.lines) {
        if (p.subtotals.empty() || p.subtotals.back().first != l.category)
            p.subtotals.push_back({l.category, 0.0});
        if (l.total) {
            p.subtotals.back().second += *l.total;
            p.anyPrice = true;
        }
    }
    double spared = 0;
    for (const auto &[category, value] : p.subtotals) {
        p.hardware += value;
        if (category == "cable" || category == "transceiver")
            spared += value;
    }
    p.spares = spared * terms.sparesPercent / 100.0;
    p.discount = (p.hardware + p.spares) * terms.discountPercent / 100.0;
    p.total = p.hardware + p.spares - p.discount;
    if (p.anyPrice && bom.totals.gpus > 0)
        p.totalPerGpu = p.total / bom.totals.gpus;
    return p;
}

BomTerms designTerms(const Settings &settings)
{
    return BomTerms{settings.sparesPercent, settings.discountPercent};
}

} // namespace cplan
