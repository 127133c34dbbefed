// Finding things in a design as a user names them (the window's Ctrl+F), and ports written one
// way: the window's "node:port (front panel)" and the cable plan's front-panel labels agree, and
// a label copied from the cable plan finds its port.
#include "catalog/catalog.h"
#include "export/cableplan.h"
#include "routing/designsearch.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <tuple>

using namespace cplan;

class TestDesignSearch : public QObject
{
    Q_OBJECT

private slots:
    void frontPanelLabels();
    void cablePlanLabelsFindTheirPorts();
    void portsAndGuids();
};

void TestDesignSearch::frontPanelLabels()
{
    const Catalog &catalog = test::builtinCatalog();
    Design d;
    for (const auto &[id, part, role] : {std::tuple{"sw", "qm9700", NodeRole::Switch}, std::tuple{"hdr", "qm8700", NodeRole::Switch},
                                         std::tuple{"gpu001", "dgx-h100", NodeRole::Server}}) {
        Node n;
        n.id = id;
        n.part = part;
        n.role = role;
        d.addNode(n);
    }
    const auto sw = nodePorts(d.nodes[0], catalog), hdr = nodePorts(d.nodes[1], catalog), gpu = nodePorts(d.nodes[2], catalog);
    // Twin-port OSFP cages: 64 ports in 32 cages.
    QCOMPARE(frontPanelPort(sw, 1), std::string("1/1"));
    QCOMPARE(frontPanelPort(sw, 34), std::string("17/2"));
    QCOMPARE(frontPanelPort(sw, 64), std::string("32/2"));
    // One port a cage: the number is the label.
    QCOMPARE(frontPanelPort(hdr, 5), std::string("5"));
    // A DGX H100's eight single-port adapters.
    QCOMPARE(frontPanelPort(gpu, 3), std::string("HCA-3/1"));
    QCOMPARE(portDisplayName(d, catalog, PortRef{NodeId{0}, 34}), std::string("sw:34 (17/2)"));
    QCOMPARE(portDisplayName(d, catalog, PortRef{NodeId{1}, 5}), std::string("hdr:5"));
    QCOMPARE(portDisplayName(d, catalog, PortRef{NodeId{2}, 3}), std::string("gpu001:3 (HCA-3/1)"));
}

void TestDesignSearch::cablePlanLabelsFindTheirPorts()
{
    const Catalog &catalog = test::builtinCatalog();
    const Design d = test::loadSample("dgx-h100-superpod-4su.cluster.yaml");
    const auto rows = cablePlan(d, catalog);
    QVERIFY(rows.size() > 1000);
    int checked = 0;
    // Every port of every cable end (a twin cable or a splitter's legs carry two).
    for (const CablePlanRow &row : rows)
        for (const CableEnd *end : {&row.from, &row.to})
            for (const CablePort &port : end->ports) {
                const auto node = d.findNode(port.nodeId);
                QVERIFY(node);
                // The window's name of the port ends with the cable plan's label (or is it).
                const std::string shown = portDisplayName(d, catalog, PortRef{*node, port.port});
                QVERIFY2(shown == port.nodeId + ":" + port.portLabel || shown.ends_with("(" + port.portLabel + ")"),
                         (shown + " vs " + port.portLabel).c_str());
                // The cable plan's device is the node's name (its id when unnamed).
                QVERIFY(port.device == port.nodeId || port.device == d.node(*node).name);
                const auto hits = searchDesign(d, catalog, port.device + " " + port.portLabel, 1);
                QVERIFY2(!hits.empty(), (port.device + " " + port.portLabel).c_str());
                QCOMPARE(hits[0].id, port.nodeId);
                QCOMPARE(hits[0].port, port.port);
                ++checked;
            }
    QVERIFY(checked > 2000);
}

void TestDesignSearch::portsAndGuids()
{
    const Catalog &catalog = test::builtinCatalog();
    const Design d = test::loadSample("dgx-h100-superpod-4su.cluster.yaml");
    const std::string sw = d.nodes.back().role == NodeRole::Switch ? d.nodes.back().id : d.nodes.front().id;
    auto first = [&](const std::string &q) {
        const auto hits = searchDesign(d, catalog, q, 1);
        return hits.empty() ? SearchHit{SearchHit::Node, "", -1, ""} : hits[0];
    };
    QCOMPARE(first(sw).id, sw);
    QCOMPARE(first(sw + ":2").port, 2);
    QCOMPARE(first(sw + ":1/2").port, 2);
    QCOMPARE(first(d.links[5].id).kind, SearchHit::Link);
    QCOMPARE(first("no-such-thing").port, -1);
    QCOMPARE(parseGuid("0x0002c903000a1b2c"), std::optional<std::uint64_t>(0x0002c903000a1b2cull));
    QCOMPARE(parseGuid("0002:c903:000a:1b2c"), std::optional<std::uint64_t>(0x0002c903000a1b2cull));
    QVERIFY(!parseGuid("sw-1"));
}

CPLAN_TEST_MAIN(TestDesignSearch)
#include "tst_designsearch.moc"
