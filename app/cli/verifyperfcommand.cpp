// cplan verify-perf DESIGN LOG... [--collective C] [--json]: real nccl-tests output held against
// the plan's prediction, row by row. Exit 0 when every row with a prediction is within or above
// it, 1 when a row is below, 2 on bad input (a log that does not read: file and line).
#include "cli/cli.h"
#include "cli/networkshared.h"

#include "analysis/ncclchecks.h"
#include "catalog/catalog.h"
#include "model/design.h"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <iostream>
#include <memory>

namespace cplan::cli {

namespace {

using Json = nlohmann::ordered_json;

struct VerifyPerfArgs
{
    std::string design, collective, algo, proto;
    std::vector<std::string> logs;
};

Json checkJson(const PerfCheck &c)
{
    Json j{{"file", c.file}, {"collective", c.collective}, {"servers", c.servers}, {"gpus_per_server", c.gpusPerServer}};
    if (!c.note.empty())
        j["note"] = c.note;
    j["rows"] = Json::array();
    for (const PerfRow &r : c.rows) {
        Json row{{"line", r.line}, {"bytes", r.bytes}, {"measured_busbw_gbps", r.measuredBusbwGBps}};
        row["predicted"] = r.predicted ? net::collectiveJson(*r.predicted) : Json(nullptr);
        row["verdict"] = toString(r.verdict);
        j["rows"].push_back(std::move(row));
    }
    return j;
}

void printCheck(const PerfCheck &c)
{
    std::cout << c.file << ": " << c.collective << " on " << c.servers << " server(s) x " << c.gpusPerServer << " GPUs\n";
    if (!c.note.empty())
        std::cout << "  no prediction: " << c.note << '\n';
    std::cout << "  " << std::setw(14) << "size (B)" << std::setw(12) << "measured" << std::setw(12) << "predicted"
              << "  verdict   NCCL (plan)\n";
    for (const PerfRow &r : c.rows) {
        const bool known = r.predicted && r.predicted->known;
        std::cout << "  " << std::setw(14) << std::uint64_t(r.bytes) << std::setw(12) << net::fmt(r.measuredBusbwGBps, 2)
                  << std::setw(12) << (known ? net::fmt(r.predicted->busbwGBps, 2) : std::string("unknown")) << "  "
                  << std::left << std::setw(12) << toString(r.verdict) << std::right
                  << (known ? std::string(nccl::toString(r.predicted->algorithm)) + "/" + nccl::toString(r.predicted->protocol)
                            : std::string())
                  << "  (line " << r.line << ")\n";
    }
}

int runVerifyPerf(const VerifyPerfArgs &a, Context &ctx)
{
    auto design = loadDesign(ctx, a.design);
    if (!design)
        return fail(design.error());
    std::vector<NcclTestLog> logs;
    for (const std::string &path : a.logs) {
        auto log = readNcclTestsLog(path, a.collective.empty() ? std::nullopt : std::optional<std::string>(a.collective));
        if (!log)
            return fail(log.error());
        logs.push_back(std::move(*log));
    }
    auto overrides = net::ncclOverrides(a.algo, a.proto);
    if (!overrides)
        return fail(overrides.error());
    auto checks = checkMeasuredPerformance(*design, *catalog(ctx), logs, *overrides);
    if (!checks)
        return fail(checks.error());
    bool below = false;
    Json out = Json::array();
    for (const PerfCheck &c : *checks) {
        for (const PerfRow &r : c.rows)
            below = below || r.verdict == PerfVerdict::Below;
        if (ctx.json)
            out.push_back(checkJson(c));
        else
            printCheck(c);
    }
    if (ctx.json)
        std::cout << Json{{"tolerance", kPerfTolerance}, {"below", below}, {"logs", out}}.dump(2) << '\n';
    else
        std::cout << (below ? "Some rows of 64 MiB or more are over 10 % below the plan.\n" : "No row of 64 MiB or more is over 10 % below the plan.\n");
    return below ? ExitDesignErrors : ExitOk;
}

} // namespace

void addVerifyPerfCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<VerifyPerfArgs>();
    CLI::App *cmd = root.add_subcommand("verify-perf", "Compare nccl-tests output (all_reduce_perf, ...) with the plan's prediction");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("logs", a->logs, "nccl-tests stdout files")->required();
    cmd->add_option("--collective", a->collective, "The collective the logs measured, when neither the log nor its name says");
    cmd->add_option("--algo", a->algo, "The NCCL_ALGO the logs ran with (e.g. Ring): predict for it instead of NCCL's own choice");
    cmd->add_option("--proto", a->proto, "The NCCL_PROTO the logs ran with (LL, LL128, Simple)");
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runVerifyPerf(*a, ctx); }; });
}

} // namespace cplan::cli
