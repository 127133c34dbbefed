// The window's engine jobs (issue 27 item 2): every job the window runs off the GUI thread (the
// analysis, the scheduler, the as-built import and comparison, opening a file, the wizard's
// preview, the report, the explorer's sweep) is cancelled by the one Cancel by the status bar's
// progress bar (or its own), the cancel returns within 100 ms, and the window works afterwards.
// A price typed while an analysis runs changes the window's catalog, never the worker's copy:
// the ThreadSanitizer run (tests/bench/run_tsan.sh) holds this suite to it.
#include "windowfixture.h"

#include "analysis.h"
#include "asbuiltcompare.h"
#include "canvasscene.h"
#include "document.h"
#include "documentfiles.h"
#include "enginejob.h"
#include "explorerhost.h"
#include "explorerrunner.h"
#include "explorersetup.h"
#include "explorerwindow.h"
#include "exporter.h"
#include "fabricwizard.h"
#include "pricecommands.h"
#include "schedulerview.h"

#include "generate/fattree.h"
#include "analysis/exportformats.h"
#include "io/designyaml.h"
#include "model/design.h"

#include "testmain.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QToolButton>
#include <QUndoStack>

#include <atomic>
#include <cmath>
#include <memory>
#include <optional>

using namespace cplan;
using namespace cplan::test;

namespace {
constexpr qint64 kCancelBudgetMs = 100;
constexpr int kSlowMs = 900000;   // waits that ThreadSanitizer's slowdown must not break
#ifdef __SANITIZE_THREAD__
// Under ThreadSanitizer the engine runs 10-50 times slower and notices a cancel as late: a
// smaller scheduling trace still runs long enough to be cancelled mid-way.
constexpr int kSchedulerJobs = 20000;
#else
constexpr int kSchedulerJobs = 1000000;
#endif
}

class TestEngineJobs : public WindowFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init() { setUpWindow(); }
    void cleanup();

    void analysis();
    void scheduler();
    void asBuiltImport();
    void asBuiltCompare();
    void openFile();
    void wizardPreview();
    void report();
    void reportReusesTheAnalysis();
    void explorerSweep();
    void priceTypedDuringAnalysis();
    void staleResultIsDropped();

private:
    // Clicks the status bar's Cancel (it must be showing a job); returns how long the click took.
    qint64 clickCancel();
    // The window still works: an edit is analysed, and undone.
    void checkUsable();
    void startAllToAll();
    void openSlow(const QString &file);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_bigDesign;   // a 2,048-server fat tree (16,384 GPUs; the SuperPOD sample under TSan)
    QString m_bigDump;     // its ibnetdiscover dump
};

void TestEngineJobs::initTestCase()
{
    loadCatalog();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
#ifdef __SANITIZE_THREAD__
    // The window analyses a 16k-GPU design for minutes under ThreadSanitizer: the SuperPOD
    // sample keeps each job busy long enough there.
    m_bigDesign = superpodSample;
    auto design = loadDesign(m_bigDesign.toStdString(), &*m_catalog);
    QVERIFY2(design, design ? "" : design.error().toString().c_str());
#else
    FatTreeSpec spec;
    spec.name = "engine jobs 16k GPUs";
    spec.servers = {{"dgx-h100", 2048}};
    spec.switchPart = "qm9700";
    auto design = generateFatTree(spec, *m_catalog);
    QVERIFY2(design, design ? "" : design.error().toString().c_str());
    m_bigDesign = m_dir->filePath(QStringLiteral("big.cluster.yaml"));
    QVERIFY(saveDesign(*design, m_bigDesign.toStdString()).ok());
#endif
    // The dump: the export `cplan export ibnetdiscover` and the window write.
    m_bigDump = m_dir->filePath(QStringLiteral("big.topo"));
    const ExportFormat *format = findExportFormat("ibnetdiscover");
    QVERIFY(format);
    const Status written = writeExport(*format, *design, *m_catalog, m_bigDump.toStdString());
    QVERIFY2(written.ok(), written.ok() ? "" : written.error().toString().c_str());
}

// Opens a design and waits for its analysis (minutes under ThreadSanitizer).
void TestEngineJobs::openSlow(const QString &file)
{
    QString error;
    QVERIFY2(m_window->openFile(file, false, &error), qPrintable(error));
    QVERIFY(m_window->analysis()->waitForIdle(kSlowMs));
}

void TestEngineJobs::cleanup()
{
    tearDownWindow();
    // Cancelled jobs that could not stop (a file being parsed) end before the next test.
    QVERIFY(EngineJobs::waitForAllWorkers(kSlowMs));
}

qint64 TestEngineJobs::clickCancel()
{
    auto *cancel = m_window->findChild<QToolButton *>(QStringLiteral("CancelAnalysis"));
    if (!cancel || !cancel->isVisible())
        return -1;
    QElapsedTimer t;
    t.start();
    QTest::mouseClick(cancel, Qt::LeftButton);
    const qint64 ms = t.elapsed();
    qInfo("cancel returned in %lld ms", ms);
    return ms;
}

void TestEngineJobs::checkUsable()
{
    AnalysisRunner *analysis = m_window->analysis();
    Document *document = m_window->document();
    QVERIFY(analysis->waitForIdle(kSlowMs));
    const std::size_t links = document->design().links.size();
    QVERIFY(links > 0);
    m_window->scene()->selectObjects({QString::fromStdString(document->design().links.front().id)});
    m_window->scene()->deleteSelection();
    QCOMPARE(document->design().links.size(), links - 1);
    QVERIFY(analysis->waitForIdle(kSlowMs));
    QCOMPARE(analysis->result().revision, document->revision());
    QCOMPARE(analysis->result().counts.links, int(links - 1));
    document->undoStack()->undo();
    QVERIFY(analysis->waitForIdle(kSlowMs));
    QCOMPARE(analysis->result().counts.links, int(links));
}

void TestEngineJobs::startAllToAll()
{
    openSlow(superpodSample);
    bool simulating = false;
    connect(m_window->analysis(), &AnalysisRunner::progress, this,
            [&simulating](int, const QString &stage) { simulating = simulating || stage.contains(QStringLiteral("alltoall")); });
    m_window->setHeatmapPattern(QStringLiteral("alltoall"));
    QTRY_VERIFY_WITH_TIMEOUT(simulating, kSlowMs);
    disconnect(m_window->analysis(), &AnalysisRunner::progress, this, nullptr);
}

void TestEngineJobs::analysis()
{
    startAllToAll();
    QSignalSpy finished(m_window->analysis(), &AnalysisRunner::finished);
    const qint64 ms = clickCancel();
    QVERIFY(ms >= 0 && ms < kCancelBudgetMs);
    QVERIFY(!m_window->jobs()->isBusy());
    QElapsedTimer engine;
    engine.start();
    QVERIFY(m_window->jobs()->waitForWorkers(kSlowMs));   // the engine stopped mid-run
    qInfo("the analysis engine returned %lld ms after the cancel", engine.elapsed());
    QTest::qWait(50);
    QCOMPARE(finished.count(), 0);
    m_window->setHeatmapPattern(QString());
    checkUsable();
}

void TestEngineJobs::scheduler()
{
    openSlow(superpodSample);
    SchedulerView *scheduler = m_window->scheduler();
    scheduler->setSyntheticJobs(kSchedulerJobs, 0.9);
    scheduler->run();
    QVERIFY(scheduler->isRunning());
    QTest::qWait(200);
    QVERIFY(scheduler->isRunning());
    const qint64 ms = clickCancel();
    QVERIFY(ms >= 0 && ms < kCancelBudgetMs);
    QVERIFY(!scheduler->isRunning());
    QElapsedTimer engine;
    engine.start();
    QVERIFY(m_window->jobs()->waitForWorkers(kSlowMs));
    qInfo("the scheduling engine returned %lld ms after the cancel", engine.elapsed());
    QVERIFY(!scheduler->reportableResult());
    checkUsable();
    // Closing the dock's window during a run does not wait for it.
    scheduler->run();
    QVERIFY(scheduler->isRunning());
    QElapsedTimer t;
    t.start();
    tearDownWindow();
    qInfo("window with a scheduler run closed in %lld ms", t.elapsed());
    QVERIFY(t.elapsed() < 1000);
}

void TestEngineJobs::asBuiltImport()
{
    openSlow(edrSample);
    const std::string name = m_window->document()->design().name;
    QSignalSpy imported(m_window->asBuilt(), &AsBuiltCompare::imported);
    m_window->asBuilt()->importFileAsync(m_bigDump, false);
    QVERIFY(m_window->asBuilt()->isBusy());
    QTest::qWait(20);
    QVERIFY(m_window->asBuilt()->isBusy());
    const qint64 ms = clickCancel();
    QVERIFY(ms >= 0 && ms < kCancelBudgetMs);
    QVERIFY(!m_window->asBuilt()->isBusy());
    QVERIFY(m_window->jobs()->waitForWorkers(kSlowMs));
    QApplication::processEvents();
    QCOMPARE(imported.count(), 0);
    QCOMPARE(m_window->document()->design().name, name);   // unchanged
    checkUsable();
}

void TestEngineJobs::asBuiltCompare()
{
    openSlow(m_bigDesign);
    QSignalSpy compared(m_window->asBuilt(), &AsBuiltCompare::compared);
    m_window->asBuilt()->compareWithAsync(m_bigDump, false);
    QVERIFY(m_window->asBuilt()->isBusy());
    QTest::qWait(20);
    QVERIFY(m_window->asBuilt()->isBusy());
    const qint64 ms = clickCancel();
    QVERIFY(ms >= 0 && ms < kCancelBudgetMs);
    QVERIFY(m_window->jobs()->waitForWorkers(kSlowMs));
    QApplication::processEvents();
    QCOMPARE(compared.count(), 0);
    QVERIFY(!m_window->asBuilt()->result());
    checkUsable();
}

void TestEngineJobs::openFile()
{
    openSlow(edrSample);
    const std::string name = m_window->document()->design().name;
    QSignalSpy opened(m_window, &MainWindow::fileOpened);
    m_window->openFileAsync(m_bigDesign, false);
    QVERIFY(m_window->isOpening());
    QTest::qWait(20);
    QVERIFY(m_window->isOpening());
    const qint64 ms = clickCancel();
    QVERIFY(ms >= 0 && ms < kCancelBudgetMs);
    QVERIFY(!m_window->isOpening());
    QCOMPARE(opened.count(), 1);
    QCOMPARE(opened.first().at(0).toBool(), false);
    QVERIFY(m_window->jobs()->waitForWorkers(kSlowMs));
    QApplication::processEvents();
    QCOMPARE(m_window->document()->design().name, name);
    checkUsable();
}

void TestEngineJobs::wizardPreview()
{
    openSlow(edrSample);
    FabricWizard wizard(*m_catalog, m_window, m_window->jobs());
    QVERIFY(wizard.waitForPreview(kSlowMs));
    wizard.setServers(QStringLiteral("dgx-h100"), 8192);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.isPreviewing(), 5000);
    QTest::qWait(20);
    QVERIFY(wizard.isPreviewing());
    const qint64 ms = clickCancel();
    QVERIFY(ms >= 0 && ms < kCancelBudgetMs);
    QVERIFY(!wizard.isPreviewing());
    // Closing the wizard during a preview does not wait for it either.
    wizard.setServers(QStringLiteral("dgx-h100"), 4096);
    QTRY_VERIFY_WITH_TIMEOUT(wizard.isPreviewing() || m_window->jobs()->workersRunning() == 0, kSlowMs);
    QElapsedTimer t;
    t.start();
    wizard.reject();
    QVERIFY(t.elapsed() < kCancelBudgetMs);
    QVERIFY(m_window->jobs()->waitForWorkers(kSlowMs));
    checkUsable();
}

void TestEngineJobs::report()
{
    openSlow(m_bigDesign);
    const QString file = m_dir->filePath(QStringLiteral("cancelled-report.pdf"));
    QSignalSpy written(m_window->exporter(), &Exporter::reportWritten);
    m_window->exporter()->startReport(file, false);
    QVERIFY(m_window->exporter()->isWritingReport());
    QTest::qWait(100);
    QVERIFY(m_window->exporter()->isWritingReport());
    const qint64 ms = clickCancel();
    QVERIFY(ms >= 0 && ms < kCancelBudgetMs);
    QVERIFY(!m_window->exporter()->isWritingReport());
    QVERIFY(m_window->jobs()->waitForWorkers(kSlowMs));
    QApplication::processEvents();
    QCOMPARE(written.count(), 0);
    QVERIFY(!QFileInfo::exists(file));
    checkUsable();
}

// Export report as a job: the window's analysis is reused (only the report's traffic and credit
// loops run), the PDF is written on the GUI thread when the job is done, as the blocking path does.
void TestEngineJobs::reportReusesTheAnalysis()
{
    openSlow(superpodSample);
    const QString file = m_dir->filePath(QStringLiteral("job-report.pdf"));
    QSignalSpy written(m_window->exporter(), &Exporter::reportWritten);
    QElapsedTimer t;
    t.start();
    m_window->exporter()->startReport(file, false);
    QVERIFY(m_window->exporter()->isWritingReport());
    QTRY_COMPARE_WITH_TIMEOUT(written.count(), 1, kSlowMs);
    qInfo("report as a job, reusing the window's analysis: %lld ms", t.elapsed());
    QVERIFY2(written.first().at(0).toBool(), qPrintable(written.first().at(2).toString()));
    QVERIFY(QFileInfo(file).size() > 0);
    t.restart();
    QString error;
    const int pages = m_window->writeReport(m_dir->filePath(QStringLiteral("blocking-report.pdf")), &error);
    qInfo("report written blocking: %lld ms, %d pages", t.elapsed(), pages);
    QVERIFY2(pages > 0, qPrintable(error));
}

void TestEngineJobs::explorerSweep()
{
    ExplorerWindow *explorer = m_window->explorer()->show();
    explorer->setup()->setServers(QStringLiteral("dgx-h100"), 64);
    explorer->setup()->setSwitches({QStringLiteral("qm9700"), QStringLiteral("qm8700")});
    explorer->setup()->setAxisValues(QStringLiteral("blocking"), QStringLiteral("1:1, 2:1, 3:1, 4:1"));
    explorer->setup()->setAxisValues(QStringLiteral("rails"), QStringLiteral("1, 2, 4, 8"));
    explorer->setup()->setWorkload(QStringLiteral("alltoall"), QStringLiteral("1MiB"));
    QVERIFY(explorer->startRun());
    QVERIFY(explorer->runner()->isRunning());
    QTest::qWait(100);
    QElapsedTimer t;
    t.start();
    explorer->cancelRun();
    const qint64 ms = t.elapsed();
    qInfo("cancel returned in %lld ms", ms);
    QVERIFY(ms < kCancelBudgetMs);
    QVERIFY(explorer->runner()->waitForIdle(kSlowMs));   // the points in progress end, and are kept
    QVERIFY(explorer->runner()->run() && explorer->runner()->run()->cancelled);
    openSlow(edrSample);
    checkUsable();
    delete explorer;
}

// AddPrices changes the window's catalog on this thread while the worker analyses its copy.
void TestEngineJobs::priceTypedDuringAnalysis()
{
    const std::string storePath = m_dir->filePath(QStringLiteral("prices.sqlite")).toStdString();
    auto catalog = cplan::loadCatalog(storePath);
    QVERIFY(catalog.ok());
    tearDownWindow();
    m_catalog = std::move(*catalog);
    setUpWindow(storePath);
    startAllToAll();
    Document *document = m_window->document();
    QVERIFY(document->canEditPrices());
    const std::string part = document->design().nodes.front().part;
    for (int i = 1; i <= 5; ++i) {
        PriceOverride price;
        price.partId = part;
        price.unitPrice = 1000.0 * i;
        price.source = "tst_enginejobs";
        price.date = "2026-01-01";
        QString error;
        auto command = AddPrices::create(document, {price}, QStringLiteral("price %1").arg(i), &error);
        QVERIFY2(command, qPrintable(error));
        QVERIFY(m_window->jobs()->isRunning(QStringLiteral("analysis")));   // the worker reads its copy
        document->undoStack()->push(command.release());
        // The new price's run: snapshot and catalog copied again, the all-to-all under way.
        QTRY_VERIFY_WITH_TIMEOUT(m_window->jobs()->isRunning(QStringLiteral("analysis")), 10000);
        QTest::qWait(50);
    }
    QVERIFY(m_window->analysis()->waitForIdle(kSlowMs));
    const AnalysisResult &r = m_window->analysis()->result();
    QCOMPARE(r.revision, document->revision());
    QVERIFY(r.catalog && r.catalog.get() != &document->catalog());
    const Part *priced = r.catalog->find(part);
    QVERIFY(priced && priced->unitPrice && std::abs(*priced->unitPrice - 5000.0) < 1e-6);
}

// A job bound to the document's revision delivers nothing once the design changed.
void TestEngineJobs::staleResultIsDropped()
{
    openSlow(edrSample);
    EngineJobs *jobs = m_window->jobs();
    Document *document = m_window->document();
    EngineJobs::Spec spec;
    spec.title = QStringLiteral("test");
    spec.context = this;
    JobSnapshot snapshot = JobSnapshot::of(*document);
    spec.document = document;
    spec.revision = snapshot.revision;
    auto go = std::make_shared<std::atomic<bool>>(false);
    auto work = [snapshot, go](JobControl &control) mutable {
        while (!*go && !control.cancelled())
            QThread::msleep(2);   // until the design has changed
        return snapshot.design().links.size();
    };
    bool delivered = false;
    const EngineJobs::JobId id = jobs->start(std::move(spec), std::move(work), [&delivered](std::size_t) { delivered = true; });
    m_window->scene()->selectObjects({QString::fromStdString(document->design().links.front().id)});
    m_window->scene()->deleteSelection();
    QVERIFY(document->revision() != snapshot.revision);
    *go = true;
    QTRY_VERIFY(!jobs->isRunning(id));
    QVERIFY(!delivered);
    document->undoStack()->undo();
}

CPLAN_TEST_MAIN(TestEngineJobs)
#include "tst_enginejobs.moc"
