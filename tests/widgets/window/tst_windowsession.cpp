// The window between sessions and languages (issue 31, lesser items): the docks and the window's
// size come back at the next start, a language chosen in View > Language applies at once, and
// the Overview counts UFM appliances as appliances. Driven as the user does; each failed before.
#include "windowfixture.h"

#include "asbuiltcompare.h"
#include "differencesview.h"
#include "i18n.h"
#include "metricsview.h"
#include "overviewview.h"
#include "retranslate.h"
#include "testmain.h"

#include "document.h"
#include "model/design.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <cstdlib>

using namespace cplan;
using namespace cplan::test;

class TestWindowSession : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        isolateSettings(m_settings);   // the layout and language this suite writes
        loadCatalog();
    }
    void init() { setUpWindow(); }
    void cleanup()
    {
        restoreLanguage();
        tearDownWindow();
    }

    void overviewCountsAppliances();
    void layoutRestoredNextSession();
    void languageWithoutRestart();
    void differencesFollowLanguage();
    void racksAndBomTallEnough();

private:

    QTemporaryDir m_settings;
};

// Lesser: the 4-SU SuperPOD's UFM appliances were counted among its servers.
void TestWindowSession::overviewCountsAppliances()
{
    open(superpodSample);
    int servers = 0, appliances = 0;
    for (const Node &n : m_window->document()->design().nodes) {
        servers += n.role == NodeRole::Server;
        appliances += n.role == NodeRole::Management;
    }
    QVERIFY(appliances > 0);
    QListWidget *list = m_window->overview()->list();
    int listedServers = 0, listedAppliances = 0;
    const QRegularExpression serverLine(QStringLiteral("^(\\d+) servers, ")), applianceLine(QStringLiteral("^(\\d+) management appliance"));
    for (int i = 0; i < list->count(); ++i)
        for (const QString &line : list->item(i)->text().split(QLatin1Char('\n'))) {
            if (const auto m = serverLine.match(line); m.hasMatch())
                listedServers += m.captured(1).toInt();
            if (const auto m = applianceLine.match(line); m.hasMatch())
                listedAppliances += m.captured(1).toInt();
        }
    QCOMPARE(listedServers, servers);
    QCOMPARE(listedAppliances, appliances);
}

// Lesser: the docks as the user left them, and the window's size, come back at the next start
// (main() restores what closing saved).
void TestWindowSession::layoutRestoredNextSession()
{
    QDockWidget *metrics = m_window->findChild<QDockWidget *>(QStringLiteral("MetricsDock"));
    QDockWidget *racks = m_window->findChild<QDockWidget *>(QStringLiteral("RacksDock"));
    QCOMPARE(m_window->dockWidgetArea(metrics), Qt::RightDockWidgetArea);
    m_window->addDockWidget(Qt::LeftDockWidgetArea, metrics);
    racks->hide();
    m_window->resize(1200, 800);
    QApplication::processEvents();
    QVERIFY(m_window->close());
    tearDownWindow();

    setUpWindow();   // the next session
    QVERIFY(m_window->restoreLayout());
    QApplication::processEvents();
    QCOMPARE(m_window->dockWidgetArea(m_window->findChild<QDockWidget *>(QStringLiteral("MetricsDock"))), Qt::LeftDockWidgetArea);
    QVERIFY(m_window->findChild<QDockWidget *>(QStringLiteral("RacksDock"))->isHidden());
    QCOMPARE(m_window->size(), QSize(1200, 800));
    // Nothing saved (a first start): the default layout stays.
    QSettings().remove(QStringLiteral("window"));
    QVERIFY(!m_window->restoreLayout());
}

// Lesser: a language chosen in View > Language applies now, not at the next start: the menus,
// the dock titles and the status bar are in it at once, and back again.
void TestWindowSession::languageWithoutRestart()
{
    open(edrSample);
    QMenu *file = m_window->menuBar()->actions().first()->menu();
    QDockWidget *scheduler = m_window->findChild<QDockWidget *>(QStringLiteral("SchedulerDock"));
    QCOMPARE(file->title(), QStringLiteral("&File"));
    QCOMPARE(scheduler->windowTitle(), QStringLiteral("Scheduler"));
    QAction *chinese = languageAction(QStringLiteral("简体中文"));
    QVERIFY(chinese);
    chinese->trigger();
    QApplication::processEvents();
    QCOMPARE(languageSetting(), QStringLiteral("zh_CN"));
    QCOMPARE(file->title(), QCoreApplication::translate("cplan::MainActions", "&File"));
    QVERIFY2(file->title() != QStringLiteral("&File"), qPrintable(file->title()));
    QCOMPARE(scheduler->windowTitle(), QCoreApplication::translate("cplan::Docks", "Scheduler"));
    QVERIFY(scheduler->windowTitle() != QStringLiteral("Scheduler"));
    bool chineseStatus = false;   // the analysis line, composed with its figure, written again
    for (QLabel *l : m_window->statusBar()->findChildren<QLabel *>())
        chineseStatus = chineseStatus || l->text().contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]")));
    QVERIFY(chineseStatus);
    // The Metrics dock's progress line and chart titles too (they stayed English: pre-sales day).
    const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    QVERIFY2(m_window->metrics()->findChild<QProgressBar *>()->text().contains(han),
             qPrintable(m_window->metrics()->findChild<QProgressBar *>()->text()));
    for (const QChartView *chart : m_window->metrics()->findChildren<QChartView *>())
        if (!chart->isHidden())
            QVERIFY2(chart->chart()->title().contains(han), qPrintable(chart->chart()->title()));
    languageAction(QStringLiteral("English"))->trigger();
    QApplication::processEvents();
    QCOMPARE(file->title(), QStringLiteral("&File"));
    QCOMPARE(scheduler->windowTitle(), QStringLiteral("Scheduler"));
}

// A comparison with the as-built fabric shown before a language change is written again in the
// new one: the Differences dock's column titles, its summary and rows (they stayed English:
// pre-sales day), and a passing status-bar message in the old language goes.
void TestWindowSession::differencesFollowLanguage()
{
    open(edrSample);
    QString error;
    QVERIFY2(m_window->asBuilt()->compareWith(QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu-miswired.ibnetdiscover"), &error),
             qPrintable(error));
    DifferencesView *differences = m_window->findChild<DifferencesView *>();
    QVERIFY(differences);
    QTreeWidget *tree = differences->tree();
    QCOMPARE(tree->headerItem()->text(0), QStringLiteral("Finding"));
    QVERIFY(differences->summaryText().contains(QStringLiteral("1 missing, 2 misconnected")));
    const int rows = tree->topLevelItemCount();
    QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("Misconnected"));
    m_window->statusBar()->showMessage(QStringLiteral("Saved"), 60000);
    languageAction(QStringLiteral("简体中文"))->trigger();
    QApplication::processEvents();
    const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    QCOMPARE(tree->headerItem()->text(0), QCoreApplication::translate("cplan::DifferencesView", "Finding"));
    QVERIFY2(tree->headerItem()->text(0).contains(han), qPrintable(tree->headerItem()->text(0)));
    QVERIFY2(differences->summaryText().contains(han), qPrintable(differences->summaryText()));
    QVERIFY2(differences->matchText().contains(han), qPrintable(differences->matchText()));
    QCOMPARE(tree->topLevelItemCount(), rows);
    QVERIFY2(tree->topLevelItem(0)->text(0).contains(han), qPrintable(tree->topLevelItem(0)->text(0)));
    QVERIFY(m_window->statusBar()->currentMessage().isEmpty());
    languageAction(QStringLiteral("English"))->trigger();
    QApplication::processEvents();
    QCOMPARE(tree->headerItem()->text(0), QStringLiteral("Finding"));
    QVERIFY(differences->summaryText().contains(QStringLiteral("1 missing, 2 misconnected")));
}

// Pre-sales day: the Racks and Bill of materials docks opened as a strip under the canvas (the
// bottom area is sized for a few Problems rows). Brought to the front, each is tall enough to
// read (a rack elevation, a screenful of BOM lines), without taking half the window.
void TestWindowSession::racksAndBomTallEnough()
{
    open(edrSample);
    QDockWidget *problems = m_window->findChild<QDockWidget *>(QStringLiteral("ProblemsDock"));
    const int shortHeight = problems->height();
    for (const char *name : {"RacksDock", "BomDock"}) {
        QDockWidget *dock = m_window->findChild<QDockWidget *>(QString::fromLatin1(name));
        QVERIFY(dock);
        dock->raise();
        QApplication::processEvents();
        QVERIFY2(dock->height() >= 300, qPrintable(QStringLiteral("%1: %2 px").arg(QString::fromLatin1(name)).arg(dock->height())));
        QVERIFY2(dock->height() <= m_window->height() / 2, qPrintable(QString::number(dock->height())));
    }
    // Problems brought back: the canvas gets its height again (to a few pixels: the tab bar's
    // share is laid out after), and again after another round, without creeping.
    for (int round = 0; round < 2; ++round) {
        problems->raise();
        QTRY_VERIFY2(std::abs(problems->height() - shortHeight) <= 10,
                     qPrintable(QStringLiteral("%1 px, was %2").arg(problems->height()).arg(shortHeight)));
        QDockWidget *racks = m_window->findChild<QDockWidget *>(QStringLiteral("RacksDock"));
        racks->raise();
        QTRY_VERIFY(racks->height() >= 300);
    }
}

CPLAN_TEST_MAIN(TestWindowSession)
#include "tst_windowsession.moc"
