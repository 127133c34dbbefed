#include "validate/rules.h"

namespace cplan {

const char *ruleCode(Rule rule)
{
    switch (rule) {
    case Rule::UnknownPart: return "unknown-part";
    case Rule::PortOutOfRange: return "port-out-of-range";
    case Rule::RadixExceeded: return "radix-exceeded";
    case Rule::PortUsedTwice: return "port-used-twice";
    case Rule::Loopback: return "loopback";
    case Rule::BackToBack: return "back-to-back";
    case Rule::SpeedUnknown: return "speed-unknown";
    case Rule::SpeedMismatch: return "speed-mismatch";
    case Rule::NoCable: return "no-cable";
    case Rule::CableTooShort: return "cable-too-short";
    case Rule::CableReach: return "cable-reach";
    case Rule::CableSpeed: return "cable-speed";
    case Rule::HcaSlots: return "hca-slots";
    case Rule::NoHca: return "no-hca";
    case Rule::UnconnectedHca: return "unconnected-hca";
    case Rule::UnconnectedSwitch: return "unconnected-switch";
    case Rule::Disconnected: return "disconnected";
    case Rule::LidSpace: return "lid-space";
    case Rule::TierUnset: return "tier-unset";
    case Rule::TenantOverlap: return "tenant-overlap";
    case Rule::DuplicateGuid: return "duplicate-guid";
    case Rule::RackSpace: return "rack-space";
    case Rule::RackPower: return "rack-power";
    case Rule::UOverlap: return "u-overlap";
    case Rule::RackOverHeight: return "rack-over-height";
    case Rule::RackCooling: return "rack-cooling";
    case Rule::RackWeight: return "rack-weight";
    case Rule::RackUndeclared: return "rack-undeclared";
    case Rule::RackBudgetUnconfirmed: return "rack-budget-unconfirmed";
    case Rule::CableDistance: return "cable-distance";
    case Rule::CableRoute: return "cable-route";
    case Rule::CableUnmeasured: return "cable-unmeasured";
    case Rule::ImpossibleCable: return "impossible-cable";
    case Rule::ProtocolMismatch: return "protocol-mismatch";
    case Rule::BreakoutUnsupported: return "breakout-unsupported";
    case Rule::LosslessAssumed: return "lossless-assumed";
    case Rule::FewSpines: return "few-spines";
    case Rule::PlaneUnreached: return "plane-unreached";
    case Rule::MtuMismatch: return "mtu-mismatch";
    case Rule::MtuUnsupported: return "mtu-unsupported";
    case Rule::MtuUnknown: return "mtu-unknown";
    case Rule::MtuRoce: return "mtu-roce";
    }
    return "unknown-rule";
}

std::optional<Rule> ruleFromCode(std::string_view code)
{
    for (int i = 0; i < kRuleCount; ++i)
        if (code == ruleCode(Rule(i)))
            return Rule(i);
    return std::nullopt;
}

} // namespace cplan
