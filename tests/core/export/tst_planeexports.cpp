// Exports of a multi-plane design (issue 13 items 2 and 4): the subnet files (ibnetdiscover,
// partitions.conf) per plane, the scheduler topologies describing each server once (through plane
// 1, checked against the other planes), and the as-built check of one plane's dump.
#include "analysis/verification.h"
#include "catalog/catalog.h"
#include "export/deliverables.h"
#include "export/schedtopology.h"
#include "generate/fattree.h"
#include "io/ibnetdiscover.h"
#include "routing/fabric.h"
#include "util/atomicfile.h"
#include "verify/verify.h"

#include "fixtures.h"
#include "testmain.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace cplan;

namespace {

Design twoPlanes(int servers)
{
    FatTreeSpec spec;
    spec.servers = {{"dgx-h100", servers}};
    spec.switchPart = "qm9700";
    spec.planes = 2;
    return test::generateOrStop(spec);
}

int count(const std::string &text, const std::string &what)
{
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

} // namespace

class TestPlaneExports : public QObject
{
    Q_OBJECT

private:
    const Catalog &m_catalog = test::builtinCatalog();

private slots:
    // One plane's subnet per file: its switches and the HCAs cabled into it; the whole design is
    // refused (no subnet manager sees two planes).
    void subnetFilesPerPlane()
    {
        const Design d = twoPlanes(16);
        auto whole = ibnetdiscoverFile(d, m_catalog);
        QVERIFY(!whole.ok());
        QVERIFY2(whole.error().message.find("--plane") != std::string::npos, whole.error().message.c_str());
        QVERIFY(!partitionsFile(d, m_catalog).ok());
        QVERIFY(!ibnetdiscoverFile(d, m_catalog, 3).ok());
        for (int plane = 1; plane <= 2; ++plane) {
            auto topo = ibnetdiscoverFile(d, m_catalog, plane);
            QVERIFY2(topo.ok(), topo.ok() ? "" : topo.error().message.c_str());
            QCOMPARE(count(*topo, "\nCa\t"), 16 * 4);   // 16 DGX, 4 of their 8 HCAs in each plane
            const Fabric f = Fabric::build(d, m_catalog, plane);
            QCOMPARE(count(*topo, "\nSwitch\t"), int(f.switches().size()));
            const std::string other = "p" + std::to_string(3 - plane) + "-";
            QVERIFY(topo->find("\"" + other) == std::string::npos);
            QVERIFY(partitionsFile(d, m_catalog, plane).ok());
        }
        // A design without planes keeps its one file.
        FatTreeSpec one;
        one.servers = {{"dgx-h100", 4}};
        one.switchPart = "qm9700";
        QVERIFY(ibnetdiscoverFile(test::generateOrStop(one), m_catalog).ok());
    }

    // Each server under exactly one leaf-level entry, named by plane 1's switches; the other
    // plane is checked.
    void schedulerTopologyOncePerServer()
    {
        const Design d = twoPlanes(64);
        const SchedulerTopology t = schedulerTopology(d);
        QCOMPARE(t.planes, 2);
        QVERIFY(t.planesDiffering.empty());
        QCOMPARE(t.levels[0].size(), std::size_t(2));   // two SUs
        for (const SchedDomain &dom : t.levels[0])
            for (std::uint32_t s : dom.switches)
                QCOMPARE(d.nodes[s].plane, 1);
        for (std::uint32_t v : t.servers)
            QVERIFY(t.domainOf(v, 0));
        auto slurm = slurmTopologyFile(d, m_catalog);
        QVERIFY(slurm.ok());
        QVERIFY(slurm->find("p2-") == std::string::npos);
        QVERIFY(slurm->find("# Planes: the design has 2 planes") != std::string::npos);
        QVERIFY(slurm->find("Checked: every plane groups the servers as plane 1 does") != std::string::npos);
        QCOMPARE(count(*slurm, "Nodes="), 2);
        auto labels = nodeLabelsFile(d, m_catalog);
        QVERIFY(labels.ok());
        QVERIFY(labels->find("p2-") == std::string::npos);
        QVERIFY(labels->find("# Planes:") != std::string::npos);
        auto block = slurmBlockFile(d, m_catalog);
        QVERIFY(block.ok());
        QCOMPARE(count(*block, "BlockName="), 64);
    }

    // A plane that groups the servers otherwise (its spine links cut from one SU) is named.
    void differingPlaneIsNamed()
    {
        Design d = twoPlanes(64);
        std::vector<LinkId> cut;
        for (std::uint32_t i = 0; i < d.links.size(); ++i) {
            const Node &a = d.node(d.links[i].a.node), &b = d.node(d.links[i].b.node);
            if (a.plane == 2 && a.group == "su02" && a.tier == Tier::Leaf && b.tier == Tier::Spine)
                cut.push_back(LinkId(i));
        }
        QVERIFY(!cut.empty());
        d.removeLinks(cut);
        const SchedulerTopology t = schedulerTopology(d);
        QCOMPARE(t.planesDiffering, std::vector<int>{2});
        auto slurm = slurmTopologyFile(d, m_catalog);
        QVERIFY(slurm.ok());
        QVERIFY(slurm->find("WARNING: plane(s) 2 group the servers otherwise") != std::string::npos);
    }

    // One plane's dump against the plan: agrees; a cable left out is named with its real HCA.
    void asBuiltOfOnePlane()
    {
        const Design d = twoPlanes(16);
        auto found = parseAsBuilt(*ibnetdiscoverFile(d, m_catalog, 2), "plane2.topo", m_catalog);
        QVERIFY2(found.ok(), found.ok() ? "" : found.error().message.c_str());
        const VerifyResult ok = verifyAsBuilt(d, *found, m_catalog, 2);
        QVERIFY(ok.agree());
        const Fabric plane2 = Fabric::build(d, m_catalog, 2);
        const auto inPlane2 = std::count_if(d.links.begin(), d.links.end(), [&](const Link &l) { return linkPlane(d, l) == 2; });
        QCOMPARE(ok.summary.planned, int(inPlane2));
        QCOMPARE(ok.summary.ok, int(inPlane2));
        QCOMPARE(ok.summary.matchedByGuid, int(plane2.switches().size()) + 16);
        // The whole plan against one plane's dump misses the other plane (analyzeVerification
        // refuses it below unless the plane is given).
        const VerifyResult whole = verifyAsBuilt(d, *found, m_catalog);
        QVERIFY(!whole.agree());
        QVERIFY(whole.summary.missing > 0);

        // gpu003's and gpu004's HCA-6 (rail 5: plane 2) swapped at their leaf ends: a swapped
        // pair, named with the real HCA (the dump numbers a server's plane-2 HCAs 1 to 4).
        Design twin = d;
        std::vector<std::uint32_t> six;
        for (std::uint32_t i = 0; i < twin.links.size(); ++i) {
            const std::string &id = twin.node(twin.links[i].a.node).id;
            if ((id == "gpu003" || id == "gpu004") && twin.links[i].a.port == 6)
                six.push_back(i);
        }
        QCOMPARE(six.size(), std::size_t(2));
        std::swap(twin.links[six[0]].b, twin.links[six[1]].b);
        twin.reindex();
        auto swapped = parseAsBuilt(*ibnetdiscoverFile(twin, m_catalog, 2), "swapped.topo", m_catalog);
        QVERIFY(swapped.ok());
        const VerifyResult r = verifyAsBuilt(d, *swapped, m_catalog, 2);
        QCOMPARE(r.summary.misconnected, 2);
        QCOMPARE(r.summary.swappedPairs, 1);
        QCOMPARE(r.summary.missing + r.summary.unexpected + r.summary.nodesDifferent, 0);
        for (const CableFinding &c : r.cables)
            if (c.verdict == CableVerdict::Misconnected)
                QVERIFY2(c.plannedA.portLabel == "HCA-6/1" || c.plannedB.portLabel == "HCA-6/1", c.message.c_str());

        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("plane2.topo")).toStdString();
        QVERIFY(writeFileAtomically(path, *ibnetdiscoverFile(d, m_catalog, 2)).ok());
        auto refused = analyzeVerification(d, path, m_catalog);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.find("--plane") != std::string::npos, refused.error().message.c_str());
        QVERIFY(!analyzeVerification(d, path, m_catalog, 3).ok());
        auto planeTwo = analyzeVerification(d, path, m_catalog, 2);
        QVERIFY(planeTwo.ok());
        QVERIFY(planeTwo->result.agree());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestPlaneExports)
#include "tst_planeexports.moc"
