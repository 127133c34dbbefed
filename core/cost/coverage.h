#pragma once

#include "cost/bom.h"

namespace cplan {

// How much of a BOM has a price. The value of a line without a price is not known, so the share
// of value is taken over the priced lines: how much of it rests on a quote or price list (the
// user's price book, a vendor's list) and how much on an estimate. The window's metrics, the
// workbook and `cplan bom` show it.
struct PriceCoverage
{
    int lines = 0, pricedLines = 0;
    long long units = 0, pricedUnits = 0;
    double pricedValue = 0, quotedValue = 0;   // in the BOM's currency

    double lineShare() const { return lines ? double(pricedLines) / lines : 1.0; }
    double unitShare() const { return units ? double(pricedUnits) / double(units) : 1.0; }
    double quotedShare() const { return pricedValue > 0 ? quotedValue / pricedValue : 0.0; }
    bool complete() const { return pricedLines == lines; }
};
PriceCoverage priceCoverage(const Bom &bom);

} // namespace cplan
