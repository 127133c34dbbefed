#include "analysis/cost.h"

namespace cplan {

CostAnalysis analyzeCost(const Design &design, const Catalog &catalog, const BomTerms &terms)
{
    CostAnalysis c;
    c.bom = computeBom(design, catalog);
    c.terms = terms;
    c.pricing = priceBom(c.bom, terms);
    return c;
}

} // namespace cplan
