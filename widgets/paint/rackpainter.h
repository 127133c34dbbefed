#pragma once

// Painting the physical plan with QPainter: rack elevations (front views, devices at their U,
// budget lines under each rack) and cable labels (both ends and a QR code of the cable id).
// The window's rack view, the report's physical pages and `cplan export --format
// elevations|labels` (app/report/physicaldraw.h) all draw with it. Sizes are in points.

#include "export/elevation.h"
#include "export/labels.h"

#include <QCoreApplication>
#include <QRectF>
#include <QStringList>

#include <vector>

class QPainter;

namespace cplan {

class RackPainter
{
    Q_DECLARE_TR_FUNCTIONS(RackPainter)

public:
    // Width of one rack column at which its texts stay readable.
    static constexpr double kRackColumnW = 76;
    static constexpr double kColumnGap = 8;
    // Racks side by side in `area`, each as tall as the area allows (its budget lines below).
    static void paintRacks(QPainter &p, const QRectF &area, const std::vector<RackElevation> &racks);
    // One rack: title, frame with U numbers, devices (unless `withDevices` is false: the rack
    // view draws them as items of its own), budget lines.
    static void paintRack(QPainter &p, const QRectF &area, const RackElevation &rack, bool withDevices = true);
    // One device in its box (colour by role, dashed when its height is unknown).
    static void paintDevice(QPainter &p, const QRectF &box, const ElevationItem &item);
    // The frame of a rack in its column, and the box of a device at U `u`, `heightU` high.
    static QRectF frameRect(const QRectF &area, const RackElevation &rack);
    static QRectF deviceRect(const QRectF &frame, const RackElevation &rack, int u, int heightU);
    // The budget lines of a rack (power, typical, heat, weight, against the site's figures).
    static QStringList budgetLines(const RackBudget &b);
    // What the colours and dashes of an elevation mean.
    static QString legend();
    // One label: QR code on the left, cable id, both ends and the cable on the right.
    static void paintLabel(QPainter &p, const QRectF &area, const CableLabel &label);
};

} // namespace cplan
