#pragma once

#include "cost/bom.h"
#include "cost/pricing.h"

namespace cplan {

class Catalog;
class Design;

// The cost question: the bill of materials and the quote on top of it. The BOM dock, `cplan bom`
// (table, CSV, JSON, workbook) and the report render this one result.
struct CostAnalysis
{
    Bom bom;               // lines, counts by tier, power, rack units, CAPEX, energy, TCO
    BomTerms terms;        // spares and discount asked for
    BomPricing pricing;    // subtotals by category, spares, discount, total
};

CostAnalysis analyzeCost(const Design &design, const Catalog &catalog, const BomTerms &terms = {});

} // namespace cplan
