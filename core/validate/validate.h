#pragma once

#include "model/design.h"
#include "validate/finding.h"
#include "validate/rules.h"

#include <string>
#include <vector>

namespace cplan {

class Catalog;

// InfiniBand unicast LIDs run from 1 to 0xBFFF (49,151).
inline constexpr int kMaxUnicastLids = 49151;

// The design-rule check (DESIGN.md §4 Validation): the link rules (validate/linkrules.h) on
// every link, the node rules (validate/noderules.h) on every node, and the design-wide rules
// (connectivity, LID space, tiers, tenants, GUIDs, racks). Findings come sorted: errors first,
// then warnings and notes, each in design order, so the output is deterministic. The codes
// are validate/rules.h's.
std::vector<Finding> validateDesign(const Design &design, const Catalog &catalog);

} // namespace cplan
