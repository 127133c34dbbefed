#pragma once

// Design rules of Ethernet (RoCE) fabrics, which the validator checks on a design that has an
// Ethernet switch: the lossless configuration the plan assumes (lossless-assumed), spines enough
// for a lossless fabric (few-spines), and a plane every server reaches (plane-unreached).
#include "model/design.h"
#include "validate/finding.h"
#include "validate/rules.h"

#include <functional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

// Juniper's AI data center JVD: "A minimum of 4 spines in each fabric is suggested", with
// DCQCN (PFC and ECN) for a lossless GPU back-end fabric.
inline constexpr int kMinLosslessSpines = 4;

using RoceFindingSink = std::function<void(Severity, Rule, Message, std::vector<std::string>)>;
void checkRoce(const Design &design, const Catalog &catalog, const RoceFindingSink &add);

} // namespace cplan
