#include "reportformat.h"

#include "l10n.h"

#include "analysis/keyfigures.h"

#include <cmath>

namespace cplan {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString number(double v, int decimals)
{
    return formatNumber(v, decimals);
}

QString money(double v, const std::string &currency)
{
    return formatMoney(v, currency);
}

// A blocking or oversubscription ratio in the one wording of the key figures:
// "non-blocking (1:1)", "2:1", "1.33:1".
QString ratioText(double x)
{
    return engineText(blockingWording(x));
}

QString capitalized(QString s)
{
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

QString durationText(double s)
{
    if (s <= 0)
        return QStringLiteral("0");
    if (s < 1e-3)
        return number(s * 1e6, 1) + QStringLiteral(" µs");
    if (s < 1)
        return number(s * 1e3, 1) + QStringLiteral(" ms");
    if (s < 120)
        return number(s, 1) + QStringLiteral(" s");
    if (s < 7200)
        return number(s / 60, 1) + QStringLiteral(" min");
    return number(s / 3600, 1) + QStringLiteral(" h");
}

QString percentText(double share, int decimals)
{
    return number(100 * share, decimals) + QStringLiteral("%");
}

QString byteSizeText(double bytes)
{
    static const char *const units[] = {"GiB", "MiB", "KiB"};
    double scale = double(1ull << 30);
    for (const char *unit : units) {
        if (bytes >= scale && std::fmod(bytes, scale) == 0)
            return number(bytes / scale) + QLatin1Char(' ') + QLatin1String(unit);
        scale /= 1024;
    }
    return number(bytes) + QStringLiteral(" B");
}

} // namespace cplan
