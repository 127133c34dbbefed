#pragma once

#include "docks.h"
#include "mainactions.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <string>

class QLabel;
class QProgressBar;
class QToolButton;

namespace cplan {

class AnalysisRunner;
class AsBuiltCompare;
class BomModel;
class CanvasClipboard;
class CanvasSearchBar;
class CanvasScene;
class CanvasView;
class Catalog;
class DocumentFiles;
class EngineJobs;
class ExplorerHost;
class Document;
class Exporter;
class Inspector;
class MetricsView;
class OverviewView;
class PartPalette;
class ProblemsView;
class SchedulerView;

// The main window: canvas in the centre, docks around it (docks.h), menus and toolbar
// (mainactions.h), file handling with recent files, autosave and crash recovery
// (documentfiles.h), exports (exporter.h); here the parts are connected, the analysis results
// shown and presentation mode switched.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const Catalog &catalog, QWidget *parent = nullptr);
    // The same, with prices the user can type into the BOM or import (File > Import price
    // list): they go into the user store at `storePath` (the one the catalog was loaded from)
    // and into this catalog.
    MainWindow(Catalog &catalog, const std::string &storePath, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a design; a broken file shows its error (file:line) and keeps the current work.
    // `interactive` = false never shows dialogs (screenshots, tests); the error is returned.
    bool openFile(const QString &fileName, bool interactive = true, QString *error = nullptr);
    bool saveFile(const QString &fileName, QString *error = nullptr);
    // Deliverables of the current design, without dialogs: the PDF report in the interface
    // language (returns its page count, 0 on error) and the BOM workbook (XLSX).
    int writeReport(const QString &fileName, QString *error = nullptr);
    bool writeBomWorkbook(const QString &fileName, QString *error = nullptr);
    // Reads a price quote (CSV or XLSX) into the user's price book: one undo step. False with
    // the error (file:line or file:sheet!cell) when the quote is refused; nothing changes then.
    // `notice`: what the user must do next, such as entering an exchange rate for the quote's
    // currency (its lines stay unknown until then); empty when nothing.
    bool importPriceList(const QString &fileName, QString *error = nullptr, QString *notice = nullptr);
    // The same, with the file parsed on a worker thread: the window stays responsive while a
    // big design loads. Emits fileOpened() when done.
    void openFileAsync(const QString &fileName, bool interactive = true);
    bool isOpening() const;

    Document *document() const { return m_document; }
    CanvasScene *scene() const { return m_scene; }
    CanvasView *view() const { return m_view; }
    CanvasClipboard *clipboard() const { return m_clipboard.get(); }
    CanvasSearchBar *searchBar() const { return m_search; }
    DocumentFiles *files() const { return m_files; }
    Exporter *exporter() const { return m_exporter; }
    AnalysisRunner *analysis() const { return m_analysis; }
    // Every engine job the window runs (analysis, scheduler, as-built, open, report, ...).
    EngineJobs *jobs() const { return m_jobs; }
    AsBuiltCompare *asBuilt() const { return m_asBuilt; }
    // Tools > Design explorer: its window, and the designs opened from it.
    ExplorerHost *explorer() const { return m_explorer; }
    const Catalog &catalog() const { return m_catalog; }
    PartPalette *palette() const { return m_docks.palette; }
    Inspector *inspector() const { return m_docks.inspector; }
    ProblemsView *problems() const { return m_docks.problems; }
    MetricsView *metrics() const { return m_docks.metrics; }
    SchedulerView *scheduler() const { return m_docks.scheduler; }
    OverviewView *overview() const { return m_docks.overview; }
    BomModel *bomModel() const { return m_docks.bomModel; }
    const QList<QDockWidget *> &dockWidgets() const { return m_docks.all; }
    const MainActions &actions() const { return m_actions; }

    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presentation; }
    void setHeatmapPattern(const QString &pattern);
    // Bytes per flow of the heatmap's pattern (a collective's buffer); 0 = the pattern's default.
    void setHeatmapMessageSize(double bytes);
    void showDock(const QString &objectName);
    // Generates a fabric with the wizard: a new untitled document (unsaved work before is saved
    // or discarded first, as for File > New).
    void newFatTree();
    // Pastes the clipboard under the cursor, or in the middle of the view.
    void paste();
    // Copies the selection and deletes it: one undo step.
    void cut();
    void showFind();
    void showDesignSettings();
    void showHelp();
    void showAbout();

    // Crash recovery: where autosave writes, and whether a recovery file is waiting.
    static QString recoveryFile();
    void autosave();
    bool offerRecovery();   // asks the user; returns true when work was recovered
    void setAutosaveEnabled(bool enabled);
    // The layout the window had when it was last closed (windowlayout.h); false when none was saved.
    bool restoreLayout();

signals:
    void fileOpened(bool ok, const QString &error);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createStatusBar();
    void connectParts();
    void reportDamagedStore();
    void updateTitle();
    void onAnalysisFinished();
    void onAnalysisCancelled();
    void updateLegendTitle();
    void markAnalysisDocks(bool outdated);
    void onDesignLoaded();
    void onOpeningChanged(bool opening);
    void refreshKeyFigures();

    const Catalog &m_catalog;
    Document *m_document;
    CanvasScene *m_scene;
    CanvasView *m_view;
    EngineJobs *m_jobs;
    AnalysisRunner *m_analysis;
    std::unique_ptr<CanvasClipboard> m_clipboard;
    CanvasSearchBar *m_search = nullptr;
    DocumentFiles *m_files;
    Exporter *m_exporter;
    Docks m_docks;
    AsBuiltCompare *m_asBuilt = nullptr;
    ExplorerHost *m_explorer = nullptr;
    MainActions m_actions;
    QLabel *m_statusAnalysis = nullptr;
    QProgressBar *m_statusProgress = nullptr;
    QToolButton *m_statusCancel = nullptr;   // stops the engine job the bar shows
    bool m_presentation = false;
    bool m_resultOfOtherDesign = false;   // the last result is the design's that was replaced
    QString m_analysisStatus;             // the status bar's text while no job runs
    QByteArray m_stateBeforePresentation;
    // Where the last paste went, and the mouse then: Ctrl+V again with the mouse still pastes
    // there (and cascades), even when the paste scrolled the view.
    QPoint m_pasteCursor;
    std::optional<QPointF> m_pasteAt;
};

} // namespace cplan
