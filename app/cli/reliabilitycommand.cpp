// cplan reliability: failures over time on a design (core/analysis/reliability.h): a job's
// interruptions by cause, the checkpoint interval and goodput, spares, rack-scale blocks.

#include "cli/cli.h"
#include "cli/table.h"

#include "analysis/reliability.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <iostream>
#include <memory>

namespace cplan::cli {

namespace {

using namespace reliability;
using Json = nlohmann::ordered_json;

struct ReliabilityArgs
{
    std::string design, preset = "llama3";
    ReliabilityRequest request;
    double checkpointGB = 0, storageGBps = 0;
};

Json orNull(const std::optional<double> &v) { return v ? Json(*v) : Json(nullptr); }

Json distribution(const Distribution &d)
{
    return Json{{"mean", d.mean}, {"p5", d.p5}, {"p50", d.p50}, {"p95", d.p95}, {"min", d.min}, {"max", d.max}};
}

Json jobJson(const JobFootprint &f)
{
    return Json{{"gpus", at(f.devices, Unit::Gpu)}, {"servers", at(f.devices, Unit::Server)}, {"hcas", at(f.devices, Unit::Hca)},
                {"links", at(f.devices, Unit::Link)}, {"switches", at(f.devices, Unit::Switch)}};
}

Json sparesJson(const SparesPlan &s)
{
    Json lines = Json::array();
    for (const SpareLine &l : s.lines)
        lines.push_back({{"kind", toString(l.kind)}, {"part", l.bom.part}, {"category", l.bom.category},
                         {"devices", l.devices}, {"failures_per_year", l.failuresPerYear},
                         {"expected_in_repair", l.expectedInRepair}, {"quantity", l.spares},
                         {"unit_price", orNull(l.bom.unitPrice)}, {"total", orNull(l.bom.total)}, {"currency", l.bom.currency}});
    return lines;
}

Json reliabilityJson(const ReliabilityAnalysis &a, const FailurePreset &p, const ReliabilityArgs &args, double wallS)
{
    Json j;
    j["preset"] = {{"id", p.id}, {"name", p.name}, {"source", p.source}, {"date", p.date}, {"file", p.file}};
    j["job"] = jobJson(a.job);
    j["days"] = args.request.days;
    j["interruptions"] = a.interruptions.expected;
    Json byCause = Json::object(), causes = Json::array();
    for (const CauseFigure &c : a.interruptions.causes) {
        byCause[c.id] = c.expected;
        causes.push_back({{"id", c.id}, {"name", c.name}, {"per", toString(c.per)}, {"devices", c.devices},
                          {"rate_per_device_year", c.ratePerDeviceYear}, {"per_year", c.perYear}, {"expected", c.expected}});
    }
    j["interruptions_by_cause"] = byCause;
    j["causes"] = causes;
    j["unknown"] = a.interruptions.unknown;
    j["interruptions_per_year"] = a.interruptions.perYear;
    j["mtbi_h"] = orNull(a.interruptions.mtbiHours);
    const auto &c = a.checkpoint;
    j["checkpoint_interval_s"] = c ? Json(c->intervalS) : Json(nullptr);
    j["goodput"] = c ? Json(c->goodput) : Json(nullptr);
    j["checkpoint"] = c ? Json{{"write_s", c->writeS}, {"restart_s", c->restartS}, {"young_s", c->youngS}, {"daly_s", c->dalyS},
                               {"availability_optimal_s", c->availabilityS}}
                        : Json(nullptr);
    j["spares"] = sparesJson(a.spares);
    j["spares_unknown"] = a.spares.unknown;
    j["spares_terms"] = {{"repair_days", a.spares.repairDays}, {"target", a.spares.target}};
    const MonteCarloResult &m = a.monteCarlo;
    j["monte_carlo"] = {{"seed", args.request.seed}, {"years", m.trials}, {"job_interruptions_per_year", distribution(m.jobInterruptions)},
                        {"cluster_failures_per_year", distribution(m.clusterFailures)},
                        {"peak_servers_down", distribution(m.peakServersDown)}};
    if (a.blocks) {
        Json shares = Json::object();
        for (const BlockChoice &b : a.blocks->sizes)
            shares[std::to_string(b.blockTrays)] = b.usableShare;
        j["blocks"] = {{"trays", a.blocks->trays}, {"tray_unavailability", a.blocks->lambda}, {"keep", a.blocks->keep},
                       {"recommended", a.blocks->recommended}, {"usable_share", shares}};
    } else {
        j["blocks"] = nullptr;
    }
    j["wall_s"] = wallS;
    return j;
}

std::string fixed(double v, int decimals) { return formatThousands(v, decimals); }

std::string join(const std::vector<std::string> &items, const char *separator)
{
    std::string out;
    for (const std::string &s : items)
        out += (out.empty() ? "" : separator) + s;
    return out;
}

void printCauses(const ReliabilityAnalysis &a, const ReliabilityArgs &args)
{
    Table t({"cause", "per", "devices", "rate/device-year", "per year", "in " + formatDouble(args.request.days) + " days"});
    for (const CauseFigure &c : a.interruptions.causes)
        t.addRow({c.name, toString(c.per), fixed(c.devices, 0), formatDouble(c.ratePerDeviceYear), fixed(c.perYear, 1), fixed(c.expected, 1)});
    t.addSeparator();
    t.addRow({"total", "", "", "", fixed(a.interruptions.perYear, 1), fixed(a.interruptions.expected, 1)});
    t.print(std::cout);
    if (!a.interruptions.unknown.empty())
        std::cout << "Left out (no rate in the preset): " << join(a.interruptions.unknown, ", ") << '\n';
    std::cout << "Mean time between interruptions: "
              << (a.interruptions.mtbiHours ? fixed(*a.interruptions.mtbiHours, 2) + " h" : std::string("unknown")) << '\n';
}

void printRest(const ReliabilityAnalysis &a, const ReliabilityArgs &args)
{
    if (const auto &c = a.checkpoint)
        std::cout << "\nCheckpoint: write " << fixed(c->writeS, 1) << " s, restart " << fixed(c->restartS, 0)
                  << " s; interval " << fixed(c->intervalS, 0) << " s (Daly; Young " << fixed(c->youngS, 0)
                  << " s, availability-optimal " << fixed(c->availabilityS, 0) << " s); goodput " << fixed(c->goodput * 100, 1) << " %\n";
    std::cout << "\nSpares for " << fixed(a.spares.target * 100, 1) << " % over a " << formatDouble(a.spares.repairDays) << "-day repair:\n";
    Table s({"kind", "part", "devices", "failures/year", "in a repair", "spares", "total"});
    for (const SpareLine &l : a.spares.lines)
        s.addRow({toString(l.kind), l.bom.part, fixed(l.devices, 0), fixed(l.failuresPerYear, 1), fixed(l.expectedInRepair, 2),
                  std::to_string(l.spares), l.bom.total ? fixed(*l.bom.total, 0) + " " + l.bom.currency : "unknown"});
    s.print(std::cout);
    if (!a.spares.unknown.empty())
        std::cout << "No spares computed for (no rate in the preset): " << join(a.spares.unknown, ", ") << '\n';
    const MonteCarloResult &m = a.monteCarlo;
    std::cout << "\nMonte Carlo, " << m.trials << " years of the whole cluster (seed " << args.request.seed << "): job interruptions "
              << "per year mean " << fixed(m.jobInterruptions.mean, 1) << " (p5 " << fixed(m.jobInterruptions.p5, 0) << ", p95 "
              << fixed(m.jobInterruptions.p95, 0) << "); cluster failures per year " << fixed(m.clusterFailures.mean, 0)
              << "; most servers out at once p95 " << fixed(m.peakServersDown.p95, 0) << '\n';
    if (a.blocks)
        std::cout << "\nRack-scale domains of " << a.blocks->trays << " trays, each out " << fixed(a.blocks->lambda * 100, 2)
                  << " % of the time: blocks of " << a.blocks->recommended << " trays keep "
                  << fixed(a.blocks->sizes[std::size_t(a.blocks->recommended - 1)].usableShare * 100, 1) << " % usable\n";
}

int runReliability(ReliabilityArgs &args, Context &ctx)
{
    const auto start = std::chrono::steady_clock::now();
    if ((args.checkpointGB > 0) != (args.storageGBps > 0))
        return fail("--checkpoint-gb and --storage-gbps go together (the write time is size / bandwidth)");
    if (args.checkpointGB > 0) {
        args.request.checkpointGB = args.checkpointGB;
        args.request.storageGBps = args.storageGBps;
    }
    auto preset = findFailurePreset(args.preset);
    if (!preset)
        return fail(preset.error());
    auto design = loadDesign(ctx, args.design);
    if (!design)
        return fail(design.error());
    const Catalog *cat = catalog(ctx);
    if (!cat)
        return ExitBadInput;
    const ReliabilityAnalysis a = analyzeReliability(*design, *cat, *preset, args.request);
    if (!a.error.empty())
        return fail(args.design + ": " + a.error);
    const double wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (ctx.json) {
        std::cout << reliabilityJson(a, *preset, args, wallS).dump(2) << '\n';
        return ExitOk;
    }
    std::cout << "Failure rates: " << preset->name << " (" << preset->id << ", " << preset->date << ")\n";
    std::cout << "Job: " << fixed(at(a.job.devices, Unit::Gpu), 0) << " GPUs on " << fixed(at(a.job.devices, Unit::Server), 0)
              << " servers, " << fixed(at(a.job.devices, Unit::Hca), 0) << " HCAs, " << fixed(at(a.job.devices, Unit::Link), 0)
              << " links, " << fixed(at(a.job.devices, Unit::Switch), 0) << " switches\n\n";
    printCauses(a, args);
    printRest(a, args);
    return ExitOk;
}

} // namespace

void addReliabilityCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<ReliabilityArgs>();
    CLI::App *cmd = root.add_subcommand("reliability", "Failures over time: a job's interruptions by cause, checkpoint interval, goodput, spares");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--job-gpus", a->request.jobGpus, "The job: the first servers holding N GPUs (default: every GPU)")
        ->check(CLI::PositiveNumber);
    cmd->add_option("--preset", a->preset, "Failure rates: a built-in id (llama3, delta, hpn) or a FILE.yaml (default llama3)");
    cmd->add_option("--days", a->request.days, "Count interruptions over D days (default 30)")->check(CLI::Range(0.001, 36525.0));
    cmd->add_option("--checkpoint-gb", a->checkpointGB, "Checkpoint size in GB (with --storage-gbps)")->check(CLI::Range(1e-6, 1e9));
    cmd->add_option("--storage-gbps", a->storageGBps, "Checkpoint storage bandwidth in GB/s")->check(CLI::Range(1e-6, 1e9));
    cmd->add_option("--restart-min", a->request.restartMin, "Restart time in minutes (default 10)")->check(CLI::Range(0.0, 1e6));
    cmd->add_option("--repair-days", a->request.repairDays, "Spares: days a failed part is out (default 3)")->check(CLI::Range(0.001, 3650.0));
    cmd->add_option("--spare-target", a->request.spareTarget, "Spares: probability they cover a repair time (default 0.99)")
        ->check(CLI::Range(0.5, 0.999999));
    cmd->add_option("--seed", a->request.seed, "Monte Carlo seed (default 1)");
    cmd->add_option("--trials", a->request.trials, "Monte Carlo: simulated years (default 1000)")->check(CLI::Range(1, 1000000));
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx] { return runReliability(*a, ctx); }; });
}

} // namespace cplan::cli
