// The Slurm tree topology.conf loaded by a real slurmctld (Debian's 22.05; slurmctld and
// slurm-client, no slurmd: the nodes are State=CLOUD): no warning in its log, `scontrol show
// topology` has each server under exactly one leaf-level switch (the servers that share leaves
// together) and every switch above with the servers the design has below it, and
// `sbatch --test-only -N n` places every size from 1 to the whole pool. The expectations are
// worked out here from the design's links, not from the exporter's model.

#include "catalog/catalog.h"
#include "export/slurmtopology.h"
#include "model/design.h"

#include "fixtures.h"
#include "skip.h"
#include "slurmctld.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <map>

using namespace cplan;
using test::SlurmController;

namespace {

// The old export: every leaf switch with the servers cabled to it (a rail-optimised server
// under each of its rails' leaves), to show that the harness sees what Slurm makes of it.
QString multiHomedTopology(const Design &d)
{
    std::map<std::uint32_t, std::vector<std::string>> nodesOf;
    for (const Link &l : d.links)
        for (int side = 0; side < 2; ++side) {
            const Node &a = d.node(side ? l.b.node : l.a.node), &b = d.node(side ? l.a.node : l.b.node);
            if (a.role == NodeRole::Switch && b.role == NodeRole::Server)
                nodesOf[(side ? l.b.node : l.a.node).value].push_back(slurmName(b));
        }
    QString out;
    std::vector<std::string> leaves;
    for (auto &[sw, names] : nodesOf) {
        leaves.push_back(slurmName(d.nodes[sw]));
        out += QStringLiteral("SwitchName=%1 Nodes=%2\n")
                   .arg(QString::fromStdString(leaves.back()), QString::fromStdString(compressHostlist(names)));
    }
    return out + QStringLiteral("SwitchName=top Switches=%1\n").arg(QString::fromStdString(compressHostlist(leaves)));
}

QString serverHostlist(const Design &d)
{
    std::vector<std::string> names;
    for (const Node &n : d.nodes)
        if (n.role == NodeRole::Server)
            names.push_back(slurmName(n));
    return QString::fromStdString(compressHostlist(names));
}

} // namespace

class TestSlurmctld : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { CPLAN_REQUIRE(SlurmController::missing()); }

    void treeTopology_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *s : {"dgx-h100-superpod-4su", "dgx-h100-superpod-1su", "hdr-2to1-520gpu", "edr-32gpu",
                              "h100-pool-128gpu", "hetero-h100-h20", "torus-4x4", "3-tier", "2-plane"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    void treeTopology()
    {
        QFETCH(QString, name);
        FatTreeSpec twoPlanes = test::fatTreeSpec("dgx-h100", 64, "qm9700", 2);
        twoPlanes.planes = 2;   // each server under one entry, described through plane 1
        const Design d = name == QLatin1String("3-tier")    ? test::generateOrStop(test::fatTreeSpec("dgx-h100", 80, "qm9700", 3))
                         : name == QLatin1String("2-plane") ? test::generateOrStop(twoPlanes)
                                                            : test::loadSample(name.toStdString());
        SlurmController ctl;
        QVERIFY2(ctl.start(serverHostlist(d), QString::fromStdString(exportSlurmTopology(d)), QStringLiteral("topology/tree")),
                 qPrintable(ctl.failure()));
        const QStringList complaints = ctl.topologyComplaints();
        QVERIFY2(complaints.isEmpty(), qPrintable(complaints.join(QLatin1Char('\n'))));
        // A multi-plane design is described through plane 1 (each server once): what Slurm shows
        // is plane 1's tree.
        const test::ExpectedTree expected = test::expectedTree(designPlanes(d) > 0 ? planeView(d, 1) : d);
        QString raw;
        const QString differs = test::compareTree(ctl.showTopology(&raw), expected);
        QVERIFY2(differs.isEmpty(), qPrintable(differs + QStringLiteral("; scontrol show topology:\n") + raw));
        checkEverySize(ctl, expected);
    }

    // The multi-homed form of the same design: Slurm warns, and a job of two SUs has no place.
    // Shows that the checks above can fail.
    void multiHomedLeavesWarn()
    {
        const Design d = test::loadSample("dgx-h100-superpod-4su");
        SlurmController ctl;
        QVERIFY2(ctl.start(serverHostlist(d), multiHomedTopology(d), QStringLiteral("topology/tree")), qPrintable(ctl.failure()));
        QVERIFY2(ctl.topologyComplaints().join(QLatin1Char('\n')).contains(QLatin1String("Multiple leaf switches contain nodes")),
                 qPrintable(ctl.log()));
        QVERIFY(ctl.testOnly(32).placed);
        QVERIFY(!ctl.testOnly(64).placed);
    }

private:
    // Every job size from one node to the whole pool is placed, on that many distinct nodes; one
    // more is not. A job on one leaf-level switch (--switches=1) stays within one.
    void checkEverySize(const SlurmController &ctl, const test::ExpectedTree &e)
    {
        const int pool = int(e.servers.size());
        for (int n = 1; n <= pool; ++n) {
            const test::SlurmPlacement p = ctl.testOnly(n);
            QVERIFY2(p.placed, qPrintable(QStringLiteral("-N %1: ").arg(n) + p.message));
            QCOMPARE(int(test::NameSet(p.nodes.begin(), p.nodes.end()).size()), n);
        }
        QVERIFY(!ctl.testOnly(pool + 1).placed);
        std::size_t largest = 0;
        for (const test::NameSet &g : e.leafGroups)
            largest = std::max(largest, g.size());
        const test::SlurmPlacement one = ctl.testOnly(int(largest), {QStringLiteral("--switches=1")});
        QVERIFY2(one.placed, qPrintable(one.message));
        bool within = false;
        for (const test::NameSet &g : e.leafGroups)
            within = within || std::all_of(one.nodes.begin(), one.nodes.end(), [&](const QString &s) { return g.count(s); });
        QVERIFY2(within, qPrintable(one.nodes.join(QLatin1Char(','))));
    }
};

CPLAN_TEST_GUILESS_MAIN(TestSlurmctld)
#include "tst_slurmctld.moc"
