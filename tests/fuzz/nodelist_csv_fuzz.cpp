// Fuzzes the node-list reader (Alibaba's openb_node_list format) that builds a GPU pool.
#include "schedule/traces.h"

#include <cstdlib>
#include <string_view>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto pool = parseNodeList(text, "fuzz.csv");
    if (!pool && pool.error().message.empty())
        std::abort();
    return 0;
}
