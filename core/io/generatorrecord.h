#pragma once

#include "io/yamldom.h"
#include "model/design.h"
#include "util/error.h"
#include "util/message.h"

#include <optional>
#include <string>

namespace cplan {

// What a generator was asked for and what it built, kept in the design file's `generator:`
// section so that the window, the report and `cplan` still say "asked 2:1, built 1.76:1 (37 down
// / 21 up per leaf): why" after the file is reopened. The section sits in Design::extra (as the
// YAML these functions write); they are its only reader and writer.
//
//   generator:
//     kind: fat-tree
//     blocking_asked: "2:1"        # down:up, as --blocking and the wizard take it
//     leaf_ports: "37:21"          # down:up ports per leaf as generated
//     blocking_note:               # the generator's sentence: English template and arguments
//       text: "asked %1:%2, built %3:1 (%4 down / %5 up per leaf): ..."
//       args: ["2", "1", "1.76", "37", "21", ...]
struct GeneratorRecord
{
    std::string kind;                 // "fat-tree"
    int askedDown = 1, askedUp = 1;   // the leaf blocking asked for
    int leafDown = 0, leafUp = 0;     // ports per leaf built (0: no uplinks)
    Message blocking;                 // why they differ (or that they do not)

    bool operator==(const GeneratorRecord &) const = default;
};

inline constexpr const char *kGeneratorSection = "generator";

// Reads the section (a bad key or value names the file, line and what is wrong).
Result<GeneratorRecord> readGeneratorRecord(const YamlNode &node, const std::string &fileName);
// The design's record, if it has one (the section was checked when the design was read).
std::optional<GeneratorRecord> generatorRecord(const Design &design);
void setGeneratorRecord(Design &design, const GeneratorRecord &record);

} // namespace cplan
