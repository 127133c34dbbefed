// Fuzzes the nccl-tests log reader; the first byte picks the collective option (none or one of
// the known names), so that both the file-name rule and the explicit option are exercised.
#include "verify/nccltests.h"

#include <cstdlib>
#include <string_view>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size < 1 || size > (1u << 20))
        return 0;
    const auto &names = ncclTestCollectives();
    std::optional<std::string> collective;
    if (const std::size_t pick = data[0] % (names.size() + 1); pick < names.size())
        collective = names[pick];
    const std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);
    auto log = parseNcclTestsLog(text, "fuzz_all_reduce_perf.log", collective);
    if (!log && log.error().message.empty())
        std::abort();
    if (log && log->rows.empty())
        std::abort(); // a log is refused when it has no data row
    return 0;
}
