#include "mainwindow.h"

#include "i18n.h"

#include "analysis.h"
#include "bommodel.h"
#include "canvasitems.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "commands.h"
#include "document.h"
#include "fabricwizard.h"
#include "inspector.h"
#include "l10n.h"
#include "metricsview.h"
#include "pdfreport.h"
#include "partpalette.h"
#include "problemsview.h"
#include "schedulerview.h"

#include "catalog/catalog.h"
#include "cost/bom.h"
#include "export/bomworkbook.h"
#include "io/designyaml.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSaveFile>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QUndoStack>

namespace cplan {

MainWindow::MainWindow(const Catalog &catalog, QWidget *parent)
    : QMainWindow(parent)
    , m_catalog(catalog)
    , m_document(new Document(catalog, this))
    , m_scene(new CanvasScene(m_document, this))
    , m_view(new CanvasView(m_scene, this))
    , m_analysis(new AnalysisRunner(m_document, this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/cluster-planner.svg")));
    setCentralWidget(m_view);
    setDockNestingEnabled(true);
    createDocks();
    createActions();
    m_statusAnalysis = new QLabel(this);
    m_statusProgress = new QProgressBar(this);
    m_statusProgress->setRange(0, 100);
    m_statusProgress->setMaximumWidth(160);
    m_statusProgress->setMaximumHeight(14);
    statusBar()->addPermanentWidget(m_statusAnalysis);
    statusBar()->addPermanentWidget(m_statusProgress);

    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::fileNameChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.type == ChangeEvent::DesignReplaced)
            updateTitle();
    });
    connect(m_scene, &CanvasScene::statusMessage, this, [this](const QString &m) { statusBar()->showMessage(m, 6000); });
    connect(m_scene, &CanvasScene::failedObjectsChanged, this, [this] { m_analysis->setFailed(m_scene->failedObjects()); });
    connect(m_analysis, &AnalysisRunner::progress, this, [this](int percent, const QString &stage) {
        m_statusProgress->setValue(percent);
        m_statusAnalysis->setText(stage);
        m_metrics->setProgress(percent, stage);
    });
    connect(m_analysis, &AnalysisRunner::finished, this, &MainWindow::onAnalysisFinished);
    connect(m_palette, &PartPalette::partActivated, this, [this](const QString &id) {
        // Double-click: place the part in the middle of the view.
        m_scene->dropPart(id.toStdString(), m_view->mapToScene(m_view->viewport()->rect().center()));
    });
    connect(m_scheduler, &SchedulerView::statusMessage, this, [this](const QString &m) { statusBar()->showMessage(m, 8000); });
    // Servers on the canvas show the GPUs the replayed jobs hold at the current time.
    connect(m_scheduler, &SchedulerView::busyServersChanged, this,
            [this](const std::unordered_map<std::string, int> &busy) { m_scene->setBusyGpus(busy); });

    m_autosave.setInterval(60 * 1000);
    connect(&m_autosave, &QTimer::timeout, this, &MainWindow::autosave);
    m_autosave.start();

    resize(1600, 1000);
    updateTitle();
    updateRecentMenu();
    m_analysis->runNow();
    QTimer::singleShot(0, m_view, &CanvasView::fitAll);

    // A damaged user store was set aside while the catalog loaded: tell the user once the
    // window is up (open(), not exec(): nothing waits on the answer).
    if (!catalog.loadWarnings().empty()) {
        QStringList details;
        for (const std::string &w : catalog.loadWarnings())
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
}

MainWindow::~MainWindow()
{
    // Views listen to the scene and the document: take them down before the document goes.
    delete m_analysis;
    disconnect(m_scene, nullptr, nullptr, nullptr);
    qDeleteAll(m_docks);
    m_docks.clear();
    delete m_view;
    delete m_scene;
}

// --- layout ---------------------------------------------------------------------------------

void MainWindow::createDocks()
{
    auto dock = [this](QWidget *w, const QString &title, const QString &name, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        m_docks << d;
        return d;
    };
    m_palette = new PartPalette(m_catalog, this);
    m_inspector = new Inspector(m_document, m_scene, this);
    m_problems = new ProblemsView(m_scene, this);
    m_metrics = new MetricsView(this);
    m_scheduler = new SchedulerView(m_document, this);
    m_bomModel = new BomModel(this);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_bomModel);
    proxy->setSortRole(Qt::UserRole);
    m_bomView = new QTableView(this);
    m_bomView->setModel(proxy);
    m_bomView->setSortingEnabled(false);
    m_bomView->horizontalHeader()->setSectionResizeMode(BomModel::DescriptionColumn, QHeaderView::Stretch);
    m_bomView->verticalHeader()->hide();
    m_bomView->setAlternatingRowColors(true);
    m_bomView->setWordWrap(false);

    auto *palette = dock(m_palette, tr("Parts"), QStringLiteral("PartsDock"), Qt::LeftDockWidgetArea);
    auto *inspector = dock(m_inspector, tr("Inspector"), QStringLiteral("InspectorDock"), Qt::LeftDockWidgetArea);
    splitDockWidget(palette, inspector, Qt::Vertical);
    auto *metrics = dock(m_metrics, tr("Metrics"), QStringLiteral("MetricsDock"), Qt::RightDockWidgetArea);
    auto *scheduler = dock(m_scheduler, tr("Scheduler"), QStringLiteral("SchedulerDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(metrics, scheduler);
    metrics->raise();
    auto *problems = dock(m_problems, tr("Problems"), QStringLiteral("ProblemsDock"), Qt::BottomDockWidgetArea);
    auto *bom = dock(m_bomView, tr("Bill of materials"), QStringLiteral("BomDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(problems, bom);
    problems->raise();
    resizeDocks({palette, metrics}, {330, 380}, Qt::Horizontal);
    resizeDocks({problems}, {190}, Qt::Vertical);
    resizeDocks({palette, inspector}, {420, 330}, Qt::Vertical);
}

void MainWindow::showDock(const QString &objectName)
{
    for (QDockWidget *d : std::as_const(m_docks))
        if (d->objectName() == objectName) {
            d->show();
            d->raise();
        }
}

void MainWindow::createActions()
{
    QUndoStack *stack = m_document->undoStack();
    auto *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newDesign);
    file->addAction(tr("New &fat-tree fabric…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), this, &MainWindow::newFatTree);
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::open);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &as…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addSeparator();
    file->addAction(tr("&Export view…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportView);
    file->addAction(tr("Export &report (PDF)…"), this, &MainWindow::exportReport);
    file->addAction(tr("Export &BOM workbook (XLSX)…"), this, &MainWindow::exportBomWorkbook);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    auto *edit = menuBar()->addMenu(tr("&Edit"));
    m_undo = stack->createUndoAction(this, tr("&Undo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = stack->createRedoAction(this, tr("&Redo"));
    m_redo->setShortcut(QKeySequence::Redo);
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    edit->addSeparator();
    edit->addAction(tr("&Copy"), QKeySequence::Copy, this, &MainWindow::copy);
    edit->addAction(tr("&Paste"), QKeySequence::Paste, this, &MainWindow::paste);
    auto *del = edit->addAction(tr("&Delete"), QKeySequence::Delete, m_scene, &CanvasScene::deleteSelection);
    del->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(del);
    edit->addAction(tr("Select &all"), QKeySequence::SelectAll, this, [this] {
        const auto items = m_scene->items();
        for (QGraphicsItem *i : items)
            if (i->isVisible() && (i->flags() & QGraphicsItem::ItemIsSelectable))
                i->setSelected(true);
    });

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addAction(tr("Zoom &in"), QKeySequence::ZoomIn, this, [this] { m_view->zoomBy(1.25); });
    m_viewMenu->addAction(tr("Zoom &out"), QKeySequence::ZoomOut, this, [this] { m_view->zoomBy(0.8); });
    m_viewMenu->addAction(tr("&Fit to view"), QKeySequence(Qt::CTRL | Qt::Key_0), m_view, &CanvasView::fitAll);
    auto *snap = m_viewMenu->addAction(tr("&Snap to grid"));
    snap->setCheckable(true);
    snap->setChecked(m_scene->snapToGrid());
    connect(snap, &QAction::toggled, m_scene, &CanvasScene::setSnapToGrid);
    m_viewMenu->addAction(tr("&Collapse all scalable units"), this, [this] { m_scene->setAllGroupsCollapsed(true); });
    m_viewMenu->addAction(tr("E&xpand all groups"), this, [this] { m_scene->setAllGroupsCollapsed(false); });
    auto *heat = m_viewMenu->addMenu(tr("Utilization &heatmap"));
    m_heatmapGroup = new QActionGroup(this);
    const QList<QPair<QString, QString>> patterns = {{tr("Off"), QString()},
                                                     {tr("All-to-all"), QStringLiteral("alltoall")},
                                                     {tr("Shift by one (ring)"), QStringLiteral("shift:1")},
                                                     {tr("Random permutation"), QStringLiteral("permutation")}};
    for (const auto &[label, pattern] : patterns) {
        QAction *a = heat->addAction(label);
        a->setCheckable(true);
        a->setData(pattern);
        a->setChecked(pattern.isEmpty());
        m_heatmapGroup->addAction(a);
    }
    connect(m_heatmapGroup, &QActionGroup::triggered, this, [this](QAction *a) { setHeatmapPattern(a->data().toString()); });
    m_viewMenu->addSeparator();
    m_presentationAction = m_viewMenu->addAction(tr("&Presentation mode"));
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setCheckable(true);
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    addAction(m_presentationAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addMenu(createLanguageMenu(this));
    auto *docks = m_viewMenu->addMenu(tr("&Docks"));
    for (QDockWidget *d : std::as_const(m_docks))
        docks->addAction(d->toggleViewAction());

    auto *tools = menuBar()->addMenu(tr("&Tools"));
    m_failureAction = tools->addAction(tr("&Failure mode (click links or switches to fail them)"));
    m_failureAction->setCheckable(true);
    connect(m_failureAction, &QAction::toggled, this, [this](bool on) {
        m_scene->setFailureMode(on);
        statusBar()->showMessage(on ? tr("Failure mode: click a link or a switch to fail it, click again to restore it")
                                    : tr("Failure mode off"),
                                 8000);
    });
    tools->addAction(tr("&Restore all failed objects"), m_scene, &CanvasScene::clearFailures);
    tools->addAction(tr("Run &analysis now"), m_analysis, &AnalysisRunner::runNow);

    m_toolbar = addToolBar(tr("Main"));
    m_toolbar->setObjectName(QStringLiteral("MainToolbar"));
    m_toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_toolbar->addAction(tr("New fat tree…"), this, &MainWindow::newFatTree);
    m_toolbar->addAction(tr("Open…"), this, &MainWindow::open);
    m_toolbar->addAction(tr("Save"), this, &MainWindow::save);
    m_toolbar->addSeparator();
    m_toolbar->addAction(m_undo);
    m_toolbar->addAction(m_redo);
    m_toolbar->addSeparator();
    m_toolbar->addAction(tr("Fit"), m_view, &CanvasView::fitAll);
    m_toolbar->addAction(m_failureAction);
    m_failureAction->setIconText(tr("Failure mode"));
    m_toolbar->addAction(m_presentationAction);
    m_presentationAction->setIconText(tr("Present"));
}

void MainWindow::updateTitle()
{
    const QString name = QString::fromStdString(m_document->design().name);
    const QString file = m_document->fileName().isEmpty() ? tr("untitled") : QFileInfo(m_document->fileName()).fileName();
    setWindowTitle(tr("%1 (%2)[*] — Cluster Planner").arg(name.isEmpty() ? tr("Untitled design") : name, file));
    setWindowModified(m_document->isModified());
}

// --- files ----------------------------------------------------------------------------------

bool MainWindow::openFile(const QString &fileName, bool interactive, QString *error)
{
    QString message;
    if (!m_document->load(fileName, &message)) {
        if (interactive)
            QMessageBox::critical(this, tr("Cannot open design"),
                                  tr("The file could not be read; your current work is unchanged.\n\n%1").arg(message));
        if (error)
            *error = message;
        return false;
    }
    showOpened(fileName);
    return true;
}

void MainWindow::showOpened(const QString &fileName)
{
    addRecentFile(QFileInfo(fileName).absoluteFilePath());
    // Huge designs open with their scalable units collapsed (level of detail).
    if (m_document->design().nodes.size() > 3000)
        m_scene->setAllGroupsCollapsed(true);
    m_view->fitAll();
    statusBar()->showMessage(tr("Opened %1").arg(fileName), 5000);
}

void MainWindow::openFileAsync(const QString &fileName, bool interactive)
{
    if (m_opening)
        return;
    m_opening = true;
    statusBar()->showMessage(tr("Opening %1…").arg(fileName));
    m_statusProgress->setRange(0, 0); // busy
    using Loaded = std::shared_ptr<Result<Design>>;
    auto *watcher = new QFutureWatcher<Loaded>(this);
    connect(watcher, &QFutureWatcher<Loaded>::finished, this, [this, watcher, fileName, interactive] {
        watcher->deleteLater();
        m_opening = false;
        m_statusProgress->setRange(0, 100);
        Loaded loaded = watcher->result();
        if (!*loaded) {
            const QString message = QString::fromStdString(loaded->error().toString());
            statusBar()->clearMessage();
            if (interactive)
                QMessageBox::critical(this, tr("Cannot open design"),
                                      tr("The file could not be read; your current work is unchanged.\n\n%1").arg(message));
            emit fileOpened(false, message);
            return;
        }
        m_document->reset(std::move(**loaded), fileName);
        showOpened(fileName);
        emit fileOpened(true, QString());
    });
    const Catalog *catalog = &m_catalog;
    const std::string path = fileName.toStdString();
    watcher->setFuture(QtConcurrent::run([path, catalog]() { return std::make_shared<Result<Design>>(loadDesign(path, catalog)); }));
}

bool MainWindow::saveFile(const QString &fileName, QString *error)
{
    QString message;
    if (!m_document->save(fileName, &message)) {
        if (error)
            *error = message;
        return false;
    }
    addRecentFile(QFileInfo(fileName).absoluteFilePath());
    QFile::remove(recoveryFile());
    statusBar()->showMessage(tr("Saved %1").arg(fileName), 5000);
    return true;
}

void MainWindow::newDesign()
{
    if (!maybeSave())
        return;
    Design d;
    d.name = tr("Untitled design").toStdString();
    m_document->reset(std::move(d), QString());
}

void MainWindow::newFatTree()
{
    FabricWizard wizard(m_catalog, this);
    if (wizard.exec() != QDialog::Accepted || !wizard.hasDesign())
        return;
    Design design = wizard.design();
    if (design.nodes.size() > 3000)
        m_scene->setAllGroupsCollapsed(true);
    m_document->undoStack()->push(new ReplaceDesign(m_document, std::move(design), tr("Generate fat tree")));
    if (m_document->design().nodes.size() > 3000)
        m_scene->setAllGroupsCollapsed(true);
    m_view->fitAll();
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString f = QFileDialog::getOpenFileName(this, tr("Open design"), QString(), tr("Cluster designs (*.cluster.yaml *.yaml);;All files (*)"));
    if (!f.isEmpty())
        openFileAsync(f);
}

bool MainWindow::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    QString error;
    if (!saveFile(m_document->fileName(), &error)) {
        QMessageBox::critical(this, tr("Cannot save"), error);
        return false;
    }
    return true;
}

bool MainWindow::saveAs()
{
    QString f = QFileDialog::getSaveFileName(this, tr("Save design"), m_document->fileName(), tr("Cluster designs (*.cluster.yaml)"));
    if (f.isEmpty())
        return false;
    if (!f.endsWith(QLatin1String(".yaml")))
        f += QStringLiteral(".cluster.yaml");
    QString error;
    if (!saveFile(f, &error)) {
        QMessageBox::critical(this, tr("Cannot save"), error);
        return false;
    }
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"), tr("The design has unsaved changes. Save them?"),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // A clean exit leaves no recovery file behind.
    QFile::remove(recoveryFile());
    event->accept();
}

void MainWindow::addRecentFile(const QString &fileName)
{
    QSettings settings;
    QStringList files = settings.value(QStringLiteral("recentFiles")).toStringList();
    files.removeAll(fileName);
    files.prepend(fileName);
    while (files.size() > 8)
        files.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &f : files)
        m_recentMenu->addAction(QFileInfo(f).fileName(), this, [this, f] {
            if (maybeSave())
                openFileAsync(f);
        })->setToolTip(f);
    m_recentMenu->setEnabled(!files.isEmpty());
}

QString MainWindow::recoveryFile()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/recovery.cluster.yaml");
}

void MainWindow::setAutosaveEnabled(bool enabled)
{
    if (enabled)
        m_autosave.start();
    else
        m_autosave.stop();
}

void MainWindow::autosave()
{
    if (!m_document->isModified())
        return;
    // Written atomically, so a crash during autosave never leaves a torn recovery file.
    QSaveFile out(recoveryFile());
    if (!out.open(QIODevice::WriteOnly))
        return;
    out.write(QByteArray::fromStdString(serializeDesign(m_document->design())));
    if (out.commit()) {
        QSettings().setValue(QStringLiteral("recoveryOf"), m_document->fileName());
        statusBar()->showMessage(tr("Autosaved"), 2000);
    }
}

bool MainWindow::offerRecovery()
{
    const QString f = recoveryFile();
    if (!QFile::exists(f))
        return false;
    const QString original = QSettings().value(QStringLiteral("recoveryOf")).toString();
    const auto answer = QMessageBox::question(
        this, tr("Recover unsaved work?"),
        tr("Cluster Planner did not close properly. Unsaved work of %1 was autosaved at %2. Recover it?")
            .arg(original.isEmpty() ? tr("an untitled design") : original, QFileInfo(f).lastModified().toString()),
        QMessageBox::Yes | QMessageBox::No);
    if (answer != QMessageBox::Yes) {
        QFile::remove(f);
        return false;
    }
    auto loaded = loadDesign(f.toStdString(), &m_catalog);
    if (!loaded) {
        QMessageBox::critical(this, tr("Cannot recover"), QString::fromStdString(loaded.error().toString()));
        return false;
    }
    m_document->reset(std::move(*loaded), original, true);
    m_view->fitAll();
    return true;
}

// --- edit -----------------------------------------------------------------------------------

void MainWindow::copy()
{
    if (QMimeData *mime = m_scene->copySelection())
        QApplication::clipboard()->setMimeData(mime);
}

void MainWindow::paste()
{
    const QPointF at = m_view->mapToScene(m_view->mapFromGlobal(QCursor::pos()));
    const QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    m_scene->paste(QApplication::clipboard()->mimeData(), visible.contains(at) ? at : visible.center());
}

// --- analysis, presentation, export ---------------------------------------------------------

void MainWindow::onAnalysisFinished()
{
    const AnalysisResult &r = m_analysis->result();
    QElapsedTimer timer;
    timer.start();
    m_problems->setResult(r);
    const qint64 tProblems = timer.nsecsElapsed();
    m_metrics->setResult(r);
    const qint64 tMetrics = timer.nsecsElapsed();
    m_bomModel->setBom(r.bom);
    m_bomView->resizeColumnsToContents();
    m_bomView->horizontalHeader()->setSectionResizeMode(BomModel::DescriptionColumn, QHeaderView::Stretch);
    const qint64 tBom = timer.nsecsElapsed();
    m_scene->setLinkUtilization(r.linkUtilization);
    if (qEnvironmentVariableIsSet("CPLAN_DEBUG_TIMING"))
        qDebug("results shown: problems %.1f ms, metrics %.1f ms, BOM %.1f ms, canvas %.1f ms", tProblems / 1e6,
               (tMetrics - tProblems) / 1e6, (tBom - tMetrics) / 1e6, (timer.nsecsElapsed() - tBom) / 1e6);
    m_statusAnalysis->setText(tr("Analysis %1 ms").arg(r.wallMs, 0, 'f', 0));
    refreshKeyFigures();
}

void MainWindow::refreshKeyFigures()
{
    if (!m_presentation) {
        m_view->setKeyFigures({});
        return;
    }
    QVector<QPair<QString, QString>> figures;
    const QStringList wanted = {tr("GPUs"), tr("Servers"), tr("Switches (leaf / spine / core)"), tr("Bisection"), tr("Oversubscription"),
                                tr("CAPEX"), tr("Cost per GPU"), tr("Power"), tr("Max link utilization")};
    for (const auto &f : m_metrics->keyFigures())
        if (wanted.contains(f.first) && f.second != tr("n/a"))
            figures << f;
    m_view->setKeyFigures(figures, QString::fromStdString(m_document->design().name));
}

void MainWindow::setHeatmapPattern(const QString &pattern)
{
    for (QAction *a : m_heatmapGroup->actions())
        if (a->data().toString() == pattern)
            a->setChecked(true);
    m_analysis->setPattern(pattern);
    m_view->setLegendTitle(tr("Link utilization — %1").arg(pattern));
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (m_presentationAction->isChecked() != on)
        m_presentationAction->setChecked(on);
    if (on) {
        m_stateBeforePresentation = saveState();
        for (QDockWidget *d : std::as_const(m_docks))
            d->hide();
        m_toolbar->hide();
        menuBar()->hide();
        statusBar()->hide();
        m_scene->clearSelection();
        m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        showFullScreen();
    } else {
        menuBar()->show();
        statusBar()->show();
        m_toolbar->show();
        m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        m_view->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
        restoreState(m_stateBeforePresentation);
        showNormal();
    }
    refreshKeyFigures();
    QTimer::singleShot(0, m_view, &CanvasView::fitAll);
}

void MainWindow::exportView()
{
    const QString f = QFileDialog::getSaveFileName(this, tr("Export view"), QString(), tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (f.isEmpty())
        return;
    QString error;
    if (!m_view->exportTo(f, true, &error))
        QMessageBox::critical(this, tr("Cannot export"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(f), 5000);
}

namespace {

// A file name next to the design's, with another extension.
QString besideDesign(const QString &designFile, const QString &suffix)
{
    if (designFile.isEmpty())
        return QStringLiteral("design") + suffix;
    QString base = designFile;
    for (const QString &ext : {QStringLiteral(".cluster.yaml"), QStringLiteral(".yaml")})
        if (base.endsWith(ext)) {
            base.chop(ext.size());
            break;
        }
    return base + suffix;
}

} // namespace

void MainWindow::exportDeliverable(const QString &title, const QString &suffix, const QString &filter,
                                   const std::function<bool(const QString &, QString *)> &write)
{
    const QString f = QFileDialog::getSaveFileName(this, title, besideDesign(m_document->fileName(), suffix), filter);
    if (f.isEmpty())
        return;
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = write(f, &error);
    QGuiApplication::restoreOverrideCursor();
    if (!ok)
        QMessageBox::critical(this, tr("Cannot export"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(f), 5000);
}

void MainWindow::exportReport()
{
    exportDeliverable(tr("Export report"), QStringLiteral("-report.pdf"), tr("PDF document (*.pdf)"),
                      [this](const QString &f, QString *error) { return writeReport(f, error) > 0; });
}

void MainWindow::exportBomWorkbook()
{
    exportDeliverable(tr("Export BOM workbook"), QStringLiteral("-bom.xlsx"), tr("Excel workbook (*.xlsx)"),
                      [this](const QString &f, QString *error) { return writeBomWorkbook(f, error); });
}

int MainWindow::writeReport(const QString &file, QString *error)
{
    // The report is in the interface language: the translator and locale are already installed.
    PdfReport report(m_document->design(), m_catalog);
    report.setSourceFile(m_document->fileName());
    return report.write(file, error) ? report.pageCount() : 0;
}

bool MainWindow::writeBomWorkbook(const QString &file, QString *error)
{
    const Bom bom = computeBom(m_document->design(), m_catalog);
    // In the interface language, like the BOM dock: headers, sheet names, categories.
    const Status written = cplan::writeBomWorkbook(file.toStdString(), m_document->design(), m_catalog, bom, {},
                                                   [](const Message &m) { return engineText(m).toStdString(); });
    if (!written && error)
        *error = QString::fromStdString(written.error().toString());
    return written.ok();
}

} // namespace cplan
