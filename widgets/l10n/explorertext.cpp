#include "explorertext.h"

#include "l10n.h"

#include "analysis/keyfigures.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace cplan {

QString keyFigureLabel(std::string_view id)
{
    if (const KeyFigureInfo *info = findKeyFigure(id))
        return QCoreApplication::translate("KeyFigures", info->label);
    return QString::fromUtf8(id.data(), qsizetype(id.size()));
}

namespace {

// The texts below are marked for lupdate under "KeyFigures", with the titles (keyfigures.cpp).
QString text(const char *source)
{
    return QCoreApplication::translate("KeyFigures", source);
}

QString valueText(Unit unit, double v, const std::string &currency)
{
    switch (unit) {
    case Unit::Money: return formatMoneyShort(v, QString::fromStdString(currency));
    case Unit::Watts: return text(QT_TRANSLATE_NOOP("KeyFigures", "%1 kW")).arg(formatNumber(v / 1000, 1));
    case Unit::Gbps: return text(QT_TRANSLATE_NOOP("KeyFigures", "%1 Tb/s")).arg(formatNumber(v / 1000, 1));
    case Unit::GBps: return text(QT_TRANSLATE_NOOP("KeyFigures", "%1 GB/s")).arg(formatNumber(v, 1));
    case Unit::Nanoseconds: return text(QT_TRANSLATE_NOOP("KeyFigures", "%1 ns")).arg(formatNumber(v, 0));
    case Unit::Seconds:
        return v < 10 ? text(QT_TRANSLATE_NOOP("KeyFigures", "%1 ms")).arg(formatNumber(v * 1000, 2))
                      : text(QT_TRANSLATE_NOOP("KeyFigures", "%1 s")).arg(formatNumber(v, 2));
    case Unit::Fraction: return QStringLiteral("%1 %").arg(formatNumber(v * 100, 1));
    case Unit::Ratio: return QStringLiteral("%1:1").arg(QLocale().toString(v, 'g', 3));
    case Unit::Verdict: return v > 0.5 ? text(QT_TRANSLATE_NOOP("KeyFigures", "yes")) : text(QT_TRANSLATE_NOOP("KeyFigures", "no"));
    case Unit::RackUnits: return text(QT_TRANSLATE_NOOP("KeyFigures", "%1 U")).arg(formatNumber(v, 0));
    case Unit::Count: break;
    }
    return formatNumber(v, 0);
}

} // namespace

QString keyFigureText(const KeyFigure &f, const std::string &currency, MoneyForm form)
{
    // A total that misses every price is unknown, not zero; one that misses some is a floor. A
    // cost figure short of a price says how many lines it rests on (cost/coverage.h).
    QString shown;
    if (!f.value || (f.lowerBound() && *f.value <= 0))
        shown = text(QT_TRANSLATE_NOOP("KeyFigures", "unknown"));
    else if (f.unit() == Unit::Money && form == MoneyForm::Full)
        shown = formatMoney(*f.value, currency);
    else if (isBlockingFigure(f.id()))   // "non-blocking (1:1)", "1.76:1": the one wording
        shown = engineText(blockingWording(*f.value));
    else
        shown = valueText(f.unit(), *f.value, currency);
    if (f.lowerBound() && *f.value > 0)
        shown = text(QT_TRANSLATE_NOOP("KeyFigures", "≥ ")) + shown;
    if (!f.priced || f.priced->complete())
        return shown;
    return text(QT_TRANSLATE_NOOP("KeyFigures", "%1 (%2 of %3 lines priced)"))
        .arg(shown, formatNumber(f.priced->priced), formatNumber(f.priced->lines));
}

QString figureTitle(const std::string &name)
{
    const KeyFigureInfo *info = findKeyFigure(name);
    if (!info)
        return QString::fromStdString(name);
    switch (info->unit) {
    case Unit::Watts:
    case Unit::Gbps:
    case Unit::GBps:
    case Unit::Nanoseconds:
    case Unit::Seconds:
        return text(QT_TRANSLATE_NOOP("KeyFigures", "%1 (%2)")).arg(keyFigureLabel(name), QString::fromLatin1(unitSymbol(info->unit)));
    default:
        return keyFigureLabel(name);
    }
}

QString figureText(const std::string &name, double value)
{
    const KeyFigureInfo *info = findKeyFigure(name);
    const Unit unit = info ? info->unit : Unit::Count;
    if (unit == Unit::Money)
        return formatMoney(value);
    if (unit == Unit::Fraction)
        return formatNumber(value, 3);
    if (unit == Unit::Ratio)
        return formatNumber(value, 2);
    if (std::fabs(value) >= 1000 || value == std::floor(value))
        return formatNumber(value, 0);
    // Times and small rates: four significant digits.
    const int decimals = std::clamp(3 - int(std::floor(std::log10(std::max(std::fabs(value), 1e-12)))), 0, 9);
    return formatNumber(value, decimals);
}

} // namespace cplan
