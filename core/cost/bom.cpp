#include "cost/bom.h"

#include "catalog/catalog.h"
#include "util/strings.h"
#include "physical/cables.h"
#include "physical/racks.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cplan {

namespace {

std::string rateText(const ExchangeRates &rates, const std::string &currency)
{
    const ExchangeRate *r = rates.find(currency);
    if (!r)
        return {};
    std::string text = "1 " + currency + " = " + formatDouble(r->perUsd) + " " + ExchangeRates::kBase + " (" + r->date;
    return text + (r->source.empty() ? "" : ", " + r->source) + ")";
}

// Puts the line's price into the BOM's currency, through the catalog's exchange rates; a price
// without a rate becomes unknown. Records the conversion once per currency.
void convertPrice(Bom &bom, BomLine &line, const ExchangeRates &rates, std::set<std::string> &missing)
{
    if (!line.unitPrice || line.currency == bom.currency)
        return;
    line.quotedUnitPrice = line.unitPrice;
    line.quotedCurrency = line.currency;
    const auto factor = rates.factor(line.currency, bom.currency);
    if (!factor) {
        missing.insert(line.currency);
        line.unitPrice.reset();
        line.currency = bom.currency;
        return;
    }
    auto it = std::find_if(bom.conversions.begin(), bom.conversions.end(),
                           [&](const CurrencyConversion &c) { return c.from == line.currency; });
    if (it == bom.conversions.end()) {
        std::string via;
        for (const std::string &c : {line.currency, bom.currency})
            if (const std::string t = rateText(rates, c); !t.empty())
                via += (via.empty() ? "" : "; ") + t;
        bom.conversions.push_back(CurrencyConversion{line.currency, bom.currency, *factor, via, {}});
        it = bom.conversions.end() - 1;
    }
    it->parts.push_back(line.part);
    line.unitPrice = *line.unitPrice * *factor;
    line.currency = bom.currency;
}

} // namespace

std::string linkTierName(const Design &design, const Link &link)
{
    const Node &a = design.node(link.a.node), &b = design.node(link.b.node);
    return linkTierName(a.tier, a.role == NodeRole::Switch, b.tier, b.role == NodeRole::Switch);
}

namespace {

using Quantities = std::map<std::pair<std::string, std::string>, long long>;   // (category, part) -> qty

// Servers, management appliances and switches (by tier), and the HCAs fitted by the user.
void countNodes(const Design &design, const Catalog &catalog, Bom &bom, Quantities &quantities)
{
    for (const Node &node : design.nodes) {
        if (node.role == NodeRole::Switch) {
            ++bom.counts.switches[toString(switchTier(node.tier))];
            ++quantities[{"switch", node.part}];
            if (node.plane > 0) {
                bom.counts.planeSwitches.resize(std::max(bom.counts.planeSwitches.size(), std::size_t(node.plane)), 0);
                ++bom.counts.planeSwitches[std::size_t(node.plane - 1)];
            }
        } else if (node.role == NodeRole::Management) {
            ++bom.counts.management;
            ++quantities[{"management", node.part}];
        } else {
            ++bom.counts.servers;
            ++quantities[{"server", node.part}];
            bom.totals.gpus += nodeGpuCount(node, catalog);
            // HCAs fitted by the user are bought separately; a server part includes its own.
            for (const std::string &h : node.hcas)
                ++quantities[{"hca", h}];
        }
    }
}

void countRacks(const Design &design, const Catalog &catalog, Bom &bom, Quantities &quantities)
{
    for (const RackInfo &rack : designRacks(design, catalog)) {
        ++bom.counts.racks;
        if (rack.rackScale)
            continue;   // a rack-scale system comes in its own rack
        const std::string part = rack.part ? rack.part->id : rack.declared ? rack.declared->part : std::string();
        if (!part.empty())
            ++quantities[{"rack", part}];
    }
}

// Physical cables by tier and part (a twin-port cable or a splitter once for its two links).
void countCables(const Design &design, const Catalog &catalog, Bom &bom, Quantities &quantities)
{
    for (const PhysicalCable &c : physicalCables(design, catalog).cables) {
        ++bom.counts.cables[linkTierName(design, design.link(c.links.front()))];
        const std::string &part = design.link(c.links.front()).cable;
        if (part.empty() || !catalog.find(part))
            continue;
        bom.cablesByPart[part] += 1;
        ++quantities[{"cable", part}];
    }
}

// Links by tier, and transceivers. A switch cage with fibre links takes one transceiver per
// `linksPerEnd` links (twin-port OSFP: two); a host port takes a single-port one. The optics
// must suit the fibre (mode and reach), so the longest fibre of the cage decides.
void countLinksAndOptics(const Design &design, const Catalog &catalog, Bom &bom, Quantities &quantities)
{
    struct CageFibre
    {
        int links = 0;
        double speed = 0;
        const Part *fiber = nullptr;
    };
    std::map<std::pair<std::uint32_t, int>, CageFibre> cageFibre; // (node, cage) -> fibre links
    auto perCage = [&](const Node &node) {
        const Part *sw = catalog.find(node.part);
        return sw ? std::max(1, sw->portsPerCage) : 1;
    };
    for (const Link &link : design.links) {
        ++bom.counts.links[linkTierName(design, link)];
        const Part *cable = link.cable.empty() ? nullptr : catalog.find(link.cable);
        if (!cable || !cable->needsTransceivers)
            continue;
        const double speed = linkSpeedGbps(design, link, catalog);
        for (const PortRef &end : {link.a, link.b}) {
            const Node &node = design.node(end.node);
            if (node.role == NodeRole::Switch) {
                CageFibre &c = cageFibre[{end.node.value, (end.port - 1) / perCage(node)}];
                ++c.links;
                c.speed = std::max(c.speed, speed);
                if (!c.fiber || cable->lengthM.value_or(0) > c.fiber->lengthM.value_or(0))
                    c.fiber = cable;
            } else {
                const Part *t = catalog.chooseTransceiver(speed, 1, *cable);
                ++quantities[{"transceiver", t ? t->id : "unknown-transceiver"}];
            }
        }
    }
    for (const auto &[key, c] : cageFibre) {
        const Part *t = catalog.chooseTransceiver(c.speed, perCage(design.nodes[key.first]), *c.fiber);
        const int per = t ? std::max(1, t->linksPerEnd) : 1;
        quantities[{"transceiver", t ? t->id : "unknown-transceiver"}] += (c.links + per - 1) / per;
    }
}

// What the totals miss, by part.
struct Unknowns
{
    std::set<std::string> price, power, rackUnits, rate;
};

BomLine makeLine(Bom &bom, const Catalog &catalog, const char *category, const std::string &partId, long long qty, Unknowns &unknown)
{
    const Part *part = catalog.find(partId);
    BomLine line;
    line.part = partId;
    line.category = category;
    line.quantity = qty;
    line.currency = part ? part->currency : bom.currency;
    if (part) {
        line.description = part->vendor + " " + part->model;
        line.partNumber = part->partNumber.value_or("");
        line.unitPrice = part->unitPrice;
        line.priceEstimate = part->priceEstimate;
    } else {
        line.description = kUnknownPartDescription;
    }
    convertPrice(bom, line, catalog.rates(), unknown.rate);
    if (line.unitPrice)
        line.total = *line.unitPrice * double(qty);
    return line;
}

// Adds a line's price, power and height to the totals; an unknown figure is named, never zero.
void addToTotals(Bom &bom, const Part *part, const BomLine &line, Unknowns &unknown)
{
    const double qty = double(line.quantity);
    if (line.total) {
        bom.totals.capex += *line.total;
    } else {
        bom.totals.capexComplete = false;
        unknown.price.insert(line.part);
    }
    if (part && part->kind != PartKind::Cable) {
        if (part->powerW) {
            bom.totals.powerW += *part->powerW * qty;
        } else if (part->kind != PartKind::Rack) {
            bom.totals.powerComplete = false;
            unknown.power.insert(line.part);
        }
    }
    if (part && (line.category == "server" || line.category == "switch" || line.category == "management")) {
        if (part->rackUnits) {
            bom.totals.rackUnits += *part->rackUnits * qty;
        } else {
            bom.totals.rackUnitsComplete = false;
            unknown.rackUnits.insert(line.part);
        }
    }
    if (line.category == "transceiver")
        bom.counts.transceivers += int(line.quantity);
}

void finishTotals(const Design &design, Bom &bom, const Unknowns &unknown)
{
    bom.unknownPrice.assign(unknown.price.begin(), unknown.price.end());
    bom.unknownPower.assign(unknown.power.begin(), unknown.power.end());
    bom.unknownRackUnits.assign(unknown.rackUnits.begin(), unknown.rackUnits.end());
    bom.missingRates.assign(unknown.rate.begin(), unknown.rate.end());
    if (bom.totals.gpus > 0)
        bom.totals.capexPerGpu = bom.totals.capex / bom.totals.gpus;
    const double hoursPerYear = 24 * 365;
    bom.totals.energyPerYear = bom.totals.powerW / 1000.0 * hoursPerYear * design.settings.pue *
                               design.settings.electricityPricePerKWh;
    bom.totals.tco = bom.totals.capex + bom.totals.energyPerYear * design.settings.tcoYears;
}

} // namespace

Bom computeBom(const Design &design, const Catalog &catalog)
{
    Bom bom;
    bom.currency = design.settings.currency;
    for (Tier t : kSwitchTiers)
        bom.counts.switches[toString(t)] = 0;
    for (const char *t : kLinkTiers)
        bom.counts.cables[t] = 0;
    bom.counts.links = bom.counts.cables;

    Quantities quantities;
    countNodes(design, catalog, bom, quantities);
    countRacks(design, catalog, bom, quantities);
    countCables(design, catalog, bom, quantities);
    countLinksAndOptics(design, catalog, bom, quantities);

    // Lines, in a fixed category order, then by part id.
    static const char *order[] = {"server", "management", "switch", "hca", "cable", "transceiver", "rack"};
    Unknowns unknown;
    for (const char *category : order)
        for (const auto &[key, qty] : quantities) {
            if (key.first != category || qty == 0)
                continue;
            BomLine line = makeLine(bom, catalog, category, key.second, qty, unknown);
            addToTotals(bom, catalog.find(key.second), line, unknown);
            bom.lines.push_back(std::move(line));
        }
    finishTotals(design, bom, unknown);
    return bom;
}

} // namespace cplan
