// Money a buyer can trust (issue 31 item 1), in the engine: a cost figure with fewer than 90 % of
// its BOM lines priced is unknown ("n of m lines priced"), not a lower bound, and keeps its
// priced part only for the sweep; from 90 % to all but one line it is a lower bound with its
// coverage; the sweep's ranking leaves a point with a lower-bound objective off the front
// unless asked to include it.
#include "analysis/cost.h"
#include "analysis/keyfigures.h"
#include "cost/coverage.h"
#include "sweep/pareto.h"

#include "testmain.h"

#include <QtTest>

using namespace cplan;

namespace {

// A BOM of `lines` lines of 1,000 each, the first `priced` of them with a price.
CostAnalysis costOf(int lines, int priced)
{
    CostAnalysis cost;
    for (int i = 0; i < lines; ++i) {
        BomLine l;
        l.part = "part-" + std::to_string(i);
        l.quantity = 1;
        if (i < priced) {
            l.unitPrice = l.total = 1000.0;
            cost.bom.totals.capex += 1000;
        }
        cost.bom.lines.push_back(l);
    }
    cost.bom.totals.capexComplete = priced == lines;
    cost.bom.totals.gpus = 8;
    cost.bom.totals.capexPerGpu = cost.bom.totals.capex / 8;
    return cost;
}

KeyFigure capexOf(const CostAnalysis &cost)
{
    KeyFigureSources sources;
    sources.cost = &cost;
    const KeyFigures k = keyFigures(sources);
    const KeyFigure *f = k.find("capex");
    return f ? *f : KeyFigure{};
}

PointResult point(std::size_t index, double capex, double time, bool capexIncomplete)
{
    PointResult r;
    r.index = index;
    r.figures = {{"capex", capex}, {"completion_s", time}};
    if (capexIncomplete)
        r.incomplete = {"capex"};
    return r;
}

} // namespace

class TestPriceCoverage : public QObject
{
    Q_OBJECT

private slots:
    // Only one line of eight priced (the racks of a design): unknown, not "≥ 1,000".
    void fewLinesPricedIsUnknown()
    {
        const CostAnalysis cost = costOf(8, 1);
        QVERIFY(!priceCoverage(cost.bom).enoughForTotal());
        const KeyFigure capex = capexOf(cost);
        QVERIFY(capex.info);
        QCOMPARE(capex.completeness, Completeness::Unknown);
        QVERIFY(!capex.value);
        QVERIFY(capex.priced);
        QCOMPARE(capex.priced->priced, 1);
        QCOMPARE(capex.priced->lines, 8);
        QCOMPARE(capex.pricedPart.value_or(-1), 1000.0);
        KeyFigureSources sources;
        sources.cost = &cost;
        const KeyFigures k = keyFigures(sources);
        for (const char *id : {"cost_per_gpu", "capex_per_gpu", "tco"})
            QCOMPARE(k.find(id)->completeness, Completeness::Unknown);
    }

    // Nine of ten lines: the stated share is reached, a lower bound with its coverage; 8 of 10
    // is below it.
    void almostAllPricedIsLowerBound()
    {
        const KeyFigure nine = capexOf(costOf(10, 9));
        QCOMPARE(nine.completeness, Completeness::LowerBound);
        QCOMPARE(nine.value.value_or(-1), 9000.0);
        QCOMPARE(nine.priced->priced, 9);
        QVERIFY(!nine.pricedPart);
        QCOMPARE(capexOf(costOf(10, 8)).completeness, Completeness::Unknown);
        const KeyFigure all = capexOf(costOf(10, 10));
        QCOMPARE(all.completeness, Completeness::Exact);
        QVERIFY(all.priced && all.priced->complete());
    }

    // Servers and switches priced, optics, cables and racks not (the built-in catalog on a
    // SuperPOD): 2 of 12 lines, but the lines that make most of the price, so a lower bound.
    // Missing one of them again gives unknown.
    void serversAndSwitchesPricedIsLowerBound()
    {
        CostAnalysis cost = costOf(12, 2);
        cost.bom.lines[0].category = "server";
        cost.bom.lines[1].category = "switch";
        for (std::size_t i = 2; i < cost.bom.lines.size(); ++i)
            cost.bom.lines[i].category = i % 2 ? "cable" : "transceiver";
        const KeyFigure capex = capexOf(cost);
        QCOMPARE(capex.completeness, Completeness::LowerBound);
        QCOMPARE(capex.value.value_or(-1), 2000.0);
        QCOMPARE(capex.priced->priced, 2);
        cost.bom.lines[2].category = "switch";   // a second switch line, unpriced
        QCOMPARE(capexOf(cost).completeness, Completeness::Unknown);
    }

    // The ranking: an incomplete point, however cheap its lower bound, is left off the front;
    // asked to, the ranking takes it as it is.
    void rankingLeavesIncompleteOff()
    {
        SweepSpec spec;
        spec.objectives = {"capex", "completion_s"};
        std::vector<PointResult> rs = {point(0, 10, 5, false), point(1, 2, 5, true), point(2, 12, 4, false)};
        rankSweep(spec, rs);
        QVERIFY(rs[0].pareto && !rs[1].pareto && rs[2].pareto);
        QVERIFY(!rs[0].leftOff && rs[1].leftOff && !rs[2].leftOff);
        QCOMPARE(paretoFront(rs, spec.objectives), (std::vector<std::size_t>{0, 2}));

        RankOptions include;
        include.includeIncomplete = true;
        rankSweep(spec, rs, include);
        QVERIFY(!rs[0].pareto && rs[1].pareto && rs[2].pareto);
        QVERIFY(!rs[1].leftOff);
        QCOMPARE(paretoFront(rs, spec.objectives, include), (std::vector<std::size_t>{1, 2}));
    }

    // A budget is a constraint on CAPEX even when CAPEX is not an objective: a point of "$9 or
    // more" under a budget of 10 is not known to keep to it (left off, hollow), one of "$12 or
    // more" breaks it whatever the missing prices are. The explorer's Budget filter let the first
    // through onto the front.
    void budgetOnALowerBound()
    {
        SweepSpec spec;
        spec.objectives = {"completion_s"};
        spec.constraints.budget = 10;
        std::vector<PointResult> rs = {point(0, 9, 3, true), point(1, 12, 2, true), point(2, 8, 5, false)};
        rankSweep(spec, rs);
        QCOMPARE(rankedFigures(spec), (std::vector<std::string>{"completion_s", "capex"}));
        QVERIFY(rs[0].violations.empty() && rs[0].leftOff && !rs[0].pareto);
        QVERIFY(!rs[1].violations.empty() && !rs[1].leftOff && !rs[1].pareto);
        QVERIFY(rs[2].violations.empty() && !rs[2].leftOff && rs[2].pareto);
        spec.constraints.budget.reset();   // no budget: CAPEX is not asked about
        rankSweep(spec, rs);
        QVERIFY(!rs[0].leftOff && !rs[1].leftOff);
        QVERIFY(!rs[0].pareto && rs[1].pareto && !rs[2].pareto);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestPriceCoverage)
#include "tst_pricecoverage.moc"
