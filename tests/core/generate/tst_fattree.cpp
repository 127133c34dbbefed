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
#include <tuple>

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


    // At blocking D:U every leaf has at most D down links per U up links (its used ports, not its
    // port budget), every HCA port is cabled, no switch port carries two links, a 3-tier spine
    // sends up as many links as it takes from below, and validation finds no error.
    void checkAtRatio(const Design &d, int down, int up)
    {
        std::map<std::uint32_t, int> below, above;
        std::map<std::pair<std::uint32_t, int>, int> portUse;
        int serverLinks = 0;
        for (const Link &l : d.links) {
            ++portUse[{l.a.node.value, l.a.port}];
            ++portUse[{l.b.node.value, l.b.port}];
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            const bool aLower = a.role != NodeRole::Switch || (b.role == NodeRole::Switch && a.tier < b.tier);
            ++below[aLower ? l.b.node.value : l.a.node.value];
            if (b.role == NodeRole::Switch && a.role == NodeRole::Switch)
                ++above[aLower ? l.a.node.value : l.b.node.value];
            serverLinks += a.role == NodeRole::Server || b.role == NodeRole::Server;
        }
        for (const auto &[port, n] : portUse)
            QCOMPARE(n, 1);
        int hcaPorts = 0;
        for (const Node &n : d.nodes)
            if (n.role == NodeRole::Server)
                hcaPorts += nodePortCount(n, m_catalog);
        QCOMPARE(serverLinks, hcaPorts);
        bool threeTier = false;
        for (const Node &n : d.nodes)
            threeTier = threeTier || n.tier == Tier::Core;
        for (std::uint32_t i = 0; i < d.nodes.size(); ++i) {
            const Node &n = d.nodes[i];
            if (n.tier == Tier::Leaf)
                QVERIFY2(below[i] * up <= above[i] * down,
                         qPrintable(QStringLiteral("%1: %2 down, %3 up").arg(QString::fromStdString(n.id)).arg(below[i]).arg(above[i])));
            if (n.tier == Tier::Spine && threeTier)
                QVERIFY2(below[i] <= above[i], n.id.c_str());
        }
        for (const Finding &f : validateDesign(d, m_catalog))
            QVERIFY2(f.severity != Severity::Error, f.message.c_str());
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

    // A 2:1 leaf's uplinks follow the down ports it uses, and its unit is no larger than what
    // saves switches: 2:1 takes strictly fewer switches than 1:1 and costs less. 128 DGX H100
    // had units of 42 (the last with 2 servers and a full set of leaves) and 21 spines: 53
    // switches against 48 for 1:1.
    void blockingSavesSwitches_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<int>("servers");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("switchesFull");   // 1:1
        QTest::addColumn<int>("switchesHalf");   // 2:1
        QTest::addColumn<int>("leafDown");       // 2:1
        QTest::addColumn<int>("leafUp");
        QTest::newRow("128 DGX H100") << "dgx-h100" << 128 << "qm9700" << 32 + 16 << 32 + 8 << 32 << 16;
        QTest::newRow("84 DGX H100, 2 units of 42") << "dgx-h100" << 84 << "qm9700" << 24 + 16 << 16 + 7 << 42 << 21;
        // 3 units of 34: 17 uplinks would need 17 spines, 18 split over 9.
        QTest::newRow("100 DGX H100") << "dgx-h100" << 100 << "qm9700" << 32 + 16 << 24 + 9 << 34 << 18;
        QTest::newRow("300 DGX H100, 2 tiers at 2:1") << "dgx-h100" << 300 << "qm9700" << 96 + 96 + 64 << 64 + 19 << 38 << 19;
        QTest::newRow("1024 DGX H100, 3 tiers") << "dgx-h100" << 1024 << "qm9700" << 256 + 256 + 128 << 224 + 133 + 76 << 37 << 19;
        QTest::newRow("130 PCIe on HDR") << "pcie-4gpu" << 130 << "qm8700" << 7 + 4 << 6 + 2 << 22 << 12;
        QTest::newRow("8 GB200 NVL72") << "dgx-gb200-nvl72" << 8 << "qm9700" << 18 + 16 << 15 + 5 << 40 << 20;
    }

    void blockingSavesSwitches()
    {
        QFETCH(QString, server);
        QFETCH(int, servers);
        QFETCH(QString, sw);
        QFETCH(int, switchesFull);
        QFETCH(int, switchesHalf);
        QFETCH(int, leafDown);
        QFETCH(int, leafUp);
        FatTreeSpec spec = test::fatTreeSpec(server.toStdString(), servers, sw.toStdString());
        FatTreeReport full, half;
        const Design a = generate(spec, &full);
        spec.blockingDown = 2;
        const Design b = generate(spec, &half);
        QCOMPARE(full.leaves + full.spines + full.cores, switchesFull);
        QCOMPARE(half.leaves + half.spines + half.cores, switchesHalf);
        QVERIFY(switchesHalf < switchesFull);
        QCOMPARE(half.leafDown, leafDown);
        QCOMPARE(half.leafUp, leafUp);
        QVERIFY(half.leafDown <= 2 * half.leafUp);
        const Bom bomFull = computeBom(a, m_catalog), bomHalf = computeBom(b, m_catalog);
        QCOMPARE(bomHalf.counts.switches.at("leaf") + bomHalf.counts.switches.at("spine") + bomHalf.counts.switches.at("core"),
                 switchesHalf);
        if (bomFull.totals.capexComplete && bomHalf.totals.capexComplete)
            QVERIFY2(bomHalf.totals.capex < bomFull.totals.capex, "2:1 is cheaper");
        checkAtRatio(a, 1, 1);
        checkAtRatio(b, 2, 1);
        checkBalanced(b);
    }

    // Other ratios and sizes: never more switches than 1:1, and every leaf at the ratio asked.
    void blockingNeverCostsSwitches_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("down");
        QTest::addColumn<int>("up");
        for (int n : {16, 31, 65, 127, 159, 255})
            for (auto [d, u] : {std::pair{2, 1}, std::pair{3, 1}, std::pair{3, 2}})
                QTest::addRow("%d DGX %d:%d", n, d, u) << n << d << u;
    }

    void blockingNeverCostsSwitches()
    {
        QFETCH(int, servers);
        QFETCH(int, down);
        QFETCH(int, up);
        FatTreeSpec spec = test::fatTreeSpec("dgx-h100", servers, "qm9700");
        spec.mgmtNodes = 2;
        FatTreeReport full, blocked;
        generate(spec, &full);
        spec.blockingDown = down;
        spec.blockingUp = up;
        const Design d = generate(spec, &blocked);
        QVERIFY(blocked.leaves + blocked.spines + blocked.cores <= full.leaves + full.spines + full.cores);
        QVERIFY(blocked.leafDown * up <= blocked.leafUp * down);
        checkAtRatio(d, down, up);
        checkBalanced(d);
    }

    // The SuperPOD's unit pinned with --su-size at 2:1: 32 down, 16 up, 8 spines; the 4 UFM
    // appliances take the free slot of the last unit.
    void blockingKeepsGivenUnit()
    {
        FatTreeSpec spec = test::fatTreeSpec("dgx-h100", 127, "qm9700", 0, 2, 1);
        spec.suSize = 32;
        spec.mgmtNodes = 4;
        FatTreeReport r;
        const Design d = generate(spec, &r);
        QCOMPARE(r.suSize, 32);
        QCOMPARE(r.leafDown, 32);
        QCOMPARE(r.leafUp, 16);
        QCOMPARE(r.leaves, 32);
        QCOMPARE(r.spines, 8);
        checkAtRatio(d, 2, 1);
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

    // The canvas: a fabric too wide for one row at Fit wraps its units into rows (about 2:1);
    // each unit's leaves stand over its servers, its pod's spines over its pod; no two nodes share
    // a place. Fabrics that fit in one row (the 4-SU SuperPOD) keep one row.
    void canvasRows_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("planes");
        QTest::addColumn<bool>("wraps");
        QTest::newRow("4 SU, one row") << 127 << 1 << false;
        QTest::newRow("16 SU, 2 tiers") << 512 << 2 << true;
        QTest::newRow("32 SU, 3 tiers") << 1024 << 1 << true;
    }

    void canvasRows()
    {
        QFETCH(int, servers);
        QFETCH(int, planes);
        QFETCH(bool, wraps);
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", servers}};
        spec.switchPart = "qm9700";
        spec.suSize = 32;
        spec.planes = planes;
        const Design d = generate(spec);
        std::set<std::tuple<double, double, int>> places;
        std::map<std::string, double> unitY;   // the servers' row of each unit
        double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
        for (const Node &n : d.nodes) {
            QVERIFY2(places.insert({n.x, n.y, n.plane}).second, n.id.c_str());
            if (n.plane > 1)
                continue;
            x0 = std::min(x0, n.x), x1 = std::max(x1, n.x), y0 = std::min(y0, n.y), y1 = std::max(y1, n.y);
            if (n.role == NodeRole::Server) {
                const auto [it, fresh] = unitY.emplace(n.group, n.y);
                QCOMPARE(n.y, it->second);
            }
        }
        std::set<double> rows;
        for (const auto &[unit, y] : unitY)
            rows.insert(y);
        QCOMPARE(rows.size() > 1, wraps);
        const double aspect = (x1 - x0) / (y1 - y0);
        QVERIFY2(aspect >= 1 && aspect <= 4, std::to_string(aspect).c_str());
        for (const Node &n : d.nodes)
            if (n.role == NodeRole::Switch && n.tier == Tier::Leaf && n.plane <= 1)
                QVERIFY2(n.y < unitY.at(n.group) && n.y > unitY.at(n.group) - 2 * 2000, n.id.c_str());
        for (const Link &l : d.links) {
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            if (a.tier == Tier::Leaf && b.tier == Tier::Spine && !b.group.empty())
                QVERIFY2(b.y < d.node(l.a.node).y, b.id.c_str());
        }
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
