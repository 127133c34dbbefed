#pragma once

// The deliverable formats a design exports to, in one table: `cplan export --format NAME` and
// the window's File ▸ Export menu are both built from it, so a new format is one row here.

#include "util/error.h"

#include <span>
#include <string>
#include <string_view>

namespace cplan {

class Catalog;
class Design;

struct ExportFormat
{
    const char *name;          // --format NAME
    const char *description;   // what the file is, for help texts and menus
    const char *suffix;        // the file name's ending ("-topology.conf", ".csv")
    // The file text, or an error.
    Result<std::string> (*write)(const Design &design, const Catalog &catalog);
    // Writes a workbook instead when the output ends in ".xlsx" (nullptr: text only).
    Status (*writeXlsx)(const std::string &path, const Design &design, const Catalog &catalog) = nullptr;
    // A subnet's file, written per plane (a plane 1..P; required on a multi-plane design).
    Result<std::string> (*writePlane)(const Design &design, const Catalog &catalog, int plane) = nullptr;
};

std::span<const ExportFormat> exportFormats();
const ExportFormat *findExportFormat(std::string_view name);   // nullptr when unknown

// Writes `format` for `design` to `path` (atomically): the workbook when the format has one and
// the path ends in ".xlsx", the plane's subnet file when the format is per plane. Errors name the
// design (or the file) and what is wrong.
Status writeExport(const ExportFormat &format, const Design &design, const Catalog &catalog, const std::string &path, int plane = 0);

} // namespace cplan
