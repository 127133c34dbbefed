// Fat-tree generator: NVIDIA's DGX H100 SuperPOD counts and textbook fat-tree arithmetic.
#include "catalog/catalog.h"
#include "cost/bom.h"
#include "generate/fattree.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <map>
#include <set>

using namespace cplan;

class TestFatTree : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

    Design generate(const FatTreeSpec &spec, FatTreeReport *report = nullptr) { return test::generateOrStop(spec, m_catalog, report); }

    static FatTreeSpec hosts(int n, const std::string &sw, int tiers = 0, int down = 1, int up = 1)
    {
        return test::fatTreeSpec("host-1hca", n, sw, tiers, down, up);
    }

    // Every switch of a tier has the same number of links to each switch above it
    // (OpenSM ftree's rule): map upper switch -> count must be one value per tier.
    void checkBalanced(const Design &d)
    {
        std::map<std::uint32_t, std::map<std::uint32_t, int>> up;
        for (const Link &l : d.links) {
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            if (a.role != NodeRole::Switch || b.role != NodeRole::Switch)
                continue;
            if (a.tier < b.tier)
                ++up[l.a.node.value][l.b.node.value];
            else
                ++up[l.b.node.value][l.a.node.value];
        }
        std::map<int, std::set<std::pair<std::size_t, int>>> shapes; // tier -> (groups, links per group)
        for (const auto &[lower, groups] : up) {
            std::set<int> counts;
            for (const auto &[upper, n] : groups)
                counts.insert(n);
            QCOMPARE(int(counts.size()), 1);
            shapes[level(d.nodes[lower].tier)].insert({groups.size(), *counts.begin()});
        }
        for (const auto &[tier, s] : shapes)
            QVERIFY2(s.size() == 1, qPrintable(QStringLiteral("tier %1 switches are wired differently").arg(tier)));
    }

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
    }

    // NVIDIA DGX H100 SuperPOD RA, Table 4 (reference/hardware.md §1a).
    void superPod_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("nodeLeaf");
        QTest::addColumn<int>("leafSpine");
        QTest::newRow("1 SU") << 31 << 8 << 4 << 252 << 256;
        QTest::newRow("2 SU") << 63 << 16 << 8 << 508 << 512;
        QTest::newRow("3 SU") << 95 << 24 << 16 << 764 << 768;
        QTest::newRow("4 SU") << 127 << 32 << 16 << 1020 << 1024;
    }

    void superPod()
    {
        QFETCH(int, servers);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, nodeLeaf);
        QFETCH(int, leafSpine);
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", servers}};
        spec.switchPart = "qm9700";
        spec.suSize = 32;
        spec.mgmtNodes = 4;
        FatTreeReport report;
        const Design d = generate(spec, &report);
        const Bom bom = computeBom(d, m_catalog);
        QCOMPARE(report.tiers, 2);
        QCOMPARE(bom.counts.switches.at("leaf"), leaves);
        QCOMPARE(bom.counts.switches.at("spine"), spines);
        QCOMPARE(bom.counts.switches.at("core"), 0);
        // The RA counts one cable per link (fibre with twin-port optics); our links are those, and
        // our physical cables never more (a splitter or twin-port cable carries two).
        QCOMPARE(bom.counts.links.at("node-leaf"), nodeLeaf);
        QCOMPARE(bom.counts.links.at("leaf-spine"), leafSpine);
        QVERIFY(bom.counts.cables.at("node-leaf") <= nodeLeaf && bom.counts.cables.at("node-leaf") >= nodeLeaf / 2);
        QVERIFY(bom.counts.cables.at("leaf-spine") <= leafSpine && bom.counts.cables.at("leaf-spine") >= leafSpine / 2);
        QCOMPARE(bom.counts.servers, servers);
        QCOMPARE(bom.counts.management, 4);
        QCOMPARE(bom.totals.gpus, servers * 8);
        checkBalanced(d);
        for (const Finding &f : validateDesign(d, m_catalog))
            QVERIFY2(f.severity != Severity::Error, f.message.c_str());
    }

    // Rail-optimized: HCA i of every server of an SU lands on leaf i of that SU.
    void railOptimized()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 64}};
        spec.switchPart = "qm9700";
        spec.suSize = 32;
        const Design d = generate(spec);
        for (const Link &l : d.links) {
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            if (a.role != NodeRole::Server)
                continue;
            QCOMPARE(b.group, a.group);
            QCOMPARE(b.id, a.group + "-leaf" + std::to_string(l.a.port));
        }
    }

    void textbookTwoTier()
    {
        FatTreeReport r;
        const Design d = generate(hosts(2048, "qm9700"), &r);
        QCOMPARE(r.tiers, 2);
        QCOMPARE(r.leaves, 64);
        QCOMPARE(r.spines, 32);
        QCOMPARE(r.linksLeafSpine, 1);
        checkBalanced(d);
    }

    void textbookThreeTier()
    {
        FatTreeReport r;
        const Design d = generate(hosts(65536, "qm9700"), &r);
        QCOMPARE(r.tiers, 3);
        QCOMPARE(r.leaves, 2048);
        QCOMPARE(r.spines, 2048);
        QCOMPARE(r.cores, 1024);
        QCOMPARE(r.pods, 64);
        const Bom bom = computeBom(d, m_catalog);
        QCOMPARE(bom.counts.links.at("node-leaf"), 65536);
        QCOMPARE(bom.counts.links.at("leaf-spine"), 65536);
        QCOMPARE(bom.counts.links.at("spine-core"), 65536);
        checkBalanced(d);
    }

    // One leaf past the 2-tier limit goes to 3 tiers on auto.
    void autoTiers()
    {
        FatTreeReport r;
        generate(hosts(2049, "qm9700"), &r);
        QCOMPARE(r.tiers, 3);
        generate(hosts(64, "qm9700"), &r);
        QCOMPARE(r.tiers, 1);
        QVERIFY(!generateFatTree(hosts(2049, "qm9700", 2), m_catalog).ok());
    }

    // Blocking d:u at the leaf: spines shrink by the ratio.
    void blocking_data()
    {
        QTest::addColumn<int>("down");
        QTest::addColumn<int>("up");
        QTest::addColumn<int>("leafDown");
        QTest::addColumn<int>("leafUp");
        QTest::addColumn<int>("spines");
        // 64 leaves of a radix-64 switch: u spines, one link from each leaf to each.
        QTest::newRow("1:1") << 1 << 1 << 32 << 32 << 32;
        QTest::newRow("2:1") << 2 << 1 << 42 << 21 << 21;
        QTest::newRow("3:1") << 3 << 1 << 48 << 16 << 16;
        QTest::newRow("4:1") << 4 << 1 << 48 << 12 << 12;
    }

    void blocking()
    {
        QFETCH(int, down);
        QFETCH(int, up);
        QFETCH(int, leafDown);
        QFETCH(int, leafUp);
        QFETCH(int, spines);
        FatTreeReport r;
        const Design d = generate(hosts(64 * leafDown, "qm9700", 2, down, up), &r);
        QCOMPARE(r.leafDown, leafDown);
        QCOMPARE(r.leafUp, leafUp);
        QCOMPARE(r.leaves, 64);
        QCOMPARE(r.spines, spines);
        checkBalanced(d);
    }

    // Uneven numbers: the smallest spine count that keeps every leaf's uplinks split evenly.
    void unevenSpinesAreBalancedAndExplained()
    {
        FatTreeReport r;
        const Design d = generate(hosts(24 * 32, "qm9700", 2), &r);
        QCOMPARE(r.leaves, 24);
        QCOMPARE(r.spines, 16); // 12 would hold 768 uplinks, but 32 uplinks do not split over 12
        QCOMPARE(r.linksLeafSpine, 2);
        QVERIFY(!r.notes.empty());
        checkBalanced(d);
    }

    void managementNeedsFreePorts()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 32}};
        spec.switchPart = "qm9700";
        spec.suSize = 32;
        spec.mgmtNodes = 4;
        auto d = generateFatTree(spec, m_catalog);
        QVERIFY(!d.ok());
        QVERIFY(d.error().message.find("management") != std::string::npos);
    }

    void badInput()
    {
        FatTreeSpec spec = hosts(10, "no-such-switch");
        QVERIFY(!generateFatTree(spec, m_catalog).ok());
        spec = hosts(10, "dgx-h100");
        QVERIFY(!generateFatTree(spec, m_catalog).ok());
        spec = hosts(10, "qm9700");
        spec.blockingDown = 100;
        QVERIFY(!generateFatTree(spec, m_catalog).ok());
    }

    void torus()
    {
        TorusSpec spec;
        spec.dims = {4, 4};
        spec.serversPerSwitch = 2;
        spec.serverPart = "host-1hca";
        spec.switchPart = "qm9700";
        auto d = generateTorus(spec, m_catalog);
        QVERIFY(d.ok());
        int switchLinks = 0;
        for (const Link &l : d->links)
            switchLinks += d->node(l.a.node).role == NodeRole::Switch && d->node(l.b.node).role == NodeRole::Switch;
        QCOMPARE(switchLinks, 32); // 16 switches x 2 dimensions
        for (const Finding &f : validateDesign(*d, m_catalog))
            QVERIFY2(f.severity != Severity::Error, f.message.c_str());
    }

    void deterministic()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 95}};
        spec.switchPart = "qm9700";
        spec.mgmtNodes = 4;
        const Design a = generate(spec), b = generate(spec);
        QCOMPARE(a.links.size(), b.links.size());
        for (std::size_t i = 0; i < a.links.size(); ++i) {
            QCOMPARE(a.links[i].a, b.links[i].a);
            QCOMPARE(a.links[i].b, b.links[i].b);
            QCOMPARE(a.links[i].cable, b.links[i].cable);
        }
    }
};

CPLAN_TEST_APPLESS_MAIN(TestFatTree)
#include "tst_fattree.moc"
