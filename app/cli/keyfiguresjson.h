#pragma once

// The key figures (core/analysis/keyfigures.h) in cplan's JSON, by id: what `cplan bom --json`
// and `cplan simulate --json` add under "key_figures", the same ids the window, the report and
// the sweep use.

#include "analysis/keyfigures.h"

#include <nlohmann/json.hpp>

namespace cplan::cli {

// {"capex": {"value": 1.2e6, "unit": "money", "completeness": "exact", "better": "lower"}, ...};
// value null when unknown. A cost figure adds "priced_lines" and "lines": below 90 % of the lines
// priced it is "unknown" (value null), above and short of all a "lower_bound".
nlohmann::ordered_json keyFiguresJson(const KeyFigures &figures);

} // namespace cplan::cli
