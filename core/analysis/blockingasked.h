#pragma once

#include "util/message.h"

#include <optional>

namespace cplan {

class Design;

// The leaf blocking the design's generator was asked for against what was built, with the
// reason they differ (io/generatorrecord.h keeps it in the file): the generator's own sentence
// while every leaf still has the generator's uplinks and at most its down ports (a unit's last
// leaves may have fewer servers), else that the leaves were changed since and what they have
// now. Empty for a design no generator made. The window's Metrics, the report and `cplan`
// take it from DesignAnalysis::blocking.
struct BlockingAsked
{
    Message brief;    // "asked 2:1, built 1.76:1 (37 down / 21 up per leaf)": a dock's row
    Message detail;   // the whole sentence, with the reason: the report, `cplan`, a tooltip

    bool operator==(const BlockingAsked &) const = default;
};
std::optional<BlockingAsked> blockingAskedVsBuilt(const Design &design);

} // namespace cplan
