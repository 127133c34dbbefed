// cplan verify PLAN AS-BUILT... [--plane N] [--json] [--punch-list FILE.csv]: the installed fabric against the
// plan, cable by cable. Exit 0 when they agree, 1 when they differ, 2 on bad input.
#include "cli/cli.h"

#include "analysis/verification.h"
#include "catalog/catalog.h"
#include "model/design.h"
#include "util/atomicfile.h"
#include "verify/matchstats.h"
#include "verify/punchlist.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <vector>

namespace cplan::cli {

namespace {

using Json = nlohmann::ordered_json;

Json endJson(const VerifyEnd &e)
{
    return Json{{"node", e.node}, {"device", e.device}, {"port", e.port}, {"port_label", e.portLabel}, {"rack", e.rack}, {"in_plan", e.inPlan}};
}

Json findingsJson(const VerifyResult &r)
{
    Json out = Json::array();
    for (const CableFinding &c : r.cables) {
        if (c.verdict == CableVerdict::Ok)
            continue;
        Json j{{"verdict", toString(c.verdict)}, {"cable", c.label}};
        if (!c.plannedLink.empty())
            j["planned"] = Json{{"link", c.plannedLink}, {"a", endJson(c.plannedA)}, {"b", endJson(c.plannedB)}, {"rate", c.plannedRate}};
        if (!c.foundLink.empty())
            j["found"] = Json{{"link", c.foundLink}, {"a", endJson(c.foundA)}, {"b", endJson(c.foundB)}, {"rate", c.foundRate}};
        if (c.rightEnd >= 0)
            j["right_end"] = c.rightEnd == 0 ? "a" : "b";
        if (c.swapWith >= 0)
            j["swapped_with"] = r.cables[std::size_t(c.swapWith)].label;
        j["message"] = c.message;
        out.push_back(std::move(j));
    }
    for (const NodeFinding &n : r.nodes)
        out.push_back(Json{{"verdict", toString(n.verdict)},
                           {"node", n.planNode.empty() ? n.foundNode : n.planNode},
                           {"device", n.device},
                           {"planned_part", n.plannedPart},
                           {"found_part", n.foundPart},
                           {"message", n.message}});
    return out;
}

void printText(const VerifyResult &r, const AsBuilt &found)
{
    const VerifySummary &s = r.summary;
    std::cout << (r.agree() ? "The as-built fabric agrees with the plan.\n" : "The as-built fabric differs from the plan.\n");
    std::cout << "  cables: " << s.planned << " planned, " << s.found << " found: " << s.ok << " ok, " << s.missing << " missing, "
              << s.unexpected << " unexpected, " << s.misconnected << " misconnected";
    if (s.swappedPairs)
        std::cout << " (" << s.swappedPairs << " swapped pair" << (s.swappedPairs > 1 ? "s" : "") << ")";
    std::cout << ", " << s.different << " different\n";
    std::cout << "  nodes: " << s.nodesMissing << " missing, " << s.nodesUnexpected << " unexpected, " << s.nodesDifferent
              << " with a different part; matched by GUID " << s.matchedByGuid << ", by name " << s.matchedByName << ", by position "
              << s.matchedByPosition << '\n';
    if (const MatchStats m = matchStats(r); m.almostNothingMatched())
        std::cout << "  warning: " << m.matched << " of " << m.planNodes << " planned nodes matched (the dump has " << m.foundNodes
                  << "): is it of this fabric, and of this plane? The findings below then say nothing about the cabling.\n";
    else if (m.partialDump())
        std::cout << "  warning: " << m.partialDumpWording().english() << '\n';
    for (const CableFinding &c : r.cables)
        if (c.verdict != CableVerdict::Ok)
            std::cout << "  " << c.message << '\n';
    for (const NodeFinding &n : r.nodes)
        std::cout << "  " << n.message << '\n';
    if (!found.notes.empty())
        std::cout << "  (" << found.notes.size() << " import note(s) on " << found.source << "; see --json or cplan import)\n";
}

} // namespace

void addVerifyCommand(CLI::App &root, Context &ctx)
{
    struct Args
    {
        std::string plan, punchList;
        std::vector<std::string> asBuilt;
        int plane = 0;
    };
    auto a = std::make_shared<Args>();
    CLI::App *cmd = root.add_subcommand("verify", "Check an installed fabric (ibnetdiscover output, LLDP neighbour tables or a design) against "
                                                  "the plan, cable by cable; exit 0 when they agree, 1 when they differ");
    cmd->add_option("plan", a->plan, "The planned design")->required();
    cmd->add_option("as-built", a->asBuilt,
                    "ibnetdiscover output (topology or -p ports report), a design file, or LLDP neighbour tables: lldpctl -f json "
                    "output of each switch (files named after the switch, or a folder of them, or one file keyed by switch name)")
        ->required();
    cmd->add_option("--punch-list", a->punchList, "Write the technicians' punch list (CSV): one row per action");
    cmd->add_option("--plane", a->plane,
                    "The plane (1-based) of a multi-plane plan the dump was taken on (each plane is its own subnet, as in "
                    "cplan route --plane N)")
        ->check(CLI::PositiveNumber);
    cmd->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            auto plan = loadDesign(ctx, a->plan);
            if (!plan)
                return fail(plan.error());
            const Catalog *cat = catalog(ctx);
            if (!cat)
                return ExitBadInput;
            auto verification = analyzeVerification(*plan, a->asBuilt, *cat, a->plane);
            if (!verification)
                return fail(verification.error());
            const VerifyResult &result = verification->result;
            const AsBuilt *found = &verification->asBuilt;
            if (!a->punchList.empty())
                if (auto st = writeFileAtomically(a->punchList, punchListCsv(punchList(result))); !st)
                    return fail(st.error());
            if (ctx.json) {
                const VerifySummary &s = result.summary;
                const MatchStats m = matchStats(result);
                const Json j{{"summary",
                              {{"planned", s.planned},
                               {"found", s.found},
                               {"ok", s.ok},
                               {"missing", s.missing},
                               {"unexpected", s.unexpected},
                               {"misconnected", s.misconnected},
                               {"different", s.different},
                               {"nodes_missing", s.nodesMissing},
                               {"nodes_unexpected", s.nodesUnexpected},
                               {"nodes_different", s.nodesDifferent},
                               {"swapped_pairs", s.swappedPairs}}},
                             {"matched",
                              {{"guid", s.matchedByGuid},
                               {"name", s.matchedByName},
                               {"position", s.matchedByPosition},
                               {"plan_nodes", m.planNodes},
                               {"found_nodes", m.foundNodes},
                               {"almost_nothing", m.almostNothingMatched()},
                               {"partial_dump", m.partialDump()}}},
                             {"agree", result.agree()},
                             {"findings", findingsJson(result)},
                             {"notes", found->notes}};
                std::cout << j.dump(2) << '\n';
            } else {
                printText(result, *found);
            }
            return result.agree() ? ExitOk : ExitDesignErrors;
        };
    });
}

} // namespace cplan::cli
