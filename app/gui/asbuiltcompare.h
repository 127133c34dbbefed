#pragma once

#include "asbuiltoverlay.h"

#include "analysis/verification.h"
#include "io/ibnetdiscover.h"
#include "verify/verify.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QTime>

#include <memory>

class QWidget;

namespace cplan {

class CanvasScene;
class CanvasView;
class Catalog;
class DifferencesView;
class Document;
class DocumentFiles;
class EngineJobs;

// The window's as-built side: File ▸ Import fabric… (an ibnetdiscover dump becomes a new
// design) and File ▸ Compare with as-built… (the engine's verification of the open design
// against a dump or a design, drawn on the canvas with a legend and listed in the Differences
// dock; a click on a finding selects and centres it; the dock exports the technicians' punch
// list). Files are read and compared as jobs of the window's EngineJobs, on copies of the design
// and the catalog, cancellable; dialogs only when `interactive`.
class AsBuiltCompare : public QObject
{
    Q_OBJECT

public:
    AsBuiltCompare(Document *document, CanvasScene *scene, CanvasView *view, DifferencesView *differences, DocumentFiles *files,
                   EngineJobs *jobs, const Catalog &catalog, QWidget *window);
    ~AsBuiltCompare() override;

    // The File menu's actions (with dialogs).
    void importFabric();
    void compare();
    void exportPunchList();

    // Without dialogs (tests, screenshots): false with the error (file:line) when it cannot.
    bool importFile(const QString &fileName, QString *error = nullptr);
    // The same import as a job; emits imported() when done (not when cancelled).
    void importFileAsync(const QString &fileName, bool interactive = true);
    // `plane` (1-based): the dump is of that plane of a multi-plane design (its own subnet); 0: the
    // whole design (as `cplan verify --plane N`).
    bool compareWith(const QString &fileName, QString *error = nullptr, int plane = 0);
    // The same comparison on a worker thread; emits compared() when done.
    void compareWithAsync(const QString &fileName, bool interactive = true, int plane = 0);
    // An import or comparison in progress; cancel() stops it at once (the result is dropped).
    bool isBusy() const;
    void cancel();
    // The punch list of the last comparison as CSV (cplan verify --punch-list writes the same).
    bool savePunchList(const QString &fileName, QString *error = nullptr) const;
    void clear();

    const VerifyResult *result() const { return m_result.get(); }
    // Null when there is no comparison (the scene owns it and drops it when the design is replaced).
    AsBuiltOverlay *overlay() const { return m_overlay; }
    AsBuiltLegend *legend() const { return m_legend; }

signals:
    void compared(bool ok, const QString &error);
    void imported(bool ok, const QString &error);
    void statusMessage(const QString &message, int timeoutMs);
    void showDifferences();

private:
    bool adoptImport(Result<IbnetdiscoverImport> imported, const QString &fileName, QString *error);
    void show(VerificationAnalysis analysis, const QString &source, int plane = 0);
    // File ▸ Compare on a multi-plane design: the plane the dump is of, each listed with what a
    // dump of it shows (planeNodeCounts); 0 the whole design, -1 cancelled.
    int askPlane();
    QString planeScope(int plane) const;
    void select(const QStringList &links, const QStringList &nodes);
    QString designFolder() const;

    Document *m_document;
    CanvasScene *m_scene;
    CanvasView *m_view;
    DifferencesView *m_differences;
    DocumentFiles *m_files;
    const Catalog &m_catalog;
    EngineJobs *m_jobs;
    QWidget *m_window;
    QPointer<AsBuiltOverlay> m_overlay;
    AsBuiltLegend *m_legend;
    std::unique_ptr<VerifyResult> m_result;
    QString m_source;
    QTime m_comparedAt;
    quint64 m_job = 0;   // the import or comparison in progress (EngineJobs::JobId)
};

} // namespace cplan
