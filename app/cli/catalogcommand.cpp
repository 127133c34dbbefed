#include "cli/cli.h"
#include "cli/table.h"

#include "catalog/catalog.h"
#include "catalog/userstore.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cmath>
#include <iostream>
#include <memory>

namespace cplan::cli {

// The price book's lines for `catalog show` (pricecommands.cpp).
nlohmann::ordered_json priceHistoryJson(Context &ctx, const std::string &partId);
void printPriceHistory(const nlohmann::ordered_json &history, std::ostream &out);

namespace {

using Json = nlohmann::ordered_json;

Json number(const std::optional<double> &v)
{
    return v ? Json(*v) : Json(nullptr);
}

Json text(const std::string &s)
{
    return s.empty() ? Json(nullptr) : Json(s);
}

std::string show(const std::optional<double> &v, const char *unit = "")
{
    return v ? formatNumber(*v) + unit : "unknown";
}

std::string price(const Part &p)
{
    if (!p.unitPrice)
        return "unknown";
    return formatThousands(*p.unitPrice) + " " + p.currency + (p.priceEstimate ? " (est.)" : "");
}

// The one line that says what a part is, by kind.
std::string keySpec(const Part &p)
{
    switch (p.kind) {
    case PartKind::Switch:
    case PartKind::Hca:
        return std::to_string(p.ports) + " x " + show(p.portSpeedGbps, "G") + (p.speedName.empty() ? "" : " " + p.speedName)
               + (p.portsPerCage > 1 ? ", " + std::to_string(p.portsPerCage) + "/cage" : "");
    case PartKind::Gpu:
        return show(p.memoryGB, " GB") + ", BF16 " + show(p.bf16Tflops, " TFLOPS") + ", NVLink " + show(p.nvlinkGBps, " GB/s");
    case PartKind::GpuServer:
        return (p.gpuCount > 0 ? std::to_string(p.gpuCount) + " x " + p.gpu : std::string("no GPU")) + ", "
               + std::to_string(p.hcaCount) + " x " + p.hca;
    case PartKind::Cable:
        return std::string(p.media ? toString(*p.media) : "?") + " " + show(p.lengthM, " m") + " @ " + show(p.speedGbps, "G")
               + (p.linksPerEnd > 1 ? ", " + std::to_string(p.linksPerEnd) + " links" : "");
    case PartKind::Transceiver:
        return show(p.speedGbps, "G") + (p.linksPerEnd > 1 ? " twin-port" : " single-port")
               + (p.fiberMode.empty() ? "" : " " + p.fiberMode) + ", reach " + show(p.reachM, " m");
    case PartKind::Rack:
        return show(p.capacityU, "U") + ", budget " + show(p.powerBudgetW, " W");
    }
    return {};
}

Json listJson(const Part &p)
{
    return Json{{"id", p.id},
                {"kind", toString(p.kind)},
                {"vendor", p.vendor},
                {"model", p.model},
                {"part_number", p.partNumber ? Json(*p.partNumber) : Json(nullptr)},
                {"unit_price", number(p.unitPrice)},
                {"currency", p.currency},
                {"price_estimate", p.priceEstimate},
                {"sources", p.sources}};
}

Json fullJson(const Part &p)
{
    Json j = listJson(p);
    j["description"] = p.description;
    j["price_source"] = text(p.priceSource);
    j["power_w"] = number(p.powerW);
    j["rack_units"] = number(p.rackUnits);
    switch (p.kind) {
    case PartKind::Switch:
    case PartKind::Hca:
        j["ports"] = p.ports;
        j["port_speed_gbps"] = number(p.portSpeedGbps);
        j["speed_name"] = text(p.speedName);
        j["ports_per_cage"] = p.portsPerCage;
        j["cage"] = text(p.cage);
        j["split_speed_gbps"] = number(p.splitSpeedGbps);
        j["breakout_gbps"] = Json::array();
        for (const double speed : p.breakoutGbps)
            j["breakout_gbps"].push_back(speed);
        j["protocol"] = toString(p.protocol);
        j["port_latency_ns"] = number(p.portLatencyNs);
        j["max_mtu"] = p.maxMtu ? Json(*p.maxMtu) : Json(nullptr);
        if (p.kind == PartKind::Switch)
            j["sharp"] = p.sharp ? Json(*p.sharp) : Json(nullptr);
        break;
    case PartKind::Gpu:
        j["memory_gb"] = number(p.memoryGB);
        j["nvlink_gbps"] = number(p.nvlinkGBps);
        j["bf16_tflops"] = number(p.bf16Tflops);
        j["architecture"] = text(p.architecture);
        break;
    case PartKind::GpuServer:
        j["gpu"] = text(p.gpu);
        j["gpu_count"] = p.gpuCount;
        j["hca"] = text(p.hca);
        j["hca_count"] = p.hcaCount;
        j["nvlink_domain"] = p.nvlinkDomain ? Json(*p.nvlinkDomain) : Json(nullptr);
        j["hca_slots"] = p.hcaSlots;
        break;
    case PartKind::Cable:
    case PartKind::Transceiver:
        j["media"] = p.media ? Json(toString(*p.media)) : Json(nullptr);
        j["length_m"] = number(p.lengthM);
        j["reach_m"] = number(p.reachM);
        j["speed_gbps"] = number(p.speedGbps);
        j["links_per_end"] = p.linksPerEnd;
        j["needs_transceivers"] = p.needsTransceivers;
        j["cage"] = text(p.cage);
        j["far_cage"] = text(p.farCage);
        j["fiber_mode"] = text(p.fiberMode);
        j["protocol"] = toString(p.protocol);
        break;
    case PartKind::Rack:
        j["capacity_u"] = number(p.capacityU);
        j["power_budget_w"] = number(p.powerBudgetW);
        break;
    }
    return j;
}

void printShow(const Json &j)
{
    // Every field of the kind, unknown ones said to be unknown: the JSON minus the nesting.
    std::size_t width = 0;
    for (const auto &[key, value] : j.items())
        width = std::max(width, key.size());
    for (const auto &[key, value] : j.items()) {
        std::cout << key << std::string(width - key.size() + 2, ' ');
        if (value.is_null()) {
            std::cout << "unknown\n";
        } else if (value.is_array()) {
            if (value.empty())
                std::cout << "none\n";
            // A list of texts one per line (sources), of numbers on one line (breakout_gbps).
            if (!value.empty() && value[0].is_number()) {
                for (std::size_t i = 0; i < value.size(); ++i)
                    std::cout << (i ? ", " : "") << formatNumber(value[i].get<double>());
                std::cout << '\n';
            } else {
                for (std::size_t i = 0; i < value.size(); ++i)
                    std::cout << (i ? std::string(width + 2, ' ') : std::string()) << value[i].get<std::string>() << '\n';
            }
        } else if (value.is_string()) {
            std::cout << value.get<std::string>() << '\n';
        } else if (value.is_number_float()) {
            std::cout << formatNumber(value.get<double>()) << '\n';
        } else {
            std::cout << value.dump() << '\n';
        }
    }
}

struct CatalogOptions
{
    std::string kind;
    std::string id;
    double price = 0;
    std::string currency = "USD";
    std::string source;
    std::string file;
};

int listParts(Context &ctx, const CatalogOptions &opt)
{
    std::optional<PartKind> kind;
    if (!opt.kind.empty()) {
        kind = partKindFromString(opt.kind);
        if (!kind)
            return fail("unknown kind '" + opt.kind
                        + "' (expected gpu, gpu_server, hca, switch, cable, transceiver or rack)");
    }
    const Catalog *c = catalog(ctx);
    if (!c)
        return ExitBadInput;
    Json parts = Json::array();
    Table table({"id", "kind", "model", "key figures", "price"});
    for (const Part &p : c->parts()) {
        if (kind && p.kind != *kind)
            continue;
        parts.push_back(listJson(p));
        table.addRow({p.id, toString(p.kind), p.model, keySpec(p), price(p)});
    }
    if (ctx.json)
        std::cout << Json{{"parts", parts}}.dump(2) << '\n';
    else
        table.print(std::cout);
    return ExitOk;
}

int showPart(Context &ctx, const CatalogOptions &opt)
{
    const Catalog *c = catalog(ctx);
    if (!c)
        return ExitBadInput;
    const Part *p = c->find(opt.id);
    if (!p)
        return fail("no part '" + opt.id + "' in the catalog (see cplan catalog list)");
    Json j = fullJson(*p);
    // A server's GPU figures the collectives use, with their sources (the GPU part has them).
    if (const Part *gpu = p->kind == PartKind::GpuServer ? c->find(p->gpu) : nullptr) {
        j["gpu_nvlink_gbps"] = number(gpu->nvlinkGBps);
        j["gpu_architecture"] = text(gpu->architecture);
        j["gpu_sources"] = gpu->sources;
    }
    j["price_history"] = priceHistoryJson(ctx, p->id);
    if (ctx.json) {
        std::cout << j.dump(2) << '\n';
    } else {
        const Json history = j["price_history"];
        j.erase("price_history");
        printShow(j);
        printPriceHistory(history, std::cout);
    }
    return ExitOk;
}

int setPartPrice(Context &ctx, const CatalogOptions &opt)
{
    if (!std::isfinite(opt.price) || opt.price < 0)
        return fail("set-price: the price must be a number >= 0");
    std::string currency = opt.currency;
    for (char &ch : currency)
        ch = char(std::toupper(static_cast<unsigned char>(ch)));
    const Catalog *c = catalog(ctx);
    if (!c)
        return ExitBadInput;
    if (!c->find(opt.id))
        return fail("no part '" + opt.id + "' in the catalog (see cplan catalog list)");
    auto store = openStore(ctx);
    if (!store)
        return ExitBadInput;
    if (auto st = store->setPrice(opt.id, opt.price, currency, opt.source); !st)
        return fail(st.error());
    if (ctx.json)
        std::cout << Json{{"id", opt.id}, {"unit_price", opt.price}, {"currency", currency},
                          {"source", opt.source}, {"store", store->path()}}
                         .dump(2)
                  << '\n';
    else
        std::cout << opt.id << ": price set to " << formatThousands(opt.price, 2) << ' ' << currency
                  << " in " << store->path() << '\n';
    return ExitOk;
}

int importParts(Context &ctx, const CatalogOptions &opt)
{
    const Catalog *c = catalog(ctx);
    if (!c)
        return ExitBadInput;
    auto store = openStore(ctx);
    if (!store)
        return ExitBadInput;
    auto n = store->importYaml(opt.file, c);
    if (!n)
        return fail(n.error());
    if (ctx.json)
        std::cout << Json{{"imported", *n}, {"file", opt.file}, {"store", store->path()}}.dump(2) << '\n';
    else
        std::cout << "imported " << *n << " part(s) from " << opt.file << " into " << store->path() << '\n';
    return ExitOk;
}

// A subcommand's callback runs its action with the parsed options once parsing is done.
void runWith(CLI::App *cmd, Context &ctx, const std::shared_ptr<CatalogOptions> &opt, int (*action)(Context &, const CatalogOptions &))
{
    cmd->fallthrough();
    cmd->callback([&ctx, opt, action] { ctx.action = [&ctx, opt, action]() -> int { return action(ctx, *opt); }; });
}

} // namespace

void addCatalogCommand(CLI::App &root, Context &ctx)
{
    auto opt = std::make_shared<CatalogOptions>();
    CLI::App *cat = root.add_subcommand("catalog", "List, show and edit the parts catalog (built-in parts + your store)");
    cat->require_subcommand(1);
    cat->fallthrough();

    CLI::App *list = cat->add_subcommand("list", "List parts: id, kind, model, key figures, price");
    list->add_option("--kind", opt->kind, "Only parts of this kind (gpu, gpu_server, hca, switch, cable, transceiver, rack)");
    runWith(list, ctx, opt, listParts);

    CLI::App *showCmd = cat->add_subcommand("show", "Show every figure of one part (unknown ones as unknown)");
    showCmd->add_option("id", opt->id, "Part id")->required();
    runWith(showCmd, ctx, opt, showPart);

    CLI::App *setPrice = cat->add_subcommand("set-price", "Set your price for a part (stored in your user store)");
    setPrice->add_option("id", opt->id, "Part id")->required();
    setPrice->add_option("price", opt->price, "Unit price")->required();
    setPrice->add_option("--currency", opt->currency, "Currency (default USD)");
    setPrice->add_option("--source", opt->source, "Where the price comes from (quote, price list)");
    runWith(setPrice, ctx, opt, setPartPrice);

    addPriceCommands(*cat, ctx);

    CLI::App *import = cat->add_subcommand("import", "Import your own parts from a catalog YAML file into your store");
    import->add_option("file", opt->file, "Catalog YAML (format: cluster-planner-catalog/1)")->required();
    runWith(import, ctx, opt, importParts);
}

} // namespace cplan::cli
