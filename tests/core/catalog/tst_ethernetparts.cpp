// The Ethernet parts of the built-in catalog (issue #29): their sourced figures and breakouts,
// and the cable selection, which must never wire an Ethernet link with an InfiniBand cable or
// optics, nor the reverse.
#include "catalog/catalog.h"
#include "cost/bom.h"
#include "generate/fattree.h"
#include "physical/cableselect.h"
#include "validate/portprotocol.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace cplan;

namespace {

const Catalog &builtin() { return test::builtinCatalog(); }

const Part &part(const char *id)
{
    const Part *p = builtin().find(id);
    if (!p)
        qFatal("no part '%s' in the built-in catalog", id);
    return *p;
}

CableQuery query(double speed, double length, Protocol protocol)
{
    CableQuery q;
    q.speedGbps = speed;
    q.lengthM = length;
    q.protocol = protocol;
    return q;
}

// A leaf of `switchPart` and one server of `serverPart` whose every port is cabled to the leaf
// (3 m runs), with the cables the catalog offers; `hcas` replaces the server's adapters.
Design leafWithServer(const char *switchPart, const char *serverPart, std::vector<std::string> hcas)
{
    Design d;
    Node leaf;
    leaf.id = "leaf1";
    leaf.part = switchPart;
    leaf.role = NodeRole::Switch;
    leaf.tier = Tier::Leaf;
    d.addNode(leaf);
    Node server;
    server.id = "gpu001";
    server.part = serverPart;
    server.role = NodeRole::Server;
    server.hcas = std::move(hcas);
    const NodeId s = d.addNode(server);
    for (int p = 1; p <= nodePortCount(d.node(s), builtin()); ++p)
        d.addLink(Link{"l" + std::to_string(p), PortRef{s, p}, PortRef{NodeId(0), p}, {}, {}, {}});
    assignCables(d, builtin(), [](LinkId) { return 3.0; });
    return d;
}

} // namespace

class TestEthernetParts : public QObject
{
    Q_OBJECT

private slots:
    void switches_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("ports");
        QTest::addColumn<double>("speed");
        QTest::addColumn<QString>("cage");
        QTest::addColumn<QString>("breakout");
        QTest::newRow("sn5600") << "sn5600" << 64 << 800.0 << "OSFP" << "400,200";
        QTest::newRow("arista-7060x6-64pe") << "arista-7060x6-64pe" << 64 << 800.0 << "OSFP" << "400,200,100";
        QTest::newRow("arista-7060dx5-64s") << "arista-7060dx5-64s" << 64 << 400.0 << "QSFP-DD" << "200,100,50";
    }

    // Figures as their sources give them; what no source gives stays unknown.
    void switches()
    {
        QFETCH(QString, id);
        const Part &p = part(id.toUtf8().constData());
        QCOMPARE(p.kind, PartKind::Switch);
        QCOMPARE(p.protocol, Protocol::Ethernet);
        QTEST(p.ports, "ports");
        QVERIFY(p.portSpeedGbps);
        QTEST(*p.portSpeedGbps, "speed");
        QTEST(QString::fromStdString(p.cage), "cage");
        QStringList breakout;
        for (double s : p.breakoutGbps) {
            breakout << QString::number(s);
            // A breakout lane divides the port evenly into two or more.
            const double lanes = *p.portSpeedGbps / s;
            QVERIFY2(lanes >= 2 && std::fabs(lanes - std::round(lanes)) < 1e-9, qPrintable(id));
        }
        QTEST(breakout.join(QLatin1Char(',')), "breakout");
        QVERIFY(!p.sources.empty());
        QVERIFY(!p.powerW);      // not in our sources
        QVERIFY(!p.unitPrice);   // no price source
        QCOMPARE(p.sharp, std::optional<int>(0));
    }

    void sn5600IsTwoUnitsHigh() { QCOMPARE(part("sn5600").rackUnits, std::optional<double>(2)); }

    void adapters()
    {
        const Part &cx7 = part("connectx-7");
        const Part &cx7eth = part("cx7-eth");
        QCOMPARE(cx7.protocol, Protocol::InfiniBand);   // the InfiniBand part stays InfiniBand
        QCOMPARE(cx7eth.protocol, Protocol::Ethernet);
        QCOMPARE(cx7eth.ports, cx7.ports);               // the same card
        QCOMPARE(cx7eth.portSpeedGbps, cx7.portSpeedGbps);
        QCOMPARE(cx7eth.cage, cx7.cage);

        const Part &bf3 = part("bf3-b3140h");
        QCOMPARE(bf3.kind, PartKind::Hca);
        QCOMPARE(bf3.protocol, Protocol::Ethernet);
        QCOMPARE(bf3.ports, 1);
        QCOMPARE(bf3.portSpeedGbps, std::optional<double>(400));
        QCOMPARE(bf3.cage, std::string("QSFP112"));
        QCOMPARE(bf3.partNumber, std::optional<std::string>("900-9D3D4-00EN-HA0"));

        const Part &cx8 = part("cx8-eth");   // 800 Gb/s as 2 x 400GbE, never one 800GbE port
        QCOMPARE(cx8.ports, 2);
        QCOMPARE(cx8.portSpeedGbps, std::optional<double>(400));
        QCOMPARE(cx8.protocol, Protocol::Ethernet);
    }

    // Every Ethernet part names where its figures come from.
    void ethernetPartsAreSourced()
    {
        int ethernet = 0;
        for (const Part &p : builtin().parts())
            if (p.protocol == Protocol::Ethernet) {
                ++ethernet;
                QVERIFY2(!p.sources.empty(), p.id.c_str());
            }
        QVERIFY(ethernet >= 50);
    }

    // An InfiniBand link never gets an Ethernet cable, nor the reverse, at any speed or length.
    void cableSelectionKeepsFabricsApart()
    {
        int ethernetFound = 0;
        for (double speed : {100.0, 200.0, 400.0, 800.0})
            for (double length : {0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 50.0, 100.0})
                for (Protocol protocol : {Protocol::InfiniBand, Protocol::Ethernet}) {
                    const Part *cable = builtin().chooseCable(query(speed, length, protocol));
                    if (!cable)
                        continue;
                    QVERIFY2(cable->protocol == protocol, cable->id.c_str());
                    ethernetFound += protocol == Protocol::Ethernet;
                }
        QVERIFY(ethernetFound >= 15);
        // The cases the parts are there for.
        QCOMPARE(builtin().chooseCable(query(800, 2, Protocol::Ethernet))->id, std::string("eth-dac-osfp-800g-2m"));
        QCOMPARE(builtin().chooseCable(query(800, 30, Protocol::Ethernet))->id, std::string("eth-fiber-mm-800g-30m"));
        QCOMPARE(builtin().chooseCable(query(800, 80, Protocol::Ethernet))->id, std::string("eth-fiber-sm-800g-100m"));
        QCOMPARE(builtin().chooseCable(query(400, 10, Protocol::Ethernet))->id, std::string("eth-fiber-mm-400g-10m"));
        // XDR InfiniBand has no copper: still fibre, not the Ethernet DAC of the same speed.
        QCOMPARE(builtin().chooseCable(800, 2)->id, std::string("xdr-fiber-sm-10m"));
    }

    void opticsFollowTheFibre()
    {
        const Catalog &c = builtin();
        QCOMPARE(c.chooseTransceiver(800, 1, part("eth-fiber-mm-800g-30m"))->id, std::string("mma4z00-ns-t-800g"));
        QCOMPARE(c.chooseTransceiver(800, 1, part("eth-fiber-sm-800g-100m"))->id, std::string("mms4x00-ns-t-800g"));
        QCOMPARE(c.chooseTransceiver(400, 1, part("eth-fiber-mm-400g-10m"))->protocol, Protocol::Ethernet);
        QCOMPARE(c.chooseTransceiver(400, 1, part("ndr-fiber-mm-10m"))->id, std::string("mma4z00-ns400"));
        // Without a fibre the optics are InfiniBand's: still none at 800G (no XDR optics sourced).
        QCOMPARE(c.chooseTransceiver(800, 1), nullptr);
    }

    // Broken-out cages (the generator's derived parts): twin-port optics at 2 x 400G, four legs
    // of 200G, splitter copper to two NICs; all Ethernet.
    void brokenOutCages()
    {
        const Catalog &c = builtin();
        QCOMPARE(c.chooseTransceiver(400, 2, part("eth-fiber-mm-400g-10m"))->id, std::string("mma4z00-ns-t"));
        QCOMPARE(c.chooseTransceiver(200, 4, part("eth-fiber-mm-200g-10m"))->id, std::string("mma4z00-ns-t-4x200g"));
        QCOMPARE(c.chooseTransceiver(200, 1, part("eth-fiber-mm-200g-10m"))->id, std::string("mma4z00-ns400-t-200g"));
        QCOMPARE(c.chooseTransceiver(400, 2, part("ndr-fiber-mm-10m"))->id, std::string("mma4z00-ns"));   // IB stays IB
        CableQuery q = query(400, 2, Protocol::Ethernet);
        q.form = CableForm::Splitter;
        q.cageA = "OSFP";
        q.cageB = "QSFP112";
        QCOMPARE(c.chooseCable(q)->id, std::string("eth-dac-split-qsfp112-2m"));
        q.form = CableForm::Twin;
        q.cageB = "OSFP";
        QCOMPARE(c.chooseCable(q)->id, std::string("eth-dac-osfp-2x400g-2m"));
    }

    // A quote's part number names one part: the Ethernet listings of modules and cables that are
    // also InfiniBand parts carry no ordering number of their own.
    void partNumbersNameOnePart()
    {
        std::map<std::string, std::string> owner;
        for (const Part &p : builtin().parts())
            if (p.partNumber && !p.partNumber->empty()) {
                const auto [it, fresh] = owner.emplace(*p.partNumber, p.id);
                QVERIFY2(fresh, qPrintable(QString::fromStdString(*p.partNumber + ": " + it->second + " and " + p.id)));
            }
    }

    // A generated Spectrum-X fabric (SN5600, DGX B200 with ConnectX-7 in Ethernet mode, ports
    // broken out 2 x 400G): Ethernet cables and optics throughout, nothing unknown, nothing to
    // report but the lossless assumption.
    void generatedEthernetFabric()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-b200", 16}};
        spec.switchPart = "sn5600";
        spec.hcaOverride = "cx7-eth";
        const Design d = test::generateOrStop(spec, builtin());
        QVERIFY(!d.links.empty());
        QStringList codes;
        for (const Finding &f : validateDesign(d, builtin()))
            codes << QString::fromStdString(f.code);
        QCOMPARE(codes.join(QLatin1Char(',')), QStringLiteral("lossless-assumed"));
        int optics = 0;
        for (const BomLine &l : computeBom(d, builtin()).lines) {
            if (l.category != "cable" && l.category != "transceiver")
                continue;
            const Part *p = builtin().find(l.part);
            QVERIFY2(p && p->protocol == Protocol::Ethernet, l.part.c_str());
            optics += l.category == "transceiver";
        }
        QVERIFY(optics > 0);
    }

    // A server's ports take its adapters' protocol; a link's fabric is its leaf's.
    void portProtocols()
    {
        const Design eth = leafWithServer("sn5600", "dgx-h100", std::vector<std::string>(8, "cx7-eth"));
        QCOMPARE(portProtocol(eth.nodes[1], 1, builtin()), std::optional<Protocol>(Protocol::Ethernet));
        QCOMPARE(portProtocol(eth.nodes[0], 1, builtin()), std::optional<Protocol>(Protocol::Ethernet));
        const Design ib = leafWithServer("qm9700", "dgx-h100", {});
        QCOMPARE(portProtocol(ib.nodes[1], 8, builtin()), std::optional<Protocol>(Protocol::InfiniBand));
        QCOMPARE(portProtocol(ib.nodes[1], 9, builtin()), std::nullopt);   // no ninth port
        QCOMPARE(linkProtocol(eth, eth.links[0], builtin()), Protocol::Ethernet);
        QCOMPARE(linkProtocol(ib, ib.links[0], builtin()), Protocol::InfiniBand);
    }

    // An SN5600 with a DGX whose eight NICs are ConnectX-7s in Ethernet mode: wired with Ethernet
    // parts, and nothing to report but the lossless assumption.
    void ethernetLeafValidatesClean()
    {
        const Design d = leafWithServer("sn5600", "dgx-h100", std::vector<std::string>(8, "cx7-eth"));
        QCOMPARE(d.links.size(), std::size_t(8));
        for (const Link &l : d.links) {
            const Part *cable = builtin().find(l.cable);
            QVERIFY2(cable && cable->protocol == Protocol::Ethernet, l.cable.c_str());
        }
        QStringList codes;
        for (const Finding &f : validateDesign(d, builtin()))
            codes << QString::fromStdString(f.code);
        QCOMPARE(codes.join(QLatin1Char(',')), QStringLiteral("lossless-assumed"));
    }

    // The same DGX with its InfiniBand ConnectX-7s on the SN5600: every link is refused.
    void infinibandHcaOnEthernetLeaf()
    {
        const Design d = leafWithServer("sn5600", "dgx-h100", {});
        int mismatches = 0;
        for (const Finding &f : validateDesign(d, builtin()))
            if (f.code == "protocol-mismatch") {
                ++mismatches;
                QCOMPARE(f.severity, Severity::Error);
                QVERIFY2(f.message.find("InfiniBand port gpu001:") != std::string::npos, f.message.c_str());
                QVERIFY2(f.message.find("Ethernet port leaf1:") != std::string::npos, f.message.c_str());
            }
        QCOMPARE(mismatches, 8);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestEthernetParts)
#include "tst_ethernetparts.moc"
