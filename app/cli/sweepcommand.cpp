// cplan sweep: a sweep file's points, evaluated on N threads, kept in a results store, ranked.

#include "cli/sweepcommand.h"

#include "catalog/catalog.h"
#include "cli/progressbar.h"
#include "cli/table.h"
#include "export/csv.h"
#include "sweep/figures.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

namespace cplan::cli {

namespace {

// The figures any of the results has, in sweepFigures() order.
std::vector<std::string> figureColumns(const std::vector<PointResult> &results)
{
    std::vector<std::string> out;
    for (const FigureInfo &f : sweepFigures())
        for (const PointResult &r : results)
            if (r.figure(f.id)) {
                out.emplace_back(f.id);
                break;
            }
    return out;
}

std::string joined(const std::vector<std::string> &items, const char *sep)
{
    std::string out;
    for (const std::string &s : items)
        out += (out.empty() ? "" : sep) + s;
    return out;
}

// "capex" or "capex, power_w": which of `figures` are lower bounds for the point.
std::string lowerBoundsIn(const PointResult &r, const std::vector<std::string> &figures)
{
    std::vector<std::string> bounds;
    for (const std::string &f : figures)
        if (incompleteIn(r, {f}))
            bounds.push_back(f);
    return joined(bounds, ", ");
}

// A figure for a terminal: money and counts with separators, small values with 3 significant digits.
std::string cell(double v)
{
    if (std::fabs(v) >= 1000)
        return formatThousands(v, 0);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string duration(double s)
{
    if (s < 0)
        return "--:--";
    const long long t = std::llround(s);
    char buf[32];
    if (t >= 3600)
        std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", t / 3600, t / 60 % 60, t % 60);
    else
        std::snprintf(buf, sizeof buf, "%lld:%02lld", t / 60, t % 60);
    return buf;
}

} // namespace

std::string sweepJson(const SweepSpec &spec, const std::vector<PointResult> &results, bool paretoOnly)
{
    nlohmann::ordered_json points = nlohmann::ordered_json::array();
    for (const PointResult &r : results) {
        if (paretoOnly && !r.pareto)
            continue;
        nlohmann::ordered_json p;
        p["axes"] = nlohmann::ordered_json::object();
        for (const SweepSetting &a : r.axes)
            p["axes"][a.name] = a.value;
        p["objectives"] = nlohmann::ordered_json::object();
        for (const std::string &o : spec.objectives) {
            const auto v = r.figure(o);
            p["objectives"][o] = v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
        }
        p["pareto"] = r.pareto;
        p["left_off"] = r.leftOff;   // an objective is a lower bound (--include-incomplete ranks it)
        p["skipped"] = r.skipped.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(r.skipped);
        p["feasible"] = r.feasible();
        p["violations"] = r.violations;
        p["figures"] = nlohmann::ordered_json::object();
        for (const SweepFigure &f : r.figures)
            p["figures"][f.name] = f.value;
        p["incomplete"] = r.incomplete;
        p["point"] = r.index;
        p["id"] = r.id;
        p["design_hash"] = r.designHash.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(r.designHash);
        points.push_back(std::move(p));
    }
    nlohmann::ordered_json j;
    j["points"] = std::move(points);
    return j.dump(2);
}

std::string sweepCsv(const SweepSpec &spec, const std::vector<PointResult> &results)
{
    const std::vector<std::string> figures = figureColumns(results);
    std::vector<std::string> header = {"point", "id"};
    for (const SweepOption &a : spec.axes)
        header.push_back(a.name);
    for (const char *h : {"feasible", "pareto", "skipped", "violations"})
        header.emplace_back(h);
    header.insert(header.end(), figures.begin(), figures.end());
    header.emplace_back("incomplete");
    header.emplace_back("design_hash");
    std::string out = csvLine(header);
    for (const PointResult &r : results) {
        std::vector<std::string> row = {std::to_string(r.index), r.id};
        for (const SweepSetting &a : r.axes)
            row.push_back(a.value);
        row.emplace_back(r.feasible() ? "true" : "false");
        row.emplace_back(r.pareto ? "true" : "false");
        row.push_back(r.skipped);
        row.push_back(joined(r.violations, "; "));
        for (const std::string &f : figures) {
            const auto v = r.figure(f);
            row.push_back(v ? formatDouble(*v) : std::string());
        }
        row.push_back(joined(r.incomplete, " "));
        row.push_back(r.designHash);
        out += csvLine(row);
    }
    return out;
}

void printSweepTable(std::ostream &out, const SweepSpec &spec, const std::vector<PointResult> &results, bool paretoOnly)
{
    std::vector<std::string> header = {"#"};
    for (const SweepOption &a : spec.axes)
        header.push_back(a.name);
    header.insert(header.end(), spec.objectives.begin(), spec.objectives.end());
    header.emplace_back("front");
    header.emplace_back("note");
    Table table(header);
    const std::vector<std::string> ranked = rankedFigures(spec);
    std::size_t skipped = 0, infeasible = 0, front = 0;
    std::vector<std::string> leftOff;
    for (const PointResult &r : results) {
        skipped += r.skipped.empty() ? 0 : 1;
        infeasible += r.skipped.empty() && !r.violations.empty() ? 1 : 0;
        front += r.pareto ? 1 : 0;
        if (r.leftOff)
            leftOff.push_back("#" + std::to_string(r.index + 1));
        if (paretoOnly && !r.pareto)
            continue;
        std::vector<std::string> row = {std::to_string(r.index + 1)};
        for (const SweepSetting &a : r.axes)
            row.push_back(a.value);
        for (const std::string &o : spec.objectives) {
            const auto v = r.figure(o);
            const bool lowerBound = std::find(r.incomplete.begin(), r.incomplete.end(), o) != r.incomplete.end();
            row.push_back(v ? (lowerBound ? ">=" : "") + cell(*v) : std::string("-"));
        }
        row.emplace_back(r.pareto ? "*" : "");
        row.push_back(!r.skipped.empty() ? "skipped: " + r.skipped
                      : r.leftOff        ? "left off the front: " + lowerBoundsIn(r, ranked) + " a lower bound"
                                         : joined(r.violations, "; "));
        table.addRow(std::move(row));
    }
    table.print(out);
    out << results.size() << " point(s): " << front << " on the Pareto front (*), " << infeasible << " breaking a constraint, "
        << skipped << " skipped\n";
    if (!leftOff.empty())
        out << "left off the front (an objective or a constrained figure is a lower bound: a part without a price or power figure; "
               "--include-incomplete ranks them): "
            << joined(leftOff, ", ") << '\n';
    bool lowerBounds = false;
    for (const PointResult &r : results)
        lowerBounds = lowerBounds || incompleteIn(r, spec.objectives);
    if (lowerBounds)
        out << ">= : a lower bound (some part has no price or power figure; cplan catalog import-prices, or prices: in the sweep file)\n";
}

namespace {

int runSweepCommand(const SweepArgs &a, Context &ctx)
{
    const Catalog *cat = catalog(ctx);
    if (!cat)
        return ExitBadInput;
    auto spec = loadCheckedSweep(a.file, *cat);
    if (!spec)
        return fail(spec.error());
    std::optional<SweepDb> store;
    if (!a.db.empty()) {
        auto opened = SweepDb::open(a.db);
        if (!opened)
            return fail(opened.error());
        store.emplace(std::move(*opened));
    }
    ProgressBar bar(!a.noProgress, "sweep");
    SweepRunOptions options;
    options.threads = a.jobs;
    options.store = store ? &*store : nullptr;
    auto slice = sliceSelector(*spec, a.slurm.slice);   // a Slurm task's share (sweepslurm.h)
    if (!slice)
        return fail(slice.error());
    options.select = *slice;
    options.rank.includeIncomplete = a.includeIncomplete;
    options.progress = [&bar](const SweepProgress &p) {
        bar.update(p.total ? double(p.done) / double(p.total) : 1.0,
                   std::to_string(p.done) + "/" + std::to_string(p.total) + " points, " + duration(p.elapsedS) + " elapsed, ETA " +
                       duration(p.etaS));
    };
    auto run = runSweep(*spec, *cat, options);
    bar.done();
    if (!run)
        return fail(run.error());
    if (a.csv)
        std::cout << sweepCsv(*spec, run->results);
    else if (ctx.json)
        std::cout << sweepJson(*spec, run->results, a.pareto) << '\n';
    else
        printSweepTable(std::cout, *spec, run->results, a.pareto);
    std::cout.flush();
    std::cerr << "sweep: " << run->evaluated << " point(s) evaluated, " << run->reused << " taken from "
              << (a.db.empty() ? std::string("the store") : a.db) << ", " << formatThousands(run->wallS, 1) << " s\n";
    return ExitOk;
}

} // namespace

CLI::App *addSweepCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<SweepArgs>();
    CLI::App *cmd = root.add_subcommand("sweep", "Evaluate a sweep file's design alternatives and rank them (Pareto front)");
    cmd->add_option("file", a->file, "The sweep file (*.sweep.yaml)");
    cmd->add_option("--jobs", a->jobs, "Threads (default: all cores)")->check(CLI::Range(1, 1024));
    cmd->add_option("--db", a->db, "SQLite results store: points already there are not evaluated again");
    cmd->add_flag("--pareto", a->pareto, "Only the non-dominated points (table or --json)");
    cmd->add_flag("--include-incomplete", a->includeIncomplete,
                  "Rank points whose objective is a lower bound (a part without a price or power figure); by default they "
                  "are left off the front");
    cmd->add_flag("--csv", a->csv, "Every point as CSV");
    cmd->add_flag("--no-progress", a->noProgress, "No progress bar on a terminal");
    addSweepSlurm(*cmd, *a, ctx);
    cmd->callback([a, &ctx, cmd] {
        if (!cmd->get_subcommands().empty())
            return;   // a subcommand of sweep runs instead
        ctx.action = [a, &ctx]() -> int {
            if (a->file.empty())
                return fail("sweep: give a sweep file (cplan sweep FILE.sweep.yaml)");
            return a->slurm.submit ? submitSweepToSlurm(*a, ctx) : runSweepCommand(*a, ctx);
        };
    });
    return cmd;
}

} // namespace cplan::cli
