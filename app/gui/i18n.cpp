#include "i18n.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTranslator>

#include <cmath>

namespace cplan {

namespace {

const QString languageKey = QStringLiteral("language");
const QString systemLanguage = QStringLiteral("system");

} // namespace

// The translation context of the Language menu.
class LanguageMenu
{
    Q_DECLARE_TR_FUNCTIONS(cplan::LanguageMenu)
};

// Texts that widgets/analysis.cpp and widgets/wirecheck.cpp translate at run time through
// helper functions (trA(text), a static tr(text)) that lupdate cannot follow: it misses the
// first and files the second under the context "cplan". Marking them here puts them in the .ts
// under the contexts the code looks them up in. Remove an entry once its call site is marked
// with QT_TRANSLATE_NOOP itself; tst_i18n fails when a text there has no translation.
[[maybe_unused]] const char *const runtimeTexts[] = {
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "Analysis done"),
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "Routing"),
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "Bisection and latency"),
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "Simulating %1"),
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "%1 flows have no route"),
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "Checking design rules"),
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "Pricing"),
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "Applying failures"),
    QT_TRANSLATE_NOOP("cplan::AnalysisRunner", "Link utilization, latency and bisection need the routing engine "
                                               "(core/routing), which is not in this build yet."),
    QT_TRANSLATE_NOOP("cplan::WireCheck", "unknown node"),
    QT_TRANSLATE_NOOP("cplan::WireCheck", "both ends are on the same node"),
    QT_TRANSLATE_NOOP("cplan::WireCheck", "no such port"),
    QT_TRANSLATE_NOOP("cplan::WireCheck", "%1:%2 is already wired (%3)"),
    QT_TRANSLATE_NOOP("cplan::WireCheck", "speed mismatch: %1 to %2, the link runs at %3"),
    QT_TRANSLATE_NOOP("cplan::WireCheck", "adapter to adapter (back-to-back) link"),
    QT_TRANSLATE_NOOP("cplan::WireCheck", "no cable in the catalog reaches %1 m at %2"),
};

QString languageSetting()
{
    const QString value = QSettings().value(languageKey, systemLanguage).toString();
    if (value == QLatin1String("en") || value == QLatin1String("zh_CN"))
        return value;
    return systemLanguage;
}

void setLanguageSetting(const QString &language)
{
    QSettings().setValue(languageKey, language);
}

QLocale localeForLanguage(const QString &language)
{
    if (language == QLatin1String("en"))
        return QLocale(QLocale::English, QLocale::UnitedStates);
    if (language == QLatin1String("zh_CN"))
        return QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China);
    return QLocale::system();
}

void installTranslations(QApplication &app)
{
    const QLocale locale = localeForLanguage(languageSetting());
    QLocale::setDefault(locale);

    // English is the source language: nothing to load. QTranslator::load(QLocale, ...) walks the
    // locale's UI languages (zh-Hans-CN, zh-CN, ...) and finds cluster-planner_zh_CN.qm.
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return;

    auto *ours = new QTranslator(&app);
    if (!ours->load(locale, QStringLiteral("cluster-planner"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete ours; // a language we do not have: English throughout, Qt's dialogs included
        return;
    }
    QCoreApplication::installTranslator(ours);

    // Qt's own strings (standard buttons, file dialogs, shortcuts) come from Qt's translations,
    // a separate package on Debian (qt6-translations-l10n); without it they stay in English.
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
}

QMenu *createLanguageMenu(QWidget *parent)
{
    auto *menu = new QMenu(LanguageMenu::tr("&Language"), parent);
    menu->setObjectName(QStringLiteral("languageMenu"));
    auto *group = new QActionGroup(menu);
    group->setExclusive(true);

    // Language names are written in their own language, so that a user who cannot read the
    // current one still finds theirs.
    const struct {
        QString value;
        QString label;
    } choices[] = {
        {systemLanguage, LanguageMenu::tr("System")},
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
    };
    const QString current = languageSetting();
    for (const auto &choice : choices) {
        QAction *action = menu->addAction(choice.label);
        action->setCheckable(true);
        action->setChecked(choice.value == current);
        action->setData(choice.value);
        group->addAction(action);
    }

    QObject::connect(group, &QActionGroup::triggered, menu, [parent](QAction *action) {
        const QString value = action->data().toString();
        if (value == languageSetting())
            return;
        setLanguageSetting(value);
        // Our widgets build their texts once; rather than half-translate a running window, the
        // change applies on the next start. Window-modal and non-blocking.
        auto *box = new QMessageBox(QMessageBox::Information, LanguageMenu::tr("Language"),
                                    LanguageMenu::tr("The language changes the next time Cluster Planner starts."),
                                    QMessageBox::Ok, parent);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    return menu;
}

QString formatNumber(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

namespace {

QString currencySymbol(const QLocale &locale, const QString &currency)
{
    QString symbol;
    if (locale.currencySymbol(QLocale::CurrencyIsoCode) == currency)
        symbol = locale.currencySymbol(QLocale::CurrencySymbol);
    else if (currency == QLatin1String("USD"))
        symbol = QStringLiteral("US$");
    else if (currency == QLatin1String("EUR"))
        symbol = QStringLiteral("€");
    else if (currency == QLatin1String("GBP"))
        symbol = QStringLiteral("£");
    else if (currency == QLatin1String("CNY"))
        symbol = QStringLiteral("CN¥");
    else if (currency == QLatin1String("JPY"))
        symbol = QStringLiteral("JP¥");
    else
        symbol = currency + QLatin1Char(' ');
    return symbol;
}

} // namespace

QString formatMoney(double amount, const QString &currency, int decimals)
{
    const QLocale locale;
    return locale.toCurrencyString(amount, currencySymbol(locale, currency), decimals);
}

QString formatMoneyShort(double amount, const QString &currency)
{
    const QLocale locale;
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
    text.insert(lastDigit + 1, suffix);
    return text;
}

} // namespace cplan
