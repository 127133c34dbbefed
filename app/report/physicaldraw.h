#pragma once

// Drawing the physical plan with Qt: rack elevations (front views, devices at their U, budgets
// under each rack) and sheets of cable labels (both ends and a QR code of the cable id). Used by
// `cplan export --format elevations|labels`, the report's physical pages and the window.

#include "export/elevation.h"
#include "export/labels.h"
#include "util/error.h"

#include <QCoreApplication>
#include <QRectF>

#include <string>
#include <vector>

class QPainter;

namespace cplan {

class Catalog;
class Design;

class PhysicalDraw
{
    Q_DECLARE_TR_FUNCTIONS(PhysicalDraw)

public:
    // Width of one rack column at which its texts stay readable, in points.
    static constexpr double kRackColumnW = 76;
    // Racks side by side in `area`, each as tall as the area allows (its budget lines below).
    static void paintRacks(QPainter &p, const QRectF &area, const std::vector<RackElevation> &racks);
    // One rack: title, frame with U numbers, devices, budget lines.
    static void paintRack(QPainter &p, const QRectF &area, const RackElevation &rack);
    // The budget lines of a rack (power, typical, heat, weight, against the site's figures).
    static QStringList budgetLines(const RackBudget &b);
    // What the colours and dashes of an elevation mean.
    static QString legend();
    // One label: QR code on the left, cable id, both ends and the cable on the right.
    static void paintLabel(QPainter &p, const QRectF &area, const CableLabel &label);
};

// Rack elevations as a PDF (A4 landscape, a row of racks per page or more) or an SVG (every
// row under the other), by the file's extension.
Status writeRackElevations(const Design &design, const Catalog &catalog, const std::string &path);
// Cable labels as a PDF: A4 sheets of 2 x 8 labels of 93 x 34 mm, one per physical cable.
Status writeCableLabels(const Design &design, const Catalog &catalog, const std::string &path);

} // namespace cplan
