#include "mainwindow.h"

#include "asbuiltcompare.h"
#include "documentfiles.h"
#include "explorerhost.h"
#include "exporter.h"
#include "heatmapcaption.h"
#include "helpdialog.h"
#include "windowlayout.h"

#include "analysis.h"
#include "bommodel.h"
#include "canvasclipboard.h"
#include "heatmaptext.h"
#include "canvasscene.h"
#include "canvassearch.h"
#include "canvasview.h"
#include "commands.h"
#include "designsettingsdialog.h"
#include "document.h"
#include "enginejob.h"
#include "fabricwizard.h"
#include "metricsview.h"
#include "partpalette.h"
#include "planetabs.h"
#include "problemsview.h"
#include "reliabilityview.h"
#include "trainingview.h"
#include "schedulerview.h"

#include "catalog/catalog.h"
#include "pricecommands.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QLocale>
#include <QTime>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QGraphicsItem>
#include <QFileInfo>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

namespace cplan {

MainWindow::MainWindow(const Catalog &catalog, QWidget *parent)
    : QMainWindow(parent)
    , m_catalog(catalog)
    , m_document(new Document(catalog, this))
    , m_scene(new CanvasScene(m_document, this))
    , m_view(new CanvasView(m_scene, this))
    , m_jobs(new EngineJobs(this))
    , m_analysis(new AnalysisRunner(m_document, m_jobs, this))
    , m_clipboard(std::make_unique<CanvasClipboard>(m_scene))
    , m_files(new DocumentFiles(m_document, catalog, m_jobs, this))
    , m_exporter(new Exporter(m_document, catalog, m_view, this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/cluster-planner.svg")));
    // The canvas with its find bar above it.
    auto *centre = new QWidget(this);
    auto *column = new QVBoxLayout(centre);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    m_search = new CanvasSearchBar(m_scene, m_view, centre);
    column->addWidget(m_search);
    column->addWidget(new PlaneTabs(m_scene, centre));
    column->addWidget(m_view, 1);
    setCentralWidget(centre);
    setDockNestingEnabled(true);
    m_docks = Docks::create(this, m_document, m_scene, m_view, catalog);
    m_docks.scheduler->setJobs(m_jobs);
    m_docks.reliability->setJobs(m_jobs);
    m_docks.training->setJobs(m_jobs);
    m_asBuilt = new AsBuiltCompare(m_document, m_scene, m_view, m_docks.differences, m_files, m_jobs, catalog, this);
    m_explorer = new ExplorerHost(this, catalog);
    m_actions = MainActions::create(*this);
    createStatusBar();
    connectParts();

    resize(1600, 1000);
    updateTitle();
    m_analysis->runNow();
    QTimer::singleShot(0, m_view, &CanvasView::fitAll);
    reportDamagedStore();
}

MainWindow::MainWindow(Catalog &catalog, const std::string &storePath, QWidget *parent)
    : MainWindow(static_cast<const Catalog &>(catalog), parent)
{
    m_docks.bomModel->setDocument(m_document);
    m_document->enablePriceEditing(&catalog, storePath);
    m_actions.importPrices->setEnabled(true);
    connect(m_docks.bomModel, &BomModel::priceRejected, this,
            [this](const QString &message) { QMessageBox::warning(this, tr("Price book"), message); });
}

MainWindow::~MainWindow()
{
    // Jobs dropped while the docks go (their context objects) must not reach the status bar,
    // whose handler reads the analysis deleted below.
    disconnect(m_jobs, nullptr, this, nullptr);
    // Views listen to the scene and the document: take them down before the document goes.
    delete m_analysis;
    delete m_asBuilt;
    disconnect(m_scene, nullptr, nullptr, nullptr);
    qDeleteAll(m_docks.all);
    m_docks.all.clear();
    delete m_view;
    delete m_scene;
}

void MainWindow::createStatusBar()
{
    m_statusAnalysis = new QLabel(this);
    m_statusProgress = new QProgressBar(this);
    m_statusProgress->setRange(0, 100);
    m_statusProgress->setMaximumWidth(160);
    m_statusProgress->setMaximumHeight(14);
    m_statusCancel = new QToolButton(this);
    m_statusCancel->setObjectName(QStringLiteral("CancelAnalysis"));
    m_statusCancel->setText(tr("Cancel"));
    m_statusCancel->setToolTip(tr("Stop the work in progress; the figures shown stay those of the last analysis"));
    m_statusCancel->setAutoRaise(true);
    m_statusCancel->hide();
    statusBar()->addPermanentWidget(m_statusAnalysis);
    statusBar()->addPermanentWidget(m_statusProgress);
    statusBar()->addPermanentWidget(m_statusCancel);
}

void MainWindow::connectParts()
{
    auto showMessage = [this](const QString &m, int timeoutMs) { statusBar()->showMessage(m, timeoutMs); };
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.type != ChangeEvent::DesignReplaced)
            return;
        updateTitle();
        // The figures were the old design's: none until the analysis of the new one is done.
        m_resultOfOtherDesign = true;
        m_docks.metrics->setPending(tr("Analysing the design…"));
        m_docks.problems->setResult(AnalysisResult{});
        m_docks.bomModel->setBom(Bom{});
    });
    connect(m_files, &DocumentFiles::statusMessage, this, showMessage);
    connect(m_files, &DocumentFiles::designLoaded, this, &MainWindow::onDesignLoaded);
    connect(m_files, &DocumentFiles::fileOpened, this, &MainWindow::fileOpened);
    // A file that did not open leaves the current design: show its figures again.
    connect(m_files, &DocumentFiles::fileOpened, this, [this](bool ok) {
        if (!ok)
            onAnalysisFinished();
    });
    // A design being parsed: the progress bar shows "busy".
    connect(m_files, &DocumentFiles::openingChanged, this, &MainWindow::onOpeningChanged);
    connect(m_exporter, &Exporter::statusMessage, this, showMessage);
    connect(m_asBuilt, &AsBuiltCompare::statusMessage, this, showMessage);
    connect(m_asBuilt, &AsBuiltCompare::showDifferences, this, [this] { showDock(QStringLiteral("DifferencesDock")); });
    connect(m_scene, &CanvasScene::statusMessage, this, [this](const QString &m) { statusBar()->showMessage(m, 6000); });
    connect(m_scene, &CanvasScene::failedObjectsChanged, this, [this] { m_analysis->setFailed(m_scene->failedObjects()); });
    connect(m_scene, &CanvasScene::contextMenuRequested, this,
            [this](QGraphicsItem *item, const QPoint &at) { m_actions.showContextMenu(*this, item, at); });
    connect(m_analysis, &AnalysisRunner::progress, m_docks.metrics, &MetricsView::setProgress);
    connect(m_analysis, &AnalysisRunner::finished, this, &MainWindow::onAnalysisFinished);
    // One progress bar and one Cancel for every engine job (enginejob.h).
    connect(m_jobs, &EngineJobs::progress, this, [this](int percent, const QString &text) {
        m_statusProgress->setValue(percent);
        m_statusAnalysis->setText(text);
    });
    connect(m_jobs, &EngineJobs::shownJobChanged, this, [this](EngineJobs::JobId id, const QString &title) {
        m_statusCancel->setVisible(id != 0);
        if (id) {
            m_statusProgress->setValue(0);
            m_statusAnalysis->setText(title);
        } else {   // nothing runs: the analysis's state again, not the title of a job that ended
            m_statusProgress->setValue(m_analysis->isResultCurrent() ? 100 : 0);
            m_statusAnalysis->setText(m_analysisStatus);
        }
    });
    connect(m_statusCancel, &QToolButton::clicked, m_jobs, &EngineJobs::cancelShown);
    connect(m_analysis, &AnalysisRunner::cancelled, this, &MainWindow::onAnalysisCancelled);
    connect(m_docks.palette, &PartPalette::partActivated, this, [this](const QString &id) {
        // Double-click: place the part in the middle of the view.
        m_scene->dropPart(id.toStdString(), m_view->mapToScene(m_view->viewport()->rect().center()));
    });
    connect(m_docks.scheduler, &SchedulerView::statusMessage, this, [this](const QString &m) { statusBar()->showMessage(m, 8000); });
    m_exporter->setScheduler(m_docks.scheduler);   // the report includes the run just shown
    m_exporter->setTraining(m_docks.training);      // and the training job and failure assumptions set
    m_exporter->setReliability(m_docks.reliability);
    m_exporter->setAnalysis(m_analysis);           // ... and reuses the window's analysis
    m_exporter->setJobs(m_jobs);
    // Servers on the canvas show the GPUs the replayed jobs hold at the current time.
    connect(m_docks.scheduler, &SchedulerView::busyServersChanged, this,
            [this](const std::unordered_map<std::string, int> &busy) { m_scene->setBusyGpus(busy); });
}

// A damaged user store was set aside while the catalog loaded: tell the user once the window
// is up (open(), not exec(): nothing waits on the answer).
void MainWindow::reportDamagedStore()
{
    if (m_catalog.loadWarnings().empty())
        return;
    QStringList details;
    for (const std::string &w : m_catalog.loadWarnings())
        details << QString::fromStdString(w);
    QTimer::singleShot(0, this, [this, details] {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("User store damaged"),
                                    tr("Your user store (your own parts and prices) was damaged. It was set aside, "
                                       "and Cluster Planner started a new, empty one."),
                                    QMessageBox::Ok, this);
        box->setInformativeText(details.join(QStringLiteral("\n\n")));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

void MainWindow::showDock(const QString &objectName)
{
    for (QDockWidget *d : std::as_const(m_docks.all))
        if (d->objectName() == objectName) {
            d->show();
            d->raise();
        }
}

void MainWindow::updateTitle()
{
    const QString name = QString::fromStdString(m_document->design().name);
    const QString file = m_document->fileName().isEmpty() ? tr("untitled") : QFileInfo(m_document->fileName()).fileName();
    setWindowTitle(tr("%1 (%2)[*] — Cluster Planner").arg(name.isEmpty() ? tr("Untitled design") : name, file));
    setWindowModified(m_document->isModified());
}

// --- files and exports (DocumentFiles, Exporter) --------------------------------------------

bool MainWindow::openFile(const QString &fileName, bool interactive, QString *error)
{
    return m_files->openFile(fileName, interactive, error);
}

void MainWindow::openFileAsync(const QString &fileName, bool interactive)
{
    m_files->openFileAsync(fileName, interactive);
}

bool MainWindow::isOpening() const
{
    return m_files->isOpening();
}

bool MainWindow::saveFile(const QString &fileName, QString *error)
{
    return m_files->saveFile(fileName, error);
}

int MainWindow::writeReport(const QString &fileName, QString *error)
{
    return m_exporter->writeReport(fileName, error);
}

bool MainWindow::writeBomWorkbook(const QString &fileName, QString *error)
{
    return m_exporter->writeBomWorkbook(fileName, error);
}

bool MainWindow::importPriceList(const QString &fileName, QString *error, QString *notice)
{
    QStringList needRates;
    const int n = importPriceQuote(m_document, fileName, error, &needRates);
    if (n <= 0)
        return false;
    // Prices in a currency without a rate stay unknown in the BOM: say so, and where to fix it.
    const QString next = needRates.isEmpty()
                             ? QString()
                             : tr("The lines priced in %1 stay unknown until you enter an exchange rate: "
                                  "File ▸ Design settings ▸ Exchange rates.")
                                   .arg(needRates.join(QStringLiteral(", ")));
    if (notice)
        *notice = next;
    statusBar()->showMessage(tr("Imported %n price(s) into your price book", "", n) + (next.isEmpty() ? QString() : QStringLiteral(". ") + next),
                             next.isEmpty() ? 6000 : 30000);
    return true;
}

QString MainWindow::recoveryFile()
{
    return DocumentFiles::recoveryFile();
}

void MainWindow::autosave()
{
    m_files->autosave();
}

bool MainWindow::offerRecovery()
{
    return m_files->offerRecovery();
}

void MainWindow::setAutosaveEnabled(bool enabled)
{
    m_files->setAutosaveEnabled(enabled);
}

bool MainWindow::restoreLayout()
{
    return restoreWindowLayout(*this);
}

// View > Language: the menus, docks and labels set their texts again (retranslate.h); the
// figures, the status bar and the legend are composed with numbers: shown again from the result.
void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    updateTitle();
    statusBar()->clearMessage();   // a passing message in the language before goes, not stays
    if (!m_analysis->isRunning() && m_analysis->isResultCurrent())
        onAnalysisFinished();
}

// While a design is parsed the progress bar shows "busy" and the metrics say what is coming,
// instead of the figures of the design being replaced.
void MainWindow::onOpeningChanged(bool opening)
{
    m_statusProgress->setRange(0, opening ? 0 : 100);
    if (opening) {
        m_docks.metrics->setPending(tr("Opening the design…"));
        m_statusAnalysis->setText(tr("Opening the design…"));
    }
}

void MainWindow::onDesignLoaded()
{
    // Huge designs open with their scalable units collapsed (level of detail), and the pod
    // overview to find one's way in them.
    if (m_scene->isLargeDesign())
        showDock(QStringLiteral("OverviewDock"));
    m_view->fitAll();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    m_files->discardRecovery();
    // The layout as the user arranged it, not the presentation's.
    if (m_presentation)
        setPresentationMode(false);
    saveWindowLayout(*this, saveState(kWindowLayoutVersion));
    // Quitting stops the engine jobs now; nothing waits for them (they return on their own).
    m_analysis->cancel();
    m_jobs->cancelAll();
    event->accept();
}

// --- edit -----------------------------------------------------------------------------------

void MainWindow::newFatTree()
{
    FabricWizard wizard(m_catalog, this, m_jobs);
    if (wizard.exec() != QDialog::Accepted || !wizard.hasDesign())
        return;
    // A new document, untitled and unsaved: Save asks where instead of overwriting the file that
    // was open, and the work before is saved or discarded as for File > New.
    if (!m_files->maybeSave())
        return;
    m_document->reset(wizard.design(), QString(), true);
    onDesignLoaded();
}

void MainWindow::cut()
{
    if (m_scene->selectedNodeIds().empty() && m_scene->selectedLinkIds().empty())
        return;
    m_clipboard->copyToClipboard();
    QUndoStack *stack = m_document->undoStack();
    stack->beginMacro(tr("Cut"));
    m_scene->deleteSelection();
    stack->endMacro();
}

void MainWindow::showFind()
{
    if (m_presentation)
        setPresentationMode(false);
    m_search->open();
}

void MainWindow::showDesignSettings()
{
    DesignSettingsDialog dialog(m_document, this);
    dialog.exec();
}

void MainWindow::showHelp()
{
    HelpDialog::show(this);
}

void MainWindow::showAbout()
{
    HelpDialog::about(this);
}

void MainWindow::paste()
{
    const QPoint cursor = QCursor::pos();
    QPointF at = m_view->mapToScene(m_view->mapFromGlobal(cursor));
    const QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    if (!visible.contains(at))
        at = visible.center();
    if (m_pasteAt && cursor == m_pasteCursor)
        at = *m_pasteAt;
    if (m_clipboard->pasteFromClipboard(at)) {
        m_pasteCursor = cursor;
        m_pasteAt = at;
    }
}

// --- analysis, presentation -----------------------------------------------------------------

void MainWindow::onAnalysisFinished()
{
    m_statusCancel->hide();
    const AnalysisResult &r = m_analysis->result();
    QElapsedTimer timer;
    timer.start();
    m_docks.problems->setResult(r);
    const qint64 tProblems = timer.nsecsElapsed();
    m_docks.metrics->setResult(r);
    const qint64 tMetrics = timer.nsecsElapsed();
    m_docks.bomModel->setBom(r.cost.bom);
    m_docks.bomView->resizeColumnsToContents();
    m_docks.bomView->horizontalHeader()->setSectionResizeMode(BomModel::DescriptionColumn, QHeaderView::Stretch);
    const qint64 tBom = timer.nsecsElapsed();
    m_scene->setLinkUtilization(r.linkUtilization);
    if (qEnvironmentVariableIsSet("CPLAN_DEBUG_TIMING"))
        qDebug("results shown: problems %.1f ms, metrics %.1f ms, BOM %.1f ms, canvas %.1f ms", tProblems / 1e6,
               (tMetrics - tProblems) / 1e6, (tBom - tMetrics) / 1e6, (timer.nsecsElapsed() - tBom) / 1e6);
    m_analysisStatus = tr("Analysis %1 ms").arg(r.wallMs(), 0, 'f', 0);
    m_statusAnalysis->setText(m_analysisStatus);
    m_statusProgress->setValue(100);
    m_resultOfOtherDesign = false;
    markAnalysisDocks(false);
    updateLegendTitle();
    refreshKeyFigures();
}

// A run that did not finish: the panels keep the last result and say what was asked, what
// they show instead and since when. A heatmap pattern that was not run is given up, so that the
// menu, the legend and the colours name the same pattern.
void MainWindow::onAnalysisCancelled()
{
    m_statusProgress->setValue(0);
    const AnalysisResult &r = m_analysis->result();
    const QString asked = m_analysis->pattern(), shown = QString::fromStdString(r.pattern);
    if (asked != shown || m_analysis->messageBytes() != r.messageBytes) {
        m_analysis->keepResultPattern();
        m_actions.checkHeatmap(shown, r.messageBytes);
    }
    const QLocale locale;
    const QString now = locale.toString(QTime::currentTime(), QLocale::ShortFormat);
    const QString of = locale.toString(r.finishedAt.time(), QLocale::ShortFormat);
    const QString none = tr("none");
    QString why;
    if (m_resultOfOtherDesign)
        why = tr("Analysis cancelled at %1: this design has not been analysed. Tools ▸ Run analysis now analyses it.").arg(now);
    else if (m_analysis->isResultCurrent())   // only the pattern had changed, and it is back
        why = tr("Analysis cancelled at %1: the %2 heatmap was not computed. The heatmap and figures are those of %3 (analysed at %4).")
                  .arg(now, asked.isEmpty() ? none : patternName(asked), shown.isEmpty() ? none : patternName(shown), of);
    else
        why = tr("Analysis cancelled at %1: the figures and the heatmap are of the design as it was at %2, before the later changes. "
                 "Tools ▸ Run analysis now brings them up to date.")
                  .arg(now, of);
    m_analysisStatus = m_analysis->isResultCurrent() ? tr("Analysis cancelled") : tr("Analysis cancelled: figures outdated");
    m_statusAnalysis->setText(m_analysisStatus);
    statusBar()->showMessage(why, 30000);
    m_docks.metrics->setOutdated(why);
    markAnalysisDocks(m_resultOfOtherDesign || !m_analysis->isResultCurrent());
    updateLegendTitle();
    refreshKeyFigures();
}

// The docks the analysis fills say "(outdated)" in their titles while their figures are not of
// the design as it is (Metrics says why).
void MainWindow::markAnalysisDocks(bool outdated)
{
    const QString suffix = QLatin1Char(' ') + tr("(outdated)");
    for (QDockWidget *d : std::as_const(m_docks.all)) {
        const QString name = d->objectName();
        if (name != QLatin1String("MetricsDock") && name != QLatin1String("ProblemsDock") && name != QLatin1String("BomDock"))
            continue;
        QString title = d->windowTitle();
        if (title.endsWith(suffix))
            title.chop(suffix.size());
        d->setWindowTitle(outdated ? title + suffix : title);
    }
}

// The legend names the pattern the colours are of; one being computed, or outdated colours, say so.
void MainWindow::updateLegendTitle()
{
    const QString shown = QString::fromStdString(m_analysis->result().pattern), asked = m_analysis->pattern();
    QString title = tr("Link utilization — %1").arg(patternName(shown.isEmpty() ? asked : shown));
    if (!shown.isEmpty() && asked != shown)
        title += QLatin1Char(' ') + (asked.isEmpty() ? tr("(updating…)") : tr("(computing %1…)").arg(patternName(asked)));
    else if (!shown.isEmpty() && !m_analysis->isResultCurrent() && !m_analysis->isRunning())
        title += QLatin1Char(' ') + tr("(outdated)");
    m_view->setLegendTitle(title);
    // Under the scale: what the colours are of, at which size, what 100 % means, the bottleneck.
    m_view->setLegendCaption(HeatmapCaption::lines(m_analysis->result(), patternName(shown)));
}

void MainWindow::refreshKeyFigures()
{
    if (!m_presentation) {
        m_view->setKeyFigures({});
        return;
    }
    // By key figure id (core/analysis/keyfigures.h), as the Metrics dock shows them.
    QVector<QPair<QString, QString>> figures;
    for (const char *id : {"gpus", "servers", "switches", "bisection_gbps", "oversubscription", "capex", "cost_per_gpu", "power_w",
                           "max_link_utilization"})
        if (const MetricsView::Row row = m_docks.metrics->row(QLatin1String(id)); !row.label.isEmpty() && row.value != MetricsView::tr("n/a"))
            figures << qMakePair(row.label, row.value);
    QString title = QString::fromStdString(m_document->design().name);
    if (!m_analysis->isResultCurrent() && !m_analysis->isRunning())   // a cancelled run: say so on the projector too
        title += QStringLiteral(" — ") + tr("outdated, analysis cancelled");
    m_view->setKeyFigures(figures, title);
}

void MainWindow::setHeatmapPattern(const QString &pattern)
{
    m_actions.checkHeatmap(pattern, m_analysis->messageBytes());
    m_analysis->setPattern(pattern);
    updateLegendTitle();
}

void MainWindow::setHeatmapMessageSize(double bytes)
{
    m_actions.checkHeatmap(m_analysis->pattern(), bytes);
    m_analysis->setMessageBytes(bytes);
    updateLegendTitle();
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (m_actions.presentation->isChecked() != on)
        m_actions.presentation->setChecked(on);
    m_actions.leavePresentation->setEnabled(on);
    m_view->setHint(on ? tr("Esc or F5: leave presentation mode") : QString());
    m_view->setProjectorSize(on);   // the key figures at a projector's size
    if (on) {
        m_search->hide();
        m_stateBeforePresentation = saveState();
        for (QDockWidget *d : std::as_const(m_docks.all))
            d->hide();
        m_actions.toolbar->hide();
        menuBar()->hide();
        statusBar()->hide();
        m_scene->clearSelection();
        m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        showFullScreen();
    } else {
        menuBar()->show();
        statusBar()->show();
        m_actions.toolbar->show();
        m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        m_view->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        restoreState(m_stateBeforePresentation);
        showNormal();
    }
    refreshKeyFigures();
    QTimer::singleShot(0, m_view, &CanvasView::fitAllWhileResizing);   // full screen comes later
}

} // namespace cplan
