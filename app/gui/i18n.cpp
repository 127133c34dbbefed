#include "i18n.h"

#include "retranslate.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QMenu>
#include <QPointer>
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

namespace {

QPointer<QTranslator> g_qtTranslator;   // Qt's own strings in the interface language

// Makes `language` the interface's: the locale for numbers and money, our translation (through
// the noting translator, which tells the windows: QEvent::LanguageChange) and Qt's own.
void useLanguage(const QString &language)
{
    const QLocale locale = localeForLanguage(language);
    QLocale::setDefault(locale);
    if (g_qtTranslator) {
        QCoreApplication::removeTranslator(g_qtTranslator);
        delete g_qtTranslator;
    }
    // Qt's own strings (standard buttons, file dialogs, shortcuts) come from Qt's translations,
    // a separate package on Debian (qt6-translations-l10n); without it they stay in English.
    std::unique_ptr<QTranslator> ours = loadTranslation(locale);
    if (ours) {
        auto *qt = new QTranslator(QCoreApplication::instance());
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt);
            g_qtTranslator = qt;
        } else {
            delete qt;
        }
        ours->setParent(QCoreApplication::instance());
    }
    // A language we do not have (or English): English throughout, Qt's dialogs included.
    setNotedTranslation(ours.release());
}

// Sets the window's texts again when the language changes (retranslate.h).
class LanguageFollower : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange && watched->isWidgetType())
            retranslateWidgets(static_cast<QWidget *>(watched));
        return false;
    }
};

} // namespace

void installTranslations(QApplication &app)
{
    installNotingTranslator(&app);   // first: it notes every translation the windows are built with
    useLanguage(languageSetting());
}

void applyLanguage(const QString &language)
{
    setLanguageSetting(language);
    useLanguage(languageSetting());
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

    // The change applies at once: the window sets its texts again (retranslate.h).
    QObject::connect(group, &QActionGroup::triggered, menu, [](QAction *action) {
        const QString value = action->data().toString();
        if (value != languageSetting())
            applyLanguage(value);
    });
    if (parent)
        parent->installEventFilter(new LanguageFollower(menu));
    return menu;
}

} // namespace cplan
