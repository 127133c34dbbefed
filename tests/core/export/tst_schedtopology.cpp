// What schedulers are told about a design: Slurm's tree and block topology.conf and the
// Kubernetes node labels (Kueue, Topograph), all from schedulerTopology(). The tree file is read
// back as slurmctld reads it and compared with what the design's links say (tests/integration/
// slurmtree.h; tst_slurmctld loads it into a real slurmctld); the block file is checked against
// the rules of Slurm's topology.conf(5) (Slurm 22.05 has no block plugin to load it); the labels
// are parsed as YAML.

#include "catalog/catalog.h"
#include "catalog/part.h"
#include "export/deliverables.h"
#include "export/nodelabels.h"
#include "export/schedtopology.h"
#include "export/slurmtopology.h"
#include "model/design.h"

#include "fixtures.h"
#include "slurmtree.h"
#include "testmain.h"

#include <QRegularExpression>
#include <QtTest>

#include <yaml-cpp/yaml.h>

#include <map>
#include <set>

using namespace cplan;

namespace {

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

Design designNamed(const QString &name)
{
    if (name == QLatin1String("3-tier"))
        return test::generateOrStop(test::fatTreeSpec("dgx-h100", 80, "qm9700", 3));
    if (name == QLatin1String("nvl72")) {   // 8 NVL72 racks, each one system of 72 GPUs
        FatTreeSpec spec = test::fatTreeSpec("dgx-gb200-nvl72", 8, "q3400");
        spec.hcaOverride = "connectx-8";
        return test::generateOrStop(spec);
    }
    return test::loadSample(name.toStdString());
}

// A catalog with an NVL72 compute tray: 4 GPUs of a 72-GPU NVLink domain (18 trays a domain).
Catalog withTray()
{
    Catalog c = test::builtinCatalog();
    Part tray = *c.find("dgx-gb200-nvl72");
    tray.id = "nvl72-tray";
    tray.gpuCount = 4;
    tray.hcaCount = 4;
    tray.nvlinkDomain = 72;
    c.addOrReplace(tray);
    return c;
}

// Slurm's topology.conf(5) for topology/block: "BlockName=NAME Nodes=HOSTLIST" lines and one
// "BlockSizes=" line; names unique; BlockSizes the planning base block then base x 2^k
// (k <= 15), increasing; each block at least the base. Returns what breaks a rule, or "".
QString blockRulesBroken(const QString &conf, std::map<QString, QStringList> &blocks, QList<int> &sizes)
{
    static const QRegularExpression block(QStringLiteral("^BlockName=(\\S+)\\s+Nodes=(\\S+)$"));
    static const QRegularExpression sizesLine(QStringLiteral("^BlockSizes=(\\d+(?:,\\d+)*)$"));
    for (QString l : conf.split(QLatin1Char('\n'))) {
        l = l.section(QLatin1Char('#'), 0, 0).trimmed();
        if (l.isEmpty())
            continue;
        if (const auto m = block.match(l); m.hasMatch()) {
            if (blocks.count(m.captured(1)))
                return QStringLiteral("block twice: ") + m.captured(1);
            blocks[m.captured(1)] = test::expandHostlist(m.captured(2));
        } else if (const auto s = sizesLine.match(l); s.hasMatch() && sizes.isEmpty()) {
            for (const QString &v : s.captured(1).split(QLatin1Char(',')))
                sizes << v.toInt();
        } else {
            return QStringLiteral("not a block-plugin line: ") + l;
        }
    }
    if (sizes.isEmpty() || sizes.front() < 1)
        return QStringLiteral("no BlockSizes");
    for (int i = 1; i < sizes.size(); ++i) {
        const int ratio = sizes[i] / sizes.front();
        if (sizes[i] % sizes.front() || ratio < 2 || (ratio & (ratio - 1)) || ratio > (1 << 15) || sizes[i] <= sizes[i - 1])
            return QStringLiteral("BlockSizes %1 is not the base times a larger power of two").arg(sizes[i]);
    }
    for (const auto &[name, nodes] : blocks)
        if (nodes.size() < sizes.front())
            return name + QStringLiteral(" is smaller than the planning base block");
    return {};
}

YAML::Node labelsOf(const std::string &yaml, YAML::Node *topology = nullptr)
{
    const std::vector<YAML::Node> docs = YAML::LoadAll(yaml);
    if (topology && docs.size() > 1)
        *topology = docs[1];
    return docs.empty() ? YAML::Node() : docs[0]["nodes"];
}

} // namespace

class TestSchedTopology : public QObject
{
    Q_OBJECT

private slots:
    void designs_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *s : {"dgx-h100-superpod-1su", "dgx-h100-superpod-4su", "edr-32gpu", "h100-pool-128gpu",
                              "hdr-2to1-520gpu", "hetero-h100-h20", "torus-4x4", "3-tier", "nvl72"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    // The tree file read as slurmctld reads it: each server under exactly one leaf-level
    // switch, grouped as the design's leaves group them; every switch above with the servers
    // the design has below it.
    void treeMatchesDesign_data() { designs_data(); }
    void treeMatchesDesign()
    {
        QFETCH(QString, name);
        const Design d = designNamed(name);
        QStringList bad;
        const auto shown = test::readTreeConf(text(exportSlurmTopology(d)), &bad);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
        const QString differs = test::compareTree(shown, test::expectedTree(d));
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    // A rail-optimised unit is one leaf-level switch named after its SU, with the reason; a
    // fabric whose servers have one leaf each keeps its leaf switches.
    void railGroupsExplained()
    {
        const QString rails = text(exportSlurmTopology(test::loadSample("dgx-h100-superpod-4su")));
        QVERIFY(rails.contains(QLatin1String("Multiple leaf")));
        QVERIFY(rails.contains(QLatin1String("# su01 = the 8 leaves su01-leaf[1-8]: each of its 32 servers is cabled to all 8")));
        QVERIFY(rails.contains(QLatin1String("\nSwitchName=su04 Nodes=gpu[097-127]\n")));
        QVERIFY(rails.contains(QLatin1String("\nSwitchName=spine01 Switches=su[01-04]\n")));

        const Design hdr = test::loadSample("hdr-2to1-520gpu");
        const QString plain = text(exportSlurmTopology(hdr));
        QVERIFY(!plain.contains(QLatin1String("Multiple leaf")));
        QVERIFY(plain.contains(QLatin1String("\nSwitchName=su01-leaf1 Nodes=gpu[001-022]\n")));

        // A server that lost one of its rail cables is still in its SU; the comment says so.
        Design partial = test::loadSample("dgx-h100-superpod-1su");
        const auto gpu = partial.findNode("gpu001");
        QVERIFY(gpu);
        for (std::size_t i = 0; i < partial.links.size(); ++i)
            if (partial.links[i].a.node == *gpu || partial.links[i].b.node == *gpu) {
                partial.removeLinks({LinkId{std::uint32_t(i)}});
                break;
            }
        const QString cut = text(exportSlurmTopology(partial));
        QVERIFY2(cut.contains(QLatin1String("servers is cabled to several of them")), qPrintable(cut));
        QVERIFY(cut.contains(QLatin1String("\nSwitchName=su01 Nodes=gpu[001-031]\n")));
    }

    // The levels behind all three exports: SUs, then the spines, then the cores.
    void levels()
    {
        const Design d = test::loadSample("dgx-h100-superpod-4su");
        const SchedulerTopology t = schedulerTopology(d);
        QCOMPARE(t.levels.size(), std::size_t(2));
        QCOMPARE(t.levels[0].size(), std::size_t(4));
        for (const SchedDomain &su : t.levels[0]) {
            QVERIFY(su.named && su.everyServerOnEveryLeaf);
            QCOMPARE(su.switches.size(), std::size_t(8));
        }
        QCOMPARE(text(t.levels[0][3].name), QStringLiteral("su04"));
        QCOMPARE(t.levels[0][3].members.size(), std::size_t(31));
        QCOMPARE(t.levels[1].size(), std::size_t(1));
        QCOMPARE(text(t.levels[1][0].name), QStringLiteral("spine-group1"));
        QCOMPARE(t.levels[1][0].switches.size(), std::size_t(16));
        QCOMPARE(t.levels[1][0].servers.size(), std::size_t(127));
        QVERIFY(t.unattached.empty());

        const SchedulerTopology three = schedulerTopology(designNamed(QStringLiteral("3-tier")));
        QCOMPARE(three.levels.size(), std::size_t(3));
        QCOMPARE(three.levels[2].size(), std::size_t(1));
        QCOMPARE(three.levels[2][0].servers.size(), std::size_t(80));
        for (const SchedDomain &up : three.levels[1])   // each spine-level domain is whole SUs
            for (std::uint32_t su : up.members)
                for (std::uint32_t v : three.levels[0][su].servers)
                    QVERIFY(std::binary_search(up.servers.begin(), up.servers.end(), v));
    }

    void blockFollowsSlurmFormat_data() { designs_data(); }
    void blockFollowsSlurmFormat()
    {
        QFETCH(QString, name);
        const Design d = designNamed(name);
        const QString conf = text(exportSlurmBlockTopology(d, test::builtinCatalog()));
        std::map<QString, QStringList> blocks;
        QList<int> sizes;
        const QString broken = blockRulesBroken(conf, blocks, sizes);
        QVERIFY2(broken.isEmpty(), qPrintable(broken + QStringLiteral("\n") + conf));
        std::multiset<QString> inBlocks;
        for (const auto &[block, nodes] : blocks)
            inBlocks.insert(nodes.begin(), nodes.end());
        const test::ExpectedTree e = test::expectedTree(d);
        QCOMPARE(inBlocks, std::multiset<QString>(e.servers.begin(), e.servers.end()));   // each server once
        QVERIFY((sizes.back() / sizes.front()) >= int(blocks.size()) || sizes.size() == 16);
        QVERIFY(conf.contains(QLatin1String("Slurm 23.11")));
    }

    // Trays of one NVLink domain (18 x 4 GPUs of 72) share a block; a rack's last, partial
    // domain makes the planning base block smaller.
    void blocksPerNvlinkDomain()
    {
        const Catalog cat = withTray();
        Design d;
        d.name = "trays";
        for (int i = 1; i <= 38; ++i) {
            Node tray;
            tray.id = QStringLiteral("tray%1").arg(i, 2, 10, QLatin1Char('0')).toStdString();
            tray.part = "nvl72-tray";
            tray.rack = i <= 20 ? "r1" : "r2";
            d.addNode(tray);
        }
        std::map<QString, QStringList> blocks;
        QList<int> sizes;
        const QString conf = text(exportSlurmBlockTopology(d, cat));
        QVERIFY2(blockRulesBroken(conf, blocks, sizes).isEmpty(), qPrintable(conf));
        QCOMPARE(blocks.size(), std::size_t(3));
        QCOMPARE(blocks[QStringLiteral("nvl-r1-1")].size(), 18);
        QCOMPARE(blocks[QStringLiteral("nvl-r1-2")], QStringList({QStringLiteral("tray19"), QStringLiteral("tray20")}));
        QCOMPARE(blocks[QStringLiteral("nvl-r2")].size(), 18);
        QCOMPARE(sizes, QList<int>({2, 4, 8}));
    }

    // One label set per server; servers share a leaf value exactly when they share leaves,
    // and each spine-level value is a union of leaf-level ones; Kueue's Topology lists the
    // levels present, highest first, down to the hostname.
    void labelsFollowTree_data() { designs_data(); }
    void labelsFollowTree()
    {
        QFETCH(QString, name);
        const Design d = designNamed(name);
        YAML::Node topology;
        const YAML::Node nodes = labelsOf(exportNodeLabels(d, test::builtinCatalog()), &topology);
        const test::ExpectedTree e = test::expectedTree(d);
        QCOMPARE(int(nodes.size()), int(e.servers.size()));
        static const QRegularExpression value(QStringLiteral("^[A-Za-z0-9]([A-Za-z0-9._-]{0,61}[A-Za-z0-9])?$"));
        std::map<QString, test::NameSet> byLeaf, bySpine;
        std::map<QString, QString> spineOfLeaf;
        const std::string leafKey = NodeLabelKeys{}.leaf, spineKey = NodeLabelKeys{}.spine;
        for (const QString &server : e.servers) {
            const YAML::Node labels = nodes[server.toStdString()];
            QVERIFY2(labels && labels.IsMap(), qPrintable(server));
            for (const auto &kv : labels)
                QVERIFY2(value.match(text(kv.second.as<std::string>())).hasMatch(), qPrintable(server));
            QVERIFY(labels[NodeLabelKeys{}.accelerator]);
            const QString leaf = text(labels[leafKey].as<std::string>(""));
            byLeaf[leaf].insert(server);
            if (labels[spineKey]) {
                const QString spine = text(labels[spineKey].as<std::string>());
                QVERIFY2(!spineOfLeaf.count(leaf) || spineOfLeaf[leaf] == spine, qPrintable(leaf));
                spineOfLeaf[leaf] = spine;
            }
        }
        std::set<test::NameSet> leafGroups;
        for (const auto &[leaf, servers] : byLeaf)
            leafGroups.insert(servers);
        QVERIFY(leafGroups == e.leafGroups);
        QCOMPARE(text(topology["kind"].as<std::string>()), QStringLiteral("Topology"));
        const YAML::Node levels = topology["spec"]["levels"];
        QCOMPARE(text(levels[levels.size() - 1]["nodeLabel"].as<std::string>()), QStringLiteral("kubernetes.io/hostname"));
        QCOMPARE(text(levels[levels.size() - 2]["nodeLabel"].as<std::string>()), text(NodeLabelKeys{}.accelerator));
        QCOMPARE(text(levels[levels.size() - 3]["nodeLabel"].as<std::string>()), text(leafKey));
    }

    void labelKeys()
    {
        NodeLabelKeys keys;
        QVERIFY(setNodeLabelKey(keys, "leaf=fabric.topograph.run/tier-0"));
        QVERIFY(setNodeLabelKey(keys, "accelerator=accelerator.topograph.run/domain"));
        QVERIFY(setNodeLabelKey(keys, "spine="));   // leaves the level out
        QVERIFY(!setNodeLabelKey(keys, "rack=x"));
        QVERIFY(!setNodeLabelKey(keys, "leaf=Bad_Prefix/x"));
        QVERIFY(!setNodeLabelKey(keys, "leaf=-x"));
        QVERIFY(!setNodeLabelKey(keys, "leaf"));
        YAML::Node topology;
        const YAML::Node nodes = labelsOf(exportNodeLabels(test::loadSample("dgx-h100-superpod-1su"), test::builtinCatalog(), keys),
                                          &topology);
        const YAML::Node gpu = nodes["gpu001"];
        QCOMPARE(text(gpu["fabric.topograph.run/tier-0"].as<std::string>()), QStringLiteral("su01"));
        QCOMPARE(text(gpu["accelerator.topograph.run/domain"].as<std::string>()), QStringLiteral("gpu001"));
        QCOMPARE(int(gpu.size()), 2);
        QCOMPARE(int(topology["spec"]["levels"].size()), 3);

        QCOMPARE(labelValue("  pod 1/a "), std::string("pod-1-a"));
        const std::string longName(100, 'x');
        const std::string v = labelValue(longName);
        QCOMPARE(v.size(), std::size_t(63));
        QCOMPARE(labelValue(longName), v);
        QVERIFY(labelValue(longName + "y") != v);
    }

    void emptyDesigns()
    {
        Design empty;
        QVERIFY(!slurmBlockFile(empty, test::builtinCatalog()).ok());
        QVERIFY(!nodeLabelsFile(empty, test::builtinCatalog()).ok());
    }

    void hostlist()
    {
        QCOMPARE(compressHostlist({"gpu003", "gpu001", "gpu002", "gpu010", "ufm", "n9", "n10"}),
                 std::string("gpu[001-003,010],ufm,n9,n10"));
        QCOMPARE(compressHostlist({"a1"}), std::string("a1"));
        QCOMPARE(test::expandHostlist(QStringLiteral("gpu[001-003,010],ufm")),
                 QStringList({QStringLiteral("gpu001"), QStringLiteral("gpu002"), QStringLiteral("gpu003"),
                              QStringLiteral("gpu010"), QStringLiteral("ufm")}));
    }
};

CPLAN_TEST_APPLESS_MAIN(TestSchedTopology)
#include "tst_schedtopology.moc"
