// Fuzzes the job trace readers (ours, Philly-derived, Alibaba v2023); the first byte picks one.
#include "schedule/traces.h"

#include <cstdlib>
#include <string_view>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size < 1 || size > (1u << 20))
        return 0;
    static const TraceFormat formats[] = {TraceFormat::Ours, TraceFormat::Philly, TraceFormat::Alibaba};
    const TraceFormat format = formats[data[0] % 3];
    const std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);
    auto trace = parseTrace(text, "fuzz.csv", format);
    if (!trace && trace.error().message.empty())
        std::abort();
    return 0;
}
