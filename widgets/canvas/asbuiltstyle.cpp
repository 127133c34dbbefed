#include "asbuiltstyle.h"

namespace cplan {

QColor AsBuiltStyle::color(CableVerdict verdict)
{
    switch (verdict) {
    case CableVerdict::Ok: return QColor(0x70, 0x70, 0x70);
    case CableVerdict::Missing: return QColor(0xd0, 0x1c, 0x1c);        // red, dashed
    case CableVerdict::Unexpected: return QColor(0x8e, 0x24, 0xaa);     // purple
    case CableVerdict::Misconnected: return QColor(0xef, 0x6c, 0x00);   // orange
    case CableVerdict::Different: return QColor(0xc8, 0xa0, 0x00);      // amber: degraded
    }
    return Qt::black;
}

Qt::PenStyle AsBuiltStyle::penStyle(CableVerdict verdict)
{
    return verdict == CableVerdict::Missing ? Qt::DashLine : Qt::SolidLine;
}

QColor AsBuiltStyle::color(NodeVerdict verdict)
{
    switch (verdict) {
    case NodeVerdict::Missing: return color(CableVerdict::Missing);
    case NodeVerdict::Unexpected: return color(CableVerdict::Unexpected);
    case NodeVerdict::DifferentPart: return QColor(0x15, 0x65, 0xc0);   // blue
    }
    return Qt::black;
}

QString AsBuiltStyle::name(CableVerdict verdict)
{
    switch (verdict) {
    case CableVerdict::Ok: return tr("OK");
    case CableVerdict::Missing: return tr("Missing");
    case CableVerdict::Unexpected: return tr("Unexpected");
    case CableVerdict::Misconnected: return tr("Misconnected");
    case CableVerdict::Different: return tr("Degraded");
    }
    return {};
}

QString AsBuiltStyle::name(NodeVerdict verdict)
{
    switch (verdict) {
    case NodeVerdict::Missing: return tr("Node missing");
    case NodeVerdict::Unexpected: return tr("Node unexpected");
    case NodeVerdict::DifferentPart: return tr("Different part");
    }
    return {};
}

namespace {

QString endText(const VerifyEnd &e)
{
    return QString::fromStdString(e.device) + QLatin1Char(' ') + QString::fromStdString(e.portLabel);
}

} // namespace

QString AsBuiltStyle::describe(const CableFinding &c, const QString &swappedWith)
{
    switch (c.verdict) {
    case CableVerdict::Ok:
        return tr("As planned.");
    case CableVerdict::Missing:
        return tr("Planned, not found.");
    case CableVerdict::Unexpected:
        return tr("Found between %1 and %2, not planned.").arg(endText(c.foundA), endText(c.foundB));
    case CableVerdict::Misconnected: {
        const VerifyEnd &right = c.rightEnd == 0 ? c.plannedA : c.plannedB;
        const VerifyEnd &wrong = c.rightEnd == 0 ? c.plannedB : c.plannedA;
        const VerifyEnd &at = c.rightEnd == 0 ? c.foundB : c.foundA;
        QString s = tr("The cable at %1 ends at %2 instead of %3.").arg(endText(right), endText(at), endText(wrong));
        if (c.swapWith >= 0)
            s += QLatin1Char(' ') + (swappedWith.isEmpty() ? tr("Swapped with another cable.") : tr("Swapped with %1.").arg(swappedWith));
        return s;
    }
    case CableVerdict::Different:
        return tr("Runs at %1 (%2 Gb/s), planned %3 (%4 Gb/s).")
            .arg(QString::fromStdString(c.foundRate))
            .arg(c.foundGbps)
            .arg(QString::fromStdString(c.plannedRate))
            .arg(c.plannedGbps);
    }
    return {};
}

QString AsBuiltStyle::describe(const NodeFinding &n)
{
    switch (n.verdict) {
    case NodeVerdict::Missing:
        return tr("Planned (%1), not found.").arg(QString::fromStdString(n.plannedPart));
    case NodeVerdict::Unexpected:
        return tr("Found (%1), not planned.").arg(QString::fromStdString(n.foundPart));
    case NodeVerdict::DifferentPart:
        return tr("Planned %1, found %2.").arg(QString::fromStdString(n.plannedPart), QString::fromStdString(n.foundPart));
    }
    return {};
}

} // namespace cplan
