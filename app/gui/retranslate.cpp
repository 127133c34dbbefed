#include "retranslate.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPointer>
#include <QToolBar>
#include <QTranslator>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QWidget>

#include <mutex>
#include <ranges>

namespace cplan {

namespace {

struct Source
{
    QByteArray context, text, disambiguation;
};

// Hands out our translation (or nothing, for English) and notes what each text was translated from.
class NotingTranslator : public QTranslator
{
public:
    using QTranslator::QTranslator;

    QString translate(const char *context, const char *sourceText, const char *disambiguation, int n) const override
    {
        if (!context || !sourceText)
            return QString();
        const std::lock_guard<std::mutex> lock(m_mutex);
        const QString t = m_inner ? m_inner->translate(context, sourceText, disambiguation, n) : QString();
        const QString key = t.isEmpty() ? QString::fromUtf8(sourceText) : t;
        if (!m_sources.contains(key))
            m_sources.insert(key, Source{context, sourceText, disambiguation});
        return t;
    }
    bool isEmpty() const override { return false; }

    void setInner(QTranslator *inner)
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (m_inner && m_inner != inner)
            m_inner->deleteLater();
        m_inner = inner;
    }
    std::optional<Source> source(const QString &text) const
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        const auto it = m_sources.constFind(text);
        return it == m_sources.cend() ? std::nullopt : std::optional<Source>(*it);
    }

private:
    mutable std::mutex m_mutex;
    QPointer<QTranslator> m_inner;
    mutable QHash<QString, Source> m_sources;
};

QPointer<NotingTranslator> g_noting;

QString translated(const Source &s)
{
    return QCoreApplication::translate(s.context.constData(), s.text.constData(),
                                       s.disambiguation.isEmpty() ? nullptr : s.disambiguation.constData());
}

// What each text of each widget was last translated from. Two sources can share a translation
// ("Part" and "Parts" are both 部件): looked up by its text alone, the Inspector's "Part" came
// back from Chinese as "Parts". A text still as it was set goes back to its own source.
struct Shown
{
    Source source;
    QString text;
};
QHash<QPair<const void *, QString>, Shown> g_shown;

template<class Get, class Set>
void again(const void *owner, const QString &role, Get get, Set set)
{
    const QString text = get();
    if (text.isEmpty() || !g_noting)
        return;
    const auto key = qMakePair(owner, role);
    const auto it = g_shown.constFind(key);
    const std::optional<Source> s =
        it != g_shown.cend() && it->text == text ? std::optional<Source>(it->source) : g_noting->source(text);
    if (!s)
        return;
    const QString t = translated(*s);
    g_shown.insert(key, Shown{*s, t});
    if (t != text)
        set(t);
}

void retranslateItem(QTreeWidgetItem *item)
{
    for (int col : std::views::iota(0, item->columnCount()))
        again(item, QStringLiteral("column %1").arg(col), [item, col] { return item->text(col); },
              [item, col](const QString &t) { item->setText(col, t); });
}

void retranslateTree(QTreeWidget *tree)
{
    if (QTreeWidgetItem *header = tree->headerItem())
        retranslateItem(header);
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
        retranslateItem(*it);
}

} // namespace

void installNotingTranslator(QObject *app)
{
    if (g_noting)
        return;
    g_noting = new NotingTranslator(app);
    QCoreApplication::installTranslator(g_noting);
}

void setNotedTranslation(QObject *translator)
{
    if (!g_noting)
        installNotingTranslator(QCoreApplication::instance());
    g_noting->setInner(qobject_cast<QTranslator *>(translator));
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(QCoreApplication::instance(), &change);
}

std::optional<QString> translatedAgain(const QString &text)
{
    if (!g_noting)
        return std::nullopt;
    const std::optional<Source> s = g_noting->source(text);
    if (!s)
        return std::nullopt;
    return translated(*s);
}

void retranslateWidgets(QWidget *root)
{
    const auto actions = root->findChildren<QAction *>();
    for (QAction *a : actions) {
        again(a, QStringLiteral("text"), [a] { return a->text(); }, [a](const QString &t) { a->setText(t); });
        again(a, QStringLiteral("toolTip"), [a] { return a->toolTip(); }, [a](const QString &t) { a->setToolTip(t); });
        again(a, QStringLiteral("iconText"), [a] { return a->iconText(); }, [a](const QString &t) { a->setIconText(t); });
    }
    const auto widgets = root->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        again(w, QStringLiteral("toolTip"), [w] { return w->toolTip(); }, [w](const QString &t) { w->setToolTip(t); });
        if (auto *m = qobject_cast<QMenu *>(w))
            again(m, QStringLiteral("title"), [m] { return m->title(); }, [m](const QString &t) { m->setTitle(t); });
        else if (qobject_cast<QDockWidget *>(w) || qobject_cast<QToolBar *>(w))
            again(w, QStringLiteral("windowTitle"), [w] { return w->windowTitle(); },
                  [w](const QString &t) { w->setWindowTitle(t); });
        else if (auto *l = qobject_cast<QLabel *>(w))
            again(l, QStringLiteral("text"), [l] { return l->text(); }, [l](const QString &t) { l->setText(t); });
        else if (auto *b = qobject_cast<QAbstractButton *>(w))
            again(b, QStringLiteral("text"), [b] { return b->text(); }, [b](const QString &t) { b->setText(t); });
        else if (auto *g = qobject_cast<QGroupBox *>(w))
            again(g, QStringLiteral("title"), [g] { return g->title(); }, [g](const QString &t) { g->setTitle(t); });
        else if (auto *c = qobject_cast<QComboBox *>(w))
            for (int i = 0; i < c->count(); ++i)
                again(c, QStringLiteral("item %1").arg(i), [c, i] { return c->itemText(i); },
                      [c, i](const QString &t) { c->setItemText(i, t); });
        else if (auto *e = qobject_cast<QLineEdit *>(w))   // "Search parts…"
            again(e, QStringLiteral("placeholder"), [e] { return e->placeholderText(); },
                  [e](const QString &t) { e->setPlaceholderText(t); });
        else if (auto *tree = qobject_cast<QTreeWidget *>(w))   // the palette's sections, the column titles
            retranslateTree(tree);
    }
}

} // namespace cplan
