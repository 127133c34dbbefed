// Fuzzes the ibnetdiscover reader and importer (topology files and ports reports): no crash,
// no sanitizer finding; whatever imports saves to a design that loads again identically and
// verifies against itself without a finding.
#include "fuzzcatalog.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "verify/verify.h"

#include <cstdlib>
#include <string>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size);
    auto imported = importIbnetdiscover(text, "fuzz.topo", fuzzCatalog());
    if (!imported) {
        if (imported.error().message.empty())
            std::abort();
        return 0;
    }
    const std::string yaml = serializeDesign(imported->design);
    auto back = parseDesign(yaml, "fuzz.yaml", &fuzzCatalog());
    if (!back || serializeDesign(*back) != yaml)
        std::abort();
    AsBuilt self;
    self.design = std::move(*back);
    if (!verifyAsBuilt(imported->design, self, fuzzCatalog()).agree())
        std::abort();
    return 0;
}
