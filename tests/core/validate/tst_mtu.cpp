// The MTU rules (validate/mtu.h) on the built-in catalog's parts: each rule fires on a small
// design that plants its problem and stays silent on a clean one; the parts' largest MTUs are
// there with their sources; the RoCE MTU follows Linux's rule. The golden cases of each code
// are in tests/data/validate/mtu-*.
#include "catalog/catalog.h"
#include "validate/mtu.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>

using namespace cplan;

namespace {

const Catalog &builtin() { return test::builtinCatalog(); }

Node makeNode(const std::string &id, const std::string &part, NodeRole role, std::vector<std::string> hcas = {})
{
    Node n;
    n.id = id;
    n.part = part;
    n.role = role;
    n.tier = role == NodeRole::Switch ? Tier::Leaf : Tier::Endpoint;
    n.hcas = std::move(hcas);
    return n;
}

// A host with one adapter `nic` on port 1 of leaf1, and leaf1 port 2 to leaf2 port 1; both
// switches of part `switchPart`.
Design twoLeaves(const std::string &switchPart, const std::string &nic)
{
    Design d;
    const NodeId l1 = d.addNode(makeNode("leaf1", switchPart, NodeRole::Switch));
    const NodeId l2 = d.addNode(makeNode("leaf2", switchPart, NodeRole::Switch));
    const NodeId h = d.addNode(makeNode("host1", "host-1hca", NodeRole::Server, {nic}));
    d.addLink(Link{"up", PortRef{l1, 2}, PortRef{l2, 1}, {}, {}, {}});
    d.addLink(Link{"down", PortRef{h, 1}, PortRef{l1, 1}, {}, {}, {}});
    return d;
}

// The MTU findings of a design: "code [objects]", in order.
QStringList mtuFindings(const Design &d)
{
    QStringList out;
    for (const Finding &f : validateDesign(d, builtin()))
        if (f.code.rfind("mtu-", 0) == 0) {
            QStringList objects;
            for (const std::string &o : f.objects)
                objects << QString::fromStdString(o);
            out << QString::fromStdString(f.code) + QStringLiteral(" [") + objects.join(QStringLiteral(", ")) + QLatin1Char(']');
        }
    return out;
}

Node &node(Design &d, const char *id) { return d.node(*d.findNode(id)); }

} // namespace

class TestMtu : public QObject
{
    Q_OBJECT

private slots:
    // Linux: the largest IB MTU that fits in the interface MTU less 96 bytes of RoCE headers.
    void roceActiveMtu_data()
    {
        QTest::addColumn<int>("mtu");
        QTest::addColumn<int>("roce");
        for (auto [mtu, roce] : {std::pair{9000, 4096}, {4192, 4096}, {4191, 2048}, {4200, 4096}, {1500, 1024}, {2144, 2048},
                                 {2143, 1024}, {352, 256}, {351, 0}, {68, 0}})
            QTest::newRow(std::to_string(mtu).c_str()) << mtu << roce;
    }
    void roceActiveMtu()
    {
        QFETCH(int, mtu);
        QFETCH(int, roce);
        QCOMPARE(cplan::roceActiveMtu(mtu), roce);
        QCOMPARE(kRoceFullMtu, 4192);
    }

    // The largest MTUs of the built-in parts, each with the source that gives it; the parts
    // without a source keep theirs unknown.
    void catalogFigures_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("mtu");   // 0: unknown
        for (auto [id, mtu] : {std::pair{"sn5600", 9216}, {"arista-7060x6-64pe", 9214}, {"arista-7060dx5-64s", 9214}, {"cx7-eth", 9978},
                               {"bf3-b3140h", 0}, {"cx8-eth", 0}, {"qm9700", 4096}, {"qm8700", 4096}, {"q3400", 4096},
                               {"sb7800", 4096}, {"connectx-7", 4096}, {"connectx-8", 4096}, {"bluefield-3", 4096}})
            QTest::newRow(id) << QString::fromLatin1(id) << mtu;
    }
    void catalogFigures()
    {
        QFETCH(QString, id);
        QFETCH(int, mtu);
        const Part *p = builtin().find(id.toStdString());
        QVERIFY(p);
        if (mtu == 0) {
            QVERIFY(!p->maxMtu);
            return;
        }
        QCOMPARE(p->maxMtu, std::optional<int>(mtu));
        const std::string figure = "max_mtu " + std::to_string(mtu);
        QVERIFY2(std::any_of(p->sources.begin(), p->sources.end(), [&](const std::string &s) { return s.rfind(figure, 0) == 0; }),
                 qPrintable(id + QStringLiteral(": no source starting '") + QString::fromStdString(figure) + QLatin1Char('\'')));
    }

    // No MTU stated: nothing checked, nothing found. A consistent jumbo MTU: clean too.
    void cleanDesigns()
    {
        Design d = twoLeaves("sn5600", "cx7-eth");
        QCOMPARE(mtuFindings(d), QStringList());
        d.settings.mtu = 9000;
        QCOMPARE(mtuFindings(d), QStringList());
        node(d, "leaf1").mtu = node(d, "leaf2").mtu = 9216;   // switches above their server: headroom
        QCOMPARE(mtuFindings(d), QStringList());
    }

    void mismatch()
    {
        Design d = twoLeaves("sn5600", "cx7-eth");
        d.settings.mtu = 9216;
        node(d, "leaf2").mtu = 9000;   // two switches set differently
        QCOMPARE(mtuFindings(d), QStringList{QStringLiteral("mtu-mismatch [up]")});
        node(d, "leaf2").mtu.reset();
        node(d, "leaf1").mtu = 9000;   // a leaf below its server (and below leaf2)
        QCOMPARE(mtuFindings(d), (QStringList{QStringLiteral("mtu-mismatch [up]"), QStringLiteral("mtu-mismatch [down]")}));
        const auto findings = validateDesign(d, builtin());
        const auto down = std::find_if(findings.begin(), findings.end(), [](const Finding &f) {
            return f.code == "mtu-mismatch" && f.objects == std::vector<std::string>{"down"};
        });
        QVERIFY(down != findings.end());
        QVERIFY2(down->message.find("'host1' (MTU 9216) and 'leaf1' (MTU 9000)") != std::string::npos, down->message.c_str());
        QVERIFY2(down->message.find("towards 'leaf1'") != std::string::npos, down->message.c_str());
    }

    // On InfiniBand the subnet manager sets each link to the smaller end's MTU: no mismatch.
    void noMismatchOnInfiniBand()
    {
        Design d = twoLeaves("qm9700", "connectx-7");
        d.settings.mtu = 4096;
        node(d, "leaf2").mtu = 2048;
        QCOMPARE(mtuFindings(d), QStringList());
    }

    void unsupportedAndUnknown()
    {
        Design d = twoLeaves("sn5600", "cx7-eth");
        d.settings.mtu = 9500;   // above the SN5600's 9216, within the ConnectX-7's 9978
        QCOMPARE(mtuFindings(d), QStringList{QStringLiteral("mtu-unsupported [leaf1, leaf2]")});
        d.settings.mtu = 9000;
        node(d, "host1").hcas = {"bf3-b3140h"};   // no known largest MTU
        QCOMPARE(mtuFindings(d), QStringList{QStringLiteral("mtu-unknown [host1]")});
        Design ib = twoLeaves("qm9700", "connectx-7");
        ib.settings.mtu = 9000;   // an Ethernet jumbo MTU on InfiniBand, whose MTU stops at 4096
        QCOMPARE(mtuFindings(ib), (QStringList{QStringLiteral("mtu-unsupported [host1]"), QStringLiteral("mtu-unsupported [leaf1, leaf2]")}));
    }

    void roce()
    {
        Design d = twoLeaves("sn5600", "cx7-eth");
        d.settings.mtu = 1500;
        QCOMPARE(mtuFindings(d), QStringList{QStringLiteral("mtu-roce [leaf1, leaf2, host1]")});
        d.settings.mtu = kRoceFullMtu;
        QCOMPARE(mtuFindings(d), QStringList());
        node(d, "host1").mtu = kRoceFullMtu - 1;   // the server below 4192, under leaves at 4192: RoCE only
        QCOMPARE(mtuFindings(d), QStringList{QStringLiteral("mtu-roce [host1]")});
        // Below 352 bytes not even 256-byte RoCE payloads fit: RoCE does not run, an error.
        node(d, "host1").mtu = 351;
        QCOMPARE(mtuFindings(d), QStringList{QStringLiteral("mtu-roce [host1]")});
        const auto findings = validateDesign(d, builtin());
        QVERIFY(std::any_of(findings.begin(), findings.end(),
                            [](const Finding &f) { return f.code == "mtu-roce" && f.severity == Severity::Error; }));
        node(d, "host1").mtu = 352;
        const auto at352 = validateDesign(d, builtin());
        QVERIFY(std::none_of(at352.begin(), at352.end(),
                             [](const Finding &f) { return f.code == "mtu-roce" && f.severity == Severity::Error; }));
        QCOMPARE(mtuFindings(d), QStringList{QStringLiteral("mtu-roce [host1]")});   // a warning: 256-byte payloads
        // InfiniBand at the IB MTU: no RoCE rule.
        Design ib = twoLeaves("qm9700", "connectx-7");
        ib.settings.mtu = 2048;
        QCOMPARE(mtuFindings(ib), QStringList());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestMtu)
#include "tst_mtu.moc"
