#include "model/loadbalancing.h"

#include <array>
#include <utility>

namespace cplan {

namespace {

constexpr std::array<std::pair<LoadBalancing, const char *>, 6> kPolicies{{
    {LoadBalancing::Lft, "lft"},
    {LoadBalancing::Adaptive, "ar"},
    {LoadBalancing::Ecmp, "ecmp"},
    {LoadBalancing::EnhancedEcmp, "eecmp"},
    {LoadBalancing::Flowlet, "flowlet"},
    {LoadBalancing::Spray, "spray"},
}};

} // namespace

const char *toString(LoadBalancing policy)
{
    for (const auto &[p, name] : kPolicies)
        if (p == policy)
            return name;
    return "lft";
}

std::optional<LoadBalancing> loadBalancingFromString(std::string_view s)
{
    for (const auto &[p, name] : kPolicies)
        if (s == name)
            return p;
    return std::nullopt;
}

const char *loadBalancingNames()
{
    return "lft, ar, ecmp, eecmp, flowlet, spray";
}

} // namespace cplan
