#include "l10n.h"

#include "cost/bom.h"
#include "model/tier.h"
#include "util/error.h"
#include "util/message.h"
#include "validate/validate.h"

#include <QCoreApplication>
#include <QTranslator>

#include <cmath>

namespace cplan {

QLocale localeForLanguage(const QString &language)
{
    if (language == QLatin1String("en"))
        return QLocale(QLocale::English, QLocale::UnitedStates);
    if (language == QLatin1String("zh_CN"))
        return QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China);
    return QLocale::system();
}

std::unique_ptr<QTranslator> loadTranslation(const QLocale &locale)
{
    // English is the source language: nothing to load. QTranslator::load(QLocale, ...) walks the
    // locale's UI languages (zh-Hans-CN, zh-CN, ...) and finds cluster-planner_zh_CN.qm.
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return nullptr;
    auto translator = std::make_unique<QTranslator>();
    if (!translator->load(locale, QStringLiteral("cluster-planner"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return nullptr;
    return translator;
}

QString engineText(const Message &message)
{
    if (message.format.empty())
        return {};
    // The translated template, filled by the engine's own one-pass substitution (UTF-8 is safe:
    // '%' and the digits are ASCII).
    const QByteArray format = QCoreApplication::translate("Engine", message.format.c_str()).toUtf8();
    return QString::fromStdString(fillTemplate(std::string_view(format.constData(), std::size_t(format.size())), message.args));
}

QString findingText(const Finding &finding)
{
    return finding.text.format.empty() ? QString::fromStdString(finding.message) : engineText(finding.text);
}

QString errorText(const Error &error)
{
    return error.text.format.empty() ? QString::fromStdString(error.message) : engineText(error.text);
}

namespace {

// The keys the engine uses, marked for lupdate under "Engine".
[[maybe_unused]] const char *const engineNames[] = {
    QT_TRANSLATE_NOOP("Engine", "server"),      QT_TRANSLATE_NOOP("Engine", "management"), QT_TRANSLATE_NOOP("Engine", "switch"),
    QT_TRANSLATE_NOOP("Engine", "hca"),         QT_TRANSLATE_NOOP("Engine", "cable"),      QT_TRANSLATE_NOOP("Engine", "transceiver"),
    QT_TRANSLATE_NOOP("Engine", "rack"),        QT_TRANSLATE_NOOP("Engine", "leaf"),       QT_TRANSLATE_NOOP("Engine", "spine"),
    QT_TRANSLATE_NOOP("Engine", "core"),        QT_TRANSLATE_NOOP("Engine", "tier %1"),    QT_TRANSLATE_NOOP("Engine", "node-leaf"),
    QT_TRANSLATE_NOOP("Engine", "leaf-spine"),  QT_TRANSLATE_NOOP("Engine", "spine-core"), QT_TRANSLATE_NOOP("Engine", "other"),
};

QString engineName(const std::string &key)
{
    return QCoreApplication::translate("Engine", key.c_str());
}

} // namespace

QString bomCategoryName(const std::string &category)
{
    return engineName(category);
}

QString tierName(const std::string &tier)
{
    return engineName(tier);
}

QString tierName(int level)
{
    const auto tier = tierFromLevel(level);
    if (tier && *tier != Tier::Endpoint)
        return engineName(toString(*tier));
    return QCoreApplication::translate("Engine", "tier %1").arg(level);
}

QString bomDescription(const BomLine &line)
{
    return line.description == kUnknownPartDescription ? engineName(line.description) : QString::fromStdString(line.description);
}

QString formatNumber(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

namespace {

QString currencySymbol(const QLocale &locale, const QString &currency)
{
    if (locale.currencySymbol(QLocale::CurrencyIsoCode) == currency)
        return locale.currencySymbol(QLocale::CurrencySymbol);
    if (currency == QLatin1String("USD"))
        return QStringLiteral("US$");
    if (currency == QLatin1String("EUR"))
        return QStringLiteral("€");
    if (currency == QLatin1String("GBP"))
        return QStringLiteral("£");
    if (currency == QLatin1String("CNY"))
        return QStringLiteral("CN¥");
    if (currency == QLatin1String("JPY"))
        return QStringLiteral("JP¥");
    return currency + QLatin1Char(' ');
}

// The locale money is written in: the interface's, except that the C locale (a system without a
// language, LANG=C) has no currency conventions ("27,237US$") and writes money as English does.
QLocale moneyLocale()
{
    const QLocale locale;
    return locale.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates) : locale;
}

} // namespace

QString formatMoney(double amount, const QString &currency, int decimals)
{
    const QLocale locale = moneyLocale();
    return locale.toCurrencyString(amount, currencySymbol(locale, currency), decimals);
}

QString formatMoney(double amount, const std::string &currency, int decimals)
{
    return formatMoney(amount, QString::fromStdString(currency.empty() ? std::string("USD") : currency), decimals);
}

QString formatMoneyShort(double amount, const QString &currency)
{
    const QLocale locale = moneyLocale();
    const double magnitude = std::abs(amount);
    if (magnitude < 1e6)
        return formatMoney(amount, currency);
    // Chinese counts in 万 (1e4) and 亿 (1e8), not in thousands and millions.
    double scaled;
    int decimals;
    QString suffix;
    if (locale.language() == QLocale::Chinese) {
        const bool yi = magnitude >= 1e8;
        scaled = amount / (yi ? 1e8 : 1e4);
        decimals = yi ? 2 : 1;
        suffix = yi ? QStringLiteral("亿") : QStringLiteral("万");
    } else {
        const bool billions = magnitude >= 1e9;
        scaled = amount / (billions ? 1e9 : 1e6);
        decimals = 2;
        suffix = billions ? QStringLiteral("B") : QStringLiteral("M");
    }
    // The suffix follows the number, wherever the locale puts the symbol ("$12.35M", "12,35M €").
    QString text = locale.toCurrencyString(scaled, currencySymbol(locale, currency), decimals);
    qsizetype lastDigit = text.size() - 1;
    while (lastDigit >= 0 && !text.at(lastDigit).isDigit())
        --lastDigit;
    // A symbol written right after the number keeps a space from the suffix ("471.55M US$", not
    // "471.55MUS$"), as in the long form when the locale spaces it.
    const qsizetype after = lastDigit + 1;
    const bool glued = after < text.size() && !text.at(after).isSpace() && text.at(after) != QLatin1Char(')');
    text.insert(after, glued ? suffix + QLatin1Char(' ') : suffix);
    return text;
}

} // namespace cplan
