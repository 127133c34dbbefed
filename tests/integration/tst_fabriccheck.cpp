// Integration with the real InfiniBand tools through ../shared/tools/ib-fabric-check:
// for every sample (and a generated 3-tier tree) our ibnetdiscover export comes up in ibsim +
// OpenSM with all CAs and switches; OpenSM's ftree accepts the fat trees (rank = tiers, no
// fall-back); our ftree tables load links no more than OpenSM's own for every shift (exactly
// once on non-blocking trees); and ibnetdiscover's view of the fabric imports back to the
// same switches, HCAs and links.
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "routing/routing.h"
#include "util/atomicfile.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

#include <set>

using namespace cplan;

namespace {

const QString kCheck = QStringLiteral(CPLAN_SHARED_DIR "/tools/ib-fabric-check");

struct Shape
{
    std::set<std::string> switches;
    std::set<std::pair<std::string, std::size_t>> servers;
    std::set<std::pair<std::string, std::string>> links;
    bool operator==(const Shape &) const = default;
};

Shape shapeOf(const Design &d, const Catalog &cat)
{
    Shape s;
    auto label = [&](const Node &n) { return n.name.empty() ? n.id : n.name; };
    for (const Node &n : d.nodes) {
        if (n.role == NodeRole::Switch) {
            s.switches.insert(label(n));
        } else {
            std::set<int> hcas;
            for (const PortInfo &p : nodePorts(n, cat))
                hcas.insert(p.hca);
            s.servers.emplace(label(n), hcas.size());
        }
    }
    for (const Link &l : d.links) {
        std::string a = label(d.node(l.a.node)) + ":" + std::to_string(l.a.port);
        std::string b = label(d.node(l.b.node)) + ":" + std::to_string(l.b.port);
        if (b < a)
            std::swap(a, b);
        s.links.emplace(a, b);
    }
    return s;
}

QJsonObject runCheck(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral("python3"), QStringList{kCheck} + args);
    if (!p.waitForFinished(240000))
        qFatal("ib-fabric-check timed out");
    const QByteArray out = p.readAllStandardOutput();
    const QJsonDocument doc = QJsonDocument::fromJson(out);
    if (!doc.isObject())
        qWarning("ib-fabric-check said: %s %s", out.constData(), p.readAllStandardError().constData());
    return doc.object();
}

} // namespace

class TestFabricCheck : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private slots:
    void initTestCase()
    {
        if (geteuid() != 0)
            QSKIP("ib-fabric-check runs ibsim and OpenSM in a private network namespace: needs root");
        for (const char *tool : {"ibsim", "opensm", "ibnetdiscover", "unshare", "python3"})
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty() &&
                QStandardPaths::findExecutable(QString::fromLatin1(tool), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")}).isEmpty())
                QSKIP(qPrintable(QStringLiteral("%1 not found: install Debian ibsim-utils opensm infiniband-diags "
                                                "(installer/setup-debian.sh --with-tools)")
                                     .arg(QString::fromLatin1(tool))));
        if (!QFileInfo::exists(kCheck))
            QSKIP(qPrintable(QStringLiteral("%1 not found").arg(kCheck)));
        auto c = Catalog::loadDirectory(std::string(CPLAN_SOURCE_DIR) + "/resources/catalog");
        QVERIFY(c.ok());
        m_catalog = std::move(*c);
    }

    void fabric_data()
    {
        QTest::addColumn<QString>("design");   // a sample file, or "generated:N" (3-tier HDR hosts)
        QTest::addColumn<int>("expectMaxLoad");   // 0 = only "no worse than OpenSM"
        QTest::newRow("edr-32gpu") << "edr-32gpu.cluster.yaml" << 1;
        QTest::newRow("h100-pool-128gpu") << "h100-pool-128gpu.cluster.yaml" << 1;
        QTest::newRow("hetero-h100-h20") << "hetero-h100-h20.cluster.yaml" << 1;
        QTest::newRow("hdr-2to1-520gpu") << "hdr-2to1-520gpu.cluster.yaml" << 0;
        // 31 DGX + 4 UFM per SU: CA counts that are not a multiple of a leaf, so shifts wrap
        // unevenly and no oblivious routing gets 1 (OpenSM gets 2 as well).
        QTest::newRow("dgx-h100-superpod-1su") << "dgx-h100-superpod-1su.cluster.yaml" << 0;
        QTest::newRow("dgx-h100-superpod-4su") << "dgx-h100-superpod-4su.cluster.yaml" << 0;
        // Not a fat tree: OpenSM's ftree refuses it (an ERR in its log) and routes with its
        // default engine, minhop; ours falls back to minhop too.
        QTest::newRow("torus-4x4") << "torus-4x4.cluster.yaml" << 0;
        QTest::newRow("generated 3-tier 200 hosts") << "generated:200" << 1;
    }
    void fabric()
    {
        QFETCH(QString, design);
        QFETCH(int, expectMaxLoad);
        Design d;
        if (design.startsWith(QStringLiteral("generated:"))) {
            FatTreeSpec s;
            s.servers = {{"host-1hca", design.mid(10).toInt()}};
            s.switchPart = "qm8700";
            s.tiers = 3;
            auto g = generateFatTree(s, m_catalog);
            QVERIFY(g.ok());
            d = std::move(*g);
        } else {
            auto l = loadDesign(std::string(CPLAN_SOURCE_DIR) + "/samples/" + design.toStdString(), &m_catalog);
            QVERIFY(l.ok());
            d = std::move(*l);
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string topo = dir.filePath(QStringLiteral("fabric.topo")).toStdString();
        const std::string lfts = dir.filePath(QStringLiteral("ours.lfts")).toStdString();
        const QString disc = dir.filePath(QStringLiteral("ibnetdiscover.out"));
        const Fabric fabric = Fabric::build(d, m_catalog);
        QVERIFY(writeFileAtomically(topo, exportIbnetdiscover(d, fabric)).ok());
        const RoutingTables tables = computeRoutes(fabric, {});
        QVERIFY(writeFileAtomically(lfts, writeLftDump(fabric, tables)).ok());

        const QJsonObject osm = runCheck({QString::fromStdString(topo), QStringLiteral("--congestion"), QStringLiteral("--shifts"),
                                          QStringLiteral("0"), QStringLiteral("--ibnetdiscover"), disc});
        QVERIFY(osm.value(QStringLiteral("subnet_up")).toBool());
        // ibsim 0.10 knows speeds up to HDR: "4xNDR" (what ibnetdiscover prints) only warns.
        for (const auto &e : osm.value(QStringLiteral("ibsim_errors")).toArray())
            QVERIFY2(e.toString().contains(QStringLiteral("cannot parse speed")), qPrintable(e.toString()));

        // All CAs and switches found: ibnetdiscover's view imports back to the same fabric.
        auto seen = readFile(disc.toStdString());
        QVERIFY(seen.ok());
        auto imported = importIbnetdiscover(*seen, disc.toStdString(), m_catalog);
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        QVERIFY(shapeOf(imported->design, m_catalog) == shapeOf(d, m_catalog));

        // Fat trees: OpenSM's ftree accepts them as they are.
        const std::vector<int> tiers = fabric.fatTreeTiers();
        int top = 0;
        for (int t : tiers)
            top = std::max(top, t);
        if (top >= 2) {
            QVERIFY(osm.value(QStringLiteral("errors")).toArray().isEmpty());
            QCOMPARE(osm.value(QStringLiteral("ftree_rank")).toInt(), top);
            QVERIFY(!osm.value(QStringLiteral("routing_fell_back")).toBool());
            QCOMPARE(osm.value(QStringLiteral("cas_found")).toInt(), osm.value(QStringLiteral("cas_in_file")).toInt());
            QCOMPARE(osm.value(QStringLiteral("switches_found")).toInt(), osm.value(QStringLiteral("switches_in_file")).toInt());
        }

        // Our tables: no worse than OpenSM's, for every shift.
        const QJsonObject ours = runCheck({QString::fromStdString(topo), QStringLiteral("--congestion"), QStringLiteral("--shifts"),
                                           QStringLiteral("0"), QStringLiteral("--lfts"), QString::fromStdString(lfts)});
        const QJsonObject oc = osm.value(QStringLiteral("congestion")).toObject();
        const QJsonObject uc = ours.value(QStringLiteral("congestion")).toObject();
        const int osmLoad = oc.value(QStringLiteral("max_link_load")).toInt();
        const int ourLoad = uc.value(QStringLiteral("max_link_load")).toInt();
        qInfo("%s: max_link_load ours %d, OpenSM %d (mean of per-shift max: ours %.3f, OpenSM %.3f)", qPrintable(design), ourLoad,
              osmLoad, uc.value(QStringLiteral("mean_max_link_load")).toDouble(), oc.value(QStringLiteral("mean_max_link_load")).toDouble());
        QCOMPARE(uc.value(QStringLiteral("unroutable_pairs")).toInt(), 0);
        QVERIFY(ourLoad >= 1);
        QVERIFY(ourLoad <= osmLoad);
        if (expectMaxLoad)
            QCOMPARE(ourLoad, expectMaxLoad);
    }
};

QTEST_APPLESS_MAIN(TestFabricCheck)
#include "tst_fabriccheck.moc"
