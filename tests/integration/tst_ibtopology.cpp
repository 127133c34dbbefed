// The harness's readers and its congestion count, on files of our own (tests/data/ibfabric):
// no tools needed. The congestion figures are worked out by hand in the comments.
#include "ibtopology.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

using namespace cplan;
using namespace cplan::test;

namespace {

QString text(const std::string &relative)
{
    return QString::fromUtf8(readBytes(testDataPath(relative)));
}

} // namespace

class TestIbTopology : public QObject
{
    Q_OBJECT

private slots:
    void ibsimFormat()
    {
        const IbTopology t = parseIbTopology(text("ibfabric/two-leaves.topo"));
        QCOMPARE(t.switches(), 2);
        QCOMPARE(t.cas(), 4);
        QCOMPARE(t.links(), 5);   // four host cables and the leaf-to-leaf one, each listed from both ends
        const IbTopologyNode *leafA = t.find(QStringLiteral("leafA"));
        QVERIFY(leafA && leafA->isSwitch);
        QCOMPARE(leafA->ports, 8);
        QCOMPARE(leafA->links.at(8), std::make_pair(QStringLiteral("leafB"), 8));
        QCOMPARE(t.nodes[2].name, QStringLiteral("c1"));   // file order
        QCOMPARE(t.nodes[2].description, QStringLiteral("c1"));
    }

    // ibnetdiscover names nodes by GUID and keeps the description in a comment.
    void ibnetdiscoverFormat()
    {
        const IbTopology t = parseIbTopology(text("ibnetdiscover/ibsim-2switch.ibnetdiscover"));
        QCOMPARE(t.switches(), 2);
        QCOMPARE(t.cas(), 2);
        QCOMPARE(t.links(), 3);
        const IbTopologyNode *leafB = t.find(QStringLiteral("S-0002c90000000300"));
        QVERIFY(leafB);
        QCOMPARE(leafB->description, QStringLiteral("leafB"));
        QCOMPARE(leafB->links.at(1), std::make_pair(QStringLiteral("H-0002c90000000400"), 1));
        const IbTopologyNode *ca = t.find(QStringLiteral("H-0002c90000000200"));
        QVERIFY(ca && !ca->isSwitch);
        QCOMPARE(ca->description, QStringLiteral("gpu001 HCA-1"));
        QCOMPARE(ca->links.at(1), std::make_pair(QStringLiteral("S-0002c90000000100"), 1));
    }

    void lftDump()
    {
        const IbLfts l = parseLftDump(text("ibfabric/ibsim-2switch.lfts"));
        QCOMPARE(l.switches.size(), std::size_t(2));
        QCOMPARE(l.switches.at(QStringLiteral("leafA")).at(4), 3);
        QCOMPARE(l.switches.at(QStringLiteral("leafB")).at(4), 1);
        QCOMPARE(l.caLids.at(QStringLiteral("gpu001 HCA-1")), 3);
        QCOMPARE(l.caLids.at(QStringLiteral("gpu002 HCA-1")), 4);
    }

    void subnetList()
    {
        const IbSubnetList s = parseSubnetList(text("ibfabric/ibsim-2switch.subnet.lst"));
        QCOMPARE(s.switches, 2);
        QCOMPARE(s.cas, 2);
        QCOMPARE(s.links, 3);
        QCOMPARE(s.activeLinks, 3);
        QCOMPARE(parseSubnetList(QString()).links, 0);
    }

    // Hosts c1 c2 on leafA, c3 c4 on leafB. Shift 1: c2->c3 and c4->c1 cross, one route per
    // direction of the middle cable: 1. Shift 2: all four cross, two per direction: 2. Shift 3:
    // 1 again. Hops: 2 within a leaf, 3 across; 8 of the 12 routes cross: (4·2 + 8·3)/12.
    void congestionByHand()
    {
        const IbTopology t = parseIbTopology(text("ibfabric/two-leaves.topo"));
        const IbLfts l = parseLftDump(text("ibfabric/two-leaves.lfts"));
        const IbCongestion all = measureCongestion(t, l, 0);
        QVERIFY2(all.error.isEmpty(), qPrintable(all.error));
        QCOMPARE(all.shifts, 3);
        QCOMPARE(all.maxLinkLoad, 2);
        QVERIFY(near(all.meanMaxLinkLoad, 4.0 / 3.0));
        QCOMPARE(all.unroutablePairs, 0);
        QVERIFY(near(all.meanHops, 32.0 / 12.0));
        // One shift, spread over 1..3: k = round(3/1) = 3.
        const IbCongestion one = measureCongestion(t, l, 1);
        QCOMPARE(one.shifts, 1);
        QCOMPARE(one.maxLinkLoad, 1);
    }

    // A table that sends c3's LID back where it came from loops: those routes are unroutable,
    // not counted forever.
    void brokenTablesAreUnroutable()
    {
        const IbTopology t = parseIbTopology(text("ibfabric/two-leaves.topo"));
        QString lfts = text("ibfabric/two-leaves.lfts");
        lfts.replace(QStringLiteral("0x0005 001 #"), QStringLiteral("0x0005 008 #"));   // leafB sends c3's traffic back to leafA
        const IbCongestion c = measureCongestion(t, parseLftDump(lfts), 0);
        QCOMPARE(c.unroutablePairs, 3);   // every source but c3 itself, once each
        QVERIFY(!measureCongestion(t, IbLfts{}, 0).error.isEmpty());
        QVERIFY(!measureCongestion(IbTopology{}, parseLftDump(lfts), 0).error.isEmpty());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestIbTopology)
#include "tst_ibtopology.moc"
