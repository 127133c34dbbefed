// cplan export DESIGN --format F -o FILE: the engine's table of formats (analysis/exportformats.h,
// also the window's File > Export menu) and the drawn ones the report library registers.
// --label-key LEVEL=KEY renames a k8s-labels key.

#include "cli/cli.h"

#include "analysis/exportformats.h"

#include "catalog/catalog.h"
#include "export/deliverables.h"
#include "export/nodelabels.h"
#include "model/design.h"
#include "util/atomicfile.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>

namespace cplan::cli {

namespace {

int reportWritten(const Context &ctx, const std::string &format, const std::string &out, std::size_t bytes)
{
    if (ctx.json)
        std::cout << nlohmann::ordered_json{{"format", format}, {"output", out}, {"bytes", bytes}}.dump(2) << '\n';
    else
        std::cout << "Wrote " << out << " (" << format << ", " << bytes << " bytes)\n";
    return ExitOk;
}

std::size_t fileSize(const std::string &path)
{
    std::error_code ec;
    const auto n = std::filesystem::file_size(path, ec);
    return ec ? 0 : std::size_t(n);
}


struct ExportArgs
{
    std::string design, format, out;
    std::vector<std::string> labelKeys;
    int plane = 0;
};

// --format's check, when parsed: the drawn formats register after this command (cli.h, DrawnExport).
std::string checkFormat(const std::string &v, const Context &ctx)
{
    for (const ExportFormat &f : exportFormats())
        if (v == f.name)
            return {};
    for (const DrawnExport &d : ctx.drawnExports)
        if (v == d.name)
            return {};
    std::string known;
    for (const ExportFormat &f : exportFormats())
        known += std::string(known.empty() ? "" : ", ") + f.name;
    for (const DrawnExport &d : ctx.drawnExports)
        known += ", " + d.name;
    return "unknown format '" + v + "' (" + known + ")";
}

// A format of the engine's table (analysis/exportformats.h); k8s-labels with --label-key here.
int writeFormat(const ExportFormat &f, const ExportArgs &a, const Design &design, const Catalog &cat, const NodeLabelKeys &keys,
                Context &ctx)
{
    Status written = Ok{};
    if (!a.labelKeys.empty()) {
        auto text = nodeLabelsFile(design, cat, keys);
        written = text ? writeFileAtomically(a.out, *text) : Status(text.error());
    } else {
        written = writeExport(f, design, cat, a.out, a.plane);
    }
    if (!written) {
        Error e = written.error();
        if (e.file.empty())
            e.file = a.design;
        return fail(e);
    }
    return reportWritten(ctx, a.format, a.out, fileSize(a.out));
}

int runExport(const ExportArgs &a, Context &ctx)
{
    auto design = loadDesign(ctx, a.design);
    if (!design)
        return fail(design.error());
    const Catalog *cat = catalog(ctx);
    if (!cat)
        return ExitBadInput;
    NodeLabelKeys keys;
    if (!a.labelKeys.empty() && a.format != "k8s-labels")
        return fail("--label-key applies to --format k8s-labels only");
    for (const std::string &k : a.labelKeys)
        if (auto set = setNodeLabelKey(keys, k); !set)
            return fail(set.error());
    const bool planeFormat = std::any_of(exportFormats().begin(), exportFormats().end(), [&](const ExportFormat &f) {
        return a.format == f.name && f.writePlane;
    });
    if (a.plane > 0 && !planeFormat)
        return fail("--plane applies to --format ibnetdiscover and partitions (the subnet files); the other "
                    "exports describe every plane");
    for (const DrawnExport &d : ctx.drawnExports) {
        if (a.format != d.name)
            continue;
        if (auto written = d.write(*design, *cat, a.out); !written)
            return fail(written.error());
        return reportWritten(ctx, a.format, a.out, fileSize(a.out));
    }
    for (const ExportFormat &f : exportFormats())
        if (a.format == f.name)
            return writeFormat(f, a, *design, *cat, keys, ctx);
    return fail("unknown format '" + a.format + "'");
}

} // namespace

void addExportCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<ExportArgs>();
    std::string help = "Output format:";
    for (const ExportFormat &f : exportFormats())
        help += std::string(" ") + f.name + " (" + f.description + ")";
    help += "; with the report library also labels (printable cable labels, PDF) and elevations (rack elevations, PDF or SVG)";
    CLI::App *cmd = root.add_subcommand("export", "Write a design in a format other tools read");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--format", a->format, help)->required()->check([&ctx](const std::string &v) { return checkFormat(v, ctx); });
    cmd->add_option("-o,--output", a->out, "File to write")->required();
    cmd->add_option("--label-key", a->labelKeys,
                    "k8s-labels: LEVEL=KEY sets the label key of a level (accelerator, leaf, spine, core; an empty KEY "
                    "leaves the level out). Default keys: Topograph's network.topology.nvidia.com/LEVEL");
    cmd->add_option("--plane", a->plane,
                    "ibnetdiscover, partitions: the plane (1-based) whose subnet to write; a multi-plane design needs one "
                    "(each plane is its own subnet, as in cplan route --plane N)")
        ->check(CLI::PositiveNumber);
    cmd->callback([a, &ctx] { ctx.action = [a, &ctx]() -> int { return runExport(*a, ctx); }; });
}

} // namespace cplan::cli
