#include "cost/bom.h"

#include "catalog/catalog.h"
#include "util/strings.h"
#include "physical/cables.h"
#include "physical/racks.h"

#include <algorithm>
#include <cmath>
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

Bom computeBom(const Design &design, const Catalog &catalog)
{
    Bom bom;
    bom.currency = design.settings.currency;
    std::map<std::pair<std::string, std::string>, long long> quantities; // (category, part) -> qty

    for (Tier t : kSwitchTiers)
        bom.counts.switches[toString(t)] = 0;
    for (const char *t : kLinkTiers)
        bom.counts.cables[t] = 0;

    for (const Node &node : design.nodes) {
        const Part *part = catalog.find(node.part);
        if (node.role == NodeRole::Switch) {
            ++bom.counts.switches[toString(switchTier(node.tier))];
            ++quantities[{"switch", node.part}];
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
        (void)part;
    }
    for (const RackInfo &rack : designRacks(design, catalog)) {
        ++bom.counts.racks;
        if (rack.rackScale)
            continue;   // a rack-scale system comes in its own rack
        const std::string part = rack.part ? rack.part->id : rack.declared ? rack.declared->part : std::string();
        if (!part.empty())
            ++quantities[{"rack", part}];
    }

    // Cables and transceivers. A switch cage with fibre links takes one transceiver per
    // `linksPerEnd` links (twin-port OSFP: two); a host port takes a single-port one.
    // Fibre links per switch cage; the optics must suit the fibre (mode and reach), so the
    // longest fibre of the cage decides.
    struct CageFibre
    {
        int links = 0;
        double speed = 0;
        const Part *fiber = nullptr;
    };
    std::map<std::pair<std::uint32_t, int>, CageFibre> cageFibre; // (node, cage) -> fibre links
    bom.counts.links = bom.counts.cables;
    for (const PhysicalCable &c : physicalCables(design, catalog).cables) {
        ++bom.counts.cables[linkTierName(design, design.link(c.links.front()))];
        const std::string &part = design.link(c.links.front()).cable;
        if (part.empty() || !catalog.find(part))
            continue;
        bom.cablesByPart[part] += 1;
        ++quantities[{"cable", part}];
    }
    for (const Link &link : design.links) {
        ++bom.counts.links[linkTierName(design, link)];
        if (link.cable.empty())
            continue;
        const Part *cable = catalog.find(link.cable);
        if (!cable)
            continue;
        if (!cable->needsTransceivers)
            continue;
        const double speed = linkSpeedGbps(design, link, catalog);
        for (const PortRef &end : {link.a, link.b}) {
            const Node &node = design.node(end.node);
            if (node.role == NodeRole::Switch) {
                const Part *sw = catalog.find(node.part);
                const int perCage = sw ? std::max(1, sw->portsPerCage) : 1;
                CageFibre &c = cageFibre[{end.node.value, (end.port - 1) / perCage}];
                ++c.links;
                c.speed = std::max(c.speed, speed);
                if (!c.fiber || cable->lengthM.value_or(0) > c.fiber->lengthM.value_or(0))
                    c.fiber = cable;
            } else {
                if (const Part *t = catalog.chooseTransceiver(speed, 1, *cable))
                    ++quantities[{"transceiver", t->id}];
                else
                    ++quantities[{"transceiver", "unknown-transceiver"}];
            }
        }
    }
    for (const auto &[key, c] : cageFibre) {
        const Node &node = design.nodes[key.first];
        const Part *sw = catalog.find(node.part);
        const int perCage = sw ? std::max(1, sw->portsPerCage) : 1;
        const Part *t = catalog.chooseTransceiver(c.speed, perCage, *c.fiber);
        const int per = t ? std::max(1, t->linksPerEnd) : 1;
        quantities[{"transceiver", t ? t->id : "unknown-transceiver"}] += (c.links + per - 1) / per;
    }

    // Lines, in a fixed category order, then by part id.
    static const char *order[] = {"server", "management", "switch", "hca", "cable", "transceiver", "rack"};
    std::set<std::string> noPrice, noPower, noRu, noRate;
    for (const char *category : order)
        for (const auto &[key, qty] : quantities) {
            if (key.first != category || qty == 0)
                continue;
            const Part *part = catalog.find(key.second);
            BomLine line;
            line.part = key.second;
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
            convertPrice(bom, line, catalog.rates(), noRate);
            if (line.unitPrice) {
                line.total = *line.unitPrice * double(qty);
                bom.totals.capex += *line.total;
            } else {
                bom.totals.capexComplete = false;
                noPrice.insert(line.part);
            }
            if (part && part->kind != PartKind::Cable) {
                if (part->powerW)
                    bom.totals.powerW += *part->powerW * double(qty);
                else if (part->kind != PartKind::Rack) {
                    bom.totals.powerComplete = false;
                    noPower.insert(line.part);
                }
            }
            if (part && (line.category == "server" || line.category == "switch" || line.category == "management")) {
                if (part->rackUnits)
                    bom.totals.rackUnits += *part->rackUnits * double(qty);
                else {
                    bom.totals.rackUnitsComplete = false;
                    noRu.insert(line.part);
                }
            }
            if (line.category == "transceiver")
                bom.counts.transceivers += int(qty);
            bom.lines.push_back(std::move(line));
        }
    bom.unknownPrice.assign(noPrice.begin(), noPrice.end());
    bom.unknownPower.assign(noPower.begin(), noPower.end());
    bom.unknownRackUnits.assign(noRu.begin(), noRu.end());
    bom.missingRates.assign(noRate.begin(), noRate.end());

    if (bom.totals.gpus > 0)
        bom.totals.costPerGpu = bom.totals.capex / bom.totals.gpus;
    const double hoursPerYear = 24 * 365;
    bom.totals.energyPerYear = bom.totals.powerW / 1000.0 * hoursPerYear * design.settings.pue *
                               design.settings.electricityPricePerKWh;
    bom.totals.tco = bom.totals.capex + bom.totals.energyPerYear * design.settings.tcoYears;
    return bom;
}

} // namespace cplan
