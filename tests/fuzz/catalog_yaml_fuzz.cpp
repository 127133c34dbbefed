// Fuzzes the catalog YAML parser: no crash, no sanitizer finding; a failed load leaves the
// catalog as it was (all or nothing).
#include "catalog/catalog.h"

#include <cstdlib>
#include <string>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size);
    Catalog catalog;
    const std::size_t before = catalog.parts().size();
    auto status = catalog.loadYaml(text, "fuzz.yaml");
    if (!status && catalog.parts().size() != before)
        std::abort();
    if (status)
        (void)catalog.checkReferences();
    return 0;
}
