#include "export/bomworkbook.h"

#include "catalog/catalog.h"
#include "export/bomcsv.h"
#include "export/cableplan.h"
#include "export/xlsxfile.h"
#include "cost/coverage.h"
#include "physical/racks.h"
#include "model/design.h"
#include "util/atomicfile.h"
#include "util/message.h"
#include "util/strings.h"

#include <xlsxwriter.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <iterator>
#include <filesystem>
#include <set>
#include <unistd.h>

namespace cplan {

namespace {

// Every text of the workbook goes through T: English, or what `text` makes of the template.
struct Texts
{
    const WorkbookText &text;
    std::string operator()(const char *format, std::vector<std::string> args = {}) const
    {
        Message m{format, std::move(args)};
        return text ? text(m) : m.english();
    }
};

// One row per rack: what it carries (U, power nameplate and typical, heat, weight) against its
// budgets; unknown figures leave their cells empty and are named in the last column.
void racksSheet(lxw_workbook *wb, const Design &design, const Catalog &catalog, const Texts &T, lxw_format *header,
                lxw_format *integer, lxw_format *decimal)
{
    XlsxSheet sheet(wb, T(CPLAN_TR("Engine", "Racks")));
    const char *head[] = {CPLAN_TR("Engine", "rack"),          CPLAN_TR("Engine", "row"),
                          CPLAN_TR("Engine", "room"),          CPLAN_TR("Engine", "devices"),
                          CPLAN_TR("Engine", "u_used"),        CPLAN_TR("Engine", "u_capacity"),
                          CPLAN_TR("Engine", "power_max_w"),   CPLAN_TR("Engine", "power_typical_w"),
                          CPLAN_TR("Engine", "heat_kw"),       CPLAN_TR("Engine", "heat_btu_per_h"),
                          CPLAN_TR("Engine", "weight_kg"),     CPLAN_TR("Engine", "power_budget_w"),
                          CPLAN_TR("Engine", "cooling_w"),     CPLAN_TR("Engine", "weight_limit_kg"),
                          CPLAN_TR("Engine", "unknown")};
    for (std::size_t c = 0; c < std::size(head); ++c)
        sheet.text(0, int(c), T(head[c]), header);
    int r = 1;
    for (const RackBudget &b : rackBudgets(design, catalog)) {
        // A sum that misses every device is unknown, not zero.
        auto sum = [&](int c, double v, const std::vector<std::string> &unknown, lxw_format *f) {
            if (unknown.size() < std::size_t(b.devices) || b.devices == 0)
                sheet.number(r, c, v, f);
        };
        auto optional = [&](int c, const std::optional<double> &v) {
            if (v)
                sheet.number(r, c, *v, integer);
        };
        sheet.text(r, 0, b.rack);
        sheet.text(r, 1, b.row);
        sheet.text(r, 2, b.room);
        sheet.number(r, 3, b.devices, integer);
        sum(4, b.usedU, b.unknownHeight, integer);
        optional(5, b.capacityU);
        sum(6, b.nameplateW, b.unknownNameplate, integer);
        sum(7, b.typicalW, b.unknownTypical, integer);
        sum(8, b.heatKw(), b.unknownNameplate, decimal);
        sum(9, b.heatBtuPerHour(), b.unknownNameplate, integer);
        if (b.weightKg > 0)
            sheet.number(r, 10, b.weightKg, decimal);
        optional(11, b.powerBudgetW);
        optional(12, b.coolingW);
        optional(13, b.weightLimitKg);
        std::string unknown;
        auto list = [&](const char *what, const std::vector<std::string> &ids) {
            if (ids.empty())
                return;
            std::string names;
            for (const std::string &id : ids)
                names += (names.empty() ? "" : ", ") + id;
            unknown += (unknown.empty() ? "" : "; ") + T(what, {names});
        };
        list(CPLAN_TR("Engine", "power: %1"), b.unknownNameplate);
        list(CPLAN_TR("Engine", "weight: %1"), b.unknownWeight);
        list(CPLAN_TR("Engine", "height: %1"), b.unknownHeight);
        sheet.text(r, 14, unknown);
        ++r;
    }
    sheet.width(0, 2, 12);
    sheet.width(3, 13, 11);
    sheet.width(14, 14, 60);
    worksheet_freeze_panes(sheet.ws(), 1, 1);
    sheet.printSetup(r - 1, 14);
}

// The formats every sheet shares.
struct Formats
{
    lxw_format *bold, *header, *money, *moneyBold, *integer, *decimal, *wrap, *title;

    explicit Formats(lxw_workbook *wb)
        : bold(workbook_add_format(wb))
        , header(xlsxHeaderFormat(wb))
        , money(workbook_add_format(wb))
        , moneyBold(workbook_add_format(wb))
        , integer(workbook_add_format(wb))
        , decimal(workbook_add_format(wb))
        , wrap(workbook_add_format(wb))
        , title(workbook_add_format(wb))
    {
        format_set_bold(bold);
        format_set_num_format(money, "#,##0.00");
        format_set_num_format(moneyBold, "#,##0.00");
        format_set_bold(moneyBold);
        format_set_num_format(integer, "#,##0");
        format_set_num_format(decimal, "#,##0.0");
        format_set_text_wrap(wrap);
        format_set_align(wrap, LXW_ALIGN_VERTICAL_TOP);
        format_set_bold(title);
        format_set_font_size(title, 14);
    }
};

// What every sheet writer reads.
struct Book
{
    lxw_workbook *wb;
    const Design &design;
    const Catalog &catalog;
    const Bom &bom;
    const BomTerms &terms;
    const Texts &T;
    Formats f;
};

void setProperties(const Book &b)
{
    lxw_doc_properties props = {};
    const std::string title = b.T(CPLAN_TR("Engine", "Bill of materials: %1"), {b.design.name});
    props.title = const_cast<char *>(title.c_str());
    const std::string comments = b.T(CPLAN_TR("Engine", "Generated by Cluster Planner"));
    props.comments = const_cast<char *>(comments.c_str());
    workbook_set_properties(b.wb, &props);
}

// "12 of 14 lines priced (86%); 64% of the priced value from quotes or price lists".
std::string coverageText(const Book &b)
{
    const PriceCoverage c = priceCoverage(b.bom);
    const auto pct = [](double share) { return std::to_string(int(std::lround(share * 100))); };
    if (c.pricedLines == 0)
        return b.T(CPLAN_TR("Engine", "%1 of %2 lines priced"), {"0", std::to_string(c.lines)});
    return b.T(CPLAN_TR("Engine", "%1 of %2 lines priced (%3%); %4% of the priced value from quotes or price lists, the rest estimated"),
               {std::to_string(c.pricedLines), std::to_string(c.lines), pct(c.lineShare()), pct(c.quotedShare())});
}

// BOM: exactly the CSV rows. An unknown price is an empty cell with a note, never 0. Returns
// the 1-based number of the last data row.
int bomSheet(const Book &b, const std::string &name)
{
    const Texts &T = b.T;
    const std::string yes = T(CPLAN_TR("Engine", "yes")), no = T(CPLAN_TR("Engine", "no"));
    const std::string unknown = T(CPLAN_TR("Engine", "Unknown price: not in the totals. Import a quote (cplan catalog import-prices) "
                                                     "or type the price in the window's BOM."));
    XlsxSheet sheet(b.wb, name);
    const auto head = bomCsvHeader();
    for (std::size_t c = 0; c < head.size(); ++c)
        sheet.text(0, int(c), T(head[c].c_str()), b.f.header);
    int r = 1;
    for (const BomLine &l : b.bom.lines) {
        sheet.text(r, 0, T(l.category.c_str()));
        sheet.text(r, 1, l.part);
        sheet.text(r, 2, l.description == kUnknownPartDescription ? T(kUnknownPartDescription) : l.description);
        sheet.text(r, 3, l.partNumber);
        sheet.number(r, 4, double(l.quantity), b.f.integer);
        if (l.unitPrice)
            sheet.number(r, 5, *l.unitPrice, b.f.money);
        else
            sheet.note(r, 5, unknown);
        if (l.total)
            sheet.number(r, 6, *l.total, b.f.money);
        sheet.text(r, 7, l.currency);
        sheet.text(r, 8, l.priceEstimate ? yes : no);
        ++r;
    }
    sheet.width(0, 0, 12);
    sheet.width(1, 1, 22);
    sheet.width(2, 2, 52);
    sheet.width(3, 3, 18);
    sheet.width(4, 4, 10);
    sheet.width(5, 6, 16);
    sheet.width(7, 7, 10);
    sheet.width(8, 8, 15);
    worksheet_freeze_panes(sheet.ws(), 1, 0);
    worksheet_autofilter(sheet.ws(), 0, 0, lxw_row_t(std::max(1, r - 1)), lxw_col_t(head.size() - 1));
    sheet.printSetup(r - 1, int(head.size()) - 1);
    return r;
}

// The Summary's money block: subtotals by category (SUMIF over the BOM sheet), hardware, spares,
// discount, total, each one row. A figure with no known price in it is an empty cell saying so,
// never 0; a figure that misses some is marked incomplete. Returns the total's row (or -1 when
// the total is unknown) for the cost per GPU.
struct MoneyRows
{
    int total = -1;
    int next = 0;
};

MoneyRows summaryMoney(const Book &b, XlsxSheet &sum, int r, const std::string &bomName, int lastBomRow)
{
    const Texts &T = b.T;
    const BomPricing pricing = priceBom(b.bom, b.terms);
    std::map<std::string, int> lines, priced;   // by category
    for (const BomLine &l : b.bom.lines) {
        ++lines[l.category];
        priced[l.category] += l.total ? 1 : 0;
    }
    const bool nothingPriced = priceCoverage(b.bom).pricedLines == 0;
    const std::string incomplete = T(CPLAN_TR("Engine", "incomplete: some prices are unknown (see Assumptions)"));
    const std::string unknown = T(CPLAN_TR("Engine", "unknown: no line has a price"));
    sum.text(r, 0, T(CPLAN_TR("Engine", "Subtotal by category")), b.f.header);
    sum.text(r, 1, T(CPLAN_TR("Engine", "Amount")), b.f.header);
    sum.text(r, 2, T(CPLAN_TR("Engine", "Note")), b.f.header);
    ++r;
    // The BOM sheet by name, quoted as formulas need it once translated ('物料清单'!A2).
    std::string bomRef = "'";
    for (char c : bomName)
        bomRef += c == '\'' ? std::string("''") : std::string(1, c);
    bomRef += "'!";
    const std::string catRange = bomRef + "$A$2:$A$" + std::to_string(std::max(2, lastBomRow));
    const std::string totRange = bomRef + "$G$2:$G$" + std::to_string(std::max(2, lastBomRow));
    const auto sumif = [&](const std::string &category) { return "SUMIF(" + catRange + ",\"" + category + "\"," + totRange + ")"; };
    const int firstSub = r;
    for (const auto &[category, value] : pricing.subtotals) {
        const std::string name = T(category.c_str());
        sum.text(r, 0, name);
        if (priced[category] == 0) {
            sum.text(r, 2, unknown);
        } else {
            sum.formula(r, 1, "=" + sumif(name), value, b.f.money);
            if (priced[category] < lines[category])
                sum.text(r, 2, incomplete);
        }
        ++r;
    }
    const auto row = [](int r0) { return std::to_string(r0 + 1); };
    const int hardwareRow = r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Hardware (list prices)")), b.f.bold);
    if (!nothingPriced)
        sum.formula(r, 1, "=SUM(B" + row(firstSub) + ":B" + row(std::max(firstSub, r - 1)) + ")", pricing.hardware, b.f.moneyBold);
    sum.text(r, 2, nothingPriced ? unknown : b.bom.totals.capexComplete ? std::string() : incomplete);
    ++r;
    const int sparesPctRow = r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Spares (% of cables and transceivers)")));
    sum.number(r, 1, b.terms.sparesPercent);
    sum.text(r, 2, T(CPLAN_TR("Engine", "percent; edit to recompute")));
    ++r;
    const int sparesRow = r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Spares")));
    if (!nothingPriced)
        sum.formula(r, 1, "=(" + sumif(T("cable")) + "+" + sumif(T("transceiver")) + ")*B" + row(sparesPctRow) + "/100", pricing.spares, b.f.money);
    ++r;
    const int discountPctRow = r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Discount (%)")));
    sum.number(r, 1, b.terms.discountPercent);
    sum.text(r, 2, T(CPLAN_TR("Engine", "percent of hardware and spares; edit to recompute")));
    ++r;
    const int discountRow = r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Discount")));
    if (!nothingPriced)
        sum.formula(r, 1, "=-(B" + row(hardwareRow) + "+B" + row(sparesRow) + ")*B" + row(discountPctRow) + "/100", -pricing.discount, b.f.money);
    ++r;
    MoneyRows out;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Total (%1)"), {b.bom.currency}), b.f.bold);
    if (!nothingPriced) {
        sum.formula(r, 1, "=B" + row(hardwareRow) + "+B" + row(sparesRow) + "+B" + row(discountRow), pricing.total, b.f.moneyBold);
        out.total = r;
    }
    sum.text(r, 2, nothingPriced ? unknown : b.bom.totals.capexComplete ? std::string()
                                                                       : T(CPLAN_TR("Engine", "incomplete: a lower bound, the lines without a price are not in it")));
    ++r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Price coverage")));
    sum.text(r, 2, coverageText(b));
    out.next = r + 2;
    return out;
}

// Key figures: GPUs, cost per GPU, power, rack units, energy, TCO.
int summaryKeyFigures(const Book &b, XlsxSheet &sum, int r, const MoneyRows &money)
{
    const Texts &T = b.T;
    const BomTotals &t = b.bom.totals;
    const BomPricing pricing = priceBom(b.bom, b.terms);
    sum.text(r, 0, T(CPLAN_TR("Engine", "Key figures")), b.f.header);
    sum.text(r, 1, T(CPLAN_TR("Engine", "Value")), b.f.header);
    sum.text(r, 2, T(CPLAN_TR("Engine", "Note")), b.f.header);
    ++r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "GPUs")));
    sum.number(r, 1, t.gpus, b.f.integer);
    ++r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Cost per GPU (%1)"), {b.bom.currency}));
    if (t.gpus > 0 && money.total >= 0)
        sum.formula(r, 1, "=B" + std::to_string(money.total + 1) + "/B" + std::to_string(r), pricing.totalPerGpu.value_or(0), b.f.money);
    if (!t.capexComplete)
        sum.text(r, 2, T(CPLAN_TR("Engine", "incomplete: some prices are unknown (see Assumptions)")));
    ++r;
    // No known power at all: empty, not 0 (and so is the energy it would cost).
    const bool powerKnown = t.powerComplete || t.powerW > 0;
    const std::string powerIncomplete = T(CPLAN_TR("Engine", "incomplete: some power figures are unknown"));
    sum.text(r, 0, T(CPLAN_TR("Engine", "Power (kW)")));
    if (powerKnown)
        sum.number(r, 1, t.powerW / 1000.0, b.f.money);
    if (!t.powerComplete)
        sum.text(r, 2, powerIncomplete);
    ++r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Rack units (U)")));
    sum.number(r, 1, t.rackUnits);
    if (!t.rackUnitsComplete)
        sum.text(r, 2, T(CPLAN_TR("Engine", "incomplete: some heights are unknown")));
    ++r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Energy per year (%1)"), {b.bom.currency}));
    if (powerKnown)
        sum.number(r, 1, t.energyPerYear, b.f.money);
    sum.text(r, 2, t.powerComplete ? T(CPLAN_TR("Engine", "full power x PUE x electricity price, 8,760 h")) : powerIncomplete);
    ++r;
    sum.text(r, 0, T(CPLAN_TR("Engine", "TCO over %1 years (%2)"), {std::to_string(b.design.settings.tcoYears), b.bom.currency}));
    if (money.total >= 0)
        sum.number(r, 1, t.tco, b.f.money);
    sum.text(r, 2, !t.capexComplete ? T(CPLAN_TR("Engine", "incomplete: some prices are unknown (see Assumptions)"))
                   : !t.powerComplete ? powerIncomplete
                                      : T(CPLAN_TR("Engine", "hardware at list price + energy")));
    return r + 2;
}

// Counts: servers, appliances, switches, links and cables per tier, transceivers, racks.
int summaryCounts(const Book &b, XlsxSheet &sum, int r)
{
    const Texts &T = b.T;
    const BomCounts &counts = b.bom.counts;
    sum.text(r, 0, T(CPLAN_TR("Engine", "Counts")), b.f.header);
    sum.text(r, 1, "", b.f.header);
    ++r;
    auto count = [&](const std::string &what, double v) {
        sum.text(r, 0, what);
        sum.number(r, 1, v, b.f.integer);
        ++r;
    };
    auto of = [](const std::map<std::string, int> &m, const char *key) { return m.count(key) ? m.at(key) : 0; };
    count(T(CPLAN_TR("Engine", "Servers")), counts.servers);
    count(T(CPLAN_TR("Engine", "Management appliances")), counts.management);
    for (Tier t : kSwitchTiers)
        count(T(CPLAN_TR("Engine", "Switches, %1"), {T(toString(t))}), of(counts.switches, toString(t)));
    // Links per tier, and the physical cables that carry them (a twin-port cable or a splitter
    // carries two).
    for (const char *tier : kLinkTiers)
        count(T(CPLAN_TR("Engine", "Links, %1"), {T(tier)}), of(counts.links, tier));
    for (const char *tier : kLinkTiers)
        count(T(CPLAN_TR("Engine", "Cables, %1"), {T(tier)}), of(counts.cables, tier));
    count(T(CPLAN_TR("Engine", "Transceivers")), counts.transceivers);
    count(T(CPLAN_TR("Engine", "Racks")), counts.racks);
    return r;
}

void summarySheet(const Book &b, const std::string &bomName, int lastBomRow)
{
    XlsxSheet sum(b.wb, b.T(CPLAN_TR("Engine", "Summary")));
    sum.width(0, 0, 38);
    sum.width(1, 1, 18);
    sum.width(2, 2, 90);
    sum.text(0, 0, b.design.name, b.f.title);
    sum.text(1, 0, b.T(CPLAN_TR("Engine", "Currency")));
    sum.text(1, 1, b.bom.currency);
    const MoneyRows money = summaryMoney(b, sum, 3, bomName, lastBomRow);
    const int r = summaryCounts(b, sum, summaryKeyFigures(b, sum, money.next, money));
    sum.printSetup(r - 1, 2, 0);
}

void cablePlanSheet(const Book &b)
{
    XlsxSheet cables(b.wb, b.T(CPLAN_TR("Engine", "Cable plan")));
    const auto head = cablePlanHeader();
    for (std::size_t c = 0; c < head.size(); ++c)
        cables.text(0, int(c), b.T(head[c].c_str()), b.f.header);
    int r = 1;
    for (const CablePlanRow &row : cablePlan(b.design, b.catalog)) {
        const auto fields = cablePlanCsvRow(row);
        for (std::size_t c = 0; c < fields.size(); ++c) {
            // Numbers as numbers: ports, length, speed, U; the two ports of a twin cable ("33+34")
            // stay text.
            const bool numeric = c == 4 || c == 8 || c == 13 || c == 14 || c == 21 || c == 22;
            if (const auto v = numeric ? parseDouble(fields[c]) : std::nullopt)
                cables.number(r, int(c), *v);
            else
                cables.text(r, int(c), fields[c]);
        }
        ++r;
    }
    cables.width(0, 0, 10);
    cables.width(1, 1, 36);
    cables.width(2, 2, 11);
    cables.width(3, 22, 14);
    worksheet_freeze_panes(cables.ws(), 1, 2);
    worksheet_autofilter(cables.ws(), 0, 0, lxw_row_t(std::max(1, r - 1)), lxw_col_t(head.size() - 1));
    cables.printSetup(r - 1, int(head.size()) - 1);
}

std::string joinOrNone(const Texts &T, const std::vector<std::string> &v)
{
    std::string s;
    for (const std::string &x : v)
        s += (s.empty() ? "" : ", ") + x;
    return s.empty() ? T(CPLAN_TR("Engine", "none")) : s;
}

void assumptionsSheet(const Book &b)
{
    const Texts &T = b.T;
    XlsxSheet as(b.wb, T(CPLAN_TR("Engine", "Assumptions")));
    as.width(0, 0, 34);
    as.width(1, 1, 90);
    as.text(0, 0, T(CPLAN_TR("Engine", "Assumption")), b.f.header);
    as.text(0, 1, T(CPLAN_TR("Engine", "Value")), b.f.header);
    int r = 1;
    auto assume = [&](const std::string &what, const std::string &value) {
        as.text(r, 0, what);
        as.text(r, 1, value, b.f.wrap);
        ++r;
    };
    const Settings &settings = b.design.settings;
    assume(T(CPLAN_TR("Engine", "Currency")), b.bom.currency);
    assume(T(CPLAN_TR("Engine", "Prices")), T(CPLAN_TR("Engine", "indicative list prices from the parts catalog; 'price_estimate = yes' marks estimates")));
    assume(T(CPLAN_TR("Engine", "Price coverage")), coverageText(b));
    assume(T(CPLAN_TR("Engine", "Electricity price")), T(CPLAN_TR("Engine", "%1 per kWh"), {formatDouble(settings.electricityPricePerKWh)}));
    assume(T(CPLAN_TR("Engine", "PUE")), formatDouble(settings.pue));
    assume(T(CPLAN_TR("Engine", "TCO period")), T(CPLAN_TR("Engine", "%1 years"), {std::to_string(settings.tcoYears)}));
    assume(T(CPLAN_TR("Engine", "Power")), T(CPLAN_TR("Engine", "maximum power of servers, switches and transceivers; cables draw none")));
    assume(T(CPLAN_TR("Engine", "Transceivers")), T(CPLAN_TR("Engine", "one per fibre link end; a twin-port switch cage carrying two links takes one twin-port transceiver")));
    assume(T(CPLAN_TR("Engine", "Cables")), T(CPLAN_TR("Engine", "counted per physical cable by part and length: a twin-port cable or a splitter carries two links "
                                                                   "and counts once (see the cable plan)")));
    assume(T(CPLAN_TR("Engine", "Racks")), T(CPLAN_TR("Engine", "one per rack of the design, of its rack part (the default 42U rack where the design names none); a "
                                                                  "rack-scale system comes in its own rack")));
    assume(T(CPLAN_TR("Engine", "Spares")), T(CPLAN_TR("Engine", "%1% of cables and transceivers"), {formatDouble(b.terms.sparesPercent)}));
    assume(T(CPLAN_TR("Engine", "Discount")), T(CPLAN_TR("Engine", "%1% of hardware and spares"), {formatDouble(b.terms.discountPercent)}));
    assume(T(CPLAN_TR("Engine", "Unknown price (not in totals)")), joinOrNone(T, b.bom.unknownPrice));
    assume(T(CPLAN_TR("Engine", "Unknown power (not in totals)")), joinOrNone(T, b.bom.unknownPower));
    assume(T(CPLAN_TR("Engine", "Unknown height (not in totals)")), joinOrNone(T, b.bom.unknownRackUnits));
    as.printSetup(r - 1, 1);
}

// One row per part of the BOM: its price with the price's source, and the sources of its figures.
void sourceRow(const Book &b, XlsxSheet &src, int r, const BomLine &l)
{
    const Texts &T = b.T;
    const Part *p = b.catalog.find(l.part);
    src.text(r, 0, l.part, b.f.wrap);
    src.text(r, 1, T(l.category.c_str()), b.f.wrap);
    if (!p) {
        src.text(r, 2, T(CPLAN_TR("Engine", "not in the catalog")), b.f.wrap);
        return;
    }
    src.text(r, 2, p->vendor, b.f.wrap);
    src.text(r, 3, p->model, b.f.wrap);
    src.text(r, 4, p->partNumber.value_or(""), b.f.wrap);
    if (p->unitPrice)
        src.number(r, 5, *p->unitPrice, b.f.money);
    src.text(r, 6, p->currency, b.f.wrap);
    src.text(r, 7, p->priceEstimate ? T(CPLAN_TR("Engine", "yes")) : T(CPLAN_TR("Engine", "no")), b.f.wrap);
    src.text(r, 8, p->priceSource, b.f.wrap);
    std::string s;
    for (const std::string &x : p->sources)
        s += (s.empty() ? "" : "\n") + x;
    src.text(r, 9, s, b.f.wrap);
}

void sourcesSheet(const Book &b)
{
    XlsxSheet src(b.wb, b.T(CPLAN_TR("Engine", "Sources")));
    const char *head[] = {CPLAN_TR("Engine", "part"),       CPLAN_TR("Engine", "category"),       CPLAN_TR("Engine", "vendor"),
                          CPLAN_TR("Engine", "model"),      CPLAN_TR("Engine", "part_number"),    CPLAN_TR("Engine", "unit_price"),
                          CPLAN_TR("Engine", "currency"),   CPLAN_TR("Engine", "price_estimate"), CPLAN_TR("Engine", "price_source"),
                          CPLAN_TR("Engine", "sources")};
    for (int c = 0; c < 10; ++c)
        src.text(0, c, b.T(head[c]), b.f.header);
    src.width(0, 1, 16);
    src.width(2, 2, 12);
    src.width(3, 3, 36);
    src.width(4, 7, 14);
    src.width(8, 9, 70);
    int r = 1;
    std::set<std::string> listed;
    for (const BomLine &l : b.bom.lines)
        if (listed.insert(l.part).second)
            sourceRow(b, src, r++, l);
    worksheet_freeze_panes(src.ws(), 1, 1);
    src.printSetup(r - 1, 9);
}

Status fillWorkbook(lxw_workbook *wb, const Design &design, const Catalog &catalog, const Bom &bom, const BomTerms &terms,
                    const Texts &T)
{
    const Book b{wb, design, catalog, bom, terms, T, Formats(wb)};
    setProperties(b);
    const std::string bomName = T(CPLAN_TR("Engine", "BOM"));
    const int lastBomRow = bomSheet(b, bomName);
    summarySheet(b, bomName, lastBomRow);
    cablePlanSheet(b);
    racksSheet(wb, design, catalog, T, b.f.header, b.f.integer, b.f.decimal);
    assumptionsSheet(b);
    sourcesSheet(b);
    return Ok{};
}

} // namespace

Status writeBomWorkbook(const std::string &path, const Design &design, const Catalog &catalog, const Bom &bom,
                        const BomTerms &terms, const WorkbookText &text)
{
    const Texts T{text};
    return writeXlsxAtomically(path, [&](lxw_workbook *wb) { return fillWorkbook(wb, design, catalog, bom, terms, T); });
}

} // namespace cplan
