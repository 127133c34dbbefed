#pragma once

// The physical design rules, for validation (validate/validate.cpp calls them; their codes are
// validate/rules.h's, with a golden case each in tests/data/validate):
//   u-overlap          two devices take the same U of a rack                              error
//   rack-over-height   a device reaches above the top of its rack                          error
//   rack-space         a rack's devices add up to more U than it has                       warning
//   rack-power         a rack's devices draw more (nameplate) than its power budget        error
//   rack-cooling       they give off more heat than the rack's cooling removes             error
//   rack-weight        they weigh more than the rack may carry                              error
//   rack-undeclared    a node names a rack the design's racks do not list                  warning
//   cable-distance     a cable is shorter than the floor distance between its racks        error
//   cable-route        ... or than the run the routing rule gives (physical/floor.h)       warning
//   impossible-cable   a twin-port cable or splitter that cannot be installed as wired     error
//   rack-budget-unconfirmed, cable-unmeasured: what could not be checked                      info
// Budgets over which part of the figures is unknown are said to be unconfirmed (info), and a
// rack budget is only over when the known figures alone exceed it.

#include "model/design.h"
#include "util/message.h"
#include "validate/rules.h"

#include <functional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
enum class Severity;

using PhysicalFindingSink = std::function<void(Severity, Rule, Message, std::vector<std::string> objects)>;

void checkPhysical(const Design &design, const Catalog &catalog, const PhysicalFindingSink &add);

} // namespace cplan
