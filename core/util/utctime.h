#pragma once

#include <string>

namespace cplan {

// The current time, UTC: nowUtc() "2026-12-01T07:45:00Z" (ISO 8601), todayUtc() "2026-12-01".
std::string nowUtc();
std::string todayUtc();

} // namespace cplan
