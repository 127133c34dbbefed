#pragma once

#include "util/message.h"

#include <string>
#include <vector>

namespace cplan {

enum class Severity { Error, Warning, Info };
const char *toString(Severity severity);

// One design-rule finding: what is wrong, how bad, and which objects (node or link ids).
struct Finding
{
    Severity severity = Severity::Error;
    std::string code;                 // stable, e.g. "speed-mismatch" (see validate/rules.h)
    std::string message;              // English, = text.english()
    std::vector<std::string> objects; // node / link ids
    Message text = {};                // template and arguments, for translation
};

} // namespace cplan
