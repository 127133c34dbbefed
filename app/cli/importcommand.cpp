// cplan import ibnetdiscover FILE -o DESIGN: a real fabric (topology or ports report) as a design.
#include "cli/cli.h"

#include "catalog/catalog.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "util/atomicfile.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <map>
#include <memory>

namespace cplan::cli {

namespace {

const char *kindName(ImportNote::Kind k)
{
    switch (k) {
    case ImportNote::Kind::Skipped: return "skipped";
    case ImportNote::Kind::Degraded: return "degraded";
    case ImportNote::Kind::Inferred: return "inferred";
    case ImportNote::Kind::Cut: return "cut";
    }
    return "note";
}

std::string where(const std::string &file, int line)
{
    return line > 0 ? file + ":" + std::to_string(line) + ": " : file + ": ";
}

void printText(const IbnetdiscoverImport &r, const std::string &file, const std::string &out)
{
    const auto &c = r.counts;
    std::cout << "Imported " << file << (r.portsReport ? " (ports report)" : "") << " into " << out << ": " << c.switches
              << " switches, " << c.hcas << " HCAs in " << c.servers << " servers, " << c.cables << " cables";
    if (c.selfLoops)
        std::cout << " (" << c.selfLoops << " self-loops)";
    std::cout << '\n';
    if (c.aggregationNodes)
        std::cout << "  " << c.aggregationNodes << " SHARP aggregation nodes: internal ports of their switches, not HCAs or cables\n";
    if (c.routers)
        std::cout << "  " << c.routers << " routers, imported as appliance endpoints\n";
    // Notes by kind; a long list shows its first lines (all are in --json).
    constexpr std::size_t kShown = 12;
    std::map<ImportNote::Kind, std::size_t> shown;
    for (const ImportNote &n : r.notes) {
        if (shown[n.kind]++ < kShown)
            std::cout << "  " << kindName(n.kind) << ": " << where(file, n.line) << n.message << '\n';
    }
    for (const auto &[kind, count] : shown)
        if (count > kShown)
            std::cout << "  ... " << count - kShown << " more " << kindName(kind) << " notes (see --json)\n";
}

} // namespace

void addImportCommand(CLI::App &root, Context &ctx)
{
    struct Args
    {
        std::string file, out, name;
        std::vector<std::string> parts;
    };
    auto a = std::make_shared<Args>();
    CLI::App *cmd = root.add_subcommand("import", "Import a fabric from another tool's file");
    cmd->require_subcommand(1);
    CLI::App *ib = cmd->add_subcommand("ibnetdiscover",
                                       "Import ibnetdiscover output (topology or -p ports report; ibsim and ibdiagnet files too) into a design");
    ib->add_option("file", a->file, "ibnetdiscover output")->required();
    ib->add_option("-o,--output", a->out, "Design file to write")->required();
    ib->add_option("--part", a->parts, "Part override NAME=PART (switch or host NAME, may end in *), repeatable");
    ib->add_option("--name", a->name, "Design name");
    ib->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            const Catalog *cat = catalog(ctx);
            if (!cat)
                return ExitBadInput;
            auto text = readFile(a->file);
            if (!text)
                return fail(text.error());
            IbnetdiscoverImportOptions o;
            o.name = a->name;
            for (const std::string &p : a->parts) {
                const auto eq = p.rfind('=');
                if (eq == std::string::npos || eq == 0 || eq + 1 == p.size())
                    return fail(Error{"--part", 0, 0, "'" + p + "' must be NAME=PART"});
                o.parts[p.substr(0, eq)] = p.substr(eq + 1);
            }
            auto imported = importIbnetdiscover(*text, a->file, *cat, o);
            if (!imported)
                return fail(imported.error());
            if (auto saved = saveDesign(imported->design, a->out); !saved)
                return fail(saved.error());
            if (!ctx.json) {
                printText(*imported, a->file, a->out);
                return ExitOk;
            }
            const auto &c = imported->counts;
            nlohmann::ordered_json notes = nlohmann::ordered_json::array();
            for (const ImportNote &n : imported->notes)
                notes.push_back({{"kind", kindName(n.kind)}, {"line", n.line}, {"message", n.message}});
            const nlohmann::ordered_json j = {{"output", a->out},
                                              {"format", imported->portsReport ? "ports-report" : "topology"},
                                              {"switches", c.switches},
                                              {"hcas", c.hcas},
                                              {"servers", c.servers},
                                              {"cables", c.cables},
                                              {"links", c.cables},
                                              {"self_loops", c.selfLoops},
                                              {"aggregation_nodes", c.aggregationNodes},
                                              {"routers", c.routers},
                                              {"degraded", c.degraded},
                                              {"lines", c.lines},
                                              {"skipped_lines", c.skippedLines},
                                              {"progress_lines", c.progressLines},
                                              {"cut", c.cut},
                                              {"notes", notes}};
            std::cout << j.dump(2) << '\n';
            return ExitOk;
        };
    });
}

} // namespace cplan::cli
