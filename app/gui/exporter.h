#pragma once

#include <QObject>
#include <QString>

#include <functional>
#include <memory>

class QWidget;

namespace cplan {

class AnalysisRunner;
class CanvasView;
class Catalog;
class Document;
class EngineJobs;
class ReliabilityView;
class SchedulerView;
class TrainingView;
class PdfReport;
struct DesignAnalysis;
struct ReportAlternatives;

// The File menu's exports: the canvas view as an image, the PDF report and the BOM workbook.
// The write functions take no dialogs (tests, screenshots); the menu functions ask where.
class Exporter : public QObject
{
    Q_OBJECT

public:
    Exporter(Document *document, const Catalog &catalog, CanvasView *view, QWidget *window);
    ~Exporter() override;

    // The design sweep this design was chosen from (the design explorer's "Use in report"): the
    // report then has an "Alternatives considered" page.
    void setAlternatives(const ReportAlternatives &alternatives);
    bool hasAlternatives() const { return m_alternatives != nullptr; }

    // The scheduler whose finished run the report includes (none: no scheduling page).
    void setScheduler(const SchedulerView *scheduler) { m_scheduler = scheduler; }
    // The docks whose settings the report's training and failure pages take (none: defaults).
    void setTraining(const TrainingView *training) { m_training = training; }
    void setReliability(const ReliabilityView *reliability) { m_reliability = reliability; }
    // The window's analysis (the report reuses its finished run of the design as it is) and job
    // runner (the report's own engine work runs there, with the window's progress and Cancel).
    void setAnalysis(const AnalysisRunner *analysis) { m_analysis = analysis; }
    void setJobs(EngineJobs *jobs) { m_jobs = jobs; }
    // The PDF report in the interface language, with the scheduler's run when it still describes
    // the design: returns its page count, 0 on error. Blocks (tests, screenshots).
    int writeReport(const QString &fileName, QString *error = nullptr);
    // The same as a job: the engine's part on a worker, the PDF written on this thread when it
    // is done (if the design did not change meanwhile); emits reportWritten().
    void startReport(const QString &fileName, bool interactive = true);
    bool isWritingReport() const;
    void cancelReport();
    // The BOM workbook (XLSX) in the interface language.
    bool writeBomWorkbook(const QString &fileName, QString *error = nullptr);

    // A format of the engine's table (analysis/exportformats.h), the same files `cplan export`
    // writes; a subnet file of a multi-plane design is written for `plane` (1-based).
    bool writeFormat(const QString &name, const QString &fileName, int plane, QString *error = nullptr);

    void exportView();
    void exportReport();
    void exportBomWorkbook();
    // File > Export > NAME: asks where (and, for a subnet file of a multi-plane design, which
    // plane) and writes it.
    void exportFormat(const QString &name);

signals:
    void statusMessage(const QString &message, int timeoutMs);
    void reportWritten(bool ok, const QString &fileName, const QString &error);

private:
    // Asks where to write a deliverable (next to the design), writes it with a wait cursor and
    // reports the outcome.
    void exportDeliverable(const QString &title, const QString &suffix, const QString &filter,
                           const std::function<bool(const QString &, QString *)> &write);
    QString askFile(const QString &title, const QString &suffix, const QString &filter);
    // The window's finished analysis when it is of the design as it is, with nothing failed.
    std::shared_ptr<const DesignAnalysis> reusableAnalysis() const;
    void configure(PdfReport &report) const;

    Document *m_document;
    const Catalog &m_catalog;
    CanvasView *m_view;
    QWidget *m_window;
    const SchedulerView *m_scheduler = nullptr;
    const TrainingView *m_training = nullptr;
    const ReliabilityView *m_reliability = nullptr;
    const AnalysisRunner *m_analysis = nullptr;
    EngineJobs *m_jobs = nullptr;
    quint64 m_reportJob = 0;   // EngineJobs::JobId
    std::unique_ptr<ReportAlternatives> m_alternatives;
};

} // namespace cplan
