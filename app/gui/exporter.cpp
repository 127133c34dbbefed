#include "exporter.h"

#include "analysis.h"
#include "canvasview.h"
#include "document.h"
#include "enginejob.h"
#include "l10n.h"
#include "pdfreport.h"
#include "reliabilityview.h"
#include "schedulerview.h"
#include "trainingview.h"

#include "analysis/cost.h"
#include "analysis/exportformats.h"
#include "catalog/catalog.h"
#include "export/bomworkbook.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>

namespace cplan {

namespace {

const QString exportDirKey = QStringLiteral("exportDirectory");

// A file name from a design's name: letters, digits, '.', '-' and '_' kept, runs of anything
// else one '-' ("Pre-sales 2:1 (256 DGX)" -> "Pre-sales-2-1-256-DGX"); "design" if nothing is left.
QString nameForFile(const std::string &designName)
{
    QString out;
    for (const QChar c : QString::fromStdString(designName)) {
        if (c.isLetterOrNumber() || c == QLatin1Char('.') || c == QLatin1Char('-') || c == QLatin1Char('_'))
            out += c;
        else if (!out.isEmpty() && !out.endsWith(QLatin1Char('-')))
            out += QLatin1Char('-');
    }
    while (out.endsWith(QLatin1Char('-')) || out.endsWith(QLatin1Char('.')))
        out.chop(1);
    return out.isEmpty() ? QStringLiteral("design") : out.left(80);
}

// Where an export is suggested: the design's file name (an untitled design's name) with another
// ending, in the folder of the last export (the design's folder before the first one).
QString suggestedPath(const QString &designFile, const std::string &designName, const QString &suffix)
{
    QString base = designFile.isEmpty() ? nameForFile(designName) : QFileInfo(designFile).fileName();
    for (const QString &ext : {QStringLiteral(".cluster.yaml"), QStringLiteral(".yaml")})
        if (base.endsWith(ext)) {
            base.chop(ext.size());
            break;
        }
    QString dir = QSettings().value(exportDirKey).toString();
    if (dir.isEmpty() && !designFile.isEmpty())
        dir = QFileInfo(designFile).absolutePath();
    return dir.isEmpty() ? base + suffix : QDir(dir).filePath(base + suffix);
}

} // namespace

Exporter::Exporter(Document *document, const Catalog &catalog, CanvasView *view, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_catalog(catalog)
    , m_view(view)
    , m_window(window)
{
}

void Exporter::exportView()
{
    const QString f = QFileDialog::getSaveFileName(m_window, tr("Export view"), suggestedPath(m_document->fileName(), m_document->design().name, QStringLiteral("-view.png")),
                                                   tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (f.isEmpty())
        return;
    QSettings().setValue(exportDirKey, QFileInfo(f).absolutePath());
    QString error;
    if (!m_view->exportTo(f, true, &error))
        QMessageBox::critical(m_window, tr("Cannot export"), error);
    else
        emit statusMessage(tr("Exported %1").arg(f), 5000);
}

QString Exporter::askFile(const QString &title, const QString &suffix, const QString &filter)
{
    const QString f = QFileDialog::getSaveFileName(m_window, title, suggestedPath(m_document->fileName(), m_document->design().name, suffix), filter);
    if (!f.isEmpty())
        QSettings().setValue(exportDirKey, QFileInfo(f).absolutePath());
    return f;
}

void Exporter::exportDeliverable(const QString &title, const QString &suffix, const QString &filter,
                                 const std::function<bool(const QString &, QString *)> &write)
{
    const QString f = askFile(title, suffix, filter);
    if (f.isEmpty())
        return;
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = write(f, &error);
    QGuiApplication::restoreOverrideCursor();
    if (!ok)
        QMessageBox::critical(m_window, tr("Cannot export"), error);
    else
        emit statusMessage(tr("Exported %1").arg(f), 5000);
}

// The engine's part runs as a job (the window's progress bar and Cancel), not behind a wait cursor.
void Exporter::exportReport()
{
    if (isWritingReport())
        return;
    const QString f = askFile(tr("Export report"), QStringLiteral("-report.pdf"), tr("PDF document (*.pdf)"));
    if (!f.isEmpty())
        startReport(f);
}

void Exporter::exportBomWorkbook()
{
    exportDeliverable(tr("Export BOM workbook"), QStringLiteral("-bom.xlsx"), tr("Excel workbook (*.xlsx)"),
                      [this](const QString &f, QString *error) { return writeBomWorkbook(f, error); });
}

bool Exporter::writeFormat(const QString &name, const QString &file, int plane, QString *error)
{
    const ExportFormat *format = findExportFormat(name.toStdString());
    const Status written = format ? writeExport(*format, m_document->design(), m_catalog, file.toStdString(), plane)
                                  : Status(Error{{}, 0, 0, "unknown format '" + name.toStdString() + "'"});
    if (!written && error)
        *error = QString::fromStdString(written.error().toString());
    return written.ok();
}

void Exporter::exportFormat(const QString &name)
{
    const ExportFormat *format = findExportFormat(name.toStdString());
    if (!format)
        return;
    int plane = 0;
    if (const int planes = designPlanes(m_document->design()); format->writePlane && planes > 1) {
        bool ok = false;
        plane = QInputDialog::getInt(m_window, tr("Export %1").arg(name),
                                     tr("Each plane is a subnet of its own. Plane (1 to %1):").arg(planes), 1, 1, planes, 1, &ok);
        if (!ok)
            return;
    }
    const QString suffix = QString::fromLatin1(format->suffix);
    exportDeliverable(tr("Export %1").arg(name), suffix, tr("%1 (*%2);;All files (*)").arg(name, QFileInfo(suffix).suffix().prepend(QLatin1Char('.'))),
                      [this, name, plane](const QString &f, QString *error) { return writeFormat(name, f, plane, error); });
}

Exporter::~Exporter() = default;

void Exporter::setAlternatives(const ReportAlternatives &alternatives)
{
    m_alternatives = std::make_unique<ReportAlternatives>(alternatives);
}

std::shared_ptr<const DesignAnalysis> Exporter::reusableAnalysis() const
{
    if (!m_analysis)
        return nullptr;
    const AnalysisResult &r = m_analysis->result();
    if (r.revision != m_document->revision() || !r.failed.empty() || r.cancelled || !r.catalog)
        return nullptr;
    // The whole result: its racks point into its catalog copy, which it keeps.
    return std::make_shared<const AnalysisResult>(r);
}

void Exporter::configure(PdfReport &report) const
{
    report.setSourceFile(m_document->fileName());
    report.setTerms(designTerms(m_document->design().settings));
    if (const ScheduleResult *run = m_scheduler ? m_scheduler->reportableResult() : nullptr)
        report.setSchedule(*run, m_scheduler->reportableScenario());
    if (m_alternatives)
        report.setAlternatives(*m_alternatives);
    // The training job and failure assumptions the docks show (as the heatmap's pattern below).
    if (m_training)
        if (auto job = m_training->requestWithModel())
            report.setTraining(*job);
    if (m_reliability)
        report.setReliability(ReportReliability{m_reliability->preset().toStdString(), m_reliability->request(), true});
    // The traffic the heatmap shows, at its size; without one, the report's default pattern.
    if (m_analysis && !m_analysis->result().pattern.empty()) {
        report.setPattern(m_analysis->result().pattern);
        report.setMessageBytes(m_analysis->result().messageBytes);
    }
}

int Exporter::writeReport(const QString &file, QString *error)
{
    // The report is in the interface language: the translator and locale are already installed.
    PdfReport report(m_document->design(), m_catalog);
    configure(report);
    if (const auto reuse = reusableAnalysis()) {
        QStringList notes;
        const DesignRequest request = report.request(&notes);
        report.setAnalysis(std::make_shared<const DesignAnalysis>(PdfReport::analyse(m_document->design(), m_catalog, request, reuse.get())), notes);
    }
    return report.write(file, error) ? report.pageCount() : 0;
}

bool Exporter::isWritingReport() const
{
    return m_reportJob && m_jobs && m_jobs->isRunning(m_reportJob);
}

void Exporter::cancelReport()
{
    if (isWritingReport())
        m_jobs->cancel(m_reportJob);
}

void Exporter::startReport(const QString &file, bool interactive)
{
    if (!m_jobs || isWritingReport())
        return;
    QStringList notes;
    PdfReport asked(m_document->design(), m_catalog);
    configure(asked);
    const DesignRequest request = asked.request(&notes);
    EngineJobs::Spec spec;
    spec.kind = QStringLiteral("report");
    spec.title = tr("Preparing the report");
    spec.context = this;
    JobSnapshot snapshot = JobSnapshot::of(*m_document);
    spec.document = m_document;
    spec.revision = snapshot.revision;
    // Both kept until the PDF is written: the analysis's racks point into their catalogs.
    const std::shared_ptr<const DesignAnalysis> reuse = reusableAnalysis();
    const std::shared_ptr<const Catalog> catalog = snapshot.catalog;
    auto work = [snapshot, request, reuse](JobControl &job) mutable {
        return std::make_shared<const DesignAnalysis>(
            PdfReport::analyse(snapshot.design(), *snapshot.catalog, request, reuse.get(), job.control()));
    };
    auto done = [this, file, notes, interactive, reuse, catalog](std::shared_ptr<const DesignAnalysis> analysis) {
        m_reportJob = 0;
        if (analysis->cancelled)
            return;
        PdfReport report(m_document->design(), m_catalog);
        configure(report);
        report.setAnalysis(std::move(analysis), notes);
        QString error;
        const bool ok = report.write(file, &error);
        if (ok)
            emit statusMessage(tr("Exported %1").arg(file), 5000);
        else if (interactive)
            QMessageBox::critical(m_window, tr("Cannot export"), error);
        emit reportWritten(ok, file, error);
    };
    emit statusMessage(tr("Preparing the report…"), 0);
    m_reportJob = m_jobs->start(std::move(spec), std::move(work), std::move(done));
}

bool Exporter::writeBomWorkbook(const QString &file, QString *error)
{
    const CostAnalysis cost = analyzeCost(m_document->design(), m_catalog, designTerms(m_document->design().settings));
    // In the interface language, like the BOM dock: headers, sheet names, categories.
    const Status written = cplan::writeBomWorkbook(file.toStdString(), m_document->design(), m_catalog, cost.bom, cost.terms,
                                                   [](const Message &m) { return engineText(m).toStdString(); });
    if (!written && error)
        *error = QString::fromStdString(written.error().toString());
    return written.ok();
}

} // namespace cplan
