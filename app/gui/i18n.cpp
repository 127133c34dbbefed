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

void installTranslations(QApplication &app)
{
    const QLocale locale = localeForLanguage(languageSetting());
    QLocale::setDefault(locale);
    // A language we do not have (or English): English throughout, Qt's dialogs included.
    std::unique_ptr<QTranslator> ours = loadTranslation(locale);
    if (!ours)
        return;
    ours->setParent(&app);
    QCoreApplication::installTranslator(ours.release());

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

} // namespace cplan
