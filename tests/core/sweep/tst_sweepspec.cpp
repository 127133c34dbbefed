// The sweep file (core/sweep/sweepspec): the minimal file, the points it expands to, and
// every kind of bad file refused with its file, line and what is wrong; the Pareto front on
// hand-made results.
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "sweep/figures.h"
#include "sweep/pareto.h"
#include "sweep/sweeppoints.h"
#include "sweep/sweepspec.h"
#endif

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

using namespace cplan;

Q_DECLARE_METATYPE(std::string)

namespace {

const char *kMinimal = "format: cluster-planner-sweep/1\n"
                       "fixed: {servers: 128, server: dgx-h100}\n"
                       "axes: {switch: [qm9700, qm8700], blocking: [\"1:1\", \"2:1\"]}\n"
                       "workload: {pattern: alltoall, bytes: 1MiB}\n"
                       "objectives: [capex, completion_s]\n";

SweepSpec parseOrStop(const std::string &text)
{
    auto spec = parseSweep(text, "test.sweep.yaml");
    if (!spec)
        qFatal("sweep: %s", spec.error().toString().c_str());
    return *spec;
}

PointResult result(std::size_t index, std::vector<SweepFigure> figures, std::string skipped = {})
{
    PointResult r;
    r.index = index;
    r.id = std::to_string(index);
    r.figures = std::move(figures);
    r.skipped = std::move(skipped);
    return r;
}

} // namespace

class TestSweepSpec : public QObject
{
    Q_OBJECT

private slots:
    void minimalFile()
    {
        const SweepSpec spec = parseOrStop(kMinimal);
        QCOMPARE(spec.axes.size(), std::size_t(2));
        QCOMPARE(spec.axes[0].name, std::string("switch"));
        QCOMPARE(spec.axes[1].values[1].text, std::string("2:1"));
        QCOMPARE(spec.axes[1].values[1].line, 3);
        QCOMPARE(spec.objectives, (std::vector<std::string>{"capex", "completion_s"}));
        QVERIFY(spec.hasWorkload);
        QVERIFY(!spec.schedule);
        QVERIFY(checkSweep(spec, test::builtinCatalog()));

        const std::vector<SweepPoint> points = expandSweep(spec);
        QCOMPARE(points.size(), std::size_t(4));
        // The first axis varies slowest.
        QCOMPARE(points[0].axes, (std::vector<SweepSetting>{{"switch", "qm9700"}, {"blocking", "1:1"}}));
        QCOMPARE(points[1].axes, (std::vector<SweepSetting>{{"switch", "qm9700"}, {"blocking", "2:1"}}));
        QCOMPARE(points[2].axes, (std::vector<SweepSetting>{{"switch", "qm8700"}, {"blocking", "1:1"}}));
        QCOMPARE(points[3].index, std::size_t(3));
        QCOMPARE(points[3].setting("pattern"), std::string("alltoall"));
        QCOMPARE(points[3].setting("bytes"), std::string("1MiB"));
        QCOMPARE(points[3].setting("planes", "1"), std::string("1"));
        std::set<std::string> ids, designs;
        for (const SweepPoint &p : points) {
            QCOMPARE(p.id.size(), std::size_t(16));
            ids.insert(p.id);
            designs.insert(p.designKey);
        }
        QCOMPARE(ids.size(), std::size_t(4));
        QCOMPARE(designs.size(), std::size_t(4));
    }

    // A point's id depends on its inputs, not on where the file states them.
    void idsFollowInputs()
    {
        const SweepSpec a = parseOrStop(kMinimal);
        const SweepSpec b = parseOrStop("format: cluster-planner-sweep/1\n"
                                        "axes: {blocking: [\"2:1\", \"1:1\"], switch: [qm8700, qm9700]}\n"
                                        "fixed: {server: dgx-h100, servers: 128, pattern: alltoall, bytes: 1MiB}\n"
                                        "objectives: [completion_s]\n");
        std::set<std::string> idsA, idsB;
        for (const SweepPoint &p : expandSweep(a))
            idsA.insert(p.id);
        for (const SweepPoint &p : expandSweep(b))
            idsB.insert(p.id);
        QCOMPARE(idsA, idsB);
        // A different workload is another point, on the same design.
        const SweepSpec c = parseOrStop(std::string(kMinimal).replace(std::string(kMinimal).find("alltoall"), 8, "allreduce"));
        QVERIFY(expandSweep(c)[0].id != expandSweep(a)[0].id);
        QCOMPARE(expandSweep(c)[0].designKey, expandSweep(a)[0].designKey);
    }

    void workloadAxisSharesTheDesign()
    {
        const SweepSpec spec = parseOrStop("format: cluster-planner-sweep/1\n"
                                           "fixed: {gpus: 1024, server: dgx-h100, switch: qm9700}\n"
                                           "axes: {pattern: [allreduce, allgather, alltoall], bytes: [1MiB, 64MiB]}\n"
                                           "objectives: [capex, completion_s, busbw_gbps]\n"
                                           "constraints: {budget: 5e7, power_w: 2e6, racks: 80, max_blocking: \"2:1\"}\n");
        const auto points = expandSweep(spec);
        QCOMPARE(points.size(), std::size_t(6));
        for (const SweepPoint &p : points)
            QCOMPARE(p.designKey, points[0].designKey);
        QCOMPARE(*spec.constraints.maxBlocking, 2.0);
        QCOMPARE(*spec.constraints.budget, 5e7);
    }

    void badFiles_data()
    {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        const std::string head = "format: cluster-planner-sweep/1\nfixed: {servers: 8, server: dgx-h100, switch: qm9700}\n";
        QTest::newRow("no format") << std::string("fixed: {servers: 8}\nobjectives: [capex]\n") << 1 << "no 'format";
        QTest::newRow("newer format") << std::string("format: cluster-planner-sweep/9\n") << 1 << "newer version";
        QTest::newRow("not a map") << std::string("- a\n- b\n") << 1 << "must be a mapping";
        QTest::newRow("yaml syntax") << head + "axes: {blocking: [1:1\nobjectives: [capex]\n" << 0 << "";
        QTest::newRow("unknown key") << head + "objectives: [capex]\nbudget: 5\n" << 4 << "unknown key 'budget'";
        QTest::newRow("unknown option") << head + "axes: {blockng: [\"1:1\"]}\nobjectives: [capex]\n" << 3 << "unknown option 'blockng'";
        QTest::newRow("bad ratio") << head + "axes:\n  blocking:\n    - \"1:1\"\n    - \"2/1\"\nobjectives: [capex]\n" << 6 << "must be D:U";
        QTest::newRow("axis not a list") << head + "axes: {rails: 8}\nobjectives: [capex]\n" << 3 << "must be a list";
        QTest::newRow("bad discount") << head + "axes: {discount: [10, 120]}\nobjectives: [cost_per_gpu]\n" << 3 << "percentage from 0 to 100";
        QTest::newRow("empty axis") << head + "axes: {rails: []}\nobjectives: [capex]\n" << 3 << "has no values";
        QTest::newRow("twice in an axis") << head + "axes: {rails: [8, 4, 8]}\nobjectives: [capex]\n" << 3 << "twice";
        QTest::newRow("fixed and swept") << head + "axes: {servers: [8, 16]}\nobjectives: [capex]\n" << 3 << "given twice";
        QTest::newRow("bad size") << head + "workload: {pattern: alltoall, bytes: lots}\nobjectives: [capex]\n" << 3 << "not a size";
        QTest::newRow("bad pattern") << head + "workload: {pattern: everything}\nobjectives: [capex]\n" << 3 << "pattern";
        QTest::newRow("bad policy") << head + "schedule: {jobs: 10, policy: lottery}\nobjectives: [jct_mean_s]\n" << 3 << "not a scheduling policy";
        QTest::newRow("schedule without jobs") << head + "schedule: {policy: fifo}\nobjectives: [capex]\n" << 3 << "either jobs";
        QTest::newRow("unknown objective") << head + "objectives: [capex, speed]\n" << 3 << "unknown objective 'speed'";
        QTest::newRow("no objectives") << head << 1 << "no 'objectives'";
        QTest::newRow("objective twice") << head + "objectives: [capex, capex]\n" << 3 << "listed twice";
        QTest::newRow("completion without workload") << head + "objectives:\n  - capex\n  - completion_s\n" << 5 << "needs a workload";
        QTest::newRow("jct without schedule") << head + "objectives: [jct_p95_s]\n" << 3 << "needs a schedule";
        QTest::newRow("bad constraint") << head + "objectives: [capex]\nconstraints: {budget: cheap}\n" << 4 << "must be a number";
        QTest::newRow("unknown constraint") << head + "objectives: [capex]\nconstraints: {weight: 5}\n" << 4 << "unknown constraint";
        QTest::newRow("no size") << std::string("format: cluster-planner-sweep/1\nfixed: {server: dgx-h100, switch: qm9700}\nobjectives: [capex]\n")
                                 << 1 << "no size";
        QTest::newRow("servers out of range") << std::string("format: cluster-planner-sweep/1\nfixed: {servers: 0, server: dgx-h100, switch: qm9700}\n")
                                              << 2 << "from 1 to";
        QTest::newRow("too many points")
            << head + "axes: {rails: [1,2,3,4,5,6,7,8,9,10], su-size: [1,2,3,4,5,6,7,8,9,10], mgmt-nodes: [1,2,3,4,5,6,7,8,9,10],"
                      " servers-per-rack: [1,2,3,4,5,6,7,8,9,10], tiers: [auto, 1, 2, 3], planes: [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26]}\n"
                      "objectives: [capex]\n"
            << 1 << "more than";
    }

    void badFiles()
    {
        QFETCH(std::string, text);
        QFETCH(int, line);
        QFETCH(QString, message);
        auto spec = parseSweep(text, "bad.sweep.yaml");
        QVERIFY(!spec);
        QCOMPARE(spec.error().file, std::string("bad.sweep.yaml"));
        if (line > 0)
            QCOMPARE(spec.error().line, line);
        else
            QVERIFY(spec.error().line > 0);
        QVERIFY2(QString::fromStdString(spec.error().message).contains(message), spec.error().message.c_str());
    }

    void unknownPartNamesItsLine()
    {
        const SweepSpec spec = parseOrStop("format: cluster-planner-sweep/1\nfixed: {servers: 8, server: dgx-h100}\n"
                                           "axes:\n  switch: [qm9700,\n    qm9999]\nobjectives: [capex]\n");
        const Status s = checkSweep(spec, test::builtinCatalog());
        QVERIFY(!s);
        QCOMPARE(s.error().line, 5);
        QVERIFY2(s.error().message.find("unknown part 'qm9999'") != std::string::npos, s.error().message.c_str());
        const SweepSpec kind = parseOrStop("format: cluster-planner-sweep/1\nfixed: {servers: 8, server: qm9700, switch: qm9700}\nobjectives: [capex]\n");
        QVERIFY(!checkSweep(kind, test::builtinCatalog()));
    }

    void everyFigureIsDescribed()
    {
        for (const FigureInfo &f : sweepFigures()) {
            QVERIFY(findFigure(f.id) == &f);
            QVERIFY(std::string(f.what).size() > 5);
        }
        QVERIFY(!findFigure("speed"));
    }

    // Smaller capex and smaller time are better; bisection larger is better.
    void paretoOnHandMadePoints()
    {
        std::vector<PointResult> rs = {
            result(0, {{"capex", 10}, {"completion_s", 5}}),    // front
            result(1, {{"capex", 8}, {"completion_s", 7}}),     // front
            result(2, {{"capex", 10}, {"completion_s", 6}}),    // dominated by 0
            result(3, {{"capex", 8}, {"completion_s", 7}}),     // equal to 1: both stay
            result(4, {{"capex", 1}}),                          // lacks an objective
            result(5, {}, "does not fit"),                      // skipped
            result(6, {{"capex", 2}, {"completion_s", 1}}),     // best, but breaks a constraint
        };
        rs[6].violations = {"capex over the budget"};
        const std::vector<std::size_t> front = paretoFront(rs, {"capex", "completion_s"});
        QCOMPARE(front, (std::vector<std::size_t>{0, 1, 3}));

        std::vector<PointResult> bis = {result(0, {{"capex", 10}, {"bisection_gbps", 100}}),
                                        result(1, {{"capex", 10}, {"bisection_gbps", 50}})};
        QCOMPARE(paretoFront(bis, {"capex", "bisection_gbps"}), (std::vector<std::size_t>{0}));
    }

    void constraintsMarkPointsInfeasible()
    {
        SweepSpec spec = parseOrStop("format: cluster-planner-sweep/1\nfixed: {servers: 8, server: dgx-h100, switch: qm9700}\n"
                                     "objectives: [capex]\nconstraints: {budget: 100, max_blocking: \"2:1\"}\n");
        std::vector<PointResult> rs = {result(0, {{"capex", 90}, {"blocking", 2}}), result(1, {{"capex", 120}, {"blocking", 1}}),
                                       result(2, {{"capex", 50}, {"blocking", 3}})};
        rankSweep(spec, rs);
        QVERIFY(rs[0].feasible());
        QCOMPARE(rs[1].violations.size(), std::size_t(1));
        QVERIFY2(rs[1].violations[0].find("budget") != std::string::npos, rs[1].violations[0].c_str());
        QVERIFY(!rs[2].feasible());
        QVERIFY(rs[0].pareto && !rs[1].pareto && !rs[2].pareto);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestSweepSpec)
#include "tst_sweepspec.moc"
