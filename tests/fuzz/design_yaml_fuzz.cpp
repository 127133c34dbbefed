// Fuzzes the design file parser. Oracle: no crash, no sanitizer finding, and any file that
// loads saves to text that loads again and saves to the very same text.
#include "fuzzcatalog.h"
#include "io/designyaml.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size);
    // Alternate between the structural check only and the full check against the catalog.
    const Catalog *cat = (size % 2) ? &fuzzCatalog() : nullptr;
    auto design = parseDesign(text, "fuzz.cluster.yaml", cat);
    if (!design) {
        if (design.error().message.empty())
            std::abort(); // every error says what is wrong
        return 0;
    }
    const std::string saved = serializeDesign(*design);
    auto again = parseDesign(saved, "resaved.cluster.yaml", cat);
    if (!again) {
        std::fprintf(stderr, "saved design does not load: %s\n", again.error().toString().c_str());
        std::abort();
    }
    if (serializeDesign(*again) != saved) {
        std::fprintf(stderr, "save -> load -> save is not stable\n");
        std::abort();
    }
    return 0;
}
