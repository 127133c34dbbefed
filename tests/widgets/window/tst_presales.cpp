// The Scheduler dock in front of a customer (issue 31 item 8, defect 9): it compares two runs side
// by side (pooled vs split, policy A vs B) in one action, fits its dock at its default width and
// names the policies as a person reads them. Driven as the user does (buttons, dialogs); each
// failed before.
#include "windowfixture.h"

#include "canvasscene.h"
#include "schedulercompare.h"
#include "schedulerview.h"
#include "scheduletext.h"
#include "testmain.h"

#include "document.h"
#include "schedule/scheduler.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

using namespace cplan;
using namespace cplan::test;

class TestPresales : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase() { loadCatalog(); }
    void init() { setUpWindow(); }
    void cleanup() { tearDownWindow(); }

    void schedulerComparesTwoRuns();
    void schedulerPoliciesByName();
    void schedulerFitsItsDock();

private:
    QScrollArea *schedulerScroll() const { return m_window->scheduler()->findChild<QScrollArea *>(); }
    QPushButton *schedulerButton(const QString &text) const
    {
        for (QPushButton *b : m_window->scheduler()->findChildren<QPushButton *>())
            if (b->text() == text)
                return b;
        return nullptr;
    }
};

// Defect 9 / item 8: pooled against split, policy A against B, in one action: Compare… asks for B,
// runs both through the window's job runner and shows them in two columns with the change.
void TestPresales::schedulerComparesTwoRuns()
{
    open(edrSample);
    m_window->showDock(QStringLiteral("SchedulerDock"));
    SchedulerView *s = m_window->scheduler();
    s->setSyntheticJobs(60, 0.9);
    s->setPolicy(QStringLiteral("fifo"));
    QPushButton *compare = schedulerButton(QStringLiteral("Compare…"));
    QVERIFY(compare);
    QString askedFor;
    answerNextDialog([&askedFor](QDialog *dialog) {
        auto *d = qobject_cast<SchedulerCompareDialog *>(dialog);
        QVERIFY(d);
        askedFor = d->findChild<QLabel *>()->text();
        auto *policy = d->findChild<QComboBox *>(QStringLiteral("comparePolicy"));
        policy->setCurrentIndex(policy->findData(QStringLiteral("backfill")));
        auto *pool = d->findChild<QComboBox *>(QStringLiteral("comparePool"));
        QCOMPARE(pool->currentData().toBool(), true);   // the dock's split pool against a shared one
        QTest::mouseClick(d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    });
    QTest::mouseClick(compare, Qt::LeftButton);
    QVERIFY(s->waitForRun(120000));
    QVERIFY2(askedFor.contains(policyTitle(Policy::Fifo)), qPrintable(askedFor));

    SchedulerComparisonView *view = s->comparison();
    QVERIFY(view->isVisible());
    const QString caption = view->captionText();
    QVERIFY2(caption.contains(QStringLiteral("A: First come, first served, split by tenant")), qPrintable(caption));
    QVERIFY2(caption.contains(QStringLiteral("B: FIFO with EASY backfill, one shared pool")), qPrintable(caption));
    QTableWidget *table = view->table();
    QCOMPARE(table->columnCount(), 4);
    QStringList figures;
    for (int row = 0; row < table->rowCount(); ++row) {
        figures << table->item(row, 0)->text();
        for (int col = 1; col < 4; ++col)
            QVERIFY2(!table->item(row, col)->text().isEmpty(), qPrintable(figures.last()));
    }
    for (const QString &f : {QStringLiteral("Jobs done"), QStringLiteral("Mean wait"), QStringLiteral("GPU utilization"),
                             QStringLiteral("Makespan"), QStringLiteral("Mean slowdown")})
        QVERIFY2(figures.contains(f), qPrintable(figures.join(QStringLiteral(", "))));
    // A's column is the dock's own run, the one the report takes.
    const int jobs = int(figures.indexOf(QStringLiteral("Jobs done")));
    QVERIFY(s->reportableResult());
    QCOMPARE(table->item(jobs, 1)->text(), QString::number(s->reportableResult()->completed));
    // A is the dock's own run: the summary and the replay are of it.
    QVERIFY2(s->summaryText().startsWith(QStringLiteral("60 jobs")), qPrintable(s->summaryText()));
    // An edit makes both outdated; another design takes them away.
    m_window->scene()->selectObjects({QString::fromStdString(m_window->document()->design().links.front().id)});
    m_window->scene()->deleteSelection();
    QVERIFY2(view->captionText().startsWith(QStringLiteral("Outdated")), qPrintable(view->captionText()));
    m_window->document()->undoStack()->setClean();
    open(superpodSample);
    QVERIFY(!view->isVisible());
}

// Defect 9: the policies were engine ids ("sjf-greedy"); the combo, its tooltips and the result
// line name them as a person reads them.
void TestPresales::schedulerPoliciesByName()
{
    open(edrSample);
    QComboBox *policy = nullptr;
    for (QComboBox *c : m_window->scheduler()->findChildren<QComboBox *>())
        if (c->findData(QStringLiteral("backfill")) >= 0)
            policy = c;
    QVERIFY(policy);
    QCOMPARE(policy->count(), int(policyNames().size()));
    for (int i = 0; i < policy->count(); ++i) {
        QVERIFY2(policy->itemText(i) != policy->itemData(i).toString(), qPrintable(policy->itemText(i)));
        QVERIFY(!policy->itemData(i, Qt::ToolTipRole).toString().isEmpty());
    }
    SchedulerView *s = m_window->scheduler();
    s->setSyntheticJobs(30, 0.5);
    s->setPolicy(QStringLiteral("sjf-greedy"));
    QCOMPARE(policy->currentText(), QStringLiteral("Shortest job first, no blocking"));
    s->run();
    QVERIFY(s->waitForRun(60000));
    QVERIFY2(s->summaryText().contains(QStringLiteral("(Shortest job first, no blocking)")), qPrintable(s->summaryText()));
    QVERIFY2(!s->summaryText().contains(QStringLiteral("sjf-greedy")), qPrintable(s->summaryText()));
}

// Defect 9: at the dock's default width its result line was cut off. Nothing in the dock is
// wider than the dock (no sideways scrolling), the comparison's table included.
void TestPresales::schedulerFitsItsDock()
{
    open(edrSample);
    m_window->showDock(QStringLiteral("SchedulerDock"));
    SchedulerView *s = m_window->scheduler();
    s->setSyntheticJobs(40, 0.9);
    s->compareWith(QStringLiteral("backfill"), true);
    QVERIFY(s->waitForRun(120000));
    QApplication::processEvents();
    QScrollArea *scroll = schedulerScroll();
    QVERIFY(scroll);
    QVERIFY2(scroll->viewport()->width() <= 400, qPrintable(QString::number(scroll->viewport()->width())));
    QCOMPARE(scroll->horizontalScrollBar()->maximum(), 0);
    QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(),
             qPrintable(QStringLiteral("%1 > %2").arg(scroll->widget()->width()).arg(scroll->viewport()->width())));
    // The result line: wrapped within the dock, every line of it shown.
    for (QLabel *label : s->findChildren<QLabel *>()) {
        if (!label->text().startsWith(QStringLiteral("40 jobs")))
            continue;
        const QRect r(label->mapTo(scroll->viewport(), QPoint(0, 0)), label->size());
        QVERIFY2(r.right() < scroll->viewport()->width(), qPrintable(QString::number(r.right())));
        QVERIFY(label->height() >= label->heightForWidth(label->width()));
    }
    QTableWidget *table = s->comparison()->table();
    QVERIFY(table->horizontalHeader()->length() <= table->viewport()->width() + 1);
}

CPLAN_TEST_MAIN(TestPresales)
#include "tst_presales.moc"
