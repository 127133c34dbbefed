#pragma once

#include "reliability/failurerates.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cplan {
class Catalog;
class Design;
}

namespace cplan::reliability {

// Devices of each unit (indexed by Unit).
using DeviceCounts = std::array<double, 5>;
inline double &at(DeviceCounts &c, Unit u) { return c[std::size_t(u)]; }
inline double at(const DeviceCounts &c, Unit u) { return c[std::size_t(u)]; }

// What a job of N GPUs holds on a design: the first GPU servers in design order that hold N
// GPUs (whole servers, as `cplan simulate --gpus` takes them), their GPUs and HCAs, and the
// links and switches its traffic can cross: the servers' links and leaves, then tier by tier
// the uplinks and the switches above, until one switch of a tier is reachable from every
// server of the job (their lowest common tier; a fat tree's routes stay below it).
struct JobFootprint
{
    DeviceCounts devices{};
    std::vector<std::uint32_t> servers;   // node indices
    std::vector<std::uint32_t> switches;  // node indices
    std::vector<std::uint32_t> links;     // link indices
    std::string error;                    // e.g. the design has fewer GPUs than asked
};

// gpus == 0: the whole cluster (every GPU server, every link and switch).
JobFootprint jobFootprint(const Design &design, const Catalog &catalog, std::uint32_t gpus);

// Expected failures of one class over a period.
struct CauseFigure
{
    std::string id, name;
    Unit per = Unit::Gpu;
    double devices = 0;
    double ratePerDeviceYear = 0;
    double perYear = 0;          // rate x devices
    double expected = 0;         // over the period
};

struct InterruptionEstimate
{
    double days = 0;
    std::vector<CauseFigure> causes;          // classes with a known rate, in preset order
    double perYear = 0;                       // sum over causes
    double expected = 0;                      // over `days`
    std::optional<double> mtbiHours;          // 8766 / perYear; empty when nothing can fail
    // Classes left out: no rate in the preset (and the job holds such devices).
    std::vector<std::string> unknown;
};

// Every interruption of a device the job holds stops the job (synchronous training).
InterruptionEstimate expectedInterruptions(const FailurePreset &preset, const DeviceCounts &devices, double days);

inline constexpr double kHoursPerYear = 8766.0;   // 365.25 days
inline constexpr double kDaysPerYear = 365.25;

} // namespace cplan::reliability
