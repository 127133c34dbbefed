#include "analysis/workloadspec.h"

#include <charconv>

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

Result<NeighbourSpec> parseNeighbour(std::string_view text)
{
    const auto bad = [&] {
        return makeError("", 0, 0,
                         "neighbour job '" + std::string(text) + "': expected allreduce or alltoall, optionally with :GPUS (alltoall:512)");
    };
    NeighbourSpec n;
    const std::size_t colon = text.find(':');
    const std::string_view kind = text.substr(0, colon);
    if (kind == "allreduce" || kind == "all-reduce")
        n.shape = nccl::TrafficShape::Ring;
    else if (kind == "alltoall" || kind == "all-to-all")
        n.shape = nccl::TrafficShape::AllToAll;
    else
        return bad();
    n.name = n.shape == nccl::TrafficShape::Ring ? "allreduce" : "alltoall";
    if (colon != std::string_view::npos) {
        const std::string_view count = text.substr(colon + 1);
        const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n.gpus);
        if (ec != std::errc() || end != count.data() + count.size() || n.gpus == 0)
            return bad();
    }
    return n;
}

} // namespace cplan
