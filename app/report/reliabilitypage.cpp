// Failures over time (issue 30): how often a job on this design is interrupted and by what, its
// mean time between interruptions (MTBI) by job size, the checkpoint interval and goodput under
// stated checkpoint assumptions (the window's Reliability dock's, else the defaults), the spares
// to hold, and (rack-scale systems) the block size that keeps most trays usable. The figures are
// analyzeReliability's with the dock's preset (else the built-in llama3), as `cplan reliability`
// and the window's Reliability dock give them.
#include "pdfreport.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include "analysis/reliability.h"
#include "model/design.h"

#include <algorithm>

namespace cplan {

using namespace page;
using namespace reliability;

namespace {

// The report is drawn on the window's GUI thread: 200 simulated years (0.2 s for 100,000 GPUs)
// rather than `cplan reliability`'s 1,000; the page prints the number.
constexpr int kReportTrials = 200;

QString joined(const std::vector<std::string> &items)
{
    QStringList out;
    for (const std::string &s : items)
        out << qs(s);
    return out.join(QStringLiteral(", "));
}

QString hours(const std::optional<double> &h)
{
    return h ? PdfReport::tr("%1 h").arg(number(*h, 1)) : PdfReport::tr("unknown");
}

ReliabilityRequest pageRequest(const ReportReliability &assumed, std::uint32_t jobGpus, int trials)
{
    ReliabilityRequest r = assumed.request;
    r.jobGpus = jobGpus;
    r.trials = trials;
    return r;
}

void causesTable(ReportPainter &painter, const ReliabilityAnalysis &a)
{
    const InterruptionEstimate &i = a.interruptions;
    painter.heading(PdfReport::tr("Interruptions by cause: one job on all %1 GPUs").arg(number(at(a.job.devices, Unit::Gpu))));
    const std::vector<Column> cols = {{PdfReport::tr("Cause"), 220},
                                      {PdfReport::tr("Counted per"), 70},
                                      {PdfReport::tr("Devices"), 70, Qt::AlignRight},
                                      {PdfReport::tr("Rate per device-year"), 110, Qt::AlignRight},
                                      {PdfReport::tr("Per year"), 80, Qt::AlignRight},
                                      {PdfReport::tr("In %1 days").arg(number(i.days)), 80, Qt::AlignRight},
                                      {PdfReport::tr("Share"), kContentWidth - 630, Qt::AlignRight}};
    std::vector<QStringList> rows;
    for (const CauseFigure &c : i.causes)
        rows.push_back({qs(c.name), QString::fromLatin1(toString(c.per)), number(c.devices), number(c.ratePerDeviceYear, 4),
                        number(c.perYear, 1), number(c.expected, 1),
                        i.perYear > 0 ? number(c.perYear / i.perYear * 100, 1) + QStringLiteral(" %") : QString()});
    rows.push_back({PdfReport::tr("Total"), QString(), QString(), QString(), number(i.perYear, 1), number(i.expected, 1), QString()});
    painter.table(cols, rows, {rows.size() - 1});
    QString line = PdfReport::tr("Mean time between interruptions of the whole-cluster job: %1; %2 interruptions per day.")
                       .arg(painter.figure("reliability_mtbi_h", i.mtbiHours.value_or(0), hours(i.mtbiHours)),
                            number(i.perYear / kDaysPerYear, 2));
    if (!i.unknown.empty())
        line += QLatin1Char(' ') + PdfReport::tr("Left out (no rate in the preset): %1; the interruptions are a lower bound, the MTBI an "
                                                 "upper one.")
                                       .arg(joined(i.unknown));
    painter.paragraph(line);
}

// One row per job size (8, 64, 512, ... GPUs, then all): the engine's answer for each.
void sizesTable(ReportPainter &painter, const ReportData &data, const FailurePreset &preset, double designGpus)
{
    painter.heading(PdfReport::tr("By job size"));
    const std::vector<Column> cols = {{PdfReport::tr("Job GPUs"), 90, Qt::AlignRight},
                                      {PdfReport::tr("Servers"), 80, Qt::AlignRight},
                                      {PdfReport::tr("Interruptions per day"), 130, Qt::AlignRight},
                                      {PdfReport::tr("MTBI"), 100, Qt::AlignRight},
                                      {PdfReport::tr("Checkpoint interval (Daly)"), 150, Qt::AlignRight},
                                      {PdfReport::tr("Goodput"), kContentWidth - 550, Qt::AlignRight}};
    std::vector<QStringList> rows;
    std::vector<std::uint32_t> sizes;
    for (double s = 8; s < designGpus; s *= 8)
        sizes.push_back(std::uint32_t(s));
    sizes.push_back(std::uint32_t(designGpus));
    for (std::uint32_t gpus : sizes) {
        const ReliabilityAnalysis a = analyzeReliability(data.design, data.catalog, preset, pageRequest(*data.reliability, gpus, 0));
        if (!a.error.empty())
            continue;
        const auto &c = a.checkpoint;
        rows.push_back({number(at(a.job.devices, Unit::Gpu)), number(at(a.job.devices, Unit::Server)),
                        number(a.interruptions.perYear / kDaysPerYear, 3), hours(a.interruptions.mtbiHours),
                        c ? PdfReport::tr("%1 min").arg(number(c->intervalS / 60, 1)) : PdfReport::tr("unknown"),
                        c ? number(c->goodput * 100, 1) + QStringLiteral(" %") : PdfReport::tr("unknown")});
    }
    painter.table(cols, rows);
}

void checkpointText(ReportPainter &painter, const ReliabilityAnalysis &a, const ReportReliability &assumed)
{
    const QString whose = assumed.fromWindow ? PdfReport::tr("as the window's Reliability dock has them")
                                             : PdfReport::tr("defaults, not measured on this cluster");
    const ReliabilityRequest &r = assumed.request;
    const bool given = r.checkpointGB && r.storageGBps;
    if (given)
        painter.paragraph(PdfReport::tr("Checkpoint assumptions (%1): a %2 GB checkpoint written at %3 GB/s (%4 s) and a %5-minute restart. "
                                        "Interval: Daly (2006), the higher-order estimate of the optimum checkpoint interval; goodput: the "
                                        "share of wall time spent training, from Daly's expected wall time.")
                              .arg(whose, number(*r.checkpointGB), number(*r.storageGBps), number(*r.checkpointGB / *r.storageGBps),
                                   number(r.restartMin)),
                          8, ink::kMuted);
    else
        painter.paragraph(PdfReport::tr("Checkpoint assumptions (%1): no checkpoint size or storage bandwidth, so no checkpoint interval "
                                        "or goodput.")
                              .arg(whose),
                          8, ink::kMuted);
    if (const auto &c = a.checkpoint)
        painter.paragraph(PdfReport::tr("Whole-cluster job: checkpoint every %1 min (Young %2 min, NVIDIA's availability-optimal %3 min); "
                                        "goodput %4.")
                              .arg(number(c->intervalS / 60, 1), number(c->youngS / 60, 1), number(c->availabilityS / 60, 1),
                                   painter.figure("reliability_goodput", c->goodput, number(c->goodput * 100, 1) + QStringLiteral(" %"))));
    else if (given)
        painter.paragraph(PdfReport::tr("Whole-cluster job: checkpoint interval and goodput unknown (no failure rate for its devices)."));
}

void sparesTable(ReportPainter &painter, const SparesPlan &s)
{
    painter.heading(PdfReport::tr("Spares for %1 % over a %2-day repair").arg(number(s.target * 100), number(s.repairDays)));
    const std::vector<Column> cols = {{PdfReport::tr("Part"), 200},
                                      {PdfReport::tr("Replaces"), 80},
                                      {PdfReport::tr("Installed"), 80, Qt::AlignRight},
                                      {PdfReport::tr("Failures per year"), 110, Qt::AlignRight},
                                      {PdfReport::tr("In one repair"), 90, Qt::AlignRight},
                                      {PdfReport::tr("Spares"), 70, Qt::AlignRight},
                                      {PdfReport::tr("Total"), kContentWidth - 630, Qt::AlignRight}};
    std::vector<QStringList> rows;
    for (const SpareLine &l : s.lines)
        rows.push_back({qs(l.bom.part), QString::fromLatin1(toString(l.kind)), number(l.devices), number(l.failuresPerYear, 1),
                        number(l.expectedInRepair, 2), QString::number(l.spares),
                        l.bom.total ? money(*l.bom.total, l.bom.currency) : PdfReport::tr("unknown")});
    if (!rows.empty())
        painter.table(cols, rows);
    if (!s.unknown.empty())
        painter.paragraph(PdfReport::tr("No spares computed for %1: no rate in the preset.").arg(joined(s.unknown)));
}

// Rack-scale NVLink domains: the usable share by block size around the advice.
void blocksText(ReportPainter &painter, const ReliabilityAnalysis &a)
{
    if (!a.blocks) {
        if (!a.unknownTrayClasses.empty())
            painter.paragraph(PdfReport::tr("Rack-scale domains: no block advice (no rate for %1).").arg(joined(a.unknownTrayClasses)));
        return;
    }
    const BlockAdvice &b = *a.blocks;
    painter.heading(PdfReport::tr("Rack-scale NVLink domains"));
    QStringList shares;
    for (const BlockChoice &c : b.sizes)
        if (c.blockTrays >= b.trays / 2)
            shares << PdfReport::tr("%1 trays: %2 %").arg(c.blockTrays).arg(number(c.usableShare * 100, 1));
    painter.paragraph(PdfReport::tr("Each tray of a %1-tray domain is out %2 % of the time (the preset's server failures over the repair "
                                    "time). Use Slurm blocks of %3 trays: they keep at least %4 % of the trays usable. Usable share by "
                                    "block size: %5.")
                          .arg(b.trays)
                          .arg(number(b.lambda * 100, 2))
                          .arg(b.recommended)
                          .arg(number(b.keep * 100), shares.join(QStringLiteral("; "))));
}

} // namespace

void reliabilityPage(ReportPainter &painter, const ReportData &data)
{
    const ReportReliability &assumed = *data.reliability;
    auto preset = findFailurePreset(assumed.preset);
    painter.newPage(PdfReport::tr("Failures over time"));
    if (!preset) {
        painter.paragraph(PdfReport::tr("Failure rates not available: %1").arg(qs(preset.error().toString())));
        return;
    }
    const ReliabilityAnalysis a = analyzeReliability(data.design, data.catalog, *preset, pageRequest(assumed, 0, kReportTrials));
    if (!a.error.empty()) {
        painter.paragraph(PdfReport::tr("Not computed: %1").arg(qs(a.error)));
        return;
    }
    painter.paragraph(PdfReport::tr("Failure rates: %1 (preset %2; %3, %4). Every failure of a device a job holds interrupts it.")
                          .arg(qs(preset->name), qs(preset->id), qs(preset->source), qs(preset->date)),
                      8, ink::kMuted);
    causesTable(painter, a);
    painter.y += 4;
    sizesTable(painter, data, *preset, at(a.cluster.devices, Unit::Gpu));
    checkpointText(painter, a, assumed);
    painter.y += 4;
    sparesTable(painter, a.spares);
    blocksText(painter, a);
    const MonteCarloResult &m = a.monteCarlo;
    painter.paragraph(PdfReport::tr("Monte Carlo, %1 simulated years of the whole cluster: %2 interruptions per year (5th to 95th "
                                    "percentile %3 to %4); at most %5 servers out at once in 95 % of the years.")
                          .arg(m.trials)
                          .arg(number(m.jobInterruptions.mean, 1), number(m.jobInterruptions.p5), number(m.jobInterruptions.p95),
                               number(m.peakServersDown.p95)),
                      8, ink::kMuted);
}

} // namespace cplan
