// Rail packing: rack-scale units whose rails are narrower than a leaf share leaves between rails
// (GB200 NVL72: 8 racks of 72 HCAs), every HCA cabled and the tree still non-blocking.
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "routing/fabric.h"
#include "routing/metrics.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <map>
#include <set>

using namespace cplan;

class TestRailPacking : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

    static FatTreeSpec nvl72(int racks, const std::string &sw, const std::string &hca = {})
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-gb200-nvl72", racks}};
        spec.switchPart = sw;
        spec.hcaOverride = hca;
        return spec;
    }

    // Every server port on a leaf; each leaf's used down ports no more than its up ports.
    void checkCabledAndNonBlocking(const Design &d)
    {
        std::map<std::string, int> down, up;
        int serverLinks = 0;
        for (const Link &l : d.links) {
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            if (a.role == NodeRole::Server) {
                QCOMPARE(b.tier, Tier::Leaf);
                ++down[b.id];
                ++serverLinks;
            } else if (a.tier == Tier::Leaf && b.tier == Tier::Spine) {
                ++up[a.id];
            }
        }
        int ports = 0;
        for (const Node &n : d.nodes)
            if (n.role == NodeRole::Server)
                ports += nodePortCount(n, m_catalog);
        QCOMPARE(serverLinks, ports);
        for (const auto &[leaf, n] : down)
            QVERIFY2(n <= up[leaf], leaf.c_str());
        for (const Finding &f : validateDesign(d, m_catalog)) {
            QVERIFY2(f.severity != Severity::Error, f.message.c_str());
            QVERIFY2(f.code != "unconnected-hca", f.message.c_str());
        }
        // Full bisection: the max flow between the halves equals what a half injects.
        const FabricMetrics m = computeMetrics(Fabric::build(d, m_catalog));
        QVERIFY(m.halfInjectionGbps > 0);
        QVERIFY2(m.bisectionGbps >= m.halfInjectionGbps * 0.999,
                 qPrintable(QStringLiteral("%1 < %2").arg(m.bisectionGbps).arg(m.halfInjectionGbps)));
    }

    // Rail r (HCA r + 1) of every rack on leaf r / railsPerLeaf of the rack's unit.
    void checkRule(const Design &d, int railsPerLeaf)
    {
        for (const Link &l : d.links) {
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            if (a.role != NodeRole::Server)
                continue;
            const int rail = l.a.port - 1;
            QCOMPARE(b.id, a.group + "-leaf" + std::to_string(rail / railsPerLeaf + 1));
        }
    }

private slots:
    void initTestCase() { m_catalog = test::builtinCatalog(); }

    // Acceptance (issue 13): 8 NVL72 racks are one 576-GPU unit of at most 18 leaves.
    void nvl72Unit_data()
    {
        QTest::addColumn<QString>("sw");
        QTest::addColumn<QString>("hca");
        QTest::addColumn<int>("railsPerLeaf");
        QTest::addColumn<int>("leaves");
        // QM9700: 32 down ports / 8 racks = 4 rails a leaf, 72 / 4 = 18 leaves.
        QTest::newRow("qm9700") << QStringLiteral("qm9700") << QString() << 4 << 18;
        // Q3400: 72 down ports / 8 racks = 9 rails a leaf, 72 / 9 = 8 leaves.
        QTest::newRow("q3400 cx-8") << QStringLiteral("q3400") << QStringLiteral("connectx-8") << 9 << 8;
    }

    void nvl72Unit()
    {
        QFETCH(QString, sw);
        QFETCH(QString, hca);
        QFETCH(int, railsPerLeaf);
        QFETCH(int, leaves);
        FatTreeReport r;
        const Design d = test::generateOrStop(nvl72(8, sw.toStdString(), hca.toStdString()), m_catalog, &r);
        QCOMPARE(r.scalableUnits, 1);
        QCOMPARE(r.suSize, 8);
        QCOMPARE(r.rails, 72);
        QCOMPARE(r.railsPerLeaf, railsPerLeaf);
        QCOMPARE(r.leaves, leaves);
        QCOMPARE(r.tiers, 2);
        int gpus = 0;
        for (const Node &n : d.nodes)
            gpus += nodeGpuCount(n, m_catalog);
        QCOMPARE(gpus, 576);
        bool noted = false;
        for (const Message &m : r.notes)
            noted = noted || m.english().find("rail packing") != std::string::npos;
        QVERIFY(noted);
        checkRule(d, railsPerLeaf);
        checkCabledAndNonBlocking(d);
    }

    // Several units: each packs its own rails; fewer racks than a unit are wired for the full unit
    // (the SuperPOD's partial-SU rule), so the leaf count stays.
    void severalUnitsAndPartialUnit()
    {
        FatTreeReport r;
        Design d = test::generateOrStop(nvl72(16, "qm9700"), m_catalog, &r);
        QCOMPARE(r.scalableUnits, 2);
        QCOMPARE(r.leaves, 36);
        checkRule(d, 4);
        checkCabledAndNonBlocking(d);
        d = test::generateOrStop(nvl72(3, "qm9700"), m_catalog, &r);
        QCOMPARE(r.leaves, 18);
        checkRule(d, 4);
        checkCabledAndNonBlocking(d);
    }

    // A leaf per rail when a unit's rail fills a leaf: the DGX H100 SuperPOD is unchanged.
    void wideRailsAreNotPacked()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 16}};
        spec.switchPart = "qm9700";
        FatTreeReport r;
        test::generateOrStop(spec, m_catalog, &r);
        QCOMPARE(r.railsPerLeaf, 1);
        QCOMPARE(r.leaves, 8);
        // An explicit small unit packs: 8 servers a unit, 8 rails of 8 ports: 4 on a leaf.
        spec.suSize = 8;
        const Design d = test::generateOrStop(spec, m_catalog, &r);
        QCOMPARE(r.railsPerLeaf, 4);
        QCOMPARE(r.leaves, 4);
        checkRule(d, 4);
        checkCabledAndNonBlocking(d);
    }

    // One switch has no rails (this crashed: rail leaves past the single switch).
    void oneTierWithRails()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 2}};
        spec.switchPart = "qm9700";
        spec.tiers = 1;
        FatTreeReport r;
        const Design d = test::generateOrStop(spec, m_catalog, &r);
        QCOMPARE(r.leaves, 1);
        QCOMPARE(int(d.links.size()), 16);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestRailPacking)
#include "tst_railpacking.moc"
