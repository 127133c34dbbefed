// The manual (issue 27 item 4): Help ▸ Manual lists every page of resources/manual/ and shows
// each with its text; links between pages navigate; README.md stays short and, like index.md,
// links every page.
#include "mainwindow.h"
#include "manualdialog.h"

#include "fixtures.h"
#include "testmain.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTextBrowser>
#include <QUrl>

using namespace cplan;

namespace {

QString sourcePath(const QString &relative)
{
    return QStringLiteral(CPLAN_SOURCE_DIR "/") + relative;
}

QStringList manualFiles()
{
    return QDir(sourcePath(QStringLiteral("resources/manual")))
        .entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
}

QString readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// The ".md" targets of a Markdown text's links, with the path as written (fragment dropped).
QSet<QString> linkTargets(const QString &text)
{
    QSet<QString> targets;
    static const QRegularExpression link(QStringLiteral(R"(\]\(([^)#\s]+\.md)(#[^)]*)?\))"));
    for (auto it = link.globalMatch(text); it.hasNext();)
        targets.insert(it.next().captured(1));
    return targets;
}

} // namespace

class TestManual : public QObject
{
    Q_OBJECT

private slots:
    void everyPageListedAndLoads()
    {
        const QStringList files = manualFiles();
        QVERIFY2(files.size() >= 10, qPrintable(QStringLiteral("%1 manual pages").arg(files.size())));
        ManualDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.pageList()->count(), files.size());
        QCOMPARE(dialog.pageList()->item(0)->data(Qt::UserRole).toString(), QStringLiteral("index.md"));
        for (const QString &name : files) {
            QVERIFY2(dialog.openPage(name), qPrintable(name + QStringLiteral(" is not listed")));
            QCOMPARE(dialog.currentPage(), name);
            const QString shown = dialog.browser()->toPlainText();
            QVERIFY2(shown.trimmed().size() > 100, qPrintable(name + QStringLiteral(" shows no text")));
            // The built-in page is the one in the source tree: its title is the first heading.
            const QString source = readText(sourcePath(QStringLiteral("resources/manual/") + name));
            const QString title = source.section(QLatin1Char('\n'), 0, 0).mid(2).trimmed();
            QVERIFY2(source.startsWith(QLatin1String("# ")), qPrintable(name + QStringLiteral(" starts without a title")));
            QCOMPARE(ManualDialog::pageTitle(name), title);
            QVERIFY2(shown.contains(title), qPrintable(name));
        }
        QVERIFY(!dialog.openPage(QStringLiteral("no-such-page.md")));
        // Every title whole in the contents list (two were cut, under a scroll bar: pre-sales day).
        const QListWidget *list = dialog.pageList();
        for (int i = 0; i < list->count(); ++i)
            QVERIFY2(list->visualItemRect(list->item(i)).right() <= list->viewport()->width(),
                     qPrintable(list->item(i)->text()));
    }

    void linksBetweenPagesNavigate()
    {
        ManualDialog dialog;
        QVERIFY(dialog.openPage(QStringLiteral("index.md")));
        emit dialog.browser()->anchorClicked(QUrl(QStringLiteral("engine.md")));
        QCOMPARE(dialog.currentPage(), QStringLiteral("engine.md"));
        QCOMPARE(dialog.pageList()->currentItem()->data(Qt::UserRole).toString(), QStringLiteral("engine.md"));
        emit dialog.browser()->anchorClicked(QUrl(QStringLiteral("deliverables.md#topology-for-schedulers")));
        QCOMPARE(dialog.currentPage(), QStringLiteral("deliverables.md"));
        // A file outside the manual is named, not opened: the page stays.
        emit dialog.browser()->anchorClicked(QUrl(QStringLiteral("../../core/README.md")));
        QCOMPARE(dialog.currentPage(), QStringLiteral("deliverables.md"));
    }

    void helpMenuOpensIt()
    {
        MainWindow window(test::builtinCatalog());
        window.setAutosaveEnabled(false);
        QAction *manual = nullptr;
        for (QAction *top : window.menuBar()->actions()) {
            if (!top->menu())
                continue;
            for (QAction *a : top->menu()->actions()) {
                if (a->text() == QStringLiteral("&Manual"))
                    manual = a;
            }
        }
        QVERIFY(manual);
        manual->trigger();
        auto *dialog = window.findChild<ManualDialog *>(QStringLiteral("ManualDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        manual->trigger();   // a second time raises the same one
        QCOMPARE(window.findChildren<ManualDialog *>().size(), 1);
        dialog->close();
    }

    void readmeShortAndMapsEveryPage()
    {
        const QString readme = readText(sourcePath(QStringLiteral("README.md")));
        QVERIFY(!readme.isEmpty());
        const int lines = readme.count(QLatin1Char('\n'));
        QVERIFY2(lines <= 220, qPrintable(QStringLiteral("README.md has %1 lines").arg(lines)));
        const QSet<QString> fromReadme = linkTargets(readme);
        const QSet<QString> fromIndex = linkTargets(readText(sourcePath(QStringLiteral("resources/manual/index.md"))));
        for (const QString &name : manualFiles()) {
            QVERIFY2(fromReadme.contains(QStringLiteral("resources/manual/") + name),
                     qPrintable(QStringLiteral("README.md does not link ") + name));
            if (name != QLatin1String("index.md"))
                QVERIFY2(fromIndex.contains(name), qPrintable(QStringLiteral("index.md does not link ") + name));
        }
    }
};

CPLAN_TEST_MAIN(TestManual)
#include "tst_manual.moc"
