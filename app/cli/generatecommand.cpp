#include "cli/cli.h"

#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "generate/fattreeoptions.h"
#include "io/designyaml.h"
#include "util/strings.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace cplan::cli {

namespace {

// A generator option's error, named by its flag.
Error flagError(const char *flag, const Error &error)
{
    return Error{flag, 0, 0, error.message};
}

// Rail-only: what each rail's network is (the switch counts that follow are over all rails).
void printRailOnlyWiring(const FatTreeReport &r)
{
    std::cout << "rail-only, " << r.rails << " networks (one per rail, no switch joins two), each ";
    const int perRail = (r.leaves + r.spines + r.cores) / r.rails;
    if (r.spines + r.cores == 0)
        std::cout << perRail << " switch with no spine; ";
    else
        std::cout << "a " << r.tiers << "-tier fat tree of " << perRail << " switches; ";
}

void printReport(const Design &design, const FatTreeReport &r, const std::string &out, bool json)
{
    if (json) {
        nlohmann::ordered_json j;
        j["output"] = out;
        j["tiers"] = r.tiers;
        j["rails"] = r.rails;
        j["rails_per_leaf"] = r.railsPerLeaf;
        j["planes"] = r.planes;
        j["rail_only"] = r.railOnly;
        if (r.railOnly)
            j["rail_optimized_fat_tree"] = {{"switches", r.fatTreeSwitches}, {"links", r.fatTreeLinks}};
        j["protocol"] = toString(r.protocol);
        j["switch_part"] = r.switchPart;
        j["port_speed_gbps"] = r.portSpeedGbps;
        j["breakout"] = r.breakout;
        j["dual_tor"] = r.dualTor;
        j["pod_oversubscription"] = std::to_string(r.podOversubDown) + ":" + std::to_string(r.podOversubUp);
        j["su_size"] = r.suSize;
        j["scalable_units"] = r.scalableUnits;
        j["pods"] = r.pods;
        j["leaf_down_ports"] = r.leafDown;
        j["leaf_up_ports"] = r.leafUp;
        if (!r.blocking.format.empty())
            j["blocking"] = {{"asked", std::to_string(r.askedDown) + ":" + std::to_string(r.askedUp)},
                             {"built", r.builtBlocking()},
                             {"summary", r.blocking.english()}};
        j["switches"] = {{"leaf", r.leaves}, {"spine", r.spines}, {"core", r.cores}};
        j["nodes"] = design.nodes.size();
        j["links"] = design.links.size();
        j["notes"] = nlohmann::json::array();
        for (const Message &note : r.notes)
            j["notes"].push_back(note.english());
        std::cout << j.dump(2) << '\n';
        return;
    }
    std::cout << "Generated " << out << ": ";
    if (r.railOnly)
        printRailOnlyWiring(r);
    else
        std::cout << r.tiers << "-tier fat tree, ";
    std::cout << r.leaves << " leaf, " << r.spines << " spine, " << r.cores << " core switches" << (r.railOnly ? " in all" : "")
              << "; " << design.nodes.size() << " nodes, " << design.links.size() << " links\n";
    if (r.protocol == Protocol::Ethernet || r.breakout > 1)
        std::cout << "  " << (r.protocol == Protocol::Ethernet ? "Ethernet (RoCE)" : "InfiniBand") << " fabric of " << r.switchPart
                  << ", ports at " << (r.portSpeedGbps > 0 ? formatDouble(r.portSpeedGbps) + "G" : std::string("an unknown speed"))
                  << (r.breakout > 1 ? " (each switch port broken out " + std::to_string(r.breakout) + " ways)" : std::string())
                  << (r.dualTor ? ", dual-ToR" : "") << '\n';
    std::cout << "  leaf ports: " << r.leafDown << " down, " << r.leafUp << " up";
    if (r.railOnly)
        std::cout << "; in each rail's network " << r.scalableUnits << " SU(s) of " << r.suSize << " servers";
    else if (r.rails > 1)
        std::cout << "; rail-optimized, " << r.rails << " rails, " << r.scalableUnits << " SU(s) of " << r.suSize << " servers";
    if (r.railsPerLeaf > 1)
        std::cout << ", " << r.railsPerLeaf << " rails per leaf";
    if (r.pods > 1)
        std::cout << "; " << r.pods << " pods" << (r.railOnly ? " per rail" : "");
    if (!r.railOnly && r.planes > 1)
        std::cout << "; " << r.planes << " planes (switch counts are for all of them)";
    std::cout << '\n';
    // The blocking asked and built leads the notes (after rail-only's own lead: what it saves).
    for (std::size_t i = 0; i <= r.notes.size(); ++i) {
        if (i == (r.railOnly ? 1 : 0) && !r.blocking.format.empty())
            std::cout << "  blocking: " << r.blocking.english() << '\n';
        if (i < r.notes.size())
            std::cout << "  note: " << r.notes[i].english() << '\n';
    }
}


struct FatTreeArgs
{
    int servers = 0;
    std::string server, sw, tiers = "auto", blocking = "1:1", rails = "auto", out, name, hca, tenants, hostSpeed, podOversub = "1:1";
    int suSize = 0, mgmt = 0, perRack = 4, planes = 1;
    bool railOnly = false, dualTor = false;
};

// The generator's spec from the command line.
Result<FatTreeSpec> fatTreeSpec(const FatTreeArgs &a)
{
    FatTreeSpec spec;
    auto mix = parseServerMix(a.server, a.servers);
    if (!mix)
        return flagError("--server", mix.error());
    spec.servers = *mix;
    int total = 0;
    for (auto &[p, n] : spec.servers)
        total += n;
    if (total != a.servers)
        return Error{"", 0, 0, "--servers is " + std::to_string(a.servers) + " but the --server mix adds up to " + std::to_string(total)};
    auto ratio = parseBlockingRatio(a.blocking);
    if (!ratio)
        return flagError("--blocking", ratio.error());
    spec.blockingDown = ratio->first;
    spec.blockingUp = ratio->second;
    spec.switchPart = a.sw;
    spec.tiers = a.tiers == "auto" ? 0 : std::stoi(a.tiers);
    if (a.rails != "auto") {
        auto r = parseInt(a.rails);
        if (!r || *r < 1 || *r > kMaxHcasPerServer)
            return Error{"", 0, 0, "--rails must be auto or a number from 1 to " + std::to_string(kMaxHcasPerServer)};
        spec.rails = int(*r);
    }
    spec.suSize = a.suSize;
    spec.mgmtNodes = a.mgmt;
    spec.serversPerRack = a.perRack;
    spec.planes = a.planes;
    spec.railOnly = a.railOnly;
    spec.hcaOverride = a.hca;
    spec.dualTor = a.dualTor;
    if (!a.hostSpeed.empty()) {
        auto speed = parsePortSpeed(a.hostSpeed);
        if (!speed)
            return flagError("--host-port-speed", speed.error());
        spec.hostPortSpeedGbps = *speed;
    }
    auto taper = parseBlockingRatio(a.podOversub);
    if (!taper)
        return flagError("--pod-oversubscription", taper.error());
    spec.podOversubDown = taper->first;
    spec.podOversubUp = taper->second;
    if (!a.tenants.empty()) {
        auto t = parseServerMix(a.tenants, 0);
        if (!t)
            return Error{"--tenants", 0, 0, "must be NAME:SERVERS,NAME:SERVERS"};
        spec.tenants = *t;
    }
    spec.name = a.name.empty() ? std::to_string(a.servers) + "x " + a.server + " on " + a.sw : a.name;
    return spec;
}

void addFatTreeCommand(CLI::App *gen, Context &ctx)
{
    auto a = std::make_shared<FatTreeArgs>();
    CLI::App *ft = gen->add_subcommand("fat-tree", "A 1-, 2- or 3-tier fat tree (InfiniBand or Ethernet: the switch decides), rail-optimized for multi-HCA servers");
    ft->add_option("--servers", a->servers, "Number of servers")->required()->check(CLI::Range(1, 1000000));
    ft->add_option("--server", a->server, "Server part id, or a mix PART:COUNT,PART:COUNT")->required();
    ft->add_option("--switch", a->sw, "Switch part id")->required();
    ft->add_option("--tiers", a->tiers, "auto, 1, 2 or 3")->check(CLI::IsMember({"auto", "1", "2", "3"}));
    ft->add_option("--blocking", a->blocking, "Leaf blocking ratio D:U (down:up), e.g. 2:1");
    ft->add_option("--rails", a->rails, "auto (a rail per port), 1 (no rails), or a divisor of the ports per server "
                                        "(a GB200 NVL72's 72 ports on 18 rails)");
    ft->add_option("--su-size", a->suSize, "Servers per scalable unit (default: what one leaf per rail takes; 8 rack-scale systems)")
        ->check(CLI::Range(1, 100000));
    ft->add_option("--planes", a->planes, "Independent fabrics (subnets) the HCAs of every server are split over: rail r on plane "
                                          "r mod PLANES (default 1). Ethernet: port p of every NIC on plane p (Spectrum-X "
                                          "multiplane: ConnectX-8 in B300, 2 or 4 planes, or GB300, 2)")
        ->check(CLI::Range(1, kMaxPlanes));
    ft->add_option("--host-port-speed", a->hostSpeed, "Speed the servers' ports run at, e.g. 200G: switch ports broken out to it as "
                                                      "the switch allows (SN5600: 800G as 2 x 400G or 4 x 200G). Default: the NICs' "
                                                      "speed when the switch breaks out to it");
    ft->add_flag("--dual-tor", a->dualTor, "Each NIC's ports on different ToRs, not joined (non-stacked dual-ToR, as Alibaba HPN)");
    ft->add_option("--pod-oversubscription", a->podOversub, "Taper between pods D:U (3 tiers): a pod spine's down:up ports, "
                                                            "e.g. 7:1 (default 1:1)");
    ft->add_flag("--rail-only", a->railOnly, "Rail-only wiring: each rail a network of its own (plane r = rail r), no spine joining "
                                             "the rails; cross-rail traffic goes through the servers' NVLink. Prints what the "
                                             "rail-optimized fat tree would need");
    ft->add_option("--mgmt-nodes", a->mgmt, "Management appliances (UFM) on free leaf ports (in every plane)")->check(CLI::Range(0, 1000));
    ft->add_option("--servers-per-rack", a->perRack, "Servers per rack (default 4)")->check(CLI::Range(1, 64));
    ft->add_option("--hca", a->hca, "Fit this HCA part to every server instead of its own");
    ft->add_option("--tenants", a->tenants, "Tenants NAME:SERVERS,NAME:SERVERS assigned in server order");
    ft->add_option("--name", a->name, "Design name");
    ft->add_option("-o,--output", a->out, "Design file to write")->required();
    ft->callback([a, &ctx] {
        ctx.action = [a, &ctx]() -> int {
            const Catalog *cat = catalog(ctx);
            if (!cat)
                return ExitBadInput;
            auto spec = fatTreeSpec(*a);
            if (!spec)
                return fail(spec.error());
            FatTreeReport report;
            auto design = generateFatTree(*spec, *cat, &report);
            if (!design)
                return fail(design.error());
            if (auto saved = saveDesign(*design, a->out); !saved)
                return fail(saved.error());
            printReport(*design, report, a->out, ctx.json);
            return ExitOk;
        };
    });
}

struct TorusArgs
{
    std::string dims, server, sw, out, name;
    int perSwitch = 1, links = 1;
};

int runTorus(const TorusArgs &t, Context &ctx)
{
    const Catalog *cat = catalog(ctx);
    if (!cat)
        return ExitBadInput;
    TorusSpec spec;
    for (const std::string &d : split(t.dims, 'x')) {
        auto v = parseInt(d);
        if (!v || *v < 2 || *v > 64)
            return fail("--dims must look like 4x4 or 4x4x4 (each from 2 to 64)");
        spec.dims.push_back(int(*v));
    }
    spec.serversPerSwitch = t.perSwitch;
    spec.linksPerNeighbor = t.links;
    spec.serverPart = t.server;
    spec.switchPart = t.sw;
    spec.name = t.name.empty() ? t.dims + " torus of " + t.sw : t.name;
    auto design = generateTorus(spec, *cat);
    if (!design)
        return fail(design.error());
    if (auto saved = saveDesign(*design, t.out); !saved)
        return fail(saved.error());
    if (ctx.json)
        std::cout << nlohmann::ordered_json{{"output", t.out}, {"nodes", design->nodes.size()}, {"links", design->links.size()}}.dump(2) << '\n';
    else
        std::cout << "Generated " << t.out << ": " << design->nodes.size() << " nodes, " << design->links.size() << " links\n";
    return ExitOk;
}

void addTorusCommand(CLI::App *gen, Context &ctx)
{
    auto t = std::make_shared<TorusArgs>();
    CLI::App *tor = gen->add_subcommand("torus", "A 2-D or 3-D torus of switches with servers on each");
    tor->add_option("--dims", t->dims, "Dimensions XxY or XxYxZ")->required();
    tor->add_option("--servers-per-switch", t->perSwitch, "Servers on each switch")->check(CLI::Range(0, 1000));
    tor->add_option("--links-per-neighbor", t->links, "Parallel links to each neighbour")->check(CLI::Range(1, 16));
    tor->add_option("--server", t->server, "Server part id")->required();
    tor->add_option("--switch", t->sw, "Switch part id")->required();
    tor->add_option("--name", t->name, "Design name");
    tor->add_option("-o,--output", t->out, "Design file to write")->required();
    tor->callback([t, &ctx] { ctx.action = [t, &ctx]() -> int { return runTorus(*t, ctx); }; });
}

} // namespace

void addGenerateCommand(CLI::App &root, Context &ctx)
{
    CLI::App *gen = root.add_subcommand("generate", "Generate a fabric (fat tree or torus) into a design file");
    gen->require_subcommand(1);
    addFatTreeCommand(gen, ctx);
    addTorusCommand(gen, ctx);
}

} // namespace cplan::cli
