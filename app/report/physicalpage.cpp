// The physical plan: racks with their power, heat and weight against the site's budgets, the
// cables by type and length, and the racks' elevations.
#include "pdfreport.h"
#include "reportformat.h"
#include "reportpages.h"
#include "reportpainter.h"

#include "rackpainter.h"

#include "export/cableplan.h"
#include "export/elevation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace cplan {

namespace {

// A sum over devices: "unknown" when every device's figure is unknown, "12.3 (+2 unknown)" when
// some are.
QString partialSum(double value, int decimals, std::size_t unknown, int devices)
{
    if (devices > 0 && unknown >= std::size_t(devices))
        return PdfReport::tr("unknown");
    QString text = number(value, decimals);
    if (unknown > 0)
        text += PdfReport::tr(" (+%1 unknown)").arg(unknown);
    return text;
}

QString budgetText(const RackBudget &b)
{
    QStringList parts;
    auto over = [](bool isOver) { return isOver ? PdfReport::tr(" OVER") : QString(); };
    if (b.powerBudgetW)
        parts << PdfReport::tr("power %1 kW%2").arg(number(*b.powerBudgetW / 1000, 1), over(b.overPower()));
    if (b.coolingW)
        parts << PdfReport::tr("cooling %1 kW%2").arg(number(*b.coolingW / 1000, 1), over(b.overCooling()));
    if (b.weightLimitKg)
        parts << PdfReport::tr("weight %1 kg%2").arg(number(*b.weightLimitKg), over(b.overWeight()));
    if (b.overSpace())
        parts << PdfReport::tr("space OVER");
    return parts.isEmpty() ? PdfReport::tr("none given") : parts.join(QStringLiteral(", "));
}

void rackTable(ReportPainter &painter, const std::vector<RackBudget> &racks)
{
    std::vector<QStringList> rows;
    for (const RackBudget &b : racks) {
        const QString space = b.capacityU ? QStringLiteral("%1 / %2").arg(number(b.usedU), number(*b.capacityU))
                                          : PdfReport::tr("rack-scale");
        // The empty rack's weight counts too: the weight is unknown only when nothing is known.
        const QString weight = b.weightKg <= 0 && !b.unknownWeight.empty() ? PdfReport::tr("unknown")
                                                                           : partialSum(b.weightKg, 0, b.unknownWeight.size(), b.devices + 1);
        rows.push_back({qs(b.rack), qs(b.row), number(b.devices), space,
                        partialSum(b.nameplateW / 1000, 1, b.unknownNameplate.size(), b.devices),
                        partialSum(b.typicalW / 1000, 1, b.unknownTypical.size(), b.devices),
                        partialSum(b.heatBtuPerHour(), 0, b.unknownNameplate.size(), b.devices), weight, budgetText(b)});
    }
    painter.table({{PdfReport::tr("Rack"), 78}, {PdfReport::tr("Row"), 52}, {PdfReport::tr("Devices"), 45, Qt::AlignRight},
                   {PdfReport::tr("U used"), 52, Qt::AlignRight}, {PdfReport::tr("Power max (kW)"), 78, Qt::AlignRight},
                   {PdfReport::tr("Typical (kW)"), 78, Qt::AlignRight}, {PdfReport::tr("Heat (BTU/h)"), 88, Qt::AlignRight},
                   {PdfReport::tr("Weight (kg)"), 80, Qt::AlignRight}, {PdfReport::tr("Site budgets"), 218.89}},
                  rows);
}

// What the sums above leave out, by part: "power: qm9700 (8)".
void unknownFigures(ReportPainter &painter, const ReportData &data)
{
    std::map<QString, std::map<std::string, int>> byFigure;   // figure -> part -> devices
    auto partOf = [&](const std::string &id) {
        if (auto n = data.design.findNode(id))
            return data.design.node(*n).part;
        return id;   // the rack part itself (its empty weight)
    };
    for (const RackBudget &b : data.analysis.racks) {
        for (const std::string &id : b.unknownNameplate)
            ++byFigure[PdfReport::tr("power")][partOf(id)];
        for (const std::string &id : b.unknownWeight)
            ++byFigure[PdfReport::tr("weight")][partOf(id)];
        for (const std::string &id : b.unknownHeight)
            ++byFigure[PdfReport::tr("height")][partOf(id)];
    }
    if (byFigure.empty())
        return;
    QStringList lines;
    for (const auto &[figure, parts] : byFigure) {
        QStringList p;
        for (const auto &[part, count] : parts)
            p << QStringLiteral("%1 (%2)").arg(qs(part)).arg(count);
        lines << QStringLiteral("%1: %2").arg(figure, p.join(QStringLiteral(", ")));
    }
    painter.paragraph(PdfReport::tr("Unknown figures, left out of the sums above (the catalog has no source for them): %1.")
                          .arg(lines.join(QStringLiteral("; "))),
                      7.5, ink::kMuted);
}

QString formName(CableForm form)
{
    switch (form) {
    case CableForm::Twin: return PdfReport::tr("twin-port");
    case CableForm::Splitter: return PdfReport::tr("splitter");
    case CableForm::Any:
    case CableForm::Single: break;
    }
    return PdfReport::tr("single");
}

void cableTable(ReportPainter &painter, const std::vector<CablePlanRow> &plan)
{
    // (media, form, length in dm) -> cables, links
    std::map<std::tuple<std::string, int, long long>, std::pair<long long, long long>> counts;
    for (const CablePlanRow &r : plan) {
        auto &c = counts[{r.cableType, int(r.form), r.lengthM ? std::llround(*r.lengthM * 10) : -1}];
        ++c.first;
        c.second += static_cast<long long>(r.links.size());
    }
    std::vector<QStringList> rows;
    long long cables = 0, links = 0;
    for (const auto &[key, c] : counts) {
        const auto &[media, form, dm] = key;
        rows.push_back({media.empty() ? PdfReport::tr("not chosen") : qs(media).toUpper(), formName(CableForm(form)),
                        dm < 0 ? PdfReport::tr("?") : number(double(dm) / 10, dm % 10 ? 1 : 0) + QStringLiteral(" m"), number(double(c.first)),
                        number(double(c.second))});
        cables += c.first;
        links += c.second;
    }
    rows.push_back({PdfReport::tr("Total"), QString(), QString(), painter.figure("physical_cables", double(cables), number(double(cables))),
                    number(double(links))});
    painter.table({{PdfReport::tr("Type"), 120}, {PdfReport::tr("Form"), 120}, {PdfReport::tr("Length"), 90, Qt::AlignRight},
                   {PdfReport::tr("Cables"), 90, Qt::AlignRight}, {PdfReport::tr("Links"), 90, Qt::AlignRight}},
                  rows, {rows.size() - 1});
}

// The elevations, a page per row of racks (a long row over several pages); at most kMaxPages.
void elevationPages(ReportPainter &painter, const std::vector<RackElevation> &racks)
{
    constexpr int kMaxPages = 12;
    const double stride = RackPainter::kRackColumnW + RackPainter::kColumnGap;
    const auto perPage = std::size_t(std::max(1.0, std::floor((page::kContentWidth + RackPainter::kColumnGap) / stride)));
    std::vector<std::vector<RackElevation>> pages;
    std::string row;
    for (const RackElevation &r : racks) {
        if (pages.empty() || r.row != row || pages.back().size() >= perPage)
            pages.emplace_back();
        row = r.row;
        pages.back().push_back(r);
    }
    const std::size_t shown = std::min<std::size_t>(pages.size(), kMaxPages);
    for (std::size_t i = 0; i < shown; ++i) {
        const auto &page = pages[i];
        painter.newPage(page.front().row.empty() ? PdfReport::tr("Rack elevations")
                                                 : PdfReport::tr("Rack elevations: row %1").arg(qs(page.front().row)));
        QPainter &p = painter.painter();
        p.save();
        p.setFont(reportFont(6.5));
        p.setPen(ink::kMuted);
        p.drawText(QRectF(page::kMargin, page::kTop - 8, page::kContentWidth, 12), Qt::AlignLeft | Qt::AlignVCenter, RackPainter::legend());
        p.restore();
        const double w = std::min(page::kContentWidth, double(page.size()) * stride - RackPainter::kColumnGap);
        RackPainter::paintRacks(p, QRectF(page::kMargin, page::kTop + 10, w, page::kBottom - page::kTop - 10), page);
        painter.y = page::kBottom;
    }
    if (shown < pages.size())
        painter.paragraph(PdfReport::tr("%1 more page(s) of elevations are left out here: `cplan export --format elevations` draws every rack.")
                              .arg(pages.size() - shown),
                          7.5, ink::kMuted);
}

} // namespace

void physicalPage(ReportPainter &painter, const ReportData &data)
{
    const std::vector<RackBudget> &racks = data.analysis.racks;
    if (racks.empty())
        return;   // nothing stands in a rack: no physical plan to report
    painter.newPage(PdfReport::tr("Physical plan"));
    double nameplate = 0, weight = 0;
    for (const RackBudget &b : racks) {
        nameplate += b.nameplateW;
        weight += b.weightKg;
    }
    painter.paragraph(PdfReport::tr("%1 rack(s). Power is the devices' nameplate maximum, heat the same power as BTU/h (1 W = 3.412 BTU/h); "
                                    "sums name what they leave out. Site budgets come from the design's racks, else the rack part.")
                          .arg(painter.figure("racks", double(racks.size()), number(double(racks.size())))));
    painter.heading(PdfReport::tr("Racks"));
    rackTable(painter, racks);
    unknownFigures(painter, data);
    painter.paragraph(PdfReport::tr("All racks: %1 kW nameplate, %2 kg (known figures).")
                          .arg(painter.figure("racks_nameplate_kw", nameplate / 1000, number(nameplate / 1000, 1)), number(weight)),
                      8.5);
    painter.heading(PdfReport::tr("Cables by type and length"));
    cableTable(painter, cablePlan(data.design, data.catalog));
    painter.paragraph(PdfReport::tr("One cable is one label: a twin-port cable joins both ports of one cage to one far cage, a splitter one "
                                    "twin-port cage to two single ports. `cplan export --format p2p|ndt|labels` writes the crews' sheets."),
                      7.5, ink::kMuted);
    elevationPages(painter, rackElevations(data.design, data.catalog));
}

} // namespace cplan
