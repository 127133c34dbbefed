#pragma once

#include <QMainWindow>
#include <QTimer>

#include <functional>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QTableView;
class QToolBar;

namespace cplan {

class AnalysisRunner;
class BomModel;
class CanvasScene;
class CanvasView;
class Catalog;
class Document;
class Inspector;
class MetricsView;
class PartPalette;
class ProblemsView;
class SchedulerView;

// The main window: canvas in the centre, docks around it (palette, inspector, problems,
// metrics, BOM, scheduler), file handling with recent files, autosave and crash recovery,
// presentation mode and export.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const Catalog &catalog, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a design; a broken file shows its error (file:line) and keeps the current work.
    // `interactive` = false never shows dialogs (screenshots, tests); the error is returned.
    bool openFile(const QString &fileName, bool interactive = true, QString *error = nullptr);
    bool saveFile(const QString &fileName, QString *error = nullptr);
    // Deliverables of the current design, without dialogs: the PDF report in the interface
    // language (returns its page count, 0 on error) and the BOM workbook (XLSX).
    int writeReport(const QString &fileName, QString *error = nullptr);
    bool writeBomWorkbook(const QString &fileName, QString *error = nullptr);
    // The same, with the file parsed on a worker thread: the window stays responsive while a
    // big design loads. Emits fileOpened() when done.
    void openFileAsync(const QString &fileName, bool interactive = true);
    bool isOpening() const { return m_opening; }

    Document *document() const { return m_document; }
    CanvasScene *scene() const { return m_scene; }
    CanvasView *view() const { return m_view; }
    PartPalette *palette() const { return m_palette; }
    Inspector *inspector() const { return m_inspector; }
    ProblemsView *problems() const { return m_problems; }
    MetricsView *metrics() const { return m_metrics; }
    SchedulerView *scheduler() const { return m_scheduler; }
    AnalysisRunner *analysis() const { return m_analysis; }
    BomModel *bomModel() const { return m_bomModel; }

    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presentation; }
    void setHeatmapPattern(const QString &pattern);
    void showDock(const QString &objectName);

    // Crash recovery: where autosave writes, and whether a recovery file is waiting.
    static QString recoveryFile();
    void autosave();
    bool offerRecovery();   // asks the user; returns true when work was recovered
    void setAutosaveEnabled(bool enabled);

signals:
    void fileOpened(bool ok, const QString &error);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createDocks();
    void updateTitle();
    void updateRecentMenu();
    void addRecentFile(const QString &fileName);
    bool maybeSave();
    void newDesign();
    void newFatTree();
    void open();
    bool save();
    bool saveAs();
    void exportView();
    void exportReport();
    void exportBomWorkbook();
    // Asks where to write a deliverable (next to the design), writes it with a wait cursor and
    // reports the outcome.
    void exportDeliverable(const QString &title, const QString &suffix, const QString &filter,
                           const std::function<bool(const QString &, QString *)> &write);
    void copy();
    void paste();
    void onAnalysisFinished();
    void showOpened(const QString &fileName);
    void refreshKeyFigures();

    const Catalog &m_catalog;
    Document *m_document;
    CanvasScene *m_scene;
    CanvasView *m_view;
    AnalysisRunner *m_analysis;
    PartPalette *m_palette = nullptr;
    Inspector *m_inspector = nullptr;
    ProblemsView *m_problems = nullptr;
    MetricsView *m_metrics = nullptr;
    SchedulerView *m_scheduler = nullptr;
    BomModel *m_bomModel = nullptr;
    QTableView *m_bomView = nullptr;
    QList<QDockWidget *> m_docks;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_undo = nullptr, *m_redo = nullptr, *m_presentationAction = nullptr, *m_failureAction = nullptr;
    QActionGroup *m_heatmapGroup = nullptr;
    QToolBar *m_toolbar = nullptr;
    QLabel *m_statusAnalysis = nullptr;
    QProgressBar *m_statusProgress = nullptr;
    QTimer m_autosave;
    bool m_presentation = false;
    bool m_opening = false;
    QByteArray m_stateBeforePresentation;
};

} // namespace cplan
