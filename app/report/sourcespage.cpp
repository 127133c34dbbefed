// Last: the assumptions behind the figures, what is unknown, and where every part's figures
// come from.
#include "pdfreport.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include "heatmaptext.h"
#include "l10n.h"

#include "catalog/catalog.h"
#include "model/design.h"

#include <set>

namespace cplan {

namespace {

QStringList assumptions(const ReportData &data)
{
    const Design &d = data.design;
    const QString cur = qs(data.currency());
    const BomTerms &terms = data.analysis.cost.terms;
    QStringList a = {
        PdfReport::tr("Currency %1; prices are indicative list prices from the parts catalog, most of them estimates (marked in the catalog); "
                      "street prices differ.")
            .arg(cur),
        PdfReport::tr("Energy: maximum power of servers, switches and optics, PUE %1, %2 %3 per kWh, 8,760 hours a year; TCO over %4 years = "
                      "hardware + energy.")
            .arg(number(d.settings.pue, 2), number(d.settings.electricityPricePerKWh, 3), cur)
            .arg(d.settings.tcoYears),
        PdfReport::tr("Cables: the design's cable per link (chosen by speed and length where the design leaves it open); fibre links take a "
                      "transceiver at each end, a twin-port switch cage carrying two links one twin-port module."),
        PdfReport::tr("Spares %1% of cables and transceivers; discount %2% of hardware and spares.")
            .arg(number(terms.sparesPercent, 1), number(terms.discountPercent, 1)),
        PdfReport::tr("Routing: the design's engine (%1) over the InfiniBand view of the design (one channel adapter per HCA).")
            .arg(qs(d.settings.routingEngine)),
    };
    if (const TrafficResult *t = data.pattern)
        a << PdfReport::tr("Link utilization: the traffic pattern %1 (seed %2) with flows of %3 between all cabled HCA ports, max-min fair "
                           "rates, protocol efficiency and path latency applied; utilization = bytes / (capacity × completion time).")
                 .arg(patternName(t->workload.name))
                 .arg(t->workload.seed)
                 .arg(byteSizeText(t->workload.bytes));
    a << PdfReport::tr("Latency: switch port-to-port latency, adapter latency at both ends and about 5 ns per metre of cable.");
    if (const NetworkAnalysis *n = data.network(); n && n->latency)
        for (const Message &m : n->latency->assumptions)
            a << engineText(m);
    a << data.notes;
    const Bom &bom = data.bom();
    auto unknown = [&](const QString &what, const std::vector<std::string> &ids) {
        QStringList u;
        for (const std::string &s : ids)
            u << qs(s);
        if (!u.isEmpty())
            a << what.arg(u.join(QStringLiteral(", ")));
    };
    unknown(PdfReport::tr("Unknown price, not in the totals: %1."), bom.unknownPrice);
    unknown(PdfReport::tr("Unknown power, not in the totals: %1."), bom.unknownPower);
    unknown(PdfReport::tr("Unknown height, not in the rack units: %1."), bom.unknownRackUnits);
    return a;
}

} // namespace

void sourcesPage(ReportPainter &painter, const ReportData &data)
{
    painter.newPage(PdfReport::tr("Assumptions and sources"));
    painter.heading(PdfReport::tr("Assumptions"));
    for (const QString &a : assumptions(data))
        painter.paragraph(QStringLiteral("•  ") + a, 8.5, ink::kText, 4);
    painter.heading(PdfReport::tr("Sources of the figures"));
    std::set<std::string> seen;
    for (const BomLine &l : data.bom().lines) {
        if (!seen.insert(l.part).second)
            continue;
        const Part *part = data.catalog.find(l.part);
        if (!part)
            continue;
        QString text = qs(part->vendor + " " + part->model) + QStringLiteral(" (") + qs(part->id) + QStringLiteral(")");
        text += part->unitPrice ? PdfReport::tr(": %1%2").arg(money(*part->unitPrice, part->currency),
                                                             part->priceEstimate ? PdfReport::tr(" (estimate)") : QString())
                                : PdfReport::tr(": price unknown");
        if (!part->priceSource.empty())
            text += PdfReport::tr("; price source: %1").arg(qs(part->priceSource));
        painter.paragraph(text, 8, ink::kText);
        for (const std::string &s : part->sources)
            painter.paragraph(QStringLiteral("–  ") + qs(s), 7, ink::kMuted, 12);
    }
}

} // namespace cplan
