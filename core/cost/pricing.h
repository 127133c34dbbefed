#pragma once

#include "cost/bom.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cplan {

// Commercial terms a quote adds on top of the list prices.
struct BomTerms
{
    double sparesPercent = 0;     // spares on cables and transceivers (the parts that fail in the field)
    double discountPercent = 0;   // off the whole quote
};

// The money figures of a quote: subtotals by category, spares, discount, total.
struct BomPricing
{
    std::vector<std::pair<std::string, double>> subtotals;   // category -> known-price total, BOM order
    double hardware = 0;   // sum of the subtotals
    double spares = 0;     // sparesPercent of the cable and transceiver subtotals
    double discount = 0;   // discountPercent of hardware + spares (a positive amount)
    double total = 0;      // hardware + spares - discount
    bool anyPrice = false; // some line has a price; without one every figure above is unknown, not 0
    // total / GPUs: THE cost per GPU (BOM, workbook, report cover and BOM page, metrics dock,
    // `cplan bom`); empty when no line has a price or there is no GPU.
    std::optional<double> totalPerGpu;
};
BomPricing priceBom(const Bom &bom, const BomTerms &terms);
// The terms a design's settings ask for (File > Design settings, `settings:` in the file); what
// the window, `cplan bom` and `cplan report` quote unless told otherwise.
BomTerms designTerms(const Settings &settings);

} // namespace cplan
