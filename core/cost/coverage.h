#pragma once

#include "cost/bom.h"

namespace cplan {

// A cost total (CAPEX, cost per GPU, TCO) is shown only when at least this share of its BOM lines
// has a price; below it the total is unknown ("3 of 8 lines priced"), not a "≥" lower bound: with
// most lines missing, the sum of the rest says nothing a buyer can use. The share is of lines, not
// of value, because the value of a line without a price is not known and the engine has nothing
// to estimate it from. 90 %: a 57-line BOM may miss five lines and still show "≥ $X (52 of 57
// lines priced)"; a BOM of fewer than ten lines needs every line priced.
inline constexpr double kMinPricedLineShare = 0.9;
// Unless every server and switch line has a price: they are most of a GPU cluster's price
// (networking, switches with their optics and cables, is put at 15-25 % of it: a third-party
// estimate, ../shared/reference/hardware.md), so with them priced the total of the priced lines
// is a lower bound a buyer can use — "≥ $X (2 of 12 lines priced)" — even if optics, cables and
// racks have no price yet.

// How much of a BOM has a price. The value of a line without a price is not known, so the share
// of value is taken over the priced lines: how much of it rests on a quote or price list (the
// user's price book, a vendor's list) and how much on an estimate. The window's metrics, the
// workbook and `cplan bom` show it.
struct PriceCoverage
{
    int lines = 0, pricedLines = 0;
    int majorLines = 0, pricedMajorLines = 0;   // server and switch lines
    long long units = 0, pricedUnits = 0;
    double pricedValue = 0, quotedValue = 0;   // in the BOM's currency

    double lineShare() const { return lines ? double(pricedLines) / lines : 1.0; }
    double unitShare() const { return units ? double(pricedUnits) / double(units) : 1.0; }
    double quotedShare() const { return pricedValue > 0 ? quotedValue / pricedValue : 0.0; }
    bool complete() const { return pricedLines == lines; }
    // Enough of the BOM is priced for its total to be shown as a lower bound: kMinPricedLineShare
    // of its lines, or every server and switch line.
    bool enoughForTotal() const
    {
        return lineShare() >= kMinPricedLineShare || (majorLines > 0 && pricedMajorLines == majorLines);
    }
};
PriceCoverage priceCoverage(const Bom &bom);

} // namespace cplan
