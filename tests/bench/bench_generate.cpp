// Benchmark: generate, validate and price a fat tree, then save and reload its file.
// Prints one JSON line per phase set. Usage: bench_generate [ENDPOINTS] [SWITCH] [OUT.cluster.yaml]
// Default: 65,536 single-HCA hosts on QM9700 (radix 64, 3 tiers), the DESIGN.md §8 target (<= 3 s to generate).
#include "catalog/catalog.h"
#include "cost/bom.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "validate/validate.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/resource.h>

using namespace cplan;

static double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static long peakRssKb()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

int main(int argc, char **argv)
{
    const int endpoints = argc > 1 ? std::atoi(argv[1]) : 65536;
    const std::string sw = argc > 2 ? argv[2] : "qm9700";
    const std::string out = argc > 3 ? argv[3] : "/tmp/bench-generate.cluster.yaml";

    auto catalog = Catalog::loadDirectory(Catalog::builtinDirectory());
    if (!catalog) {
        std::fprintf(stderr, "%s\n", catalog.error().toString().c_str());
        return 2;
    }
    FatTreeSpec spec;
    spec.servers = {{"host-1hca", endpoints}};
    spec.switchPart = sw;
    spec.name = "bench";

    double t0 = now();
    FatTreeReport report;
    auto design = generateFatTree(spec, *catalog, &report);
    const double generateS = now() - t0;
    if (!design) {
        std::fprintf(stderr, "%s\n", design.error().toString().c_str());
        return 2;
    }
    const long rssAfterGenerate = peakRssKb();

    t0 = now();
    const auto findings = validateDesign(*design, *catalog);
    const double validateS = now() - t0;
    int errors = 0;
    for (const auto &f : findings)
        errors += f.severity == Severity::Error;

    t0 = now();
    const Bom bom = computeBom(*design, *catalog);
    const double bomS = now() - t0;

    t0 = now();
    if (auto saved = saveDesign(*design, out); !saved) {
        std::fprintf(stderr, "%s\n", saved.error().toString().c_str());
        return 2;
    }
    const double saveS = now() - t0;

    t0 = now();
    auto reloaded = loadDesign(out, &*catalog);
    const double loadS = now() - t0;
    if (!reloaded) {
        std::fprintf(stderr, "%s\n", reloaded.error().toString().c_str());
        return 2;
    }

    std::printf("{\"endpoints\":%d,\"switch\":\"%s\",\"tiers\":%d,\"nodes\":%zu,\"links\":%zu,\"switches\":%d,"
                "\"generate_s\":%.3f,\"rss_after_generate_kb\":%ld,\"validate_s\":%.3f,\"validate_errors\":%d,"
                "\"bom_s\":%.3f,\"capex\":%.0f,\"save_s\":%.3f,\"load_s\":%.3f,\"reloaded_links\":%zu,\"max_rss_kb\":%ld}\n",
                endpoints, sw.c_str(), report.tiers, design->nodes.size(), design->links.size(),
                report.leaves + report.spines + report.cores, generateS, rssAfterGenerate, validateS, errors, bomS,
                bom.totals.capex, saveS, loadS, reloaded->links.size(), peakRssKb());
    return 0;
}
