#include "rackpainter.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

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
QString unknownTail(std::size_t n) { return n ? RackPainter::tr(" (+%n unknown)", "", int(n)) : QString(); }

constexpr double kTitleH = 26;
constexpr double kGutter = 14;          // U numbers left of the frame
constexpr double kBudgetLineH = 9;

} // namespace

QStringList RackPainter::budgetLines(const RackBudget &b)
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

QRectF RackPainter::frameRect(const QRectF &area, const RackElevation &rack)
{
    const double lines = double(budgetLines(rack.budget).size()) + 1.5;   // and the "without a U" line
    return QRectF(area.left() + kGutter, area.top() + kTitleH, area.width() - kGutter,
                  area.height() - kTitleH - kBudgetLineH * lines);
}

QRectF RackPainter::deviceRect(const QRectF &frame, const RackElevation &rack, int u, int heightU)
{
    const double pitch = frame.height() / std::max(1, rack.heightU);
    return QRectF(frame.left() + 2, frame.bottom() - (u - 1 + heightU) * pitch, frame.width() - 4, heightU * pitch);
}

void RackPainter::paintDevice(QPainter &p, const QRectF &box, const ElevationItem &item)
{
    p.save();
    QPen pen(QColor(0x44, 0x44, 0x44), 0.8);
    if (!item.heightKnown)
        pen.setStyle(Qt::DashLine);
    p.setPen(pen);
    p.setBrush(roleColour(item.role));
    p.drawRect(box);
    p.setPen(Qt::black);
    const double fontPt = std::clamp(box.height() * 0.55, 3.5, 6.5);
    p.setFont(font(fontPt, true));
    // A dashed outline marks an unknown height (the legend says so); "?" in small boxes.
    const QFontMetricsF m(p.font());
    QString text = m.elidedText(qs(item.name) + (item.heightKnown ? QString() : QStringLiteral(" ?")), Qt::ElideRight, box.width() - 4);
    if (box.height() >= 4 * fontPt)
        text += QLatin1Char('\n') + m.elidedText(qs(item.model), Qt::ElideRight, box.width() - 4);
    p.drawText(box.adjusted(2, 0, -2, 0), Qt::AlignCenter, text);
    p.restore();
}

void RackPainter::paintRack(QPainter &p, const QRectF &area, const RackElevation &rack, bool withDevices)
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

    const QRectF frame = frameRect(area, rack);
    const double pitch = frame.height() / std::max(1, rack.heightU);
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
    if (withDevices)
        for (const ElevationItem &item : rack.items)
            paintDevice(p, deviceRect(frame, rack, item.u, item.heightU), item);
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

QString RackPainter::legend()
{
    return tr("Blue servers, green switches, orange management; dashed with \"?\": height unknown, drawn 1U. Power: nameplate "
              "maximum; heat = power (1 W = 3.412 BTU/h); \"/ X\": the rack's budget.");
}

void RackPainter::paintRacks(QPainter &p, const QRectF &area, const std::vector<RackElevation> &racks)
{
    if (racks.empty())
        return;
    const double gap = kColumnGap;
    const double w = std::min(kRackColumnW * 1.4, (area.width() - gap * double(racks.size() - 1)) / double(racks.size()));
    for (std::size_t i = 0; i < racks.size(); ++i)
        paintRack(p, QRectF(area.left() + i * (w + gap), area.top(), w, area.height()), racks[i]);
}

void RackPainter::paintLabel(QPainter &p, const QRectF &area, const CableLabel &label)
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

} // namespace cplan
