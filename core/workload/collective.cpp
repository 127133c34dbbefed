#include "workload/collective.h"

#include <string>

namespace cplan {

namespace {
constexpr CollectiveKind kKinds[] = {CollectiveKind::AllReduce, CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
                                     CollectiveKind::AllToAll,  CollectiveKind::Broadcast, CollectiveKind::Reduce};
}

const char *toString(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce: return "allreduce";
    case CollectiveKind::AllGather: return "allgather";
    case CollectiveKind::ReduceScatter: return "reducescatter";
    case CollectiveKind::AllToAll: return "alltoall";
    case CollectiveKind::Broadcast: return "broadcast";
    case CollectiveKind::Reduce: return "reduce";
    }
    return "";
}

std::optional<CollectiveKind> collectiveFromString(std::string_view name)
{
    std::string n;
    for (char c : name)
        if (c != '-' && c != '_')
            n += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (CollectiveKind k : kKinds)
        if (n == toString(k))
            return k;
    return std::nullopt;
}

double busBandwidthFactor(CollectiveKind kind, std::uint32_t ranks)
{
    if (ranks == 0)
        return 0.0;
    const double n = ranks;
    switch (kind) {
    case CollectiveKind::AllReduce: return 2.0 * (n - 1.0) / n;
    case CollectiveKind::Broadcast:
    case CollectiveKind::Reduce: return 1.0;
    default: return (n - 1.0) / n;
    }
}

} // namespace cplan
