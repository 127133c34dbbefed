// Fuzzes the lldpctl JSON reader (lldpd's json and json0 forms, one switch or keyed by switch)
// and the LLDP as-built built from it: no crash, no sanitizer finding; a refusal names what is
// wrong; every neighbour kept has a switch, an interface and a neighbour name; the as-built
// against an empty plan finds only unexpected nodes and cables, never a matched one.
#include "fuzzcatalog.h"
#include "io/lldpjson.h"
#include "verify/lldpasbuilt.h"

#include <cstdlib>
#include <string>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size);
    auto table = readLldpJson(text, "fuzz-leaf.json");
    if (!table) {
        if (table.error().message.empty() || table.error().file != "fuzz-leaf.json")
            std::abort();
        return 0;
    }
    for (const LldpNeighbor &n : table->neighbors)
        if (n.device.empty() || n.remoteName.empty() || (n.remotePortId.empty() && n.remotePortDescr.empty()))
            std::abort();
    const Design plan;
    auto found = lldpAsBuilt({LldpInput{"fuzz-leaf.json", std::move(*table)}}, plan, fuzzCatalog());
    if (!found)
        return 0;
    const VerifyResult r = verifyAsBuilt(plan, *found, fuzzCatalog());
    if (r.summary.ok != 0 || r.summary.matchedByName + r.summary.matchedByGuid + r.summary.matchedByPosition != 0)
        std::abort();
    return 0;
}
