// cplan export DESIGN --format F -o FILE: a table of formats, so that new ones (partitions,
// slurm, slurm-block, k8s-labels, graphml, dot, cable-plan, p2p, ndt) are one row and one writer
// function each. --label-key LEVEL=KEY renames a k8s-labels key.

#include "cli/cli.h"

#include "analysis/ncclchecks.h"

#include "catalog/catalog.h"
#include "export/deliverables.h"
#include "export/nodelabels.h"
#include "export/p2p.h"
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

struct ExportFormat
{
    const char *name;
    const char *description;
    // Returns the file text, or an error.
    Result<std::string> (*write)(const Design &design, const Catalog &catalog);
    // Writes a workbook instead when the output ends in ".xlsx" (nullptr: text only).
    Status (*writeXlsx)(const std::string &path, const Design &design, const Catalog &catalog) = nullptr;
    // A subnet's file, written per plane (--plane N; required on a multi-plane design).
    Result<std::string> (*writePlane)(const Design &design, const Catalog &catalog, int plane) = nullptr;
};

bool endsWith(const std::string &s, const std::string &tail)
{
    return s.size() >= tail.size() && std::equal(tail.rbegin(), tail.rend(), s.rbegin(),
                                                 [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

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

const ExportFormat kFormats[] = {
    {"ibnetdiscover", "ibnetdiscover / ibsim topology (switches, one CA per HCA, GUIDs, LIDs, speeds; one plane's subnet with "
                      "--plane N)", &ibnetdiscoverFile, nullptr, &ibnetdiscoverFile},
    {"partitions", "OpenSM partitions.conf: a P_Key per tenant, members by HCA port GUID, default partition for management "
                   "(one plane's subnet with --plane N)", &partitionsFile, nullptr, &partitionsFile},
    {"slurm", "Slurm topology.conf for the tree plugin (SwitchName= with Nodes= or Switches=; a rail-optimised "
              "unit's leaves as one leaf-level switch)", &slurmTopologyFile},
    {"slurm-block", "Slurm topology.conf for the block plugin, Slurm 23.11 or later (BlockName= per NVLink domain, "
                    "BlockSizes=)", &slurmBlockFile},
    {"k8s-labels", "Kubernetes node labels per server as YAML (NVLink domain, leaf, spine, core; Topograph's keys, see "
                   "--label-key) and Kueue's Topology", &nodeLabelsFile},
    {"graphml", "GraphML (Boost.Graph writer): nodes and links with their properties", &graphmlFile},
    {"dot", "Graphviz DOT (Boost.Graph writer), tiers ranked top to bottom", &dotFile},
    {"cable-plan", "cable plan CSV, one row per physical cable: cable id, label, links, from/to device, port, rack and U, type, "
                   "length, transceivers", &cablePlanFile},
    {"p2p", "NVIDIA's point-to-point sheet, one row per physical cable: A and Z side rack, U, name and port, cable type and "
            "length (CSV, or XLSX when the output ends in .xlsx)", &p2pCsvFile, &writeP2pWorkbook},
    {"ndt", "UFM NDT topology CSV, one row per link: StartDevice, StartPort, StartDeviceLocation, EndDevice, EndPort, "
            "EndDeviceLocation, U height, LinkType, Speed (Mb/s), Cable Type, Cable Length", &ndtCsvFile},
    {"nccl-expect", "the nccl-tests figures the plan predicts (CSV): single server, two servers, all servers; all_reduce, "
                    "all_gather, alltoall, 1 MiB to 8 GiB; busbw, a floor, NCCL's algorithm; cplan verify-perf checks logs",
     &ncclExpectFile},
};

} // namespace

namespace {

struct ExportArgs
{
    std::string design, format, out;
    std::vector<std::string> labelKeys;
    int plane = 0;
};

// --format's check, when parsed: the drawn formats register after this command (cli.h, DrawnExport).
std::string checkFormat(const std::string &v, const Context &ctx)
{
    for (const ExportFormat &f : kFormats)
        if (v == f.name)
            return {};
    for (const DrawnExport &d : ctx.drawnExports)
        if (v == d.name)
            return {};
    std::string known;
    for (const ExportFormat &f : kFormats)
        known += std::string(known.empty() ? "" : ", ") + f.name;
    for (const DrawnExport &d : ctx.drawnExports)
        known += ", " + d.name;
    return "unknown format '" + v + "' (" + known + ")";
}

// A text or XLSX format of kFormats.
int writeFormat(const ExportFormat &f, const ExportArgs &a, const Design &design, const Catalog &cat, const NodeLabelKeys &keys,
                Context &ctx)
{
    if (f.writeXlsx && endsWith(a.out, ".xlsx")) {
        if (auto written = f.writeXlsx(a.out, design, cat); !written)
            return fail(written.error());
        return reportWritten(ctx, a.format, a.out, fileSize(a.out));
    }
    auto text = f.writePlane ? f.writePlane(design, cat, a.plane)
                : a.labelKeys.empty() ? f.write(design, cat)
                                      : nodeLabelsFile(design, cat, keys);
    if (!text) {
        Error e = text.error();
        if (e.file.empty())
            e.file = a.design;
        return fail(e);
    }
    if (auto saved = writeFileAtomically(a.out, *text); !saved)
        return fail(saved.error());
    return reportWritten(ctx, a.format, a.out, text->size());
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
    const bool planeFormat = std::any_of(std::begin(kFormats), std::end(kFormats), [&](const ExportFormat &f) {
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
    for (const ExportFormat &f : kFormats)
        if (a.format == f.name)
            return writeFormat(f, a, *design, *cat, keys, ctx);
    return fail("unknown format '" + a.format + "'");
}

} // namespace

void addExportCommand(CLI::App &root, Context &ctx)
{
    auto a = std::make_shared<ExportArgs>();
    std::string help = "Output format:";
    for (const ExportFormat &f : kFormats)
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
