// Verification: a planned fabric against a miswired twin (in memory, and through the
// ibnetdiscover export and import), node matching by GUID, name and position, degraded links,
// missing and different nodes, and the punch list.
#include "asbuilttwin.h"

#include "catalog/catalog.h"
#include "export/cableplan.h"
#include "export/csv.h"
#include "io/ibnetdiscover.h"
#include "routing/fabric.h"
#include "verify/matchstats.h"
#include "verify/punchlist.h"
#include "verify/verify.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>

using namespace cplan;

namespace {

AsBuilt asBuilt(Design d)
{
    AsBuilt a;
    a.design = std::move(d);
    return a;
}

int countVerdict(const VerifyResult &r, CableVerdict v)
{
    return int(std::count_if(r.cables.begin(), r.cables.end(), [&](const CableFinding &c) { return c.verdict == v; }));
}

} // namespace

class TestVerify : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;
    Design m_plan;

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
        auto plan = test::plannedFabric(m_catalog);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().toString().c_str());
        m_plan = std::move(*plan);
    }

    void untouchedPlanAgrees()
    {
        const VerifyResult r = verifyAsBuilt(m_plan, asBuilt(m_plan), m_catalog);
        QVERIFY(r.agree());
        QCOMPARE(r.summary.ok, int(m_plan.links.size()));
        QCOMPARE(r.summary.planned, r.summary.found);
        QCOMPARE(r.summary.matchedByGuid, int(m_plan.nodes.size()));
        QVERIFY(punchList(r).empty());
    }

    // A plan whose cables carry two links (twin-port cables, splitters): every link keeps its
    // own ends and port labels (the plan has fewer cable rows than links).
    void twinCablesKeepTheirLinksEnds()
    {
        const Design plan = test::loadSample("dgx-h100-superpod-1su.cluster.yaml");
        QVERIFY(cablePlan(plan, m_catalog).size() < plan.links.size());
        const VerifyResult r = verifyAsBuilt(plan, asBuilt(plan), m_catalog);
        QVERIFY(r.agree());
        QCOMPARE(r.summary.ok, int(plan.links.size()));
        for (const CableFinding &c : r.cables) {
            const Link &l = plan.link(*plan.findLink(c.plannedLink));
            for (const auto &[end, ref] : {std::pair{&c.plannedA, l.a}, std::pair{&c.plannedB, l.b}}) {
                QCOMPARE(end->port, ref.port);
                QCOMPARE(end->portLabel, frontPanelPort(nodePorts(plan.node(ref.node), m_catalog), ref.port));
            }
        }
    }

    void miswiredTwin()
    {
        test::Miswiring what;
        const Design twin = test::miswiredTwin(m_plan, m_catalog, &what);
        const VerifyResult r = verifyAsBuilt(m_plan, asBuilt(twin), m_catalog);
        QVERIFY(!r.agree());
        QCOMPARE(r.summary.misconnected, 2);
        QCOMPARE(r.summary.missing, 1);
        QCOMPARE(r.summary.unexpected, 1);
        QCOMPARE(r.summary.different, 0);
        QCOMPARE(r.summary.swappedPairs, 1);
        QCOMPARE(r.summary.nodesMissing + r.summary.nodesUnexpected + r.summary.nodesDifferent, 0);
        // The swapped pair points at itself; the right end is the leaf's.
        std::vector<const CableFinding *> moved;
        for (const CableFinding &c : r.cables)
            if (c.verdict == CableVerdict::Misconnected)
                moved.push_back(&c);
        QCOMPARE(moved.size(), std::size_t(2));
        QCOMPARE(&r.cables[std::size_t(moved[0]->swapWith)], moved[1]);
        QCOMPARE(&r.cables[std::size_t(moved[1]->swapWith)], moved[0]);
        for (const CableFinding *c : moved) {
            const VerifyEnd &right = c->rightEnd == 0 ? c->plannedA : c->plannedB;
            QCOMPARE(right.node, what.leaf);
        }
        const auto missing = std::find_if(r.cables.begin(), r.cables.end(), [](const CableFinding &c) { return c.verdict == CableVerdict::Missing; });
        QCOMPARE(missing->plannedLink, what.removedLink);
        const auto extra = std::find_if(r.cables.begin(), r.cables.end(), [](const CableFinding &c) { return c.verdict == CableVerdict::Unexpected; });
        QVERIFY((extra->foundA.node == what.extraA && extra->foundB.node == what.extraB) ||
                (extra->foundA.node == what.extraB && extra->foundB.node == what.extraA));

        // The punch list: two moves pointing at each other, one replace, one remove, with the
        // cable plan's labels and port labels.
        const std::vector<PunchRow> rows = punchList(r);
        QCOMPARE(rows.size(), std::size_t(4));
        int moves = 0, replaces = 0, removes = 0;
        for (const PunchRow &row : rows) {
            moves += row.action == "move";
            replaces += row.action == "replace";
            removes += row.action == "remove";
            QVERIFY(!row.cableLabel.empty());
            QVERIFY(!row.a.portLabel.empty() && !row.b.portLabel.empty());
            if (row.action == "move")
                QVERIFY(row.note.find("swapped with row") != std::string::npos);
        }
        QCOMPARE(moves, 2);
        QCOMPARE(replaces, 1);
        QCOMPARE(removes, 1);
        const auto csv = parseCsv(punchListCsv(rows));
        QCOMPARE(csv.size(), std::size_t(5));
        QCOMPARE(csv[0][1], std::string("action"));
    }

    // The same twin exported as ibnetdiscover sees it and imported back: the verdicts hold.
    void miswiredTwinThroughIbnetdiscover()
    {
        const Design twin = test::miswiredTwin(m_plan, m_catalog, nullptr);
        const std::string text = exportIbnetdiscover(twin, Fabric::build(twin, m_catalog));
        auto found = parseAsBuilt(text, "twin.topo", m_catalog);
        QVERIFY2(found.ok(), found.ok() ? "" : found.error().toString().c_str());
        QVERIFY(found->fromDump);
        const VerifyResult r = verifyAsBuilt(m_plan, *found, m_catalog);
        QCOMPARE(r.summary.misconnected, 2);
        QCOMPARE(r.summary.missing, 1);
        QCOMPARE(r.summary.unexpected, 1);
        QCOMPARE(r.summary.different, 0);
        QCOMPARE(r.summary.nodesMissing + r.summary.nodesUnexpected + r.summary.nodesDifferent, 0);
        QCOMPARE(r.summary.matchedByGuid, int(m_plan.nodes.size()));
        const std::string plainText = exportIbnetdiscover(m_plan, Fabric::build(m_plan, m_catalog));
        auto same = parseAsBuilt(plainText, "plan.topo", m_catalog);
        QVERIFY(same.ok());
        QVERIFY(verifyAsBuilt(m_plan, *same, m_catalog).agree());
    }

    // No GUIDs in common: names match; a renamed server matches by its place in the tree.
    void matchByNameThenPosition()
    {
        Design found = m_plan;
        for (Node &n : found.nodes)
            n.guid = nodeGuid(n) ^ 0x5a5a5a5a00ull;   // other GUIDs everywhere
        Node &renamed = found.nodes[std::size_t(test::firstServer(found))];
        renamed.name = "rack7-node-unknown";
        renamed.id = "rack7-node-unknown";
        found.reindex();
        const VerifyResult r = verifyAsBuilt(m_plan, asBuilt(found), m_catalog);
        QVERIFY(r.agree());
        QCOMPARE(r.summary.matchedByGuid, 0);
        QCOMPARE(r.summary.matchedByPosition, 1);
        QCOMPARE(r.summary.matchedByName, int(m_plan.nodes.size()) - 1);
    }

    // The match statistics the window and `cplan verify` show (matchStats): every node of the plan
    // found; another fabric (no GUID, name or place in common) warns; a dump of part of the plan
    // (a handful of its nodes, all matched) does not.
    void matchStatsWarnOnAnotherFabric()
    {
        const int nodes = int(m_plan.nodes.size());
        MatchStats same = matchStats(verifyAsBuilt(m_plan, asBuilt(m_plan), m_catalog));
        QCOMPARE(same.planNodes, nodes);
        QCOMPARE(same.foundNodes, nodes);
        QCOMPARE(same.matched, nodes);
        QVERIFY(!same.almostNothingMatched());

        Design other = m_plan;
        for (Node &n : other.nodes) {
            n.guid = nodeGuid(n) ^ 0x5a5a5a5a00ull;
            n.name = "other-" + (n.name.empty() ? n.id : n.name);
            n.id = "other-" + n.id;
        }
        other.reindex();
        const MatchStats wrong = matchStats(verifyAsBuilt(m_plan, asBuilt(other), m_catalog));
        QCOMPARE(wrong.matched, 0);
        QCOMPARE(wrong.planNodes, nodes);
        QCOMPARE(wrong.foundNodes, nodes);
        QVERIFY(wrong.almostNothingMatched());

        QVERIFY(!same.partialDump() && !wrong.partialDump());   // one warning at a time
        QVERIFY(same.partialDumpWording().format.empty());

        MatchStats part;   // 5 of the plan's nodes found, all of them matched
        part.planNodes = nodes;
        part.foundNodes = part.matched = part.byGuid = 5;
        QVERIFY(!part.almostNothingMatched());
        QVERIFY(part.partialDump());
        QVERIFY(!MatchStats{}.almostNothingMatched());   // nothing on either side: nothing to warn about
        QVERIFY(!MatchStats{}.partialDump());
        MatchStats half = part;   // half the plan or more: a dump of the plan, nodes missing from it
        half.foundNodes = half.matched = half.byGuid = (nodes + 1) / 2;
        QVERIFY(!half.partialDump());
    }

    // Issue 31: a 9-node dump against a 179-node plan matched 9 of 9 and said nothing, while the
    // rest of the plan's cables read missing. A dump of one leaf and its servers says so.
    void matchStatsSayAPartialDump()
    {
        const Design part = test::oneLeafOf(m_plan);
        const VerifyResult r = verifyAsBuilt(m_plan, asBuilt(part), m_catalog);
        const MatchStats m = matchStats(r);
        const int nodes = int(m_plan.nodes.size()), found = int(part.nodes.size());
        QVERIFY(found > 1 && 2 * found < nodes);
        QCOMPARE(m.foundNodes, found);
        QCOMPARE(m.matched, found);
        QCOMPARE(m.plannedNotFound(), nodes - found);
        QVERIFY(!m.almostNothingMatched());
        QVERIFY(m.partialDump());
        QCOMPARE(m.partialDumpWording().english(),
                 "The as-built fabric has " + std::to_string(found) + " nodes against " + std::to_string(nodes) + " planned: the " +
                     std::to_string(nodes - found) + " others' cables read missing (a partial dump, or another plane?)");
    }

    void slowLinkIsDifferent()
    {
        Design found = m_plan;
        found.links[0].rate = "1xHDR";
        const VerifyResult r = verifyAsBuilt(m_plan, asBuilt(found), m_catalog);
        QCOMPARE(r.summary.different, 1);
        QCOMPARE(r.summary.ok, int(m_plan.links.size()) - 1);
        const auto d = std::find_if(r.cables.begin(), r.cables.end(), [](const CableFinding &c) { return c.verdict == CableVerdict::Different; });
        QCOMPARE(d->foundRate, std::string("1xHDR"));
        QCOMPARE(d->foundGbps, 50.0);
        QVERIFY(d->plannedGbps > d->foundGbps);
        QCOMPARE(punchList(r).front().action, std::string("check"));
    }

    void missingAndDifferentNodes()
    {
        Design found = m_plan;
        const int server = test::firstServer(found);
        const std::string gone = found.nodes[std::size_t(server)].id;
        found.removeNodes({NodeId(std::uint32_t(server))});
        // A leaf of another generation where the plan has an HDR one.
        for (Node &n : found.nodes)
            if (n.role == NodeRole::Switch && n.tier == Tier::Leaf) {
                n.part = "qm9700";
                break;
            }
        const VerifyResult r = verifyAsBuilt(m_plan, asBuilt(found), m_catalog);
        QCOMPARE(r.summary.nodesMissing, 1);
        QCOMPARE(r.summary.nodesDifferent, 1);
        QCOMPARE(r.summary.nodesUnexpected, 0);
        QVERIFY(r.summary.missing >= 1);
        QVERIFY(std::any_of(r.nodes.begin(), r.nodes.end(), [&](const NodeFinding &n) { return n.verdict == NodeVerdict::Missing && n.planNode == gone; }));
        QCOMPARE(countVerdict(r, CableVerdict::Unexpected), 0);
    }

    void designFileOrDumpIsDetected()
    {
        auto bad = parseAsBuilt("format: cluster-planner/1\nname: x\nnodes: [oops\n", "bad.yaml", m_catalog);
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().file, std::string("bad.yaml"));
        auto junk = parseAsBuilt("nothing to see\n", "junk.txt", m_catalog);
        QVERIFY(!junk.ok());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestVerify)
#include "tst_verify.moc"
