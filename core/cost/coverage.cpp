#include "cost/coverage.h"

namespace cplan {

PriceCoverage priceCoverage(const Bom &bom)
{
    PriceCoverage c;
    for (const BomLine &line : bom.lines) {
        const bool major = line.category == "server" || line.category == "switch";
        ++c.lines;
        c.majorLines += major;
        c.units += line.quantity;
        if (!line.total)
            continue;
        ++c.pricedLines;
        c.pricedMajorLines += major;
        c.pricedUnits += line.quantity;
        c.pricedValue += *line.total;
        if (!line.priceEstimate)
            c.quotedValue += *line.total;
    }
    return c;
}

} // namespace cplan
