#pragma once

#include "model/design.h"
#include "util/message.h"

#include <string>
#include <vector>

namespace cplan {

class Catalog;

enum class Severity { Error, Warning, Info };
const char *toString(Severity severity);

// One design-rule finding: what is wrong, how bad, and which objects (node or link ids).
struct Finding
{
    Severity severity = Severity::Error;
    std::string code;                 // stable, e.g. "speed-mismatch"
    std::string message;              // English, = text.english()
    std::vector<std::string> objects; // node / link ids
    Message text = {};                // template and arguments, for translation
};

// InfiniBand unicast LIDs run from 1 to 0xBFFF (49,151).
inline constexpr int kMaxUnicastLids = 49151;

// The design-rule check (DESIGN.md §4 Validation). Findings come sorted: errors first, then
// warnings and notes, each in design order, so the output is deterministic.
std::vector<Finding> validateDesign(const Design &design, const Catalog &catalog);

} // namespace cplan
