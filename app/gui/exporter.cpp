#include "exporter.h"

#include "canvasview.h"
#include "document.h"
#include "l10n.h"
#include "pdfreport.h"
#include "schedulerview.h"

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

// Where an export is suggested: the design's name with another ending, in the folder of the
// last export (the design's folder before the first one).
QString suggestedPath(const QString &designFile, const QString &suffix)
{
    QString base = designFile.isEmpty() ? QStringLiteral("design") : QFileInfo(designFile).fileName();
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
    const QString f = QFileDialog::getSaveFileName(m_window, tr("Export view"), suggestedPath(m_document->fileName(), QStringLiteral("-view.png")),
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

void Exporter::exportDeliverable(const QString &title, const QString &suffix, const QString &filter,
                                 const std::function<bool(const QString &, QString *)> &write)
{
    const QString f = QFileDialog::getSaveFileName(m_window, title, suggestedPath(m_document->fileName(), suffix), filter);
    if (f.isEmpty())
        return;
    QSettings().setValue(exportDirKey, QFileInfo(f).absolutePath());
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = write(f, &error);
    QGuiApplication::restoreOverrideCursor();
    if (!ok)
        QMessageBox::critical(m_window, tr("Cannot export"), error);
    else
        emit statusMessage(tr("Exported %1").arg(f), 5000);
}

void Exporter::exportReport()
{
    exportDeliverable(tr("Export report"), QStringLiteral("-report.pdf"), tr("PDF document (*.pdf)"),
                      [this](const QString &f, QString *error) { return writeReport(f, error) > 0; });
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

int Exporter::writeReport(const QString &file, QString *error)
{
    // The report is in the interface language: the translator and locale are already installed.
    PdfReport report(m_document->design(), m_catalog);
    report.setSourceFile(m_document->fileName());
    report.setTerms(designTerms(m_document->design().settings));
    if (const ScheduleResult *run = m_scheduler ? m_scheduler->reportableResult() : nullptr)
        report.setSchedule(*run, m_scheduler->reportableScenario());
    if (m_alternatives)
        report.setAlternatives(*m_alternatives);
    return report.write(file, error) ? report.pageCount() : 0;
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
