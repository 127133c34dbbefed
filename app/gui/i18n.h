#pragma once

#include <QLocale>
#include <QString>

class QApplication;
class QMenu;
class QWidget;

namespace cplan {

// The user interface language: the system locale unless the user picked one in the Language
// menu. The choice is stored in QSettings under "language" as "system", "en" or "zh_CN".
QString languageSetting();
void setLanguageSetting(const QString &language);

// The locale the interface runs in for a setting ("system", "en", "zh_CN"; anything else means
// the system locale).
QLocale localeForLanguage(const QString &language);

// Loads our translation (embedded under :/i18n) and Qt's own (qtbase, from Qt's translations
// directory when the package is installed) for the chosen language, and makes that locale the
// default so that numbers and money are formatted to match. Call once, before any window exists.
void installTranslations(QApplication &app);

// A "Language" menu (System / English / 简体中文) that stores the choice; it takes effect the next
// time the application starts, which the menu tells the user.
QMenu *createLanguageMenu(QWidget *parent);

// Numbers and money in the interface locale (QLocale's default): group separators and decimal
// point follow the locale. `currency` is an ISO 4217 code ("USD"); the locale's own symbol is used
// when it is the locale's currency, an unambiguous one otherwise ("US$" in zh_CN).
QString formatNumber(double value, int decimals = 0);
// (No default for `currency`: widgets/metricsview.h has a formatMoney(double) of its own.)
QString formatMoney(double amount, const QString &currency, int decimals = 0);
// Large amounts shortened the way the locale reads them: "$12.35M" in English, "US$1,234.57万"
// (ten-thousands) or "US$1.23亿" in Chinese. Below a million, the same as formatMoney.
QString formatMoneyShort(double amount, const QString &currency);

} // namespace cplan
