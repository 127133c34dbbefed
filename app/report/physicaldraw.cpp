#include "physicaldraw.h"

#include "rackpainter.h"
#include "svgdevice.h"

#include "catalog/catalog.h"
#include "export/cableplan.h"
#include "model/design.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace cplan {

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

QFont font(double points, bool bold = false)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

// A4 at 72 dpi, in points.
constexpr double kA4Long = 842, kA4Short = 595, kPageMargin = 30;

} // namespace

namespace {

// Rows of racks, each row split into pieces that fit `perPage` columns.
std::vector<std::vector<RackElevation>> pagesOfRacks(const std::vector<RackElevation> &racks, std::size_t perPage)
{
    std::vector<std::vector<RackElevation>> pages;
    std::string row;
    for (const RackElevation &r : racks) {
        if (pages.empty() || r.row != row || pages.back().size() >= perPage)
            pages.emplace_back();
        row = r.row;
        pages.back().push_back(r);
    }
    return pages;
}

Status failed(const std::string &path, const QString &why) { return Error{path, 0, 0, why.toStdString()}; }

Status writeElevationsPdf(const std::vector<RackElevation> &racks, const std::string &name, const std::string &path)
{
    QSaveFile file(qs(path));
    if (!file.open(QIODevice::WriteOnly))
        return failed(path, PhysicalDraw::tr("cannot write: %1").arg(file.errorString()));
    QPdfWriter writer(&file);
    writer.setResolution(72);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(PhysicalDraw::tr("Rack elevations: %1").arg(qs(name)));
    writer.setCreator(QStringLiteral("Cluster Planner " CPLAN_VERSION));
    QPainter p;
    if (!p.begin(&writer))
        return failed(path, PhysicalDraw::tr("cannot start the PDF"));
    const double width = kA4Long - 2 * kPageMargin;
    const auto perPage = std::size_t(std::max(1.0, std::floor((width + 8) / (RackPainter::kRackColumnW + 8))));
    const auto pages = pagesOfRacks(racks, perPage);
    for (std::size_t i = 0; i < pages.size(); ++i) {
        if (i > 0)
            writer.newPage();
        p.setFont(font(9, true));
        p.setPen(Qt::black);
        p.drawText(QRectF(kPageMargin, 12, width, 14), Qt::AlignLeft | Qt::AlignVCenter,
                   PhysicalDraw::tr("Rack elevations: %1").arg(qs(name)));
        p.setFont(font(7));
        p.drawText(QRectF(kPageMargin, 12, width, 14), Qt::AlignRight | Qt::AlignVCenter,
                   PhysicalDraw::tr("page %1 of %2").arg(i + 1).arg(pages.size()));
        p.setFont(font(6));
        p.setPen(QColor(0x55, 0x55, 0x55));
        p.drawText(QRectF(kPageMargin, kA4Short - 18, width, 10), Qt::AlignLeft | Qt::AlignVCenter, RackPainter::legend());
        const double w = double(pages[i].size()) * (RackPainter::kRackColumnW + 8) - 8;
        RackPainter::paintRacks(p, QRectF(kPageMargin, 32, std::min(width, w), kA4Short - 32 - kPageMargin), pages[i]);
    }
    p.end();
    if (!file.commit())
        return failed(path, PhysicalDraw::tr("cannot write: %1").arg(file.errorString()));
    return Ok{};
}

Status writeElevationsSvg(const std::vector<RackElevation> &racks, const std::string &name, const std::string &path)
{
    // Every row of racks under the previous one.
    const auto rows = pagesOfRacks(racks, std::size_t(-1));
    std::size_t widest = 1;
    for (const auto &r : rows)
        widest = std::max(widest, r.size());
    const double rowH = kA4Short - 32 - kPageMargin, stride = RackPainter::kRackColumnW + RackPainter::kColumnGap;
    const QSizeF size(2 * kPageMargin + double(widest) * stride, 32 + double(rows.size()) * (rowH + 20));
    SvgDevice svg(size, PhysicalDraw::tr("Rack elevations: %1").arg(qs(name)));
    QPainter p;
    if (!p.begin(&svg))
        return failed(path, PhysicalDraw::tr("cannot start the SVG"));
    p.fillRect(QRectF(QPointF(0, 0), size), Qt::white);
    p.setFont(font(9, true));
    p.drawText(QRectF(kPageMargin, 10, size.width(), 14), Qt::AlignLeft | Qt::AlignVCenter,
               PhysicalDraw::tr("Rack elevations: %1").arg(qs(name)));
    p.setFont(font(6));
    p.drawText(QRectF(kPageMargin, 10, size.width() - 2 * kPageMargin, 14), Qt::AlignRight | Qt::AlignVCenter, RackPainter::legend());
    for (std::size_t i = 0; i < rows.size(); ++i)
        RackPainter::paintRacks(p, QRectF(kPageMargin, 32 + i * (rowH + 20), double(rows[i].size()) * stride - 8, rowH), rows[i]);
    p.end();
    QSaveFile file(qs(path));
    if (!file.open(QIODevice::WriteOnly) || file.write(svg.svg()) < 0 || !file.commit())
        return failed(path, PhysicalDraw::tr("cannot write: %1").arg(file.errorString()));
    return Ok{};
}

} // namespace

Status writeRackElevations(const Design &design, const Catalog &catalog, const std::string &path)
{
    const auto racks = rackElevations(design, catalog);
    if (racks.empty())
        return Error{path, 0, 0, "the design has no racks: no node names one (generate it, or give nodes a rack and a U)"};
    if (QFileInfo(qs(path)).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0)
        return writeElevationsSvg(racks, design.name, path);
    return writeElevationsPdf(racks, design.name, path);
}

Status writeCableLabels(const Design &design, const Catalog &catalog, const std::string &path)
{
    const auto labels = cableLabels(cablePlan(design, catalog));
    if (labels.empty())
        return Error{path, 0, 0, "the design has no cables to label"};
    QSaveFile file(qs(path));
    if (!file.open(QIODevice::WriteOnly))
        return failed(path, PhysicalDraw::tr("cannot write: %1").arg(file.errorString()));
    QPdfWriter writer(&file);
    writer.setResolution(72);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setTitle(PhysicalDraw::tr("Cable labels: %1").arg(qs(design.name)));
    writer.setCreator(QStringLiteral("Cluster Planner " CPLAN_VERSION));
    QPainter p;
    if (!p.begin(&writer))
        return failed(path, PhysicalDraw::tr("cannot start the PDF"));
    // 93 x 34 mm labels, 2 across and 8 down, centred on the sheet.
    constexpr double w = 263.6, h = 96.4, gapX = 12;
    constexpr int cols = 2, rows = 8;
    const double left = (kA4Short - cols * w - (cols - 1) * gapX) / 2, top = (kA4Long - rows * h) / 2;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const std::size_t onPage = i % (cols * rows);
        if (i > 0 && onPage == 0)
            writer.newPage();
        const int c = int(onPage % cols), r = int(onPage / cols);
        RackPainter::paintLabel(p, QRectF(left + c * (w + gapX), top + r * h, w, h), labels[i]);
    }
    p.end();
    if (!file.commit())
        return failed(path, PhysicalDraw::tr("cannot write: %1").arg(file.errorString()));
    return Ok{};
}

} // namespace cplan
