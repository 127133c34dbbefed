#pragma once

#include <optional>
#include <string_view>

namespace cplan {

// Every rule the validator checks, one value per finding code. The code is what files, the CLI
// (`cplan validate --json`) and the GUI's problems list show; it never changes once released.
//
// Adding a rule: a value here and its code in ruleCode(); the check where it belongs (a link
// rule in validate/linkrules.cpp, a node rule in validate/noderules.cpp, a design-wide rule in
// validate/validate.cpp, a physical rule in physical/checks.cpp); and a golden case, tests/data/validate/<code>/ with a design that
// plants exactly that problem and the findings expected (tst_validate fails for a rule without
// one).
enum class Rule {
    UnknownPart,
    PortOutOfRange,
    RadixExceeded,
    PortUsedTwice,
    Loopback,
    BackToBack,
    SpeedUnknown,
    SpeedMismatch,
    NoCable,
    CableTooShort,
    CableReach,
    CableSpeed,
    HcaSlots,
    NoHca,
    UnconnectedHca,
    UnconnectedSwitch,
    Disconnected,
    LidSpace,
    TierUnset,
    TenantOverlap,
    DuplicateGuid,
    RackSpace,
    RackPower,
    // The physical plan (physical/checks.h: racks and U, rack budgets, cables against the floor,
    // cables that cannot be installed as wired).
    UOverlap,
    RackOverHeight,
    RackCooling,
    RackWeight,
    RackUndeclared,
    RackBudgetUnconfirmed,
    CableDistance,
    CableRoute,
    CableUnmeasured,
    ImpossibleCable,
    // Fabrics of two protocols (validate/portprotocol.h) and Ethernet (RoCE) design rules.
    ProtocolMismatch,
    BreakoutUnsupported,
    LosslessAssumed,
    FewSpines,
    PlaneUnreached,
    // The MTU the design states (validate/mtu.h).
    MtuMismatch,
    MtuUnsupported,
    MtuUnknown,
    MtuRoce,
};
inline constexpr int kRuleCount = int(Rule::MtuRoce) + 1;

// "unknown-part", "port-out-of-range", ...
const char *ruleCode(Rule rule);
std::optional<Rule> ruleFromCode(std::string_view code);

} // namespace cplan
