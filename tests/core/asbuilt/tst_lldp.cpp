// Ethernet exports and LLDP as-built: interface names both ways, AVD's p2p links CSV and the
// Ethernet P2P sheet on a generated RoCE fabric (refused on InfiniBand), lldpctl JSON (json,
// json0, one switch or keyed by switch; tests/data/lldp, written from lldpd's documentation)
// and the round trip: the LLDP tables a built fabric shows verify clean against the plan, and a
// dropped or swapped cable is exactly what verify reports.
#include "analysis/exportformats.h"
#include "analysis/verification.h"
#include "catalog/catalog.h"
#include "export/csv.h"
#include "export/ethernetlinks.h"
#include "export/lldpexport.h"
#include "generate/fattree.h"
#include "io/lldpjson.h"
#include "verify/lldpasbuilt.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <set>

using namespace cplan;

namespace {

FatTreeSpec ethernetSpec(int servers, const std::string &sw = "sn5600", const std::string &hca = "cx7-eth")
{
    FatTreeSpec s;
    s.servers = {{"dgx-b200", servers}};
    s.switchPart = sw;
    s.hcaOverride = hca;
    return s;
}

// The plan's LLDP tables, read back as the as-built, verified against `plan`.
VerifyResult verifyThroughLldp(const Design &plan, const Design &built, const Catalog &catalog)
{
    auto json = lldpNeighborsJson(built, catalog);
    if (!json)
        qFatal("lldp export: %s", json.error().toString().c_str());
    auto table = readLldpJson(*json, "built-lldp.json");
    if (!table)
        qFatal("lldp read: %s", table.error().toString().c_str());
    auto found = lldpAsBuilt({LldpInput{"built-lldp.json", std::move(*table)}}, plan, catalog);
    if (!found)
        qFatal("lldp as-built: %s", found.error().toString().c_str());
    return verifyAsBuilt(plan, *found, catalog);
}

int count(const VerifyResult &r, CableVerdict v)
{
    return int(std::count_if(r.cables.begin(), r.cables.end(), [&](const CableFinding &c) { return c.verdict == v; }));
}

Node switchNode(const std::string &id, const std::string &part, Tier tier)
{
    Node n;
    n.id = id;
    n.part = part;
    n.role = NodeRole::Switch;
    n.tier = tier;
    return n;
}

Link makeLink(const std::string &id, PortRef a, PortRef b)
{
    Link l;
    l.id = id;
    l.a = a;
    l.b = b;
    return l;
}

std::optional<LinkId> linkOn(const Design &d, const std::string &node, int port)
{
    return d.linkAt(PortRef{*d.findNode(node), port});
}

} // namespace

class TestLldp : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    Design m_plan;

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
        m_plan = test::generateOrStop(ethernetSpec(8), m_catalog);
        for (const Part &p : m_plan.parts)
            QVERIFY(m_catalog.addImportedPart(p).ok());
    }

    void interfaceNamesReadBack()
    {
        const Node &leaf = m_plan.node(*m_plan.findNode("su01-leaf1"));
        const auto ports = nodePorts(leaf, m_catalog);
        QCOMPARE(int(ports.size()), 128);
        QCOMPARE(eosInterfaceName(ports, 1), std::string("Ethernet1/1"));
        QCOMPARE(eosInterfaceName(ports, 66), std::string("Ethernet33/2"));
        QCOMPARE(cumulusInterfaceName(ports, 66), std::string("swp33s1"));
        for (int p = 1; p <= 128; ++p) {
            QCOMPARE(switchPortFromName(ports, eosInterfaceName(ports, p)), p);
            QCOMPARE(switchPortFromName(ports, cumulusInterfaceName(ports, p)), p);
        }
        QCOMPARE(switchPortFromName(ports, "Eth33/2"), 66);
        QCOMPARE(switchPortFromName(ports, "Ethernet65/1"), 0);
        QCOMPARE(switchPortFromName(ports, "swp33s9"), 0);
        QCOMPARE(switchPortFromName(ports, "Ethernet33"), 0);   // a broken-out cage: which half?
        QCOMPARE(switchPortFromName(ports, "mgmt0"), 0);
        const auto host = nodePorts(m_plan.node(*m_plan.findNode("gpu001")), m_catalog);
        QCOMPARE(hostPortFromName(host, "rail3"), 3);
        QCOMPARE(hostPortFromName(host, "mlx5_2"), 3);
        QCOMPARE(hostPortFromName(host, "HCA-3/1"), 3);
        QCOMPARE(hostPortFromName(host, "rail9"), 0);
        QCOMPARE(hostPortFromName(host, "enp26s0np0"), 0);
    }

    void avdCsvHasItsColumnsAndAUniqueSlash31PerLink()
    {
        auto csv = avdP2pLinksCsv(m_plan, m_catalog);
        QVERIFY2(csv.ok(), csv.ok() ? "" : csv.error().toString().c_str());
        const auto rows = parseCsv(*csv);
        QCOMPARE(rows.front(), (std::vector<std::string>{"Type", "Node", "Node Interface", "Leaf IP Address", "Peer Type", "Peer Node",
                                                         "Peer Interface", "Peer IP Address"}));
        QCOMPARE(rows.size() - 1, m_plan.links.size());   // every link touches a switch
        std::set<std::string> addresses, ends;
        int serverRows = 0, uplinkRows = 0;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const auto &r = rows[i];
            QCOMPARE(int(r.size()), 8);
            QVERIFY(addresses.insert(r[3]).second);
            QVERIFY(addresses.insert(r[7]).second);
            QVERIFY(ends.insert(r[1] + " " + r[2]).second);
            QVERIFY(ends.insert(r[5] + " " + r[6]).second);
            // One /31: the peer the even address, the node the next one.
            const auto lastOctet = [](const std::string &a) { return std::stoi(a.substr(a.rfind('.') + 1)); };
            QCOMPARE(r[3].substr(0, r[3].rfind('.')), r[7].substr(0, r[7].rfind('.')));
            QCOMPARE(lastOctet(r[3]), lastOctet(r[7]) + 1);
            QVERIFY(r[3].ends_with("/31"));
            serverRows += r[0] == "server" && r[4] == "l3leaf";
            uplinkRows += r[0] == "l3leaf" && r[4] == "spine";
        }
        QCOMPARE(serverRows, 64);   // 8 servers x 8 rails
        QCOMPARE(serverRows + uplinkRows, int(m_plan.links.size()));
        QCOMPARE(rows[1][2], std::string("rail1"));
        QCOMPARE(rows[1][6], std::string("Ethernet1/1"));
    }

    void p2pEthernetSheet()
    {
        auto csv = p2pEthernetCsv(m_plan, m_catalog);
        QVERIFY(csv.ok());
        const auto rows = parseCsv(*csv);
        QCOMPARE(rows.front(), (std::vector<std::string>{"A-Rack", "A-U", "A-Node Name", "A-Type", "A-Port", "Z-Rack", "Z-RU",
                                                         "Z-Node Name", "Z-Type", "Z-Port"}));
        QCOMPARE(rows.size() - 1, m_plan.links.size());
        QCOMPARE(rows[1][3], std::string("Host"));
        QCOMPARE(rows[1][4], std::string("rail1"));
        QCOMPARE(rows[1][8], std::string("Switch"));
        QCOMPARE(rows[1][9], std::string("swp1s0"));
    }

    void exportFormatsHaveThemAndRefuseInfiniBand()
    {
        for (const char *name : {"avd-p2p", "p2p-ethernet", "lldp-json"})
            QVERIFY2(findExportFormat(name), name);
        const Design ib = test::generateOrStop(ethernetSpec(8, "qm9700", ""), m_catalog);
        for (const char *name : {"avd-p2p", "p2p-ethernet", "lldp-json"}) {
            auto text = findExportFormat(name)->write(ib, m_catalog);
            QVERIFY2(!text.ok(), name);
            QVERIFY2(text.error().message.find("InfiniBand switch") != std::string::npos, text.error().message.c_str());
        }
        // And the other way: InfiniBand's subnet files are refused on the Ethernet fabric.
        for (const char *name : {"ibnetdiscover", "partitions"}) {
            auto text = findExportFormat(name)->write(m_plan, m_catalog);
            QVERIFY2(!text.ok(), name);
            QVERIFY2(text.error().message.find("Ethernet fabric") != std::string::npos, text.error().message.c_str());
        }
    }

    void roundTripAgrees()
    {
        const VerifyResult r = verifyThroughLldp(m_plan, m_plan, m_catalog);
        QVERIFY(r.agree());
        QCOMPARE(r.summary.planned, int(m_plan.links.size()));
        QCOMPARE(r.summary.found, int(m_plan.links.size()));
        QCOMPARE(r.summary.ok, int(m_plan.links.size()));
    }

    // Spectrum-X multiplane (CX-8, 2 x 400G per NIC, a plane per NIC port) and dual-ToR: the
    // tables of every plane's switches verify clean against the whole plan (a NIC's two ports
    // on two switches read back as its own ports).
    void planesAndDualTorRoundTrip_data()
    {
        QTest::addColumn<int>("planes");
        QTest::addColumn<bool>("dualTor");
        QTest::newRow("2 planes") << 2 << false;
        QTest::newRow("dual-ToR") << 1 << true;
    }

    void planesAndDualTorRoundTrip()
    {
        QFETCH(int, planes);
        QFETCH(bool, dualTor);
        FatTreeSpec s = ethernetSpec(16, "sn5600", "cx8-eth");
        s.servers = {{"dgx-b300", 16}};
        s.planes = planes;
        s.dualTor = dualTor;
        const Design plan = test::generateOrStop(s, m_catalog);
        for (const Part &p : plan.parts)
            QVERIFY(m_catalog.addImportedPart(p).ok());
        QCOMPARE(designPlanes(plan), planes > 1 ? planes : 0);
        const VerifyResult r = verifyThroughLldp(plan, plan, m_catalog);
        QVERIFY(r.agree());
        QCOMPARE(r.summary.ok, int(plan.links.size()));
    }

    void droppedCableIsTheOneMissing()
    {
        Design built = m_plan;
        const LinkId drop = *linkOn(built, "su01-leaf3", 70);   // a leaf-spine uplink
        const std::string id = built.link(drop).id;
        built.removeLinks({drop});
        const VerifyResult r = verifyThroughLldp(m_plan, built, m_catalog);
        QVERIFY(!r.agree());
        QCOMPARE(r.summary.missing, 1);
        QCOMPARE(r.summary.ok, int(m_plan.links.size()) - 1);
        QCOMPARE(r.summary.unexpected + r.summary.misconnected + r.summary.different, 0);
        QCOMPARE(count(r, CableVerdict::Missing), 1);
        for (const CableFinding &c : r.cables)
            if (c.verdict == CableVerdict::Missing)
                QCOMPARE(c.plannedLink, id);
    }

    void swappedCablesAreOneSwappedPair()
    {
        Design built = m_plan;
        // gpu001 rail 1 and gpu002 rail 1 exchanged at the leaf.
        const LinkId a = *linkOn(built, "su01-leaf1", 1), b = *linkOn(built, "su01-leaf1", 2);
        std::swap(built.links[a.value].b, built.links[b.value].b);
        built.reindex();
        const VerifyResult r = verifyThroughLldp(m_plan, built, m_catalog);
        QCOMPARE(r.summary.misconnected, 2);
        QCOMPARE(r.summary.swappedPairs, 1);
        QCOMPARE(r.summary.missing + r.summary.unexpected + r.summary.different, 0);
        QCOMPARE(r.summary.ok, int(m_plan.links.size()) - 2);
    }

    void readsLldpdJsonForms()
    {
        auto one = readLldpJson(test::readBytes(test::testDataPath("lldp/leaf1.json")).toStdString(), "lldp/leaf1.json");
        QVERIFY2(one.ok(), one.ok() ? "" : one.error().toString().c_str());
        QCOMPARE(one->devices, std::vector<std::string>{"leaf1"});
        QCOMPARE(one->neighbors.size(), std::size_t(1));
        const LldpNeighbor &n = one->neighbors.front();
        QCOMPARE(n.interface, std::string("swp1s0"));
        QCOMPARE(n.remoteName, std::string("gpu001"));
        QCOMPARE(n.remotePortIdType, std::string("ifname"));
        QCOMPARE(n.remotePortId, std::string("rail1"));
        QCOMPARE(n.remotePortDescr, std::string("mlx5_0"));
        QVERIFY(n.remoteStation && !n.remoteBridge);
        QCOMPARE(n.line, 4);

        auto list = readLldpJson(test::readBytes(test::testDataPath("lldp/spine1.json")).toStdString(), "x/spine1.json");
        QVERIFY(list.ok());
        QCOMPARE(list->neighbors.size(), std::size_t(2));   // the third sends no SysName
        QCOMPARE(list->notes.size(), std::size_t(1));
        QVERIFY(list->notes.front().message.find("system name") != std::string::npos);
        QVERIFY(list->notes.front().line > 40);
        QVERIFY(list->neighbors[1].remoteBridge);            // a lone capability object

        auto json0 = readLldpJson(test::readBytes(test::testDataPath("lldp/leaf2.lldp.json")).toStdString(), "leaf2.lldp.json");
        QVERIFY(json0.ok());
        QCOMPARE(json0->devices, std::vector<std::string>{"leaf2"});
        QCOMPARE(json0->neighbors.size(), std::size_t(2));
        QCOMPARE(json0->neighbors[0].remoteName, std::string("gpu002.cluster.example"));
        QCOMPARE(json0->neighbors[0].remotePortIdType, std::string("mac"));
        QCOMPARE(json0->neighbors[0].remotePortDescr, std::string("rail2"));
        QCOMPARE(json0->neighbors[1].interface, std::string("Ethernet33/1"));

        auto keyed = readLldpJson(test::readBytes(test::testDataPath("lldp/fabric-keyed.json")).toStdString(), "fabric-keyed.json");
        QVERIFY(keyed.ok());
        QCOMPARE(keyed->devices, (std::vector<std::string>{"leaf1", "spine1"}));
        QCOMPARE(keyed->neighbors.size(), std::size_t(1));
    }

    void malformedInputIsRefusedWithItsLine_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("says");
        QTest::newRow("cut") << "cut.json" << 4 << "not valid JSON";
        QTest::newRow("array root") << "array-root.json" << 1 << "not a JSON object";
        QTest::newRow("interface number") << "interface-number.json" << 2 << "neither an object nor a list";
        QTest::newRow("lldp string") << "lldp-string.json" << 2 << "is not an object";
        QTest::newRow("keyed junk") << "keyed-not-lldp.json" << 3 << "\"leaf2\" holds no \"lldp\"";
        // Found by lldp_json_fuzz: nlohmann's out_of_range, not a parse_error, and without a position.
        QTest::newRow("number overflow") << "number-overflow.json" << 0 << "number overflow";
    }

    void malformedInputIsRefusedWithItsLine()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, says);
        const std::string path = test::testDataPath("lldp-malformed/" + file.toStdString());
        auto r = readLldpJson(test::readBytes(path).toStdString(), path);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().file, path);
        QCOMPARE(r.error().line, line);
        QVERIFY2(r.error().message.find(says.toStdString()) != std::string::npos, r.error().message.c_str());
    }

    void oddEntriesAreNotes()
    {
        const std::string path = test::testDataPath("lldp-malformed/odd-entries.json");
        auto r = readLldpJson(test::readBytes(path).toStdString(), path);
        QVERIFY(r.ok());
        QVERIFY(r->neighbors.empty());
        QCOMPARE(r->notes.size(), std::size_t(3));
    }

    // The fixtures against a plan of their names: leaf1, leaf2, spine1 (the broken-out SN5600)
    // and gpu001, gpu002.
    void fixturesVerifyAgainstTheirPlan()
    {
        Design plan;
        const std::string sw = m_plan.node(*m_plan.findNode("spine01")).part;
        for (const char *name : {"leaf1", "leaf2", "spine1"})
            plan.addNode(switchNode(name, sw, std::string(name) == "spine1" ? Tier::Spine : Tier::Leaf));
        for (const char *name : {"gpu001", "gpu002"}) {
            Node n = m_plan.node(*m_plan.findNode(name));
            plan.addNode(std::move(n));
        }
        auto link = [&](const char *id, const char *a, int pa, const char *b, int pb) {
            plan.addLink(makeLink(id, PortRef{*plan.findNode(a), pa}, PortRef{*plan.findNode(b), pb}));
        };
        link("l1", "gpu001", 1, "leaf1", 1);
        link("l2", "gpu002", 2, "leaf2", 1);
        link("l3", "leaf1", 65, "spine1", 1);
        link("l4", "leaf1", 66, "spine1", 2);
        link("l5", "leaf2", 65, "spine1", 3);
        auto v = analyzeVerification(plan, std::vector<std::string>{test::testDataPath("lldp")}, m_catalog);
        QVERIFY2(v.ok(), v.ok() ? "" : v.error().toString().c_str());
        QVERIFY(v->result.agree());
        QCOMPARE(v->result.summary.ok, 5);
        QCOMPARE(v->asBuilt.notes.size(), std::size_t(1));   // the neighbour without a SysName
        auto withPlane = analyzeVerification(plan, std::vector<std::string>{test::testDataPath("lldp")}, m_catalog, 1);
        QVERIFY(!withPlane.ok());
    }

    void unknownDeviceIsUnexpected()
    {
        Design built = m_plan;
        const NodeId extra = built.addNode(switchNode("rogue-sw", m_plan.node(*m_plan.findNode("spine01")).part, Tier::Spine));
        built.addLink(makeLink("lx", PortRef{*built.findNode("su01-leaf1"), 20}, PortRef{extra, 5}));
        const VerifyResult r = verifyThroughLldp(m_plan, built, m_catalog);
        QCOMPARE(r.summary.unexpected, 1);
        QCOMPARE(r.summary.nodesUnexpected, 1);
        QCOMPARE(r.summary.ok, int(m_plan.links.size()));
    }
};

CPLAN_TEST_APPLESS_MAIN(TestLldp)
#include "tst_lldp.moc"
