// Fuzzes the opensm-lfts.dump reader against a small fixed fabric.
#include "fuzzcatalog.h"
#include "generate/fattree.h"
#include "routing/fabric.h"
#include "routing/routing.h"

#include <cstdlib>
#include <string>

using namespace cplan;

static const Fabric &fabric()
{
    static const Design design = [] {
        FatTreeSpec spec;
        spec.servers = {{"host-1hca", 40}};
        spec.switchPart = "qm8700";
        spec.tiers = 2;
        auto d = generateFatTree(spec, fuzzCatalog());
        if (!d)
            std::abort();
        return std::move(*d);
    }();
    static const Fabric f = Fabric::build(design, fuzzCatalog());
    return f;
}

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size);
    auto tables = readLftDump(text, "fuzz.lfts", fabric());
    if (!tables && tables.error().message.empty())
        std::abort();
    return 0;
}
