#pragma once

#include "util/strings.h"

#include <optional>
#include <string_view>
#include <utility>

namespace cplan {

// "37:21" -> (37, 21): two whole numbers around one `sep`, each within its bounds; nullopt
// otherwise. The texts of ratios and port splits (a blocking ratio, a leaf's down:up ports).
inline std::optional<std::pair<int, int>> parseIntPair(std::string_view text, char sep, std::pair<int, int> firstBounds,
                                                      std::pair<int, int> secondBounds)
{
    const auto parts = split(text, sep);
    if (parts.size() != 2)
        return std::nullopt;
    const auto a = parseInt(parts[0]), b = parseInt(parts[1]);
    if (!a || !b || *a < firstBounds.first || *a > firstBounds.second || *b < secondBounds.first || *b > secondBounds.second)
        return std::nullopt;
    return std::make_pair(int(*a), int(*b));
}

} // namespace cplan
