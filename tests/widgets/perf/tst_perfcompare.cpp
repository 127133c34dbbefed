// The window's side of `cplan verify-perf`: File ▸ Compare with measured performance… on a
// one-server DGX H100 design and the 8-GPU all_reduce_perf fixture shows a row per measured size
// with the plan's figure, verdict and NCCL algorithm; a log that does not read shows its file
// and line and changes nothing.
#include "mainwindow.h"
#include "perfcomparedialog.h"

#include "document.h"

#include "fixtures.h"
#include "testmain.h"

#include "analysis/ncclchecks.h"
#include "verify/nccltests.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QLineEdit>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <functional>
#include <memory>

using namespace cplan;

namespace {

const QString kH100Log = QStringLiteral(CPLAN_TEST_DATA "/nccl-tests/all_reduce_perf_h100_8gpu.log");
const QString kTwoNodeLog = QStringLiteral(CPLAN_TEST_DATA "/nccl-tests/all_reduce_perf_2node_h100.log");
const QString kTruncated = QStringLiteral(CPLAN_TEST_DATA "/nccl-tests-malformed/truncated_row.all_reduce_perf.log");

} // namespace

class TestPerfCompare : public QObject
{
    Q_OBJECT

private:
    MainWindow *m_window = nullptr;

    PerfCompareDialog *check(const QStringList &files, QString *error)
    {
        return PerfCompareDialog::fromFiles(m_window->document()->design(), m_window->document()->catalog(), files, m_window,
                                            error);
    }

    // Hands the next modal dialog of type T to `answer`, once it is up.
    template<class T>
    void answerNext(std::function<void(T *)> answer)
    {
        auto *timer = new QTimer(this);
        connect(timer, &QTimer::timeout, this, [timer, answer] {
            if (auto *dialog = qobject_cast<T *>(QApplication::activeModalWidget())) {
                timer->stop();
                timer->deleteLater();
                answer(dialog);
            }
        });
        timer->start(20);
    }

    QAction *menuAction(const QString &text)
    {
        const auto actions = m_window->menuBar()->findChildren<QAction *>();
        for (QAction *a : actions)
            if (QString(a->text()).remove(QLatin1Char('&')) == text)
                return a;
        return nullptr;
    }

    void pickInFileDialog(const QString &file)
    {
        answerNext<QFileDialog>([file](QFileDialog *dialog) {
            // A failed check below must not leave the dialog up: the test would hang.
            const auto close = qScopeGuard([dialog] { if (dialog->isVisible()) dialog->reject(); });
            // Typed, as a user would: selectFile() leaves the name field alone while it has the focus.
            dialog->setDirectory(QFileInfo(file).absolutePath());
            auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
            QVERIFY(name);
            name->setText(QFileInfo(file).fileName());
            QCOMPARE(dialog->selectedFiles(), QStringList{QFileInfo(file).absoluteFilePath()});
            static_cast<QDialog *>(dialog)->accept();   // QFileDialog::accept is protected
        });
    }

    // For a person to look at: CPLAN_SCREENSHOT_DIR=/tmp ctest -R tst_perfcompare
    static void saveScreenshot(QWidget *dialog, const QString &name)
    {
        if (const QString dir = qEnvironmentVariable("CPLAN_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(dialog->grab().save(QDir(dir).filePath(name)));
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_window = new MainWindow(test::builtinCatalog());
        m_window->setAutosaveEnabled(false);
        m_window->resize(1200, 800);
        m_window->document()->reset(test::generateOrStop(test::fatTreeSpec("dgx-h100", 1, "qm9700")), QString());
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }

    void cleanup()
    {
        delete m_window;
        m_window = nullptr;
    }

    void h100LogAgainstOneServer()
    {
        QString error;
        QPointer<PerfCompareDialog> dialog = check({kH100Log}, &error);
        QVERIFY2(dialog, qPrintable(error));
        auto log = readNcclTestsLog(kH100Log.toStdString());
        QVERIFY(log.ok());
        QCOMPARE(dialog->tables().size(), 1);
        QTableWidget *t = dialog->tables().first();
        QCOMPARE(t->rowCount(), int(log->rows.size()));
        QCOMPARE(t->rowCount(), 31);
        const double eightGiB = 8.0 * (1u << 30);
        int found = -1;
        for (int r = 0; r < t->rowCount(); ++r)
            if (t->item(r, PerfCompareDialog::SizeColumn)->data(Qt::UserRole).toDouble() == eightGiB)
                found = r;
        QVERIFY(found >= 0);
        QCOMPARE(t->item(found, PerfCompareDialog::SizeColumn)->text(), QStringLiteral("8 GiB"));
        QCOMPARE(t->item(found, PerfCompareDialog::VerdictColumn)->text(), QStringLiteral("within"));
        QCOMPARE(t->item(found, PerfCompareDialog::AlgorithmColumn)->text(), QStringLiteral("NVLS/Simple"));
        QCOMPARE(t->item(found, PerfCompareDialog::MeasuredColumn)->text(), QStringLiteral("483.63"));
        QVERIFY(t->item(found, PerfCompareDialog::PredictedColumn)->text() != QStringLiteral("unknown"));
        // Rows below 64 MiB are shown, not judged.
        QCOMPARE(t->item(0, PerfCompareDialog::SizeColumn)->text(), QStringLiteral("8 B"));
        QCOMPARE(t->item(0, PerfCompareDialog::VerdictColumn)->text(), QStringLiteral("not judged"));
        QCOMPARE(dialog->rowsBelow(), 0);
        QCOMPARE(dialog->summary(), QStringLiteral("No row of 64 MiB or more is over 10 % below the plan."));

        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QVERIFY(!dialog->isModal());
        saveScreenshot(dialog, QStringLiteral("perfcompare-within.png"));
        dialog->close();   // deletes itself
        QTRY_VERIFY(dialog.isNull());
    }

    void slowRowsAreBelow()
    {
        // The fixture with a fifth off every row from 64 MiB up: those rows are below the plan.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QStringList lines = QString::fromUtf8(test::readBytes(kH100Log.toStdString())).split(QLatin1Char('\n'));
        int slowed = 0;
        for (QString &line : lines) {
            QStringList fields = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            if (fields.size() < 13 || fields[0].startsWith(QLatin1Char('#')) || fields[0].toDouble() < kPerfJudgedBytes)
                continue;
            fields[7] = QString::number(fields[7].toDouble() * 0.8, 'f', 2);   // out-of-place busbw
            line = fields.join(QLatin1Char(' '));
            ++slowed;
        }
        QCOMPARE(slowed, 8);
        const QString slow = dir.filePath(QStringLiteral("all_reduce_perf_slow.log"));
        QVERIFY(test::writeBytes(slow.toStdString(), lines.join(QLatin1Char('\n')).toUtf8()));

        QString error;
        QPointer<PerfCompareDialog> dialog = check({slow}, &error);
        QVERIFY2(dialog, qPrintable(error));
        QCOMPARE(dialog->rowsBelow(), 8);
        QCOMPARE(dialog->summary(), QStringLiteral("8 rows of 64 MiB or more are over 10 % below the plan."));
        QTableWidget *t = dialog->tables().first();
        const int last = t->rowCount() - 1;
        QCOMPARE(t->item(last, PerfCompareDialog::SizeColumn)->text(), QStringLiteral("8 GiB"));
        QCOMPARE(t->item(last, PerfCompareDialog::VerdictColumn)->text(), QStringLiteral("below"));
        const QColor tint = t->item(last, PerfCompareDialog::MeasuredColumn)->background().color();
        QVERIFY(tint.red() > tint.green());
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        saveScreenshot(dialog, QStringLiteral("perfcompare-below.png"));
        delete dialog;
    }

    void oneTabPerLog()
    {
        const QString gather = QStringLiteral(CPLAN_TEST_DATA "/nccl-tests/h100-node01-ag.log");
        QString error;
        std::unique_ptr<PerfCompareDialog> dialog(check({kH100Log, gather}, &error));
        QVERIFY2(dialog, qPrintable(error));
        QCOMPARE(dialog->tables().size(), 2);
        auto *tabs = dialog->findChild<QTabWidget *>();
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(1), QStringLiteral("h100-node01-ag.log"));
        QCOMPARE(QString::fromStdString(dialog->checks()[1].collective), QStringLiteral("allgather"));
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
        tabs->setCurrentIndex(1);
        saveScreenshot(dialog.get(), QStringLiteral("perfcompare-tabs.png"));
    }

    void malformedLogKeepsTheWork()
    {
        const quint64 revision = m_window->document()->revision();
        const int undo = m_window->document()->undoStack()->count();
        QString error;
        QVERIFY(!check({kTruncated}, &error));
        QVERIFY2(error.contains(QStringLiteral("truncated_row.all_reduce_perf.log:47")), qPrintable(error));
        // A good log with a bad one: nothing is shown.
        QVERIFY(!check({kH100Log, kTruncated}, &error));
        QVERIFY2(error.contains(QStringLiteral("truncated_row.all_reduce_perf.log:47")), qPrintable(error));
        QVERIFY(m_window->findChildren<PerfCompareDialog *>().isEmpty());
        QCOMPARE(m_window->document()->revision(), revision);
        QCOMPARE(m_window->document()->undoStack()->count(), undo);
        QVERIFY(!m_window->document()->isModified());
    }

    void menuShowsTheComparison()
    {
        QAction *action = menuAction(QStringLiteral("Compare with measured performance…"));
        QVERIFY(action);
        pickInFileDialog(kH100Log);
        action->trigger();
        QTRY_COMPARE(m_window->findChildren<PerfCompareDialog *>().size(), 1);
        PerfCompareDialog *dialog = m_window->findChildren<PerfCompareDialog *>().first();
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->tables().first()->rowCount(), 31);
        QCOMPARE(QApplication::overrideCursor(), nullptr);
    }

    void menuWarnsAboutABadLog()
    {
        QAction *action = menuAction(QStringLiteral("Compare with measured performance…"));
        QVERIFY(action);
        pickInFileDialog(kTruncated);
        QString text;
        answerNext<QMessageBox>([&text](QMessageBox *box) {
            text = box->text();
            box->accept();
        });
        action->trigger();
        QTRY_VERIFY(!text.isEmpty());
        QVERIFY2(text.contains(QStringLiteral("truncated_row.all_reduce_perf.log:47")), qPrintable(text));
        QVERIFY(m_window->findChildren<PerfCompareDialog *>().isEmpty());
        QVERIFY(!m_window->document()->isModified());
    }

    void tooManyGpusNamesTheLog()
    {
        // Two servers' log against a one-server design: the engine refuses it, with the file named.
        QString error;
        QVERIFY(!check({kTwoNodeLog}, &error));
        QVERIFY2(error.contains(QStringLiteral("all_reduce_perf_2node_h100.log")), qPrintable(error));
    }
};

CPLAN_TEST_MAIN(TestPerfCompare)
#include "tst_perfcompare.moc"
