#pragma once

// The physical plan as files: rack elevations (PDF or SVG) and cable labels (PDF), drawn with
// widgets/paint/rackpainter.h. Used by `cplan export --format elevations|labels`.

#include "util/error.h"

#include <QCoreApplication>

#include <string>

namespace cplan {

class Catalog;
class Design;

// Translation context of the files' own texts (titles, page numbers, errors).
class PhysicalDraw
{
    Q_DECLARE_TR_FUNCTIONS(PhysicalDraw)
};

// Rack elevations as a PDF (A4 landscape, a row of racks per page or more) or an SVG (every
// row under the other), by the file's extension.
Status writeRackElevations(const Design &design, const Catalog &catalog, const std::string &path);
// Cable labels as a PDF: A4 sheets of 2 x 8 labels of 93 x 34 mm, one per physical cable.
Status writeCableLabels(const Design &design, const Catalog &catalog, const std::string &path);

} // namespace cplan
