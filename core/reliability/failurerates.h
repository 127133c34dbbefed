#pragma once

#include "util/error.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan::reliability {

// What a failure rate is counted over: the devices of a job or a cluster.
enum class Unit { Gpu, Server, Hca, Link, Switch };
// What a failure of a class takes out until it is repaired, so what to hold as a spare.
enum class SpareKind { None, Server, Hca, Cable, Switch };

const char *toString(Unit u);
const char *toString(SpareKind s);

// One component class of a preset: failures per device-year with where the figure comes from.
// An unknown rate (null in the file) stays unknown: every answer names the classes it left out.
struct FailureClass
{
    std::string id, name;
    Unit per = Unit::Gpu;
    std::optional<double> ratePerDeviceYear;
    SpareKind spare = SpareKind::None;
    std::string source;
    int line = 0;   // in the preset file
};

// A set of failure rates from one study (resources/reliability/*.yaml, or a user's file).
struct FailurePreset
{
    std::string id, name, source, date, file;
    // What the study observed, when it says (a consistency check: rates x devices x days).
    std::optional<double> observedDays, observedGpus, observedServers, observedInterruptions;
    std::vector<FailureClass> classes;
};

// Limits shared by the reader and the fuzz harness.
inline constexpr std::size_t kMaxFailureClasses = 64;
inline constexpr double kMaxRatePerDeviceYear = 1000.0;   // a device failing three times a day

// Reads a preset (format: cluster-planner-failure-rates/1). Errors name file, line and column.
Result<FailurePreset> parseFailurePreset(std::string_view text, const std::string &file);
Result<FailurePreset> loadFailurePreset(const std::string &path);

// resources/reliability: $CPLAN_RELIABILITY_DIR, else the installed
// share/cluster-planner/reliability beside the executable, else the source tree's.
std::string builtinPresetDirectory();
std::vector<std::string> builtinPresetIds();   // sorted
// A built-in id (llama3) or a path to a preset file (anything with a '/' or ending in .yaml).
Result<FailurePreset> findFailurePreset(const std::string &idOrPath);

} // namespace cplan::reliability
