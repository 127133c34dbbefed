// Rail-only wiring: each rail a network of its own (plane r = rail r), no switch joining two
// rails; the generator says what the rail-optimized fat tree of the same servers would need, and
// NVLink carries the traffic between rails, so NCCL's collectives run as fast as on the tree.
#include "analysis/network.h"
#include "analysis/workloadspec.h"
#include "catalog/catalog.h"
#include "cost/bom.h"
#include "generate/fattree.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <set>

using namespace cplan;

class TestRailOnly : public QObject
{
    Q_OBJECT

private:
    const Catalog &m_catalog = test::builtinCatalog();

    static FatTreeSpec dgx(int servers, bool railOnly)
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", servers}};
        spec.switchPart = "qm9700";
        spec.railOnly = railOnly;
        return spec;
    }

    // Every link joins nodes of one plane (a server is in all), and every switch has one plane.
    static void checkRailsApart(const Design &d)
    {
        for (const Link &l : d.links) {
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            if (a.role == NodeRole::Switch && b.role == NodeRole::Switch)
                QCOMPARE(a.plane, b.plane);
            QVERIFY(a.role == NodeRole::Switch || b.role == NodeRole::Switch);
        }
    }

    static std::size_t errors(const std::vector<Finding> &findings)
    {
        std::size_t n = 0;
        for (const Finding &f : findings)
            n += f.severity == Severity::Error;
        return n;
    }

    double completion(const Design &d, const char *workload)
    {
        NetworkRequest request;
        auto w = parseWorkload(workload);
        if (!w)
            return -1;
        w->bytes = double(1u << 30);
        request.workloads = {*w};
        auto a = analyzeNetwork(d, m_catalog, request);
        if (!a || a->traffic.empty())
            return -1;
        return a->traffic.front().completionS;
    }

private slots:
    // 64 DGX H100 fit one 64-port switch per rail: 8 switches and 512 links, no spine, against
    // the rail-optimized tree's 16 leaves and 8 spines (1,024 links).
    void oneSwitchPerRail()
    {
        FatTreeReport r;
        auto d = generateFatTree(dgx(64, true), m_catalog, &r);
        QVERIFY2(d.ok(), d ? "" : d.error().message.c_str());
        QVERIFY(r.railOnly);
        QCOMPARE(r.planes, 8);
        QCOMPARE(r.leaves, 8);
        QCOMPARE(r.spines + r.cores, 0);
        QCOMPARE(d->links.size(), std::size_t(512));
        QCOMPARE(r.fatTreeSwitches, 24);
        QCOMPARE(r.fatTreeLinks, 1024);
        checkRailsApart(*d);
        std::set<int> planes;
        for (const Node &n : d->nodes)
            if (n.role == NodeRole::Switch)
                planes.insert(n.plane);
        QCOMPARE(planes.size(), std::size_t(8));
        // The comparison and the trade-off lead the notes (the CLI and the wizard show them first),
        // and it names the wiring rail-only, not planes.
        QVERIFY(!r.notes.empty());
        const std::string lead = r.notes.front().english();
        QVERIFY2(lead.rfind("rail-only: 8 switches and 512 links, against 24 switches and 1024 links for the rail-optimized fat tree",
                            0) == 0,
                 lead.c_str());
        QVERIFY2(lead.find("one switch with no spine") != std::string::npos, lead.c_str());
        QVERIFY2(lead.find("NVLink") != std::string::npos, lead.c_str());
        for (const Message &m : r.notes)
            QVERIFY2(m.english().find("planes:") == std::string::npos, m.english().c_str());
        QCOMPARE(errors(validateDesign(*d, m_catalog)), std::size_t(0));
        const Bom bom = computeBom(*d, m_catalog);
        QCOMPARE(bom.totals.gpus, 512);
        QCOMPARE(bom.counts.switches.at("spine"), 0);
    }

    // A rail wider than a switch is a fat tree of its own, still apart from the other rails. At
    // 256 DGX H100 both wirings are 2 tiers of the same size; at 1,024 the tree needs a third
    // tier and the rails do not: 384 switches against 640.
    void railWiderThanASwitch_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("switches");
        QTest::addColumn<int>("treeSwitches");
        QTest::newRow("256") << 256 << 96 << 96;
        QTest::newRow("1024") << 1024 << 384 << 640;
    }
    void railWiderThanASwitch()
    {
        QFETCH(int, servers);
        FatTreeReport r;
        auto d = generateFatTree(dgx(servers, true), m_catalog, &r);
        QVERIFY(d.ok());
        QCOMPARE(r.planes, 8);
        QCOMPARE(r.tiers, 2);
        QVERIFY(r.spines > 0);
        QTEST(r.leaves + r.spines + r.cores, "switches");
        QTEST(r.fatTreeSwitches, "treeSwitches");
        // Each rail a 2-tier fat tree of its own, said first.
        QVERIFY(!r.notes.empty());
        const std::string lead = r.notes.front().english();
        QVERIFY2(lead.rfind("rail-only: ", 0) == 0, lead.c_str());
        QVERIFY2(lead.find("a 2-tier fat tree of " + std::to_string((r.leaves + r.spines) / 8) + " switches") != std::string::npos,
                 lead.c_str());
        checkRailsApart(*d);
        QCOMPARE(errors(validateDesign(*d, m_catalog)), std::size_t(0));
    }

    void refused()
    {
        FatTreeSpec planes = dgx(16, true);
        planes.planes = 2;
        auto a = generateFatTree(planes, m_catalog);
        QVERIFY(!a);
        QVERIFY(a.error().message.find("planes") != std::string::npos);
        FatTreeSpec oneRail = dgx(16, true);
        oneRail.rails = 1;
        auto b = generateFatTree(oneRail, m_catalog);
        QVERIFY(!b);
        QVERIFY(b.error().message.find("rails") != std::string::npos);
    }

    // NCCL's collectives are rail-matched (PXN moves data over NVLink to the GPU on the
    // destination's rail): all-reduce and all-to-all take as long as on the rail-optimized tree.
    void collectivesAsOnTheTree()
    {
        const Design tree = test::generateOrStop(dgx(64, false), m_catalog);
        const Design rails = test::generateOrStop(dgx(64, true), m_catalog);
        for (const char *w : {"allreduce", "nccl-alltoall"}) {
            const double t = completion(tree, w), r = completion(rails, w);
            QVERIFY2(t > 0 && r > 0, w);
            QVERIFY2(std::abs(t - r) <= 1e-9 * t, w);
        }
    }
};

CPLAN_TEST_APPLESS_MAIN(TestRailOnly)
#include "tst_railonly.moc"
