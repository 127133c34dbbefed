// The engine's explanations behind issue 31 items 4 and 5: blocking in one wording (within the
// tolerance "non-blocking (1:1)", else the ratio), the generator's blocking asked against built
// with the reason, and the bottleneck tier of a traffic run.
#include "analysis/blockingasked.h"
#include "analysis/compare.h"
#include "analysis/design.h"
#include "analysis/keyfigures.h"
#include "analysis/network.h"
#include "analysis/tierload.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "io/generatorrecord.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

using namespace cplan;

class TestExplainFigures : public QObject
{
    Q_OBJECT

private:
    // One workload through the routes of `design`.
    static TrafficResult run(const Design &design, const std::string &pattern)
    {
        NetworkRequest request;
        request.latency = false;
        request.workloads = {*parseWorkload(pattern)};
        auto n = analyzeNetwork(design, test::builtinCatalog(), request);
        if (!n || n->traffic.empty())
            qFatal("no traffic run");
        return n->traffic.front();
    }

private slots:
    void blockingWording()
    {
        QCOMPARE(cplan::blockingWording(1.0).english(), std::string("non-blocking (1:1)"));
        QCOMPARE(cplan::blockingWording(0.996).english(), std::string("non-blocking (1:1)"));   // the window's "leaf 0.996:1"
        QCOMPARE(cplan::blockingWording(1.004).english(), std::string("non-blocking (1:1)"));
        QCOMPARE(cplan::blockingWording(2.0).english(), std::string("2:1"));
        QCOMPARE(cplan::blockingWording(37.0 / 21).english(), std::string("1.76:1"));
        QCOMPARE(cplan::blockingWording(1.3).english(), std::string("1.3:1"));
        QVERIFY(!isNonBlocking(1 + 2 * kNonBlockingTolerance));
        QVERIFY(isBlockingFigure("oversubscription") && isBlockingFigure("blocking") && !isBlockingFigure("slowdown_mean"));
    }

    // 37 DGX H100 on QM9700 at 2:1: 37 down, 21 up (the 19 that 2:1 needs split over no fewer
    // than 19 spines, 21 over 3); 35: 35 down need 17.5 uplinks, 18 built; 32: as asked.
    void askedAgainstBuilt_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<QString>("summary");
        QTest::newRow("spine split") << 37
                                     << QStringLiteral("asked 2:1, built 1.76:1 (37 down / 21 up per leaf): the 19 uplinks that 2:1 needs do not "
                                                       "split evenly over the spines and 21 do (3 spine(s), 7 link(s) from each leaf to "
                                                       "each), which saves switches");
        QTest::newRow("rounding") << 35
                                  << QStringLiteral("asked 2:1, built 1.94:1 (35 down / 18 up per leaf): 35 down ports at 2:1 need 17.5 "
                                                    "uplinks, rounded up to 18 as ports are whole (a 64-port leaf takes at most 42 down / "
                                                    "21 up at that ratio)");
        QTest::newRow("as asked") << 64 << QStringLiteral("asked 2:1, built as asked (32 down / 16 up per leaf)");
    }
    void askedAgainstBuilt()
    {
        QFETCH(int, servers);
        QFETCH(QString, summary);
        FatTreeReport report;
        test::generateOrStop(test::fatTreeSpec("dgx-h100", servers, "qm9700", 0, 2, 1), test::builtinCatalog(), &report);
        QCOMPARE(QString::fromStdString(report.blocking.english()), summary);
        QCOMPARE(report.askedDown, 2);
        QCOMPARE(report.askedUp, 1);
        QCOMPARE(report.builtBlocking(), double(report.leafDown) / report.leafUp);
    }

    // The generator's sentence is kept in the file (format 5): after saving and reading back, the
    // design analysis gives it again; a leaf given one more uplink makes it say what changed.
    void askedAgainstBuiltSurvivesReopening()
    {
        FatTreeReport report;
        const Design made = test::generateOrStop(test::fatTreeSpec("dgx-h100", 37, "qm9700", 0, 2, 1), test::builtinCatalog(), &report);
        const std::string text = serializeDesign(made);
        QVERIFY(text.rfind("format: cluster-planner/5\n", 0) == 0);
        auto back = parseDesign(text, "reopened.yaml", &test::builtinCatalog());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(serializeDesign(*back), text);
        const std::optional<BlockingAsked> said = blockingAskedVsBuilt(*back);
        QVERIFY(said);
        QCOMPARE(said->detail.english(), report.blocking.english());
        QCOMPARE(said->brief.english(), std::string("asked 2:1, built 1.76:1 (37 down / 21 up per leaf)"));
        DesignRequest request;
        request.analyseNetwork = false;
        const DesignAnalysis analysed = analyzeDesign(*back, test::builtinCatalog(), request);
        QVERIFY(analysed.blocking && *analysed.blocking == *said);

        // One more cable from a leaf to a spine: that leaf has 22 uplinks, not the 21 generated.
        Design edited = *back;
        const NodeId leaf = *edited.findNode("su01-leaf1"), spine = *edited.findNode("spine01");
        edited.addLink({"extra", {leaf, 64}, {spine, 64}, {}, {}, {}});
        const std::optional<BlockingAsked> changed = blockingAskedVsBuilt(edited);
        QVERIFY(changed);
        QCOMPARE(changed->brief.english(), std::string("asked 2:1, built 1.76:1; leaves changed since"));
        QCOMPARE(changed->detail.english(), std::string("asked 2:1, built 1.76:1 by the generator; changed since: the 8 leaves now have "
                                                        "296 down / 169 up ports in all (1.75:1)"));

        // A design no generator made says nothing.
        edited.extra.erase(kGeneratorSection);
        QVERIFY(!blockingAskedVsBuilt(edited));
    }

    // A bad generator section is refused with its line, as every other section is.
    void badGeneratorSectionIsRefused_data()
    {
        QTest::addColumn<QString>("section");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("says");
        QTest::newRow("kind") << "generator:\n  kind: torus\n" << 4 << "unknown generator 'torus'";
        QTest::newRow("asked") << "generator:\n  kind: fat-tree\n  blocking_asked: 2-1\n" << 5 << "must be D:U";
        QTest::newRow("ports") << "generator:\n  kind: fat-tree\n  leaf_ports: 300:1\n" << 5 << "'leaf_ports' must be";
        QTest::newRow("key") << "generator:\n  kind: fat-tree\n  blocking: 2:1\n" << 5 << "unknown key 'blocking'";
        QTest::newRow("args") << "generator:\n  kind: fat-tree\n  blocking_note: {text: x, args: [[1]]}\n" << 5
                              << "each of 'args' must be a text value";
    }
    void badGeneratorSectionIsRefused()
    {
        QFETCH(QString, section);
        QFETCH(int, line);
        QFETCH(QString, says);
        const std::string text = "format: cluster-planner/5\nname: g\n" + section.toStdString() + "nodes: []\nlinks: []\n";
        auto d = parseDesign(text, "g.yaml", &test::builtinCatalog());
        QVERIFY(!d.ok());
        QCOMPARE(d.error().line, line);
        QVERIFY2(d.error().message.find(says.toStdString()) != std::string::npos, d.error().message.c_str());
    }

    void singleSwitchHasNoBlocking()
    {
        FatTreeReport report;
        test::generateOrStop(test::fatTreeSpec("host-1hca", 8, "qm9700"), test::builtinCatalog(), &report);
        QVERIFY(report.blocking.format.empty());
        QVERIFY(!generatorRecord(test::generateOrStop(test::fatTreeSpec("host-1hca", 8, "qm9700"), test::builtinCatalog())));
    }

    // All-to-all on a non-blocking tree loads every tier alike (the servers' links among them);
    // on the 2:1 sample the leaves' uplinks are the bottleneck.
    void bottleneckTier()
    {
        const Design full = test::loadSample("edr-32gpu");
        const LinkTierLoad a = linkTierLoad(full, run(full, "alltoall"));
        QVERIFY(!a.tiers.empty());
        QCOMPARE(a.tiers.front().tier, std::string("node-leaf"));
        QVERIFY(!a.bottleneck.empty());
        for (const TierUtilization &t : a.tiers)
            QVERIFY2(t.links > 0 && t.mean <= t.max + 1e-12 && t.max <= 1 + 1e-9, t.tier.c_str());

        const Design half = test::loadSample("hdr-2to1-520gpu");
        const LinkTierLoad b = linkTierLoad(half, run(half, "alltoall"));
        QCOMPARE(b.bottleneck, std::vector<std::string>{"leaf-spine"});
        QVERIFY(linkTierLoad(half, TrafficResult{}).tiers.empty());
    }

    // Two designs side by side (the Ethernet twin, `cplan compare`): a lower bound ("$6.77M or
    // more") gives no difference, and a side is better only when the ranges are apart. The twin
    // dialog said "+1.0 %, InfiniBand better" between two lower bounds.
    void compareWithLowerBounds_data()
    {
        QTest::addColumn<QString>("figure");
        QTest::addColumn<double>("a");
        QTest::addColumn<bool>("aBound");
        QTest::addColumn<double>("b");
        QTest::addColumn<bool>("bBound");
        QTest::addColumn<int>("better");
        QTest::addColumn<bool>("delta");
        QTest::newRow("exact, b cheaper") << "capex" << 10.0 << false << 8.0 << false << 1 << true;
        QTest::newRow("exact, same") << "capex" << 10.0 << false << 10.0 << false << 0 << true;
        QTest::newRow("both bounds") << "capex" << 6.77 << true << 6.84 << true << 0 << false;
        QTest::newRow("a bound below exact b") << "capex" << 6.0 << true << 7.0 << false << 0 << false;
        QTest::newRow("a bound above exact b") << "capex" << 9.0 << true << 7.0 << false << 1 << false;
        QTest::newRow("exact a below b bound") << "capex" << 5.0 << false << 7.0 << true << -1 << false;
        QTest::newRow("higher is better, a bound above") << "busbw_gbps" << 400.0 << true << 300.0 << false << -1 << false;
        QTest::newRow("higher is better, exact") << "busbw_gbps" << 300.0 << false << 400.0 << false << 1 << true;
    }

    void compareWithLowerBounds()
    {
        QFETCH(QString, figure);
        QFETCH(double, a);
        QFETCH(bool, aBound);
        QFETCH(double, b);
        QFETCH(bool, bBound);
        QFETCH(int, better);
        QFETCH(bool, delta);
        const KeyFigureInfo *info = findKeyFigure(figure.toStdString());
        QVERIFY(info);
        auto make = [info](double v, bool bound) {
            return KeyFigure{info, v, bound ? Completeness::LowerBound : Completeness::Exact};
        };
        const KeyFigure fa = make(a, aBound), fb = make(b, bBound);
        const CompareRow r = compareRow(*info, &fa, &fb);
        QCOMPARE(r.better, better);
        QCOMPARE(r.delta.has_value(), delta);
        QCOMPARE(r.deltaPercent.has_value(), delta);
        QCOMPARE(r.bounded, aBound || bBound);
    }
};

CPLAN_TEST_MAIN(TestExplainFigures)
#include "tst_explainfigures.moc"
