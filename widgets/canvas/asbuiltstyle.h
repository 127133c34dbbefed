#pragma once

#include "verify/verify.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace cplan {

// How a comparison with the as-built fabric looks, in one place for the canvas overlay, its
// legend and the Differences dock: a colour and a line style per verdict, translated names.
struct AsBuiltStyle
{
    Q_DECLARE_TR_FUNCTIONS(cplan::AsBuiltStyle)

public:
    static QColor color(CableVerdict verdict);
    static Qt::PenStyle penStyle(CableVerdict verdict);   // missing: dashed
    static QColor color(NodeVerdict verdict);
    static QString name(CableVerdict verdict);            // "Missing", "Misconnected", ...
    static QString name(NodeVerdict verdict);
    // One sentence for the dock; a swapped pair names the other cable (its label).
    static QString describe(const CableFinding &finding, const QString &swappedWith = {});
    static QString describe(const NodeFinding &finding);
};

} // namespace cplan
