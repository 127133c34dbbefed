#pragma once

#include <string>
#include <string_view>
#include <vector>

// Sentences the engine writes for people (validation findings, generator notes) are kept as an
// English template with Qt-style placeholders %1..%9 plus the arguments, so that the CLI prints
// the English text and the GUI translates the template and fills in the same arguments.
//
// CPLAN_TR marks a template for translation without any Qt in core: app/CMakeLists.txt runs
// lupdate with "-tr-function-alias QT_TRANSLATE_NOOP+=CPLAN_TR", so the template lands in the .ts
// under the given context (always "Engine"), where widgets/l10n.cpp looks it up.
#define CPLAN_TR(context, text) text

namespace cplan {

// Replaces %1..%9 in `format` with args[0..8] in one pass (an argument that itself contains "%2"
// is left alone). A placeholder without an argument stays as written.
std::string fillTemplate(std::string_view format, const std::vector<std::string> &args);

struct Message
{
    std::string format;            // English template, marked with CPLAN_TR
    std::vector<std::string> args; // already formatted (numbers in the C locale)

    std::string english() const { return fillTemplate(format, args); }
    bool operator==(const Message &) const = default;
};

} // namespace cplan
