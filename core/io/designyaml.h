#pragma once

#include "model/design.h"
#include "util/error.h"

#include <string>

namespace cplan {

class Catalog;

// The design file format, `format: cluster-planner/N`.
inline constexpr int kDesignFormatVersion = 1;

// Parses a design. `fileName` is only used in error messages. With a catalog, part ids and
// port numbers are checked too (unknown part, port out of range); without one, only the
// structure is. Errors name the line and column of the offending YAML node.
Result<Design> parseDesign(const std::string &text, const std::string &fileName, const Catalog *catalog);
Result<Design> loadDesign(const std::string &path, const Catalog *catalog);

// Writes a design in the stable layout: fixed key order, one flow map per node and link, so
// that load -> save is byte-identical and diffs stay small.
std::string serializeDesign(const Design &design);
// Atomic: a temporary file, fsync, rename. The previous file survives any failure.
Status saveDesign(const Design &design, const std::string &path);

} // namespace cplan
