// The bill of materials with its totals, and the cable summary.
#include "pdfreport.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include "l10n.h"

#include "export/cableplan.h"
#include "model/design.h"

#include <cmath>
#include <map>
#include <set>

namespace cplan {

namespace {

std::vector<QStringList> totalRows(const ReportData &data, std::set<std::size_t> &bold)
{
    const Design &d = data.design;
    const Bom &bom = data.bom();
    const BomPricing &pricing = data.pricing();
    const BomTerms &terms = data.analysis.cost.terms;
    const std::string &cur = data.currency();
    const QString incomplete = PdfReport::tr(", incomplete");
    // A figure with no known price in it is unknown, never 0 (as in the workbook).
    std::map<std::string, int> priced;
    for (const BomLine &l : bom.lines)
        priced[l.category] += l.total ? 1 : 0;
    const bool anyPrice = pricing.anyPrice;
    const QString unknown = PdfReport::tr("unknown");
    auto known = [&](bool isKnown, double v) { return isKnown ? money(v, cur) : unknown; };
    std::vector<QStringList> totals;
    for (const auto &[cat, v] : pricing.subtotals)
        totals.push_back({PdfReport::tr("Subtotal %1").arg(bomCategoryName(cat)), known(priced[cat] > 0, v)});
    bold.insert(totals.size());
    const QString partial = bom.totals.capexComplete ? QString() : incomplete;
    totals.push_back({PdfReport::tr("Hardware (list prices)%1").arg(partial), known(anyPrice, pricing.hardware)});
    totals.push_back({PdfReport::tr("Spares, %1% of cables and transceivers").arg(number(terms.sparesPercent, 1)), known(anyPrice, pricing.spares)});
    totals.push_back({PdfReport::tr("Discount, %1%").arg(number(terms.discountPercent, 1)), known(anyPrice, -pricing.discount)});
    bold.insert(totals.size());
    totals.push_back({PdfReport::tr("Total") + partial, known(anyPrice, pricing.total)});
    totals.push_back({PdfReport::tr("Cost per GPU") + partial,
                      pricing.totalPerGpu ? money(*pricing.totalPerGpu, cur) : PdfReport::tr("n/a")});
    totals.push_back({PdfReport::tr("Power (maximum)"),
                      number(bom.totals.powerW / 1000, 1) + PdfReport::tr(" kW") + (bom.totals.powerComplete ? QString() : incomplete)});
    totals.push_back({PdfReport::tr("Rack units"), number(bom.totals.rackUnits) + PdfReport::tr(" U") + (bom.totals.rackUnitsComplete ? QString() : incomplete)});
    totals.push_back({PdfReport::tr("Energy per year (PUE %1, %2 %3/kWh)").arg(number(d.settings.pue, 2), number(d.settings.electricityPricePerKWh, 3), qs(cur)),
                      money(bom.totals.energyPerYear, cur)});
    totals.push_back({PdfReport::tr("TCO over %1 years (hardware + energy)").arg(d.settings.tcoYears), money(bom.totals.tco, cur)});
    return totals;
}

// The cable plan by part and by tier.
struct CableAggregate
{
    QString type, length;
    std::set<std::string> tiers;
    long long links = 0;
    std::map<std::string, long long> optics;
};

struct CableSummary
{
    std::map<std::string, CableAggregate> byPart;
    std::map<std::string, std::pair<long long, std::set<double>>> byTier;   // links, speeds
};

CableSummary summarize(const std::vector<CablePlanRow> &plan)
{
    CableSummary s;
    for (const CablePlanRow &r : plan) {
        CableAggregate &a = s.byPart[r.cablePart.empty() ? std::string("(not chosen)") : r.cablePart];
        a.type = qs(r.cableType);
        a.length = r.lengthM ? number(*r.lengthM, *r.lengthM == std::floor(*r.lengthM) ? 0 : 1) + QStringLiteral(" m") : PdfReport::tr("?");
        a.tiers.insert(r.tier);
        a.links += static_cast<long long>(r.links.size());   // a plan row is a physical cable: one link or two
        for (const std::string &t : {r.from.transceiver, r.to.transceiver})
            if (!t.empty())
                ++a.optics[t];
        s.byTier[r.tier].first += static_cast<long long>(r.links.size());
        if (r.speedGbps > 0)
            s.byTier[r.tier].second.insert(r.speedGbps);
    }
    return s;
}

std::vector<QStringList> partRows(const CableSummary &s, const Bom &bom)
{
    std::vector<QStringList> rows;
    for (const auto &[part, a] : s.byPart) {
        QStringList tiersText, opticsText;
        for (const std::string &t : a.tiers)
            tiersText << tierName(t);
        for (const auto &[o, k] : a.optics)
            opticsText << QStringLiteral("%1 × %2").arg(number(double(k))).arg(qs(o));
        long long bought = a.links;
        for (const BomLine &l : bom.lines)
            if (l.category == "cable" && l.part == part)
                bought = l.quantity;
        rows.push_back({qs(part), a.type, a.length, tiersText.join(QStringLiteral(", ")), number(double(a.links)), number(double(bought)),
                        opticsText.isEmpty() ? PdfReport::tr("built in") : opticsText.join(QStringLiteral(", "))});
    }
    return rows;
}

std::vector<QStringList> planRows(const std::vector<CablePlanRow> &plan, std::size_t count)
{
    std::vector<QStringList> rows;
    for (std::size_t i = 0; i < plan.size() && i < count; ++i) {
        const CablePlanRow &r = plan[i];
        rows.push_back({qs(r.cableId), qs(r.from.device) + QLatin1Char(' ') + qs(r.from.portLabel), qs(r.from.rack),
                        qs(r.to.device) + QLatin1Char(' ') + qs(r.to.portLabel), qs(r.to.rack), qs(r.cablePart),
                        r.lengthM ? number(*r.lengthM, 1) + QStringLiteral(" m") : QString()});
    }
    return rows;
}

} // namespace

void bomPage(ReportPainter &painter, const ReportData &data)
{
    const Bom &bom = data.bom();
    painter.newPage(PdfReport::tr("Bill of materials"));
    std::vector<QStringList> rows;
    for (const BomLine &l : bom.lines)
        rows.push_back({bomCategoryName(l.category), qs(l.part), bomDescription(l), qs(l.partNumber), number(double(l.quantity)),
                        l.unitPrice ? money(*l.unitPrice, l.currency) : PdfReport::tr("unknown"),
                        l.total ? money(*l.total, l.currency) : PdfReport::tr("unknown")});
    painter.table({{PdfReport::tr("Category"), 72}, {PdfReport::tr("Part"), 122}, {PdfReport::tr("Description"), 241},
                   {PdfReport::tr("Part number"), 90}, {PdfReport::tr("Qty"), 50, Qt::AlignRight},
                   {PdfReport::tr("Unit price"), 95, Qt::AlignRight}, {PdfReport::tr("Extended"), 99.89, Qt::AlignRight}},
                  rows);
    std::set<std::size_t> bold;
    const std::vector<QStringList> totals = totalRows(data, bold);
    painter.heading(PdfReport::tr("Totals"));
    painter.table({{PdfReport::tr("Item"), 420}, {PdfReport::tr("Amount"), 349.89, Qt::AlignRight}}, totals, bold);
    if (!bom.unknownPrice.empty()) {
        QStringList u;
        for (const std::string &s : bom.unknownPrice)
            u << qs(s);
        painter.paragraph(PdfReport::tr("Unknown prices (not in the totals): %1.").arg(u.join(QStringLiteral(", "))), 7.5, ink::kMuted);
    }
    // A quote in another currency: the rate that turned it into these figures, as `cplan bom` says.
    for (const CurrencyConversion &c : bom.conversions)
        painter.paragraph(PdfReport::tr("Prices quoted in %1 converted to %2: %3.").arg(qs(c.from), qs(c.to), qs(c.rates)), 7.5, ink::kMuted);
    if (!bom.missingRates.empty()) {
        QStringList m;
        for (const std::string &s : bom.missingRates)
            m << qs(s);
        painter.paragraph(PdfReport::tr("No exchange rate to %1 for %2: those prices count as unknown.").arg(qs(bom.currency), m.join(QStringLiteral(", "))),
                          7.5, ink::kMuted);
    }
}

void cablePage(ReportPainter &painter, const ReportData &data)
{
    painter.newPage(PdfReport::tr("Cable summary"));
    const auto plan = cablePlan(data.design, data.catalog);
    const CableSummary s = summarize(plan);
    painter.heading(PdfReport::tr("Links by tier"));
    std::vector<QStringList> tierRows;
    for (const auto &[tier, v] : s.byTier) {
        QStringList speeds;
        for (double speed : v.second)
            speeds << number(speed) + PdfReport::tr(" Gb/s");
        tierRows.push_back({tierName(tier), number(double(v.first)), speeds.join(QStringLiteral(", "))});
    }
    painter.table({{PdfReport::tr("Tier"), 160}, {PdfReport::tr("Links"), 100, Qt::AlignRight}, {PdfReport::tr("Speed"), 509.89}}, tierRows);
    painter.heading(PdfReport::tr("Cables by part"));
    painter.table({{PdfReport::tr("Cable"), 130}, {PdfReport::tr("Type"), 45}, {PdfReport::tr("Length"), 50, Qt::AlignRight},
                   {PdfReport::tr("Tiers"), 120}, {PdfReport::tr("Links"), 60, Qt::AlignRight}, {PdfReport::tr("Cables (BOM)"), 75, Qt::AlignRight},
                   {PdfReport::tr("Transceiver ends (link count)"), 289.89}},
                  partRows(s, data.bom()));
    painter.paragraph(PdfReport::tr("Twin-port cables carry two links (the BOM counts cables, this table links). Transceiver ends are counted per "
                                    "cable end; the BOM counts modules per switch cage (a twin-port module serves two links)."),
                      7.5, ink::kMuted);
    painter.heading(PdfReport::tr("Cable plan (first rows)"));
    painter.table({{PdfReport::tr("Cable id"), 70}, {PdfReport::tr("From"), 150}, {PdfReport::tr("From rack"), 90}, {PdfReport::tr("To"), 150},
                   {PdfReport::tr("To rack"), 90}, {PdfReport::tr("Cable"), 150}, {PdfReport::tr("Length"), 69.89, Qt::AlignRight}},
                  planRows(plan, 12));
    painter.paragraph(PdfReport::tr("The full point-to-point plan (%1 rows: label, device, port and rack at both ends, cable, length, transceivers) "
                                    "is in the BOM workbook (`cplan bom --format xlsx`) and in `cplan export --format cable-plan`.")
                          .arg(plan.size()),
                      7.5, ink::kMuted);
}

} // namespace cplan
