// Multi-plane fabrics: the generator splits every server's rails over identical planes (rail r
// on plane r mod P); each plane is its own subnet for the file, validation, routing and the BOM.
#include "analysis/network.h"
#include "catalog/catalog.h"
#include "cost/bom.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "io/generatorrecord.h"
#include "routing/fabric.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <map>

using namespace cplan;

class TestPlanes : public QObject
{
    Q_OBJECT

private:
    const Catalog &m_catalog = test::builtinCatalog();

    static FatTreeSpec dgx(int servers, int planes)
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", servers}};
        spec.switchPart = "qm9700";
        spec.planes = planes;
        return spec;
    }

    static bool hasCode(const std::vector<Finding> &findings, const std::string &code, const std::string &text = {})
    {
        for (const Finding &f : findings)
            if (f.code == code && f.message.find(text) != std::string::npos)
                return true;
        return false;
    }

private slots:
    // Rail r (server port r + 1 of a DGX, one port per rail) on plane r mod P; every plane alike.
    void railsGoToTheirPlane()
    {
        FatTreeReport r;
        const Design d = test::generateOrStop(dgx(16, 2), m_catalog, &r);
        QCOMPARE(r.planes, 2);
        QCOMPARE(designPlanes(d), 2);
        std::map<int, int> switches;
        for (const Node &n : d.nodes)
            if (n.role == NodeRole::Switch) {
                QVERIFY(n.plane == 1 || n.plane == 2);
                QVERIFY(n.id.rfind("p" + std::to_string(n.plane) + "-", 0) == 0);
                ++switches[n.plane];
            } else {
                QCOMPARE(n.plane, 0);
            }
        QCOMPARE(switches[1], switches[2]);
        QCOMPARE(r.leaves + r.spines, switches[1] + switches[2]);
        for (const Link &l : d.links) {
            const Node &a = d.node(l.a.node), &b = d.node(l.b.node);
            if (a.role == NodeRole::Server)
                QCOMPARE(b.plane, (l.a.port - 1) % 2 + 1);
            else
                QCOMPARE(a.plane, b.plane);   // no link joins two planes
        }
        for (const Finding &f : validateDesign(d, m_catalog))
            QVERIFY2(f.severity != Severity::Error, f.message.c_str());
        const Bom bom = computeBom(d, m_catalog);
        QCOMPARE(bom.counts.planeSwitches, (std::vector<int>{switches[1], switches[2]}));
        QCOMPARE(bom.totals.gpus, 128);
    }

    void planesMustDivideRails()
    {
        auto d = generateFatTree(dgx(4, 3), m_catalog);
        QVERIFY(!d.ok());
        QVERIFY2(d.error().message.find("planes") != std::string::npos, d.error().message.c_str());
    }

    // The file says `plane:` (format 3); a design without planes stays in its older format. A
    // generated design also keeps the generator's record (format 5): without it, 3 and 2.
    void fileRoundTrip()
    {
        Design d = test::generateOrStop(dgx(4, 4), m_catalog);
        QVERIFY(serializeDesign(d).rfind("format: cluster-planner/5\n", 0) == 0);
        QVERIFY(d.extra.erase(kGeneratorSection) == 1);
        const std::string text = serializeDesign(d);
        QVERIFY(text.rfind("format: cluster-planner/3\n", 0) == 0);
        auto back = parseDesign(text, "planes.yaml", &m_catalog);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
        QCOMPARE(designPlanes(*back), 4);
        QCOMPARE(serializeDesign(*back), text);
        Design single = test::generateOrStop(dgx(4, 1), m_catalog);
        single.extra.erase(kGeneratorSection);
        const std::string one = serializeDesign(single);
        QVERIFY(one.rfind("format: cluster-planner/2\n", 0) == 0);
        QVERIFY(one.find("plane:") == std::string::npos);
        auto bad = parseDesign(text.substr(0, text.find("nodes:")) + "nodes:\n  - {id: s, part: qm9700, plane: 0}\n", "bad.yaml", &m_catalog);
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.find("plane") != std::string::npos, bad.error().message.c_str());
    }

    // One plane's fabric: its switches, the HCAs cabled into it, LIDs from 1.
    void fabricOfOnePlane()
    {
        const Design d = test::generateOrStop(dgx(8, 4), m_catalog);
        const Fabric whole = Fabric::build(d, m_catalog);
        QCOMPARE(whole.endpoints().size(), std::size_t(64));
        for (int plane = 1; plane <= 4; ++plane) {
            const Fabric f = Fabric::build(d, m_catalog, plane);
            QVERIFY(f.warnings().empty());
            QCOMPARE(f.endpoints().size(), std::size_t(16));   // 8 servers x 2 rails
            QCOMPARE(f.maxLid(), std::uint32_t(f.switches().size() + 16));
            for (std::uint32_t s : f.switches())
                QCOMPARE(d.node(f.node(s).designNode).plane, plane);
        }
    }

    // Routing and metrics plane by plane: pairs within a plane, all reachable; totals add up.
    void routedPerPlane()
    {
        const Design d = test::generateOrStop(dgx(8, 4), m_catalog);
        NetworkRequest request;
        request.creditLoops = true;
        auto a = analyzeNetwork(d, m_catalog, request);
        QVERIFY(a.ok());
        QCOMPARE(a->planes.size(), std::size_t(4));
        QCOMPARE(a->endpoints, std::size_t(64));
        QCOMPARE(a->reachability->pairs, std::uint64_t(4 * 16 * 15));
        QCOMPARE(a->reachability->unreachablePairs, std::uint64_t(0));
        QVERIFY(a->creditLoops->deadlockFree);
        double bisection = 0;
        for (const PlaneAnalysis &p : a->planes) {
            QCOMPARE(p.endpoints, std::size_t(16));
            QCOMPARE(p.reachability->unreachablePairs, std::uint64_t(0));
            bisection += p.metrics->bisectionGbps;
        }
        QCOMPARE(a->metrics->bisectionGbps, bisection);
        QVERIFY(a->metrics->bisectionGbps >= a->metrics->halfInjectionGbps * 0.999);
        request.plane = 3;
        auto one = analyzeNetwork(d, m_catalog, request);
        QVERIFY(one.ok());
        QVERIFY(one->planes.empty());
        QCOMPARE(one->endpoints, std::size_t(16));
    }

    // A plane cut in two is reported, though the servers still join it to the other planes.
    void brokenPlane()
    {
        Design d = test::generateOrStop(dgx(8, 2), m_catalog);
        std::vector<LinkId> uplinks;
        for (std::uint32_t i = 0; i < d.links.size(); ++i) {
            const Node &a = d.node(d.links[i].a.node);
            if (a.plane == 2 && a.tier == Tier::Leaf && d.node(d.links[i].b.node).tier == Tier::Spine && a.id == "p2-su01-leaf1")
                uplinks.push_back(LinkId(i));
        }
        QVERIFY(!uplinks.empty());
        d.removeLinks(uplinks);
        const auto findings = validateDesign(d, m_catalog);
        QVERIFY(hasCode(findings, "disconnected", "plane 2"));
        QVERIFY(!hasCode(findings, "disconnected", "plane 1"));
    }

    // The LID space is a subnet's: 6,200 DGX H100 (49,600 HCA ports) overflow one subnet and fit
    // two planes.
    void lidSpacePerPlane()
    {
        FatTreeSpec spec = dgx(6200, 1);
        spec.tiers = 3;
        auto findings = validateDesign(test::generateOrStop(spec, m_catalog), m_catalog);
        QVERIFY(hasCode(findings, "lid-space"));
        spec.planes = 2;
        findings = validateDesign(test::generateOrStop(spec, m_catalog), m_catalog);
        QVERIFY(!hasCode(findings, "lid-space"));
        for (const Finding &f : findings)
            QVERIFY2(f.severity != Severity::Error, f.message.c_str());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestPlanes)
#include "tst_planes.moc"
