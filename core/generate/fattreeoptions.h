#pragma once

#include "util/error.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cplan {

// The texts of the fat-tree generator's options, as `cplan generate fat-tree` and a sweep file
// write them. Errors have no file: the caller names the flag or the line.

// "2:1" -> (2, 1): whole numbers from 1 to 64.
Result<std::pair<int, int>> parseBlockingRatio(std::string_view text);

// "dgx-h100" or "dgx-h100:8,hgx-h20:8" -> [(part, count)]. A bare part takes what `total`
// leaves after the counted ones (at most one bare part).
Result<std::vector<std::pair<std::string, int>>> parseServerMix(std::string_view text, int total);

// "200G", "200g" or "200" -> 200 (Gb/s, above 0, at most 10,000).
Result<double> parsePortSpeed(std::string_view text);

} // namespace cplan
