#pragma once

#include "export/bomworkbook.h"
#include "model/design.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace cplan {

class Catalog;
struct ScheduleResult;   // schedule/scheduler.h (kept out of this header: moc cannot parse its includes)

// The customer PDF report of a design (A4 landscape), drawn with QPainter on a QPdfWriter:
//   1  cover with the key figures
//   2  layout picture drawn from the design: tiers as rows, groups boxed, links as lines
//   3  network analysis charts: link utilization under a random permutation, GPU-to-GPU
//      latency distribution, cost breakdown (routing and flows from core/routing, core/flow)
//   4+ bill of materials with totals, cable summary, scheduling results (when a schedule run
//      is given), assumptions and the sources of the figures
// Usable from the GUI (the caller owns the design and catalog for the duration of write())
// and from `cplan report`. Needs a QGuiApplication (fonts); the offscreen platform will do.
class PdfReport
{
    Q_DECLARE_TR_FUNCTIONS(PdfReport)

public:
    PdfReport(const Design &design, const Catalog &catalog);
    ~PdfReport();

    void setTerms(const BomTerms &terms) { m_terms = terms; }
    // Run routing, flows and latency for the charts (on by default; large designs take seconds).
    void setNetworkAnalysis(bool on) { m_analysis = on; }
    // A scheduling run to report (scenario: what was run, e.g. "synthetic:2000 | backfill").
    void setSchedule(const ScheduleResult &result, const QString &scenario);
    void setSourceFile(const QString &path) { m_sourceFile = path; }

    // Writes the PDF atomically (QSaveFile). False with a message on failure.
    bool write(const QString &path, QString *error = nullptr);
    int pageCount() const { return m_pages; }
    // Notes about what the report could not compute (shown on the pages too).
    const QStringList &notes() const { return m_notes; }

private:
    const Design &m_design;
    const Catalog &m_catalog;
    BomTerms m_terms;
    bool m_analysis = true;
    std::unique_ptr<ScheduleResult> m_schedule;
    QString m_scenario;
    QString m_sourceFile;
    int m_pages = 0;
    QStringList m_notes;
};

} // namespace cplan
