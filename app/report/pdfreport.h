#pragma once

#include "reportpainter.h"

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/control.h"
#include "analysis/defaults.h"
#include "analysis/design.h"
#include "analysis/reliability.h"
#include "analysis/training.h"
#include "cost/pricing.h"
#include "model/design.h"
#include "sweep/evaluate.h"
#include "sweep/sweepspec.h"
#endif

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <memory>
#include <string>

namespace cplan {

class Catalog;
struct ScheduleResult;

// The design sweep this design was chosen from (the design explorer's "Use in report"), for the
// "Alternatives considered" page: the Pareto front on two figures and a table of the front.
struct ReportAlternatives
{
    SweepSpec spec;
    std::vector<PointResult> results;   // ranked (rankSweep): violations and the front set
    std::string x, y;                   // the figures of the chart
    std::optional<std::size_t> chosen;  // the reported design's position in `results`
};

// The failure assumptions of the "Failures over time" page: the preset and the checkpoint. The
// window passes its Reliability dock's; `cplan report` the defaults every front end states.
// Of the request the page takes the checkpoint, restart and repair assumptions; it picks the job
// sizes and the Monte Carlo's years itself.
struct ReportReliability
{
    std::string preset = "llama3";   // a built-in id or a preset file
    ReliabilityRequest request{.checkpointGB = kDefaultCheckpointGB, .storageGBps = kDefaultStorageGBps};   // no checkpoint: no plan
    bool fromWindow = false;         // the page says whose they are
};

// The customer PDF report of a design (A4 landscape), drawn with QPainter on a QPdfWriter (Qt Gui
// only: it renders headless, from `cplan report` as from the window). The figures come from one
// engine run, analyzeDesign (core/analysis), with the same defaults as the window and `cplan`;
// the pages (reportpages.h) only format them:
//   1  cover with the key figures          5  cable summary
//   2  layout picture                      6  scheduling results (when a run is given)
//   3  network and cost analysis charts    7  the alternatives considered (a design sweep, if given)
//   4  bill of materials with totals       8  assumptions and the sources of the figures
// Needs a QGuiApplication (fonts); the offscreen platform will do.
class PdfReport
{
    Q_DECLARE_TR_FUNCTIONS(PdfReport)

public:
    PdfReport(const Design &design, const Catalog &catalog);
    ~PdfReport();

    void setTerms(const BomTerms &terms) { m_terms = terms; }
    // Run routing, flows and latency for the charts (on by default; large designs take seconds).
    void setNetworkAnalysis(bool on) { m_analyseNetwork = on; }
    // The traffic pattern of the utilization chart (any `cplan simulate --pattern`).
    void setPattern(const std::string &pattern) { m_pattern = pattern; }
    // Its bytes per flow (a collective's buffer); 0 = the pattern's default. The window passes
    // the pattern and size its heatmap showed.
    void setMessageBytes(double bytes) { m_messageBytes = bytes; }
    // A scheduling run to report (scenario: what was run, e.g. "synthetic:2000 | backfill").
    void setSchedule(const ScheduleResult &result, const QString &scenario);
    void setSourceFile(const QString &path) { m_sourceFile = path; }
    // The sweep the design was chosen from: adds the "Alternatives considered" page.
    void setAlternatives(const ReportAlternatives &alternatives);
    // The training job of the "Training time" page (the window's Training dock: model, tokens,
    // GPUs, plan); without one, Llama 3 70B on 15 T tokens with the plan searched.
    void setTraining(const TrainingRequest &request) { m_training = request; }
    // The failure preset and checkpoint of the "Failures over time" page (the window's
    // Reliability dock); without them, the defaults.
    void setReliability(const ReportReliability &reliability) { m_reliability = reliability; }

    // Writes the PDF atomically (QSaveFile). False with a message on failure. Runs the engine
    // first unless setAnalysis() gave its result.
    bool write(const QString &path, QString *error = nullptr);

    // The engine's work for the report, apart (any thread; the window runs it as a job): the
    // request, then the run. `reuse`: the window's finished analysis of the same design with
    // nothing failed; then only what the report adds runs (its traffic pattern, the headline
    // all-reduce, credit loops) and the rest is taken from it.
    DesignRequest request(QStringList *notes) const;
    static DesignAnalysis analyse(const Design &design, const Catalog &catalog, const DesignRequest &request,
                                  const DesignAnalysis *reuse, const RunControl &control = {});
    // The analysis write() draws from, computed beforehand (with request()'s notes).
    void setAnalysis(std::shared_ptr<const DesignAnalysis> analysis, const QStringList &notes);
    int pageCount() const { return m_pages; }
    // Notes about what the report could not compute (shown on the pages too).
    const QStringList &notes() const { return m_notes; }
    // The key figures as the last write() printed them, by the names `cplan --json` gives them
    // (gpus, capex, bisection_gbps, max_link_utilization, mean_busy_link_utilization,
    // completion_s, latency_p50_ns, latency_p99_ns): the engine's value and the text on the page.
    const PrintedFigures &figures() const { return m_figures; }
    // The engine's analysis the last write() drew from.
    const DesignAnalysis *analysis() const { return m_analysis.get(); }

private:
    bool render(const QString &path, QString *error);

    const Design &m_design;
    const Catalog &m_catalog;
    BomTerms m_terms;
    bool m_analyseNetwork = true;
    std::string m_pattern{kDefaultReportPattern};
    double m_messageBytes = 0;
    std::unique_ptr<ScheduleResult> m_schedule;
    QString m_scenario;
    QString m_sourceFile;
    std::unique_ptr<ReportAlternatives> m_alternatives;
    std::optional<TrainingRequest> m_training;
    ReportReliability m_reliability;
    int m_pages = 0;
    QStringList m_notes;
    PrintedFigures m_figures;
    std::shared_ptr<const DesignAnalysis> m_analysis;
    bool m_analysisGiven = false;
    QStringList m_givenNotes;   // with a given analysis: its request's notes
};

} // namespace cplan
