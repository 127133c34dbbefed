#pragma once

#include "l10n.h" // localeForLanguage, formatNumber, formatMoney, formatMoneyShort

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

// Loads our translation (embedded under :/i18n) and Qt's own (qtbase, from Qt's translations
// directory when the package is installed) for the chosen language, and makes that locale the
// default so that numbers and money are formatted to match. Call once, before any window exists.
void installTranslations(QApplication &app);

// Stores the choice and applies it now: the locale, our translation and Qt's; open windows get
// QEvent::LanguageChange.
void applyLanguage(const QString &language);

// A "Language" menu (System / English / 简体中文) that applies and stores the choice. `parent`,
// the window, sets its menus, dock titles, labels and buttons again in the new language
// (retranslate.h); figures composed with text follow at their next refresh.
QMenu *createLanguageMenu(QWidget *parent);

} // namespace cplan
