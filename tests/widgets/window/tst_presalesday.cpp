// What the pre-sales day on the real window found (tests/bench/presales_day.sh, issue 31's
// acceptance session), driven as the user did: the File menu by its accelerators, the Scheduler
// dock with a trace, the design explorer at 1920×1080, View > Language (the palette, a round
// trip), Find then File > New.
// Each test failed before its fix.
#include "windowfixture.h"

#include "analysis.h"
#include "canvasscene.h"
#include "canvassearch.h"
#include "canvasview.h"
#include "document.h"
#include "explorerhost.h"
#include "explorerwindow.h"
#include "i18n.h"
#include "inspector.h"
#include "partpalette.h"
#include "retranslate.h"
#include "schedulerview.h"
#include "testmain.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegion>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include <array>

using namespace cplan;
using namespace cplan::test;

namespace {

// The letter after the '&' of a menu text ("Save &as…" -> 'a'), or a null QChar.
QChar accelerator(const QString &text)
{
    for (int i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] != QLatin1Char('&'))
            return text[i + 1].toLower();
        ++i;   // "&&" is a literal ampersand
    }
    return {};
}

// Menus, and the submenus in them, where two entries share an accelerator.
void collectClashes(const QString &where, const QList<QAction *> &actions, QStringList *clashes)
{
    QHash<QChar, QString> seen;
    for (QAction *a : actions) {
        if (a->isSeparator() || !a->isVisible())
            continue;
        if (const QChar c = accelerator(a->text()); !c.isNull()) {
            if (seen.contains(c))
                *clashes << QStringLiteral("%1: \"%2\" and \"%3\"").arg(where, seen[c], a->text());
            else
                seen.insert(c, a->text());
        }
        if (a->menu())
            collectClashes(where + QStringLiteral(" > ") + a->text(), a->menu()->actions(), clashes);
    }
}

} // namespace

class TestPresalesDay : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        isolateSettings(m_settings);   // the language this suite chooses
        loadCatalog();
    }
    void init() { setUpWindow(); }
    void cleanup()
    {
        restoreLanguage();
        tearDownWindow();
    }

    void menuAcceleratorsUnique();
    void fileMenuXExportsReport();
    void schedulerDockFitsTrace();
    void schedulerNamesItsButton();
    void explorerOnScreen();
    void paletteInNewLanguage();
    void findForgottenOnNewDesign();
    void languageRoundTripKeepsWords();
    void panLeavesNoLegendGhosts();

private:
    QMenu *fileMenu() const { return m_window->menuBar()->actions().first()->menu(); }

    QTemporaryDir m_settings;
};

// Alt+F, R opened Open recent (Export report had the same accelerator) and Alt+F, A was Save as
// or Compare with as-built: no two entries of a menu share an accelerator.
void TestPresalesDay::menuAcceleratorsUnique()
{
    QStringList clashes;
    collectClashes(QStringLiteral("menu bar"), m_window->menuBar()->actions(), &clashes);
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
}

// The report from the keyboard: File, then its accelerator, opens the report's file dialog.
void TestPresalesDay::fileMenuXExportsReport()
{
    open(edrSample);
    QAction *report = nullptr;
    for (QAction *a : fileMenu()->actions())
        if (QString(a->text()).remove(QLatin1Char('&')) == QStringLiteral("Export report (PDF)…"))
            report = a;
    QVERIFY(report);
    QCOMPARE(accelerator(report->text()), QLatin1Char('x'));
    QSignalSpy triggered(report, &QAction::triggered);
    QString title;
    closeNextDialog(&title);
    fileMenu()->popup(m_window->mapToGlobal(QPoint(10, 10)));
    QVERIFY(QTest::qWaitForWindowExposed(fileMenu()));
    QTest::keyClick(fileMenu(), Qt::Key_X);
    QTRY_COMPARE(title, QStringLiteral("Export report"));
    QCOMPARE(triggered.count(), 1);
}

// With a trace opened the dock's controls were as wide as its file name: at 1920×1080 with
// pooling-128gpu.jobs.csv the dock scrolled sideways and cut off Synthetic, the result line and
// the comparison (a longer name does it at any size). The name gives way: elided, the path in its
// tooltip.
void TestPresalesDay::schedulerDockFitsTrace()
{
    open(edrSample);
    m_window->showDock(QStringLiteral("SchedulerDock"));
    SchedulerView *s = m_window->scheduler();
    // The sample trace under the name a customer's export has.
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("pooling-128gpu-two-teams-november-2026-export.jobs.csv"));
    QVERIFY(QFile::copy(QStringLiteral(CPLAN_SOURCE_DIR "/samples/pooling-128gpu.jobs.csv"), trace));
    s->setTraceFile(trace);
    QApplication::processEvents();
    auto *scroll = s->findChild<QScrollArea *>();
    QVERIFY(scroll);
    QVERIFY2(scroll->viewport()->width() <= 400, qPrintable(QString::number(scroll->viewport()->width())));
    // What the controls ask for fits what the dock gives (else it scrolls sideways once laid out).
    QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(scroll->widget()->minimumSizeHint().width()).arg(scroll->viewport()->width())));
    QTRY_COMPARE(scroll->horizontalScrollBar()->maximum(), 0);
    QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(scroll->widget()->width()).arg(scroll->viewport()->width())));
    for (QPushButton *b : s->findChildren<QPushButton *>()) {
        const QRect r(b->mapTo(scroll->viewport(), QPoint(0, 0)), b->size());
        QVERIFY2(r.right() < scroll->viewport()->width(), qPrintable(b->text()));
    }
    bool named = false;   // the trace is still named, in full in the tooltip
    for (QLabel *l : s->findChildren<QLabel *>())
        named = named || (l->toolTip() == trace && !l->text().isEmpty());
    QVERIFY(named);
}

// "No run on this design yet: choose the jobs and a policy, then Run." — the button is Simulate.
void TestPresalesDay::schedulerNamesItsButton()
{
    open(edrSample);
    SchedulerView *s = m_window->scheduler();
    QString button;
    for (QPushButton *b : s->findChildren<QPushButton *>())
        if (b->text() == QStringLiteral("Simulate"))
            button = b->text();
    QCOMPARE(button, QStringLiteral("Simulate"));
    QString summary;
    for (QLabel *l : s->findChildren<QLabel *>())
        if (l->text().startsWith(QStringLiteral("No run on this design yet")))
            summary = l->text();
    QVERIFY2(summary.contains(button), qPrintable(summary));
}

// At 1920×1080 the explorer opened at x 361 and 1,628 px wide: its filter row asked for more than
// the 1,200 px it was placed with, and it ran 69 px off the screen, Open design and Use in report
// cut off. It is placed by the size it will take, and asks for no more than a laptop's screen.
void TestPresalesDay::explorerOnScreen()
{
    const QRect room = m_window->screen()->availableGeometry();
    m_window->resize(400, 300);
    m_window->move(room.right() - 420, room.top());
    QWidget probe;   // resized smaller than its layout allows, as the explorer was
    auto *row = new QHBoxLayout(&probe);
    auto *wide = new QWidget(&probe);
    wide->setMinimumSize(room.width() * 7 / 8, 100);
    row->addWidget(wide);
    probe.resize(room.width() / 2, 300);
    ExplorerHost::placeOnScreen(&probe, m_window);
    probe.show();
    QVERIFY(QTest::qWaitForWindowExposed(&probe));
    QVERIFY2(room.contains(probe.frameGeometry()), qPrintable(QStringLiteral("screen %1 wide, window %2 to %3")
                                                                  .arg(room.width()).arg(probe.x()).arg(probe.frameGeometry().right())));
    ExplorerWindow *explorer = m_window->explorer()->show();
    QVERIFY(QTest::qWaitForWindowExposed(explorer));
    QVERIFY2(explorer->minimumSizeHint().width() <= 1280, qPrintable(QString::number(explorer->minimumSizeHint().width())));
    explorer->close();
}

// View > Language > 简体中文 left the Parts palette in English: its search field and its
// sections (Switches, Servers, Adapters).
void TestPresalesDay::paletteInNewLanguage()
{
    auto *search = m_window->palette()->findChild<QLineEdit *>();
    auto *tree = m_window->palette()->findChild<QTreeWidget *>();
    QVERIFY(search && tree && tree->topLevelItemCount() > 0);
    QCOMPARE(search->placeholderText(), QStringLiteral("Search parts…"));
    QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("Switches"));
    QAction *chinese = languageAction(QStringLiteral("简体中文"));
    QVERIFY(chinese);
    chinese->trigger();
    QApplication::processEvents();
    const QString searchZh = QCoreApplication::translate("cplan::PartPalette", "Search parts…");
    QVERIFY(searchZh != QStringLiteral("Search parts…"));
    QCOMPARE(search->placeholderText(), searchZh);
    QCOMPARE(tree->topLevelItem(0)->text(0), QCoreApplication::translate("cplan::PartPalette", "Switches"));
    languageAction(QStringLiteral("English"))->trigger();
    QApplication::processEvents();
    QCOMPARE(search->placeholderText(), QStringLiteral("Search parts…"));
    QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("Switches"));
}

// Find (Ctrl+F) on the 102,400-GPU design, then File > New: the bar still said "1 of 1:
// gpu06400" over the empty design. Another design forgets the hits (the query stays to search
// again), and so does deleting what was found.
void TestPresalesDay::findForgottenOnNewDesign()
{
    open(edrSample);
    QTest::keyClick(m_window->view(), Qt::Key_F, Qt::ControlModifier);
    CanvasSearchBar *bar = m_window->searchBar();
    QVERIFY(bar->isVisible());
    QTest::keyClicks(bar->edit(), QStringLiteral("gpu001"));
    QTest::keyClick(bar->edit(), Qt::Key_Return);
    QVERIFY2(bar->resultText().startsWith(QStringLiteral("1 of 1")), qPrintable(bar->resultText()));
    m_window->view()->setFocus();
    QTest::keyClick(m_window->view(), Qt::Key_Delete);   // the found server, selected
    QVERIFY(!m_window->document()->design().findNode("gpu001"));
    QCOMPARE(bar->resultText(), QString());
    QTest::keyClick(bar->edit(), Qt::Key_Return);       // searches again: gone
    QCOMPARE(bar->resultText(), QStringLiteral("Not found"));
    QTest::keyClick(m_window->view(), Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(bar->edit(), Qt::Key_Return);
    QVERIFY2(bar->resultText().startsWith(QStringLiteral("1 of 1")), qPrintable(bar->resultText()));
    m_window->document()->undoStack()->setClean();
    QTest::keyClick(m_window->view(), Qt::Key_N, Qt::ControlModifier);   // File > New
    QVERIFY(m_window->document()->design().nodes.empty());
    QCOMPARE(bar->resultText(), QString());
    QCOMPARE(bar->edit()->text(), QStringLiteral("gpu001"));
}

// English, 简体中文, English again: the Inspector's "Part" and "Rack" came back as "Parts" and
// "Racks" (部件 and 机柜 translate both); the dock titles stay Parts and Racks.
void TestPresalesDay::languageRoundTripKeepsWords()
{
    open(edrSample);
    m_window->scene()->selectObjects({QStringLiteral("gpu001")});
    QHash<QLabel *, QString> before;
    for (QLabel *l : m_window->inspector()->findChildren<QLabel *>())
        if (l->text() == QStringLiteral("Part") || l->text() == QStringLiteral("Rack"))
            before.insert(l, l->text());
    QCOMPARE(before.size(), 2);
    languageAction(QStringLiteral("简体中文"))->trigger();
    QApplication::processEvents();
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        QVERIFY2(it.key()->text() != it.value(), qPrintable(it.key()->text()));
    languageAction(QStringLiteral("English"))->trigger();
    QApplication::processEvents();
    for (auto it = before.cbegin(); it != before.cend(); ++it)
        QCOMPARE(it.key()->text(), it.value());
    QCOMPARE(m_window->findChild<QDockWidget *>(QStringLiteral("PartsDock"))->windowTitle(), QStringLiteral("Parts"));
    QCOMPARE(m_window->findChild<QDockWidget *>(QStringLiteral("RacksDock"))->windowTitle(), QStringLiteral("Racks"));
}

// Panning with the middle button under a heatmap left a trail of the legend's left edge across
// the 102,400-GPU design ("L", a blue bar, the first letter of each caption line, every 25 px):
// the scrolled pixels carried the legend along. What the screen shows after the pan is what a
// fresh paint of the view shows.
void TestPresalesDay::panLeavesNoLegendGhosts()
{
    open(superpodSample);
    m_window->setHeatmapPattern(QStringLiteral("shift:1"));
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    CanvasView *view = m_window->view();
    view->zoomBy(4);   // room to pan
    QTest::qWait(100);
    QWidget *viewport = view->viewport();
    const QPoint start = viewport->rect().center();
    QTest::mousePress(viewport, Qt::MiddleButton, {}, start);
    for (int i = 1; i <= 8; ++i) {
        QTest::mouseMove(viewport, start + QPoint(25 * i, 10 * i));
        QTest::qWait(20);
    }
    QTest::mouseRelease(viewport, Qt::MiddleButton, {}, start + QPoint(200, 80));
    QTest::qWait(200);
    const QImage shown = grabCanvas().convertToFormat(QImage::Format_RGB32);
    const QImage fresh = viewport->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QCOMPARE(shown.size(), fresh.size());
    // Compared by 8×8 blocks where the legend went while panning: the partial repaints
    // antialias a line a little differently from a fresh paint; a ghost of the legend (a white
    // box, dark text, over red links) changes a block a lot.
    const QRect legend = view->legendBox(viewport->rect()).toAlignedRect();
    QVERIFY(!legend.isEmpty());
    QRegion swept;
    for (int i = 0; i <= 8; ++i)
        swept += legend.translated(25 * i, 10 * i);
    int differ = 0;
    auto mean = [](const QImage &image, int x0, int y0) {
        int r = 0, g = 0, b = 0;
        for (int y = y0; y < y0 + 8; ++y)
            for (int x = x0; x < x0 + 8; ++x) {
                const QColor c = image.pixelColor(x, y);
                r += c.red(), g += c.green(), b += c.blue();
            }
        return std::array<int, 3>{r / 64, g / 64, b / 64};
    };
    for (int y = 0; y + 8 <= shown.height(); y += 8)
        for (int x = 0; x + 8 <= shown.width(); x += 8) {
            if (!swept.contains(QRect(x, y, 8, 8)))
                continue;
            const auto a = mean(shown, x, y), b = mean(fresh, x, y);
            const int d = std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
            differ += d > 90 ? 1 : 0;
        }
    QVERIFY2(differ < 5, qPrintable(QStringLiteral("%1 blocks of 8×8 pixels differ from a fresh paint").arg(differ)));
}

CPLAN_TEST_MAIN(TestPresalesDay)
#include "tst_presalesday.moc"
