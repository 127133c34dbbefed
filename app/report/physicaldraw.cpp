#include "physicaldraw.h"

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
#include <QSvgGenerator>

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

QColor roleColour(NodeRole role)
{
    switch (role) {
    case NodeRole::Switch: return QColor(0xd8, 0xec, 0xd4);
    case NodeRole::Management: return QColor(0xf6, 0xe3, 0xc6);
    case NodeRole::Server: break;
    }
    return QColor(0xd5, 0xe3, 0xf4);
}

QString number(double v, int decimals = 0) { return QLocale().toString(v, 'f', decimals); }

// " (+N unknown)" after a partial sum.
QString unknownTail(std::size_t n) { return n ? PhysicalDraw::tr(" (+%n unknown)", "", int(n)) : QString(); }

constexpr double kTitleH = 26;
constexpr double kGutter = 14;          // U numbers left of the frame
constexpr double kBudgetLineH = 9;

// A4 at 72 dpi, in points.
constexpr double kA4Long = 842, kA4Short = 595, kPageMargin = 30;

} // namespace

QStringList PhysicalDraw::budgetLines(const RackBudget &b)
{
    // A sum over devices whose figure is all unknown is "unknown"; a partial one says how many
    // are missing from it.
    const auto all = std::size_t(b.devices);
    auto partial = [&](const QString &known, const QString &unknown, std::size_t missing) {
        return missing >= all && all > 0 ? unknown : known + unknownTail(missing);
    };
    QStringList lines;
    QString power = partial(tr("Power %1 kW max").arg(number(b.nameplateW / 1000.0, 1)), tr("Power unknown"), b.unknownNameplate.size());
    if (b.powerBudgetW)
        power += tr(" / %1 kW").arg(number(*b.powerBudgetW / 1000.0, 1));
    lines << power;
    lines << partial(tr("Typical %1 kW").arg(number(b.typicalW / 1000.0, 1)), tr("Typical unknown"), b.unknownTypical.size());
    QString heat = partial(tr("Heat %1 kW, %2 BTU/h").arg(number(b.heatKw(), 1), number(b.heatBtuPerHour())), tr("Heat unknown"),
                           b.unknownNameplate.size());
    if (b.coolingW)
        heat += tr(" / %1 kW").arg(number(*b.coolingW / 1000.0, 1));
    lines << heat;
    // The empty rack counts among the weights: unknown only when nothing is known.
    QString weight = b.weightKg <= 0 && !b.unknownWeight.empty() ? tr("Weight unknown")
                                                                  : tr("Weight %1 kg").arg(number(b.weightKg)) + unknownTail(b.unknownWeight.size());
    if (b.weightLimitKg)
        weight += tr(" / %1 kg").arg(number(*b.weightLimitKg));
    lines << weight;
    if (b.capacityU)
        lines << tr("%1 of %2 U").arg(number(b.usedU), number(*b.capacityU)) + unknownTail(b.unknownHeight.size());
    return lines;
}

void PhysicalDraw::paintRack(QPainter &p, const QRectF &area, const RackElevation &rack)
{
    p.save();
    const QStringList budget = budgetLines(rack.budget);
    const QRectF title(area.left(), area.top(), area.width(), kTitleH);
    p.setPen(Qt::black);
    p.setFont(font(8, true));
    p.drawText(title.adjusted(0, 0, 0, -12), Qt::AlignHCenter | Qt::AlignBottom, qs(rack.rack));
    p.setFont(font(5.5));
    const QString where = rack.row.empty() ? QString() : tr("row %1").arg(qs(rack.row));
    p.drawText(title.adjusted(0, 14, 0, 0), Qt::AlignHCenter | Qt::AlignTop, where);

    const double frameTop = area.top() + kTitleH;
    const double frameH = area.height() - kTitleH - kBudgetLineH * (budget.size() + 0.5);
    const QRectF frame(area.left() + kGutter, frameTop, area.width() - kGutter, frameH);
    const double pitch = frameH / rack.heightU;
    p.setPen(QPen(QColor(0x33, 0x33, 0x33), 1.2));
    p.setBrush(QColor(0xf7, 0xf7, 0xf7));
    p.drawRect(frame);
    // U numbers, bottom up: every U when there is room, else every fifth.
    p.setFont(font(std::clamp(pitch * 0.6, 3.0, 5.0)));
    p.setPen(QColor(0x77, 0x77, 0x77));
    const int every = pitch >= 6 ? 1 : 5;
    for (int u = 1; u <= rack.heightU; ++u) {
        if (u % every != 0 && u != 1)
            continue;
        const QRectF cell(area.left(), frame.bottom() - u * pitch, kGutter - 2, pitch);
        p.drawText(cell, Qt::AlignRight | Qt::AlignVCenter, QString::number(u));
    }
    if (rack.rackScale) {
        const QRectF block = frame.adjusted(3, 3, -3, -3);
        p.setPen(QPen(QColor(0x2b, 0x4c, 0x7e), 1));
        p.setBrush(roleColour(NodeRole::Server));
        p.drawRect(block);
        p.setPen(Qt::black);
        p.setFont(font(6.5, true));
        p.drawText(block.adjusted(3, 3, -3, -3), Qt::AlignCenter | Qt::TextWordWrap,
                   qs(rack.rackScaleModel) + QLatin1Char('\n') + tr("rack-scale system"));
    }
    for (const ElevationItem &item : rack.items) {
        const QRectF box(frame.left() + 2, frame.bottom() - (item.u - 1 + item.heightU) * pitch, frame.width() - 4,
                         item.heightU * pitch);
        QPen pen(QColor(0x44, 0x44, 0x44), 0.8);
        if (!item.heightKnown)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(roleColour(item.role));
        p.drawRect(box);
        p.setPen(Qt::black);
        const double fontPt = std::clamp(box.height() * 0.55, 3.5, 6.5);
        p.setFont(font(fontPt, true));
        // A dashed outline marks an unknown height (the page's legend says so); "?" in small boxes.
        QString text = qs(item.name) + (item.heightKnown ? QString() : QStringLiteral(" ?"));
        if (box.height() >= 4 * fontPt)
            text += QLatin1Char('\n') + qs(item.model);
        const QFontMetricsF m(p.font());
        p.drawText(box.adjusted(2, 0, -2, 0), Qt::AlignCenter, m.elidedText(text.section(QLatin1Char('\n'), 0, 0), Qt::ElideRight, box.width() - 4) +
                   (text.contains(QLatin1Char('\n')) ? QLatin1Char('\n') + m.elidedText(text.section(QLatin1Char('\n'), 1), Qt::ElideRight, box.width() - 4) : QString()));
    }
    p.setPen(QColor(0x22, 0x22, 0x22));
    p.setFont(font(5));
    double y = frame.bottom() + 4;
    for (const QString &line : budget) {
        p.drawText(QRectF(area.left(), y, area.width(), kBudgetLineH), Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetricsF(p.font()).elidedText(line, Qt::ElideRight, area.width()));
        y += kBudgetLineH;
    }
    if (!rack.unplaced.empty()) {
        p.setPen(QColor(0xa0, 0x30, 0x20));
        p.drawText(QRectF(area.left(), y, area.width(), kBudgetLineH), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("%n device(s) without a U", "", int(rack.unplaced.size())));
    }
    p.restore();
}

QString PhysicalDraw::legend()
{
    return tr("Blue servers, green switches, orange management; dashed with \"?\": height unknown, drawn 1U. Power: nameplate "
              "maximum; heat = power (1 W = 3.412 BTU/h); \"/ X\": the rack's budget.");
}

void PhysicalDraw::paintRacks(QPainter &p, const QRectF &area, const std::vector<RackElevation> &racks)
{
    if (racks.empty())
        return;
    const double gap = 8;
    const double w = std::min(kRackColumnW * 1.4, (area.width() - gap * (racks.size() - 1)) / double(racks.size()));
    for (std::size_t i = 0; i < racks.size(); ++i)
        paintRack(p, QRectF(area.left() + i * (w + gap), area.top(), w, area.height()), racks[i]);
}

void PhysicalDraw::paintLabel(QPainter &p, const QRectF &area, const CableLabel &label)
{
    p.save();
    p.setPen(QPen(QColor(0xbb, 0xbb, 0xbb), 0.5, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
    const double pad = 5;
    const double side = area.height() - 2 * pad;
    if (label.qr.size > 0) {
        // Four modules of quiet zone around the code, as the QR standard asks.
        const double module = side / (label.qr.size + 8);
        const QPointF origin(area.left() + pad + 4 * module, area.top() + pad + 4 * module);
        // One path of the dark runs of each row, each a hair taller and longer than its modules,
        // so that no renderer leaves seams between modules (scanners read seams as light).
        QPainterPath path;
        path.setFillRule(Qt::WindingFill);
        const double overlap = module * 0.06;
        for (int y = 0; y < label.qr.size; ++y)
            for (int x = 0; x < label.qr.size;) {
                if (!label.qr.dark(x, y)) {
                    ++x;
                    continue;
                }
                int end = x;
                while (end < label.qr.size && label.qr.dark(end, y))
                    ++end;
                path.addRect(QRectF(origin.x() + x * module, origin.y() + y * module, (end - x) * module + overlap, module + overlap));
                x = end;
            }
        p.fillPath(path, Qt::black);
    }
    const QRectF text(area.left() + pad + side + 4, area.top() + pad, area.width() - side - 2 * pad - 4, side);
    double y = text.top();
    auto line = [&](const QString &s, const QFont &f) {
        p.setFont(f);
        const QFontMetricsF m(f);
        p.drawText(QRectF(text.left(), y, text.width(), m.height()), Qt::AlignLeft | Qt::AlignTop,
                   m.elidedText(s, Qt::ElideRight, text.width()));
        y += m.height();
    };
    p.setPen(Qt::black);
    line(qs(label.cableId), font(12, true));
    y += 2;
    const double endPt = label.aSide.size() + label.zSide.size() > 2 ? 6.2 : 7;
    for (const std::string &a : label.aSide)
        line(QStringLiteral("A  ") + qs(a), font(endPt));
    for (const std::string &z : label.zSide)
        line(QStringLiteral("Z  ") + qs(z), font(endPt));
    y += 2;
    p.setPen(QColor(0x44, 0x44, 0x44));
    p.setFont(font(6));
    p.drawText(QRectF(text.left(), y, text.width(), text.bottom() - y), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, qs(label.cable));
    p.restore();
}

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
    const auto perPage = std::size_t(std::max(1.0, std::floor((width + 8) / (PhysicalDraw::kRackColumnW + 8))));
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
        p.drawText(QRectF(kPageMargin, kA4Short - 18, width, 10), Qt::AlignLeft | Qt::AlignVCenter, PhysicalDraw::legend());
        const double w = double(pages[i].size()) * (PhysicalDraw::kRackColumnW + 8) - 8;
        PhysicalDraw::paintRacks(p, QRectF(kPageMargin, 32, std::min(width, w), kA4Short - 32 - kPageMargin), pages[i]);
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
    const double rowH = kA4Short - 32 - kPageMargin, stride = PhysicalDraw::kRackColumnW + 8;
    const QSizeF size(2 * kPageMargin + double(widest) * stride, 32 + double(rows.size()) * (rowH + 20));
    QSaveFile file(qs(path));
    if (!file.open(QIODevice::WriteOnly))
        return failed(path, PhysicalDraw::tr("cannot write: %1").arg(file.errorString()));
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setResolution(72);
    svg.setSize(size.toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), size));
    svg.setTitle(PhysicalDraw::tr("Rack elevations: %1").arg(qs(name)));
    QPainter p;
    if (!p.begin(&svg))
        return failed(path, PhysicalDraw::tr("cannot start the SVG"));
    p.fillRect(QRectF(QPointF(0, 0), size), Qt::white);
    p.setFont(font(9, true));
    p.drawText(QRectF(kPageMargin, 10, size.width(), 14), Qt::AlignLeft | Qt::AlignVCenter,
               PhysicalDraw::tr("Rack elevations: %1").arg(qs(name)));
    p.setFont(font(6));
    p.drawText(QRectF(kPageMargin, 10, size.width() - 2 * kPageMargin, 14), Qt::AlignRight | Qt::AlignVCenter, PhysicalDraw::legend());
    for (std::size_t i = 0; i < rows.size(); ++i)
        PhysicalDraw::paintRacks(p, QRectF(kPageMargin, 32 + i * (rowH + 20), double(rows[i].size()) * stride - 8, rowH), rows[i]);
    p.end();
    if (!file.commit())
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
        PhysicalDraw::paintLabel(p, QRectF(left + c * (w + gapX), top + r * h, w, h), labels[i]);
    }
    p.end();
    if (!file.commit())
        return failed(path, PhysicalDraw::tr("cannot write: %1").arg(file.errorString()));
    return Ok{};
}

} // namespace cplan
