#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/design.h"
#include "analysis/training.h"
#include "schedule/scheduler.h"
#endif

#include <QString>
#include <QStringList>

#include <string>

namespace cplan {

class Catalog;
class Design;
class ReportPainter;
struct ReportAlternatives;
struct ReportReliability;

// What every page of the report draws from: the design, the engine's analysis of it (one
// analyzeDesign run: cost, network, the traffic pattern and the headline collective) and the
// scheduling run, if any. Pages only format these.
struct ReportData
{
    const Design &design;
    const Catalog &catalog;
    const DesignAnalysis &analysis;
    const ScheduleResult *schedule = nullptr;   // a scheduling run to report, or none
    QString scenario;                           // what was scheduled, for the page
    QString sourceFile;
    QStringList notes;                          // what the report could not compute, and why
    QString networkMissing;                     // why there are no network figures ("" = there are)
    const TrafficResult *pattern = nullptr;     // the traffic pattern's run, when it ran
    const TrafficResult *headline = nullptr;    // the headline all-reduce's (with its size sweep), when it ran
    const ReportAlternatives *alternatives = nullptr;   // the sweep the design was chosen from, if any
    QString headlineMissing;                    // why there is no headline ("" = there is one, or no network)
    const TrainingRequest *training = nullptr;  // the window's training job; none: the default one
    const ReportReliability *reliability = nullptr;   // the failure preset and checkpoint (never null when drawn)

    const Bom &bom() const { return analysis.cost.bom; }
    const BomPricing &pricing() const { return analysis.cost.pricing; }
    const std::string &currency() const { return analysis.cost.bom.currency; }
    // The network analysis, or null when there is none (switched off, nothing to route).
    const NetworkAnalysis *network() const { return analysis.network ? &*analysis.network : nullptr; }
};

// One function per page (or run of pages). A new section: a function here, its file, and a
// line in the section list of pdfreport.cpp.
void coverPage(ReportPainter &painter, const ReportData &data);
void layoutPage(ReportPainter &painter, const ReportData &data);
void analysisPage(ReportPainter &painter, const ReportData &data);
void collectivePage(ReportPainter &painter, const ReportData &data);
void findingsPage(ReportPainter &painter, const ReportData &data);   // design-rule findings
void bomPage(ReportPainter &painter, const ReportData &data);
void cablePage(ReportPainter &painter, const ReportData &data);
void physicalPage(ReportPainter &painter, const ReportData &data);
void reliabilityPage(ReportPainter &painter, const ReportData &data);   // failures over time (the dock's preset, else llama3)
void trainingPage(ReportPainter &painter, const ReportData &data);      // training time and cost per token (the dock's job, else llama3-70b)
void schedulePage(ReportPainter &painter, const ReportData &data);
void alternativesPage(ReportPainter &painter, const ReportData &data);
void sourcesPage(ReportPainter &painter, const ReportData &data);

// The headline collective in words, as the analysis page's figures and the collective page give
// it: its bus bandwidth at 1 GiB over the GPUs, time and NCCL's algorithm/protocol, and why NCCL
// picks them; or why it is unknown. Empty without a headline.
QStringList collectiveLines(const ReportData &data);

} // namespace cplan
