#include "analysis/workloadspec.h"

namespace cplan {

Result<WorkloadSpec> parseWorkload(std::string_view text)
{
    WorkloadSpec w;
    w.name = std::string(text);
    if (text == "nccl-alltoall" || text == "collective-alltoall") {
        w.collective = CollectiveKind::AllToAll;
        w.bytes = kDefaultCollectiveBytes;
        return w;
    }
    // "alltoall" is the pattern; collectiveFromString would take it for the collective.
    if (text != "alltoall" && text != "all-to-all")
        if (auto kind = collectiveFromString(text)) {
            w.collective = *kind;
            w.bytes = kDefaultCollectiveBytes;
            return w;
        }
    auto pattern = parsePattern(text);
    if (!pattern)
        return pattern.error();
    w.pattern = *pattern;
    return w;
}

} // namespace cplan
