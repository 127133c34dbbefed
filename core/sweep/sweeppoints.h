#pragma once

// The points of a sweep: every combination of its axes' values, with the fixed options.

#include "sweep/sweepspec.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

struct SweepSetting
{
    std::string name, value;
    bool operator==(const SweepSetting &) const = default;
};

struct SweepPoint
{
    std::size_t index = 0;               // position in the expansion (the last axis varies fastest)
    std::vector<SweepSetting> axes;      // this point's value on each axis, in axis order
    std::vector<SweepSetting> settings;  // every option (fixed and axes), sorted by name
    // Everything that decides the point's figures (its settings, the schedule section, the
    // prices file) as one canonical text: the same inputs give the same key in any sweep file.
    std::string key;
    std::string id;                      // 16 hex digits, a hash of the key (the store's point id)
    // The settings that shape the fabric (generator options and routing engine): points with
    // the same designKey share one generated design, its cost and its routes.
    std::string designKey;

    // The value of an option, or `fallback` when the point does not set it.
    std::string setting(std::string_view name, std::string fallback = {}) const;
};

// Every combination of the axes, in order: the first axis varies slowest. A sweep without
// axes has one point.
std::vector<SweepPoint> expandSweep(const SweepSpec &spec);

// The options that shape the fabric (a point's designKey is made of these).
bool isDesignOption(std::string_view name);

// FNV-1a 64 of a text as 16 hex digits (point ids, design hashes).
std::string hashText(std::string_view text);

} // namespace cplan
