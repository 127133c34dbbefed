// Benchmark (DESIGN.md §8, issue 12): import a 1M-line ibnetdiscover dump, and verify a
// 10,000-node fabric against its plan; each <= 3 s. Prints seconds, sizes and peak RSS.
//
//   bench_asbuilt [import-servers=100000] [verify-servers=9216]
//
// The dump is our export of a 3-tier fat tree (host-1hca on 144-port Quantum-X800 q3400
// switches: 100,000 hosts give 1.22M lines; 64-port switches stop at 65,536 hosts and 0.82M
// lines), as ibnetdiscover prints it, with the lines of an `-s` run and a shell prompt in
// front. The verify case compares a plan with a twin that has 100 cables moved, 10 left out and 10 added, from a design and
// from the twin's dump (import + verify).

#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/ibnetdiscover.h"
#include "routing/fabric.h"
#include "verify/verify.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace cplan;

namespace {

double since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

long peakRssMb()
{
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

Design fatTree(const Catalog &cat, int servers, const char *switchPart)
{
    FatTreeSpec spec;
    spec.name = "bench";
    spec.servers = {{"host-1hca", servers}};
    spec.switchPart = switchPart;
    auto d = generateFatTree(spec, cat);
    if (!d) {
        std::fprintf(stderr, "generate: %s\n", d.error().toString().c_str());
        std::exit(1);
    }
    return std::move(*d);
}

// 100 server cables moved to another server's port (pairwise swaps), 10 cables out, 10 cables
// added between ports that were freed.
Design miswire(const Design &plan)
{
    Design twin = plan;
    int moved = 0;
    for (std::size_t i = 0; i + 1 < twin.links.size() && moved < 100; i += 97) {
        Link &a = twin.links[i], &b = twin.links[i + 1];
        if (twin.node(a.a.node).role == NodeRole::Switch || twin.node(b.a.node).role == NodeRole::Switch)
            continue;
        std::swap(a.a, b.a);
        moved += 2;
    }
    std::vector<LinkId> out;
    for (std::size_t i = twin.links.size() - 1; out.size() < 10; i -= 331)
        out.push_back(LinkId(std::uint32_t(i)));
    std::vector<PortRef> freed;
    for (LinkId l : out)
        freed.push_back(twin.links[l.value].a);
    twin.removeLinks(out);
    for (std::size_t k = 0; k + 1 < freed.size(); k += 2)
        for (int n = 0; n < 2; ++n) {
            Link extra;
            extra.id = twin.uniqueId("extra");
            extra.a = freed[k + std::size_t(n)];
            extra.b = freed[(k + 2 + std::size_t(n)) % freed.size()];
            if (extra.a.node != extra.b.node && !twin.linkAt(extra.a) && !twin.linkAt(extra.b))
                twin.addLink(std::move(extra));
        }
    twin.reindex();
    return twin;
}

void printSummary(const char *what, const VerifyResult &r, double seconds)
{
    const VerifySummary &s = r.summary;
    std::printf("%s: %.3f s (planned %d, found %d: ok %d, missing %d, unexpected %d, misconnected %d, different %d)\n", what, seconds,
                s.planned, s.found, s.ok, s.missing, s.unexpected, s.misconnected, s.different);
}

} // namespace

int main(int argc, char **argv)
{
    const int importServers = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int verifyServers = argc > 2 ? std::atoi(argv[2]) : 9216;
    auto cat = Catalog::loadDirectory(Catalog::builtinDirectory());
    if (!cat) {
        std::fprintf(stderr, "catalog: %s\n", cat.error().toString().c_str());
        return 1;
    }

    // --- import -------------------------------------------------------------------------------
    {
        const Design big = fatTree(*cat, importServers, "q3400");
        std::string text = "user@head:~$ ibnetdiscover -s\n";
        for (int i = 0; i < 500; ++i)
            text += "DR path slid 0; dlid 0; 0,1," + std::to_string(i) + " -> new Channel Adapter {0002c90000000000} portnum 1 lid 0-0 \"\"\n";
        text += exportIbnetdiscover(big, Fabric::build(big, *cat));
        std::size_t lines = 0;
        for (char c : text)
            lines += c == '\n';
        const auto t0 = std::chrono::steady_clock::now();
        auto r = importIbnetdiscover(text, "bench.topo", *cat);
        const double s = since(t0);
        if (!r) {
            std::fprintf(stderr, "import: %s\n", r.error().toString().c_str());
            return 1;
        }
        std::printf("import: %zu lines (%.1f MB), %d switches, %d HCAs, %d cables: %.3f s (target <= 3 s)\n", lines,
                    double(text.size()) / 1e6, r->counts.switches, r->counts.hcas, r->counts.cables, s);
    }

    // --- verify -------------------------------------------------------------------------------
    {
        const Design plan = fatTree(*cat, verifyServers, "qm9700");
        const Design twin = miswire(plan);
        AsBuilt found;
        found.design = twin;
        auto t0 = std::chrono::steady_clock::now();
        const VerifyResult r = verifyAsBuilt(plan, found, *cat);
        std::printf("verify of %zu nodes, %zu cables (target <= 3 s)\n", plan.nodes.size(), plan.links.size());
        printSummary("  against a design", r, since(t0));

        const std::string dump = exportIbnetdiscover(twin, Fabric::build(twin, *cat));
        t0 = std::chrono::steady_clock::now();
        auto fromDump = parseAsBuilt(dump, "twin.topo", *cat);
        if (!fromDump) {
            std::fprintf(stderr, "twin: %s\n", fromDump.error().toString().c_str());
            return 1;
        }
        const double importS = since(t0);
        const VerifyResult r2 = verifyAsBuilt(plan, *fromDump, *cat);
        std::printf("  against its ibnetdiscover dump: import %.3f s + ", importS);
        printSummary("verify", r2, since(t0) - importS);
    }
    std::printf("peak RSS %ld MB\n", peakRssMb());
    return 0;
}
