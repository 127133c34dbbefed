#pragma once

// How a fabric spreads flows over its equal-cost paths. The flow model routes each flow by it
// (routing/loadbalance.h); a design may name one, otherwise its fabric's own applies.

#include <optional>
#include <string_view>

namespace cplan {

enum class LoadBalancing {
    Lft,          // InfiniBand: one route per destination from the subnet manager's tables
    Adaptive,     // InfiniBand adaptive routing: packets take the least loaded equal-cost port
    Ecmp,         // Ethernet: each flow (NCCL channel x QP) hashed onto one equal-cost next hop
    EnhancedEcmp, // ECMP with more QPs per connection (NCCL_IB_QPS_PER_CONNECTION, QP scaling)
    Flowlet,      // flowlet switching: bursts of a flow re-hashed at each idle gap
    Spray,        // per-packet spraying (Spectrum-X adaptive routing, DDC): every equal path
};

const char *toString(LoadBalancing policy);   // "lft", "ar", "ecmp", "eecmp", "flowlet", "spray"
std::optional<LoadBalancing> loadBalancingFromString(std::string_view s);
// The names in the order above, for messages: "lft, ar, ecmp, eecmp, flowlet, spray".
const char *loadBalancingNames();

} // namespace cplan
