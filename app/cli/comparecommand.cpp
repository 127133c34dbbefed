// cplan compare: two designs side by side (core/analysis/compare.h): every key figure of each,
// the difference, and why (InfiniBand or Ethernet for the same servers).
#include "cli/cli.h"
#include "cli/keyfiguresjson.h"
#include "cli/networkshared.h"
#include "cli/table.h"

#include "analysis/compare.h"
#include "model/design.h"
#include "training/model.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>
#include <memory>

namespace cplan::cli {

namespace {

using net::fmt;

struct CompareArgs
{
    std::string a, b, bytes, model;
    std::vector<std::string> workloads;
    int seeds = 0;
};

Result<CompareRequest> compareRequest(const CompareArgs &args)
{
    CompareRequest r;
    r.hashSeeds = args.seeds;
    for (const std::string &text : args.workloads) {
        auto w = parseWorkload(text);
        if (!w)
            return Error{"--workload", 0, 0, w.error().message};
        if (!args.bytes.empty()) {
            auto bytes = parseByteSize(args.bytes);
            if (!bytes)
                return Error{"--bytes", 0, 0, "'" + args.bytes + "' is not a size (e.g. 1GiB, 64MiB)"};
            w->bytes = *bytes;
        } else if (w->collective) {
            w->bytes = kDefaultCollectiveBytes;
        }
        r.workloads.push_back(*w);
    }
    if (!args.model.empty()) {
        auto model = training::findModel(args.model);
        if (!model)
            return model.error();
        TrainingRequest t;
        t.model = *model;
        r.training = t;
    }
    return r;
}

std::string value(const KeyFigure &f)
{
    if (!f.info)
        return "-";
    // A cost figure short of a price says how many lines it rests on (cost/coverage.h).
    const std::string lines = f.priced && !f.priced->complete() ? " (" + std::to_string(f.priced->priced) + " of " +
                                                                     std::to_string(f.priced->lines) + " lines priced)"
                                                               : std::string();
    if (!f.value)
        return "unknown" + lines;
    double v = *f.value;
    int decimals = 1;
    switch (f.unit()) {
    case Unit::Fraction: v *= 100; break;
    case Unit::Money:
    case Unit::Count:
    case Unit::Watts:
    case Unit::Nanoseconds: decimals = 0; break;
    case Unit::Seconds: decimals = std::abs(v) < 1 ? 6 : 1; break;
    case Unit::Verdict: return v != 0 ? "yes" : "no";
    default: break;
    }
    std::string text = decimals == 0 ? formatThousands(std::round(v)) : fmt(v, decimals);
    if (f.unit() == Unit::Fraction)
        text += " %";
    else if (const char *symbol = unitSymbol(f.unit()); *symbol)
        text += std::string(" ") + symbol;
    return (f.lowerBound() ? "≥ " : "") + text + lines;
}

std::string difference(const CompareRow &r)
{
    if (r.bounded)   // a lower bound: no difference to give, a side only when the ranges are apart
        return r.better > 0 ? "B better" : r.better < 0 ? "A better" : "not known (a lower bound)";
    if (!r.delta)
        return "";
    if (std::abs(*r.delta) < 1e-12)
        return "=";
    std::string out = r.deltaPercent ? (*r.deltaPercent > 0 ? "+" : "") + fmt(*r.deltaPercent, 1) + " %" : "";
    return out + (r.better > 0 ? "  B better" : r.better < 0 ? "  A better" : "");
}

nlohmann::ordered_json sideJson(const CompareSide &s)
{
    nlohmann::ordered_json j;
    j["name"] = s.name;
    j["protocol"] = s.protocol;
    j["switches"] = s.switchParts;
    j["load_balancing"] = s.loadBalancing;
    j["seeds"] = s.seeds;
    j["unpriced_parts"] = s.unpricedParts;
    j["key_figures"] = keyFiguresJson(s.figures);
    return j;
}

nlohmann::ordered_json compareJson(const Comparison &c)
{
    nlohmann::ordered_json j;
    j["a"] = sideJson(c.a);
    j["b"] = sideJson(c.b);
    nlohmann::ordered_json rows = nlohmann::ordered_json::object();
    for (const CompareRow &r : c.rows) {
        auto orNull = [](const std::optional<double> &v) { return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr); };
        rows[r.info->id] = {{"a", r.a.info ? orNull(r.a.value) : nullptr},
                            {"b", r.b.info ? orNull(r.b.value) : nullptr},
                            {"delta", orNull(r.delta)},
                            {"delta_percent", orNull(r.deltaPercent)},
                            {"better", r.better < 0 ? "a" : r.better > 0 ? "b" : r.bounded ? "unknown" : "neither"}};
    }
    j["differences"] = rows;
    j["reasons"] = c.reasons;
    return j;
}

int runCompare(const CompareArgs &args, Context &ctx)
{
    const Catalog *cat = catalog(ctx);
    if (!cat)
        return ExitBadInput;
    auto request = compareRequest(args);
    if (!request)
        return fail(request.error());
    auto a = loadDesign(ctx, args.a);
    if (!a)
        return ExitBadInput;
    auto b = loadDesign(ctx, args.b);
    if (!b)
        return ExitBadInput;
    auto c = compareDesigns(*a, *b, *cat, *request);
    if (!c)
        return fail(c.error());
    if (ctx.json) {
        std::cout << compareJson(*c).dump(2) << '\n';
        return ExitOk;
    }
    std::cout << "A: " << args.a << " (" << c->a.name << ")\nB: " << args.b << " (" << c->b.name << ")\n\n";
    Table table({"figure", "A", "B", "B vs A"});
    table.alignRight(1);   // the figures, with their units and "≥", under each other
    table.alignRight(2);
    for (const CompareRow &r : c->rows)
        table.addRow({r.info->label, value(r.a), value(r.b), difference(r)});
    table.print(std::cout);
    std::cout << "\nWhy they differ:\n";
    for (const std::string &reason : c->reasons)
        std::cout << "  - " << reason << '\n';
    return ExitOk;
}

} // namespace

void addCompareCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<CompareArgs>();
    CLI::App *cmd = root.add_subcommand("compare", "Two designs side by side: every key figure, the differences and why "
                                                   "(e.g. the InfiniBand and Ethernet versions of one cluster)");
    cmd->add_option("design-a", a->a, "First design file")->required();
    cmd->add_option("design-b", a->b, "Second design file")->required();
    cmd->add_option("--workload", a->workloads,
                    "A collective or pattern run on both (repeatable; default: allreduce and nccl-alltoall at 1 GiB)");
    cmd->add_option("--bytes", a->bytes, "Size of the workloads (default: 1 GiB for collectives, 1 MiB per flow for patterns)");
    cmd->add_option("--model", a->model, "Also train this model on every GPU of each (tokens/s, days, cost per token)");
    cmd->add_option("--seeds", a->seeds, "Hashed load balancing (ECMP): hash seeds per run (default 8)")->check(CLI::Range(1, 1000));
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runCompare(*a, ctx); }; });
}

} // namespace cplan::cli
