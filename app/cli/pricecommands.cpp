// `cplan catalog import-prices`, `set-rate`, `rates` and the price history `catalog show` lists:
// the user store's price book and exchange rates (core: catalog/pricebook.cpp, pricequote.cpp).
#include "cli/cli.h"
#include "cli/table.h"

#include "catalog/catalog.h"
#include "catalog/userstore.h"
#include "util/strings.h"
#include "util/utctime.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <iostream>
#include <memory>

namespace cplan::cli {

namespace {

using Json = nlohmann::ordered_json;

Json priceJson(const PriceOverride &p)
{
    return Json{{"unit_price", p.unitPrice},
                {"currency", p.currency},
                {"source", p.source},
                {"date", p.date},
                {"valid_until", p.validUntil.empty() ? Json(nullptr) : Json(p.validUntil)},
                {"quantity_break", p.quantityBreak ? Json(*p.quantityBreak) : Json(nullptr)},
                {"file", p.sourceFile.empty() ? Json(nullptr) : Json(p.sourceFile)},
                {"line", p.sourceLine > 0 ? Json(p.sourceLine) : Json(nullptr)},
                {"entered_at", p.enteredAt}};
}

struct PriceOptions
{
    std::string file, currency = "USD", source, date, sheet, rateCurrency;
    double rate = 0;
};

void addImportPrices(CLI::App &cat, Context &ctx, const std::shared_ptr<PriceOptions> &opt)
{
    CLI::App *cmd = cat.add_subcommand("import-prices", "Import a distributor's price quote (CSV or XLSX) into your store, all or nothing");
    cmd->add_option("file", opt->file, "Quote (CSV, or the first sheet of an XLSX workbook, with a header: part or part number, price; optional currency, source, date, "
                                       "valid_until, quantity_break)")
        ->required();
    cmd->add_option("--currency", opt->currency, "Currency of rows that do not say (default USD)");
    cmd->add_option("--source", opt->source, "Source of rows that do not say (default: the file name)");
    cmd->add_option("--date", opt->date, "Date (YYYY-MM-DD) of rows that do not say (default: today)");
    cmd->add_option("--sheet", opt->sheet, "XLSX: the sheet to read (default: the first)");
    cmd->fallthrough();
    cmd->callback([&ctx, opt] {
        ctx.action = [&ctx, opt]() -> int {
            if (!isCurrencyCode(opt->currency))
                return fail("import-prices: --currency '" + opt->currency + "' is not a currency code (three letters, such as EUR)");
            if (!opt->date.empty() && !isIsoDate(opt->date))
                return fail("import-prices: --date '" + opt->date + "' is not a date (YYYY-MM-DD)");
            const Catalog *c = catalog(ctx);
            if (!c)
                return ExitBadInput;
            auto entries = readPriceQuoteFile(opt->file, *c, QuoteDefaults{opt->currency, opt->source, opt->date, opt->sheet});
            if (!entries)
                return fail(entries.error());
            auto store = openStore(ctx);
            if (!store)
                return ExitBadInput;
            if (auto st = store->addPrices(*entries); !st)
                return fail(st.error());
            if (ctx.json) {
                Json prices = Json::array();
                for (const PriceOverride &p : *entries) {
                    Json j{{"id", p.partId}};
                    j.update(priceJson(p));
                    prices.push_back(std::move(j));
                }
                std::cout << Json{{"imported", entries->size()}, {"file", opt->file}, {"store", store->path()}, {"prices", prices}}.dump(2)
                          << '\n';
            } else {
                std::cout << "imported " << entries->size() << " price(s) from " << opt->file << " into " << store->path() << '\n';
            }
            return ExitOk;
        };
    });
}

void addRates(CLI::App &cat, Context &ctx, const std::shared_ptr<PriceOptions> &opt)
{
    CLI::App *set = cat.add_subcommand("set-rate", "Set an exchange rate: one unit of CURRENCY is worth RATE US dollars");
    set->add_option("currency", opt->rateCurrency, "Currency code (EUR, GBP, ...)")->required();
    set->add_option("rate", opt->rate, "US dollars per unit of the currency (EUR 1.08: 1 EUR = 1.08 USD)")->required();
    set->add_option("--date", opt->date, "The day the rate is for, YYYY-MM-DD (default: today)");
    set->add_option("--source", opt->source, "Where the rate comes from (a bank, the quote)");
    set->fallthrough();
    set->callback([&ctx, opt] {
        ctx.action = [&ctx, opt]() -> int {
            ExchangeRate rate{opt->rateCurrency, opt->rate, opt->date.empty() ? todayUtc() : opt->date, opt->source};
            for (char &ch : rate.currency)
                ch = char(std::toupper(static_cast<unsigned char>(ch)));
            auto store = openStore(ctx);
            if (!store)
                return ExitBadInput;
            if (auto st = store->setRate(rate); !st)
                return fail(st.error());
            if (ctx.json)
                std::cout << Json{{"currency", rate.currency}, {"usd_per_unit", rate.perUsd}, {"date", rate.date},
                                  {"source", rate.source}, {"store", store->path()}}
                                 .dump(2)
                          << '\n';
            else
                std::cout << "1 " << rate.currency << " = " << formatDouble(rate.perUsd) << " USD (" << rate.date << ") set in "
                          << store->path() << '\n';
            return ExitOk;
        };
    });

    CLI::App *list = cat.add_subcommand("rates", "List the exchange rates in your store (the latest of each currency applies)");
    list->fallthrough();
    list->callback([&ctx] {
        ctx.action = [&ctx]() -> int {
            auto store = openStore(ctx);
            if (!store)
                return ExitBadInput;
            const ExchangeRates current = store->rates();
            Json rates = Json::array();
            Table table({"currency", "USD per unit", "date", "source", "applies"});
            for (const ExchangeRate &r : store->rateHistory()) {
                const ExchangeRate *applying = current.find(r.currency);
                const bool applies = applying && applying->date == r.date && applying->perUsd == r.perUsd
                                     && applying->source == r.source;
                rates.push_back(Json{{"currency", r.currency}, {"usd_per_unit", r.perUsd}, {"date", r.date},
                                     {"source", r.source}, {"applies", applies}});
                table.addRow({r.currency, formatDouble(r.perUsd), r.date, r.source, applies ? "yes" : ""});
            }
            if (ctx.json)
                std::cout << Json{{"base", ExchangeRates::kBase}, {"rates", rates}}.dump(2) << '\n';
            else
                table.print(std::cout);
            return ExitOk;
        };
    });
}

} // namespace

void addPriceCommands(CLI::App &catalogCommand, Context &ctx)
{
    auto opt = std::make_shared<PriceOptions>();
    addImportPrices(catalogCommand, ctx, opt);
    addRates(catalogCommand, ctx, opt);
}

nlohmann::ordered_json priceHistoryJson(Context &ctx, const std::string &partId)
{
    Json out = Json::array();
    auto store = UserStore::open(ctx.storePath);
    if (!store)
        return out;
    for (const PriceOverride &p : store->priceHistory(partId))
        out.push_back(priceJson(p));
    return out;
}

void printPriceHistory(const nlohmann::ordered_json &history, std::ostream &out)
{
    if (history.empty()) {
        out << "\nNo price in your store (cplan catalog set-price / import-prices).\n";
        return;
    }
    out << "\nPrice history in your store (the first applies):\n";
    Table table({"price", "date", "valid until", "from qty", "source", "file:line"});
    for (const auto &p : history) {
        auto str = [&](const char *key) { return p[key].is_null() ? std::string() : p[key].get<std::string>(); };
        table.addRow({formatThousands(p["unit_price"].get<double>(), 2) + " " + str("currency"), str("date"), str("valid_until"),
                      p["quantity_break"].is_null() ? std::string() : std::to_string(p["quantity_break"].get<long long>()),
                      str("source"), p["file"].is_null() ? std::string() : str("file") + ":" + std::to_string(p["line"].get<int>())});
    }
    table.print(out);
}

} // namespace cplan::cli
