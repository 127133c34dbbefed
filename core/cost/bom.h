#pragma once

#include "model/design.h"
#include "util/message.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// One line of the bill of materials. Unknown prices stay unknown (no total for the line).
// The description of a BOM line whose part is not in the catalog (translated by the GUI).
inline constexpr const char *kUnknownPartDescription = CPLAN_TR("Engine", "unknown part");

struct BomLine
{
    std::string part;
    std::string category;      // server, management, switch, hca, cable, transceiver, rack
    std::string description;   // vendor + model
    std::string partNumber;    // empty when not known
    long long quantity = 0;
    std::optional<double> unitPrice;
    std::optional<double> total;
    std::string currency;      // the BOM's currency when the price is known (converted if need be)
    bool priceEstimate = true;
    // When the part is priced in another currency: the price as quoted (see Bom::conversions).
    std::optional<double> quotedUnitPrice;
    std::string quotedCurrency;
};

// A currency conversion the BOM made: prices in `from` were turned into the BOM's currency
// with `factor` (1 `from` = factor `to`), from the user store's rates (USD based).
struct CurrencyConversion
{
    std::string from, to;
    double factor = 1;
    std::string rates;   // which rates, of which dates: "1 EUR = 1.08 USD (2026-11-30, ECB)"
    std::vector<std::string> parts;
};

struct BomCounts
{
    int servers = 0;
    int management = 0;
    std::map<std::string, int> switches;   // "leaf", "spine", "core"
    // Physical cables by tier (a twin-port cable or a splitter carries two links) and links by
    // tier ("node-leaf", "leaf-spine", "spine-core", "other"). NVIDIA's RAs count one fibre per
    // link, so their "cables" are our links wherever the design uses fibre.
    std::map<std::string, int> cables;
    std::map<std::string, int> links;
    int transceivers = 0;
    int racks = 0;
    // Independent fabrics (planes) and the switches of each (plane 1 first); empty for a design
    // of one fabric. The counts above are over all planes.
    std::vector<int> planeSwitches;
};

struct BomTotals
{
    double capex = 0;                    // sum of the lines with known prices
    bool capexComplete = true;           // false when some price is unknown
    double powerW = 0;                   // sum of the known figures
    bool powerComplete = true;
    double rackUnits = 0;
    bool rackUnitsComplete = true;
    int gpus = 0;
    // capex / gpus when gpus > 0 (partial when capexComplete is false): the hardware before the
    // quote's spares and discount. THE cost per GPU is the quote's (BomPricing::totalPerGpu).
    std::optional<double> capexPerGpu;
    double energyPerYear = 0;            // electricity cost per year at full power and PUE
    double tco = 0;                      // capex + energy over the design's TCO years
};

struct Bom
{
    std::vector<BomLine> lines;
    BomCounts counts;
    BomTotals totals;
    std::string currency = "USD";
    // Parts whose price / power / height is unknown, so the user sees what the totals miss.
    std::vector<std::string> unknownPrice, unknownPower, unknownRackUnits;
    std::vector<CurrencyConversion> conversions;
    // Currencies some part is priced in that have no rate to the BOM's (their lines stay
    // unknown: `cplan catalog set-rate`).
    std::vector<std::string> missingRates;
    // Physical cables by part (type and length), for the cable summary.
    std::map<std::string, long long> cablesByPart;
};

// Prices the design in its currency (settings: currency): servers, switches, extra HCAs,
// physical cables (physical/cables.h: by part and length, a twin-port cable or splitter once for
// its two links), transceivers (per cage end: a twin-port switch cage carrying two fibre links
// takes one twin transceiver), racks (a rack-scale system brings its own). Links are counted by
// tier: node-leaf (servers and management), leaf-spine, spine-core.
Bom computeBom(const Design &design, const Catalog &catalog);

// Tier name of a link between two nodes' tiers ("node-leaf", "leaf-spine", "spine-core", "other").
std::string linkTierName(const Design &design, const Link &link);

} // namespace cplan
