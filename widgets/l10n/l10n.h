#pragma once

#include <QLocale>
#include <QString>

#include <memory>
#include <string>

class QTranslator;

namespace cplan {

struct BomLine;
struct Error;
struct Finding;
struct Message;

// Localized text for what the engine produces, shared by the editor, the main window and the
// PDF report (library cplan_l10n, Qt Core only). Numbers and money follow QLocale's default.

// The locale for a language setting: "en", "zh_CN", or anything else ("system") for the system's.
QLocale localeForLanguage(const QString &language);

// Our translation (embedded under :/i18n) for `locale`, to install with
// QCoreApplication::installTranslator. Null for English, the source language, and for a language
// we have no translation of.
std::unique_ptr<QTranslator> loadTranslation(const QLocale &locale);

// An engine sentence (validation finding, generator note) in the interface language: the
// template is looked up in the context "Engine" (see core/util/message.h) and the arguments
// filled in. Without a translation, the English text.
QString engineText(const Message &message);
QString findingText(const Finding &finding);
QString errorText(const Error &error); // the message alone, without file and line

// Names the engine uses as keys, in the interface language.
QString bomCategoryName(const std::string &category); // server, switch, hca, cable, ...
QString tierName(const std::string &tier);            // leaf, spine, core; node-leaf, leaf-spine, spine-core, other
QString tierName(int level);                          // a switch level: 1 leaf, 2 spine, 3 core, else "tier N"
QString bomDescription(const BomLine &line);          // vendor and model, or "unknown part"

// Numbers and money in the interface locale: group separators and decimal point follow it.
// `currency` is an ISO 4217 code ("USD"); the locale's own symbol is used when it is the locale's
// currency, an unambiguous one otherwise ("US$" in zh_CN). Every front end writes money through
// these two, and they place the symbol alike: "$27,237" and "$9.26M" in English (and in the C
// locale, which has no money conventions of its own), "US$27,237" and "US$3,139.2万" in Chinese.
QString formatNumber(double value, int decimals = 0);
QString formatMoney(double amount, const QString &currency = QStringLiteral("USD"), int decimals = 0);
QString formatMoney(double amount, const std::string &currency, int decimals = 0);
// Large amounts shortened the way the locale reads them: "$12.35M" in English, "US$1,234.6万"
// (ten-thousands) or "US$3.46亿" in Chinese. Below a million, the same as formatMoney.
QString formatMoneyShort(double amount, const QString &currency = QStringLiteral("USD"));

} // namespace cplan
