// cplan export DESIGN --format F -o FILE: a table of formats, so that new ones (partitions,
// slurm, graphml, dot, cable-plan) are one row and one writer function each.

#include "cli/cli.h"

#include "catalog/catalog.h"
#include "export/deliverables.h"
#include "io/ibnetdiscover.h"
#include "model/design.h"
#include "routing/fabric.h"
#include "util/atomicfile.h"

#include <nlohmann/json.hpp>

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
};

Result<std::string> writeIbnetdiscover(const Design &design, const Catalog &catalog)
{
    const Fabric fabric = Fabric::build(design, catalog);
    if (fabric.endpoints().empty())
        return Error{"", 0, 0, "the design has no cabled HCAs: nothing for ibsim/OpenSM to bring up"};
    return exportIbnetdiscover(design, fabric);
}

const ExportFormat kFormats[] = {
    {"ibnetdiscover", "ibnetdiscover / ibsim topology (switches, one CA per HCA, GUIDs, LIDs, speeds)", &writeIbnetdiscover},
    {"partitions", "OpenSM partitions.conf: a P_Key per tenant, members by HCA port GUID, default partition for management", &partitionsFile},
    {"slurm", "Slurm topology.conf for the tree plugin (SwitchName= with Nodes= or Switches=)", &slurmTopologyFile},
    {"graphml", "GraphML (Boost.Graph writer): nodes and links with their properties", &graphmlFile},
    {"dot", "Graphviz DOT (Boost.Graph writer), tiers ranked top to bottom", &dotFile},
    {"cable-plan", "point-to-point cable plan CSV: cable id, label, from/to device, port and rack, type, length, transceivers", &cablePlanFile},
};

} // namespace

void addExportCommand(CLI::App &root, Context &ctx)
{
    struct Args
    {
        std::string design, format, out;
    };
    auto a = std::make_shared<Args>();
    std::vector<std::string> names;
    std::string help = "Output format:";
    for (const ExportFormat &f : kFormats) {
        names.emplace_back(f.name);
        help += std::string(" ") + f.name + " (" + f.description + ")";
    }
    CLI::App *cmd = root.add_subcommand("export", "Write a design in a format other tools read");
    cmd->add_option("design", a->design, "Design file")->required();
    cmd->add_option("--format", a->format, help)->required()->check(CLI::IsMember(names));
    cmd->add_option("-o,--output", a->out, "File to write")->required();
    cmd->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            auto design = loadDesign(ctx, a->design);
            if (!design)
                return fail(design.error());
            const Catalog *cat = catalog(ctx);
            for (const ExportFormat &f : kFormats) {
                if (a->format != f.name)
                    continue;
                auto text = f.write(*design, *cat);
                if (!text) {
                    Error e = text.error();
                    if (e.file.empty())
                        e.file = a->design;
                    return fail(e);
                }
                if (auto saved = writeFileAtomically(a->out, *text); !saved)
                    return fail(saved.error());
                if (ctx.json)
                    std::cout << nlohmann::ordered_json{{"format", a->format}, {"output", a->out}, {"bytes", text->size()}}.dump(2) << '\n';
                else
                    std::cout << "Wrote " << a->out << " (" << a->format << ", " << text->size() << " bytes)\n";
                return ExitOk;
            }
            return fail("unknown format '" + a->format + "'");
        };
    });
}

} // namespace cplan::cli
