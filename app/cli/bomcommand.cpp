#include "cli/cli.h"
#include "cli/keyfiguresjson.h"
#include "cli/table.h"

#include "analysis/cost.h"
#include "analysis/reliability.h"
#include "catalog/catalog.h"
#include "cost/coverage.h"
#include "export/bomcsv.h"
#include "export/bomworkbook.h"
#include "model/design.h"
#include "physical/racks.h"
#include "util/atomicfile.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <optional>
#include <sstream>

namespace cplan::cli {

namespace {

nlohmann::json optionalNumber(const std::optional<double> &v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

std::string money(const std::optional<double> &v, const std::string &currency)
{
    return v ? formatThousands(*v) + " " + currency : "unknown";
}

// The quote on top of the list prices: the same figures as the workbook's Summary and the report.
nlohmann::ordered_json quoteJson(const CostAnalysis &cost)
{
    const BomPricing &p = cost.pricing;
    const bool priced = p.anyPrice;
    auto amount = [&](double v) { return priced ? nlohmann::json(v) : nlohmann::json(nullptr); };
    return nlohmann::ordered_json{{"spares_percent", cost.terms.sparesPercent},
                                  {"discount_percent", cost.terms.discountPercent},
                                  {"hardware", amount(p.hardware)},
                                  {"spares", amount(p.spares)},
                                  {"discount", amount(p.discount)},
                                  {"total", amount(p.total)},
                                  {"total_per_gpu", optionalNumber(p.totalPerGpu)},
                                  {"complete", cost.bom.totals.capexComplete}};
}

nlohmann::ordered_json coverageJson(const Bom &bom)
{
    const PriceCoverage c = priceCoverage(bom);
    return nlohmann::ordered_json{{"lines", c.lines},           {"priced_lines", c.pricedLines}, {"units", c.units},
                                  {"priced_units", c.pricedUnits}, {"priced_value", c.pricedValue}, {"quoted_value", c.quotedValue}};
}

nlohmann::ordered_json bomJson(const CostAnalysis &cost, const std::vector<RackBudget> &racks, int links)
{
    const Bom &bom = cost.bom;
    nlohmann::ordered_json j;
    j["currency"] = bom.currency;
    j["lines"] = nlohmann::json::array();
    for (const BomLine &l : bom.lines) {
        nlohmann::ordered_json line{{"part", l.part},
                                                    {"category", l.category},
                                                    {"description", l.description},
                                                    {"part_number", l.partNumber.empty() ? nlohmann::json(nullptr) : nlohmann::json(l.partNumber)},
                                                    {"quantity", l.quantity},
                                                    {"unit_price", optionalNumber(l.unitPrice)},
                                                    {"total", optionalNumber(l.total)},
                                                    {"price_estimate", l.priceEstimate}};
        if (!l.quotedCurrency.empty()) {
            line["quoted_unit_price"] = optionalNumber(l.quotedUnitPrice);
            line["quoted_currency"] = l.quotedCurrency;
        }
        j["lines"].push_back(std::move(line));
    }
    j["conversions"] = nlohmann::json::array();
    for (const CurrencyConversion &c : bom.conversions)
        j["conversions"].push_back(
            nlohmann::ordered_json{{"from", c.from}, {"to", c.to}, {"factor", c.factor}, {"rates", c.rates}, {"parts", c.parts}});
    const BomTotals &t = bom.totals;
    j["totals"] = nlohmann::ordered_json{{"capex", t.capex},
                                         {"capex_complete", t.capexComplete},
                                         {"power_w", t.powerW},
                                         {"power_complete", t.powerComplete},
                                         {"rack_units", t.rackUnits},
                                         {"rack_units_complete", t.rackUnitsComplete},
                                         {"gpus", t.gpus},
                                         {"cost_per_gpu", optionalNumber(cost.pricing.totalPerGpu)},   // the quote's
                                         {"capex_per_gpu", optionalNumber(t.capexPerGpu)},
                                         {"energy_per_year", t.energyPerYear},
                                         {"tco", t.tco}};
    j["counts"] = nlohmann::ordered_json{{"servers", bom.counts.servers},
                                         {"management", bom.counts.management},
                                         {"switches", bom.counts.switches},
                                         {"cables", bom.counts.cables},
                                         {"links", bom.counts.links},
                                         {"transceivers", bom.counts.transceivers},
                                         {"racks", bom.counts.racks},
                                         {"planes", bom.counts.planeSwitches.size()},
                                         {"plane_switches", bom.counts.planeSwitches}};
    j["quote"] = quoteJson(cost);
    j["price_coverage"] = coverageJson(bom);
    j["cables_by_part"] = bom.cablesByPart;
    KeyFigureSources sources;
    sources.cost = &cost;
    sources.racks = &racks;
    sources.links = links;
    j["key_figures"] = keyFiguresJson(keyFigures(sources));
    j["unknown"] = nlohmann::ordered_json{{"price", bom.unknownPrice}, {"power", bom.unknownPower}, {"rack_units", bom.unknownRackUnits},
                                            {"exchange_rate", bom.missingRates}};
    return j;
}

void printTable(const Design &design, const CostAnalysis &cost, std::ostream &out)
{
    const Bom &bom = cost.bom;
    out << "Bill of materials: " << design.name << "\n\n";
    Table t({"category", "part", "description", "qty", "unit price", "total"});
    for (const BomLine &l : bom.lines)
        t.addRow({l.category, l.part, l.description, formatThousands(double(l.quantity)), money(l.unitPrice, l.currency),
                  money(l.total, l.currency)});
    t.print(out);
    const BomTotals &tt = bom.totals;
    const auto &c = bom.counts;
    out << "\nServers " << c.servers << " (+" << c.management << " management), GPUs " << tt.gpus << "; switches: leaf "
        << c.switches.at("leaf") << ", spine " << c.switches.at("spine") << ", core " << c.switches.at("core");
    if (!c.planeSwitches.empty())
        out << " (" << c.planeSwitches.size() << " planes, " << c.planeSwitches.front() << " switches in plane 1)";
    out << '\n';
    out << "Cables: node-leaf " << c.cables.at("node-leaf") << ", leaf-spine " << c.cables.at("leaf-spine") << ", spine-core "
        << c.cables.at("spine-core") << " (links " << c.links.at("node-leaf") << ", " << c.links.at("leaf-spine") << ", "
        << c.links.at("spine-core") << "); transceivers " << c.transceivers << "; racks " << c.racks << '\n';
    out << "CAPEX " << formatThousands(tt.capex) << ' ' << bom.currency << (tt.capexComplete ? "" : " (incomplete: unknown prices below)")
        << "; CAPEX per GPU " << money(tt.capexPerGpu, bom.currency) << '\n';
    if (const PriceCoverage cov = priceCoverage(bom); cov.pricedLines > 0) {
        const BomPricing &p = cost.pricing;
        out << "Quote: hardware " << formatThousands(p.hardware) << " + spares (" << formatDouble(cost.terms.sparesPercent) << "% of cables and "
            << "transceivers) " << formatThousands(p.spares) << " - discount (" << formatDouble(cost.terms.discountPercent) << "%) "
            << formatThousands(p.discount) << " = " << formatThousands(p.total) << ' ' << bom.currency
            << (tt.capexComplete ? "" : " (incomplete)") << "; per GPU " << money(p.totalPerGpu, bom.currency) << '\n';
        out << "Prices known for " << cov.pricedLines << " of " << cov.lines << " lines\n";
    }
    out << "Power " << formatThousands(tt.powerW / 1000.0, 1) << " kW" << (tt.powerComplete ? "" : " (incomplete)")
        << "; rack units " << formatDouble(tt.rackUnits) << (tt.rackUnitsComplete ? "" : " (incomplete)") << '\n';
    out << "Energy per year " << formatThousands(tt.energyPerYear) << ' ' << bom.currency << " (PUE " << formatDouble(design.settings.pue)
        << ", " << formatDouble(design.settings.electricityPricePerKWh) << "/kWh); TCO over " << design.settings.tcoYears << " years "
        << formatThousands(tt.tco) << ' ' << bom.currency << '\n';
    auto list = [&](const char *what, const std::vector<std::string> &ids) {
        if (ids.empty())
            return;
        out << "Unknown " << what << ": ";
        for (std::size_t i = 0; i < ids.size(); ++i)
            out << (i ? ", " : "") << ids[i];
        out << '\n';
    };
    list("price", bom.unknownPrice);
    list("power", bom.unknownPower);
    list("height", bom.unknownRackUnits);
    for (const CurrencyConversion &c : bom.conversions)
        out << "Converted " << c.from << " prices to " << c.to << " at " << formatDouble(c.factor) << ": " << c.rates << '\n';
    if (!bom.missingRates.empty()) {
        out << "No exchange rate to " << bom.currency << " for: ";
        for (std::size_t i = 0; i < bom.missingRates.size(); ++i)
            out << (i ? ", " : "") << bom.missingRates[i];
        out << " (those prices count as unknown; cplan catalog set-rate)\n";
    }
    out << "Prices are indicative estimates (see `cplan catalog show PART` for sources).\n";
}

} // namespace

void addBomCommand(CLI::App &root, Context &ctx)
{
    struct Args
    {
        std::string path, format = "table", out;
        std::optional<double> sparesPercent, discountPercent; // the design's settings when not given
        std::string failureSpares;                            // a failure-rate preset: its spares join the quote
    };
    auto a = std::make_shared<Args>();
    CLI::App *cmd = root.add_subcommand("bom", "Bill of materials: parts, counts by tier, power, CAPEX, cost per GPU");
    cmd->add_option("design", a->path, "Design file")->required();
    cmd->add_option("--format", a->format, "table, csv (the lines, then the quote's rows), json or xlsx (a workbook: BOM, summary, cable plan, assumptions, sources; needs -o)")
        ->check(CLI::IsMember({"table", "csv", "json", "xlsx"}));
    cmd->add_option("-o,--output", a->out, "Write to this file instead of standard output");
    cmd->add_option("--spares", a->sparesPercent, "Spares on cables and transceivers, percent (default: the design's spares_percent)")->check(CLI::Range(0.0, 100.0));
    cmd->add_option("--discount", a->discountPercent, "Discount on the quote, percent (default: the design's discount_percent)")->check(CLI::Range(0.0, 100.0));
    cmd->add_option("--failure-spares", a->failureSpares,
                    "Add the spares that failure rates call for (cplan reliability: a preset id or FILE.yaml, 3-day repair, 99 %)");
    cmd->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            auto design = loadDesign(ctx, a->path);
            if (!design)
                return fail(design.error());
            BomTerms terms = designTerms(design->settings);
            terms.sparesPercent = a->sparesPercent.value_or(terms.sparesPercent);
            terms.discountPercent = a->discountPercent.value_or(terms.discountPercent);
            CostAnalysis cost = analyzeCost(*design, *catalog(ctx), terms);
            if (!a->failureSpares.empty()) {
                auto preset = reliability::findFailurePreset(a->failureSpares);
                if (!preset)
                    return fail(preset.error());
                ReliabilityRequest request;
                request.trials = 0;
                const ReliabilityAnalysis r = analyzeReliability(*design, *catalog(ctx), *preset, request);
                if (!r.error.empty())
                    return fail(a->path + ": " + r.error);
                addSparesToQuote(cost, r.spares);
            }
            const Bom &bom = cost.bom;
            const std::string format = a->format == "xlsx" ? a->format : ctx.json ? "json" : a->format;
            if (format == "xlsx") {
                if (a->out.empty())
                    return fail("bom --format xlsx writes a workbook: give the file with -o FILE.xlsx");
                if (auto saved = writeBomWorkbook(a->out, *design, *catalog(ctx), bom, cost.terms); !saved)
                    return fail(saved.error());
                std::cout << "Wrote " << a->out << " (BOM, Summary, Cable plan, Racks, Assumptions, Sources)\n";
                return ExitOk;
            }
            std::ostringstream text;
            if (format == "json")
                text << bomJson(cost, rackBudgets(*design, *catalog(ctx)), int(design->links.size())).dump(2) << '\n';
            else if (format == "csv")
                text << bomQuoteCsv(bom, cost.pricing, cost.terms);
            else
                printTable(*design, cost, text);
            if (a->out.empty()) {
                std::cout << text.str();
            } else if (auto saved = writeFileAtomically(a->out, text.str()); !saved) {
                return fail(saved.error());
            }
            return ExitOk;
        };
    });
}

} // namespace cplan::cli
