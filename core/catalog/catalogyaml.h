#pragma once

#include "catalog/part.h"
#include "util/error.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cplan {

// The current catalog file format and its version.
inline constexpr const char *kCatalogFormat = "cluster-planner-catalog/1";

// Where a part or a setting was defined (for error messages that name file and line).
struct PartOrigin
{
    std::string file;
    int line = 0;       // 1-based; 0 = not from a file (added in code)
    int column = 0;
    int gpuLine = 0, gpuColumn = 0;   // where a server names its gpu / hca part
    int hcaLine = 0, hcaColumn = 0;
};
// "file:line", or "added in code".
std::string originText(const PartOrigin &origin);

// What one catalog file says: its parts in file order, and its settings.
struct CatalogDocument
{
    std::vector<std::pair<Part, PartOrigin>> parts;
    // settings: default_rack — the rack part a design's racks are built from.
    std::optional<std::string> defaultRack;
    PartOrigin defaultRackOrigin;
};

// Reads one catalog YAML document (format: cluster-planner-catalog/1): every part on its own
// (known keys, types, bounds, the figures its kind needs) and ids unique in the file. Errors
// name file, line and column. `knownOrigin`, when given, says where an id was defined before
// (another file): such an id is refused as a duplicate. References between parts are checked
// by the catalog once everything is loaded (Catalog::checkReferences).
Result<CatalogDocument> readCatalogDocument(const std::string &text, const std::string &fileName,
                                            const std::function<const PartOrigin *(const std::string &id)> &knownOrigin = {});

// One part as a YAML map (snake_case keys in a fixed order; unknown figures omitted), and a
// whole catalog document of parts. What these write, readCatalogDocument reads back to the
// same parts.
std::string partToYaml(const Part &part);
// Reads one part written by partToYaml (a YAML map), with the catalog's checks. Error lines
// are counted from `firstLine` (the line of the map in the file it came from).
Result<Part> partFromYaml(const std::string &text, const std::string &fileName, int firstLine = 1);
std::string catalogToYaml(const std::vector<Part> &parts);
// A figure as people write it: shortest exact text, no exponent for everyday sizes (100, 0.5).
std::string formatNumber(double v);

} // namespace cplan
