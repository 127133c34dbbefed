#pragma once

#include <QString>

#include <string>

namespace cplan {

enum class Policy;

// A scheduling policy as the user reads it ("FIFO with EASY backfill"), in the interface
// language; the engine's id ("backfill") stays in files, the command line and the report's
// record of what was run.
QString policyTitle(Policy policy);
// One line on what the policy does, for tooltips.
QString policyDescription(Policy policy);

} // namespace cplan
