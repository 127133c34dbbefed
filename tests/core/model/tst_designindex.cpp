// Design's lookups after edits: removing and re-inserting nodes and links updates them in
// place (model/designindex.cpp), and after every edit each lookup answers as a design indexed
// from scratch does: findNode and findLink for every id (and for ids that went), linkAt for
// every port. Random edits on designs small enough that the hash tables collide often, and the
// cases where the lookups are rebuilt instead: duplicate ids, a port used twice, a copy made
// without lookups.
#include "model/design.h"

#include "testmain.h"

#include <QtTest>

#include <random>

using namespace cplan;

namespace {

Design randomDesign(std::mt19937 &rng, int nodeCount, int linkCount)
{
    Design d;
    for (int i = 0; i < nodeCount; ++i) {
        Node n;
        n.id = "n" + std::to_string(i);
        d.addNode(n);
    }
    std::uniform_int_distribution<int> pick(0, nodeCount - 1);
    for (int i = 0; i < linkCount; ++i) {
        Link l;
        l.id = "l" + std::to_string(i);
        // Port numbers unique per link: no port used twice.
        l.a = PortRef{NodeId(std::uint32_t(pick(rng))), 2 * i + 1};
        l.b = PortRef{NodeId(std::uint32_t(pick(rng))), 2 * i + 2};
        d.addLink(l);
    }
    return d;
}

// Every lookup of `d` against the same design indexed from scratch; `gone`: ids that must not
// be found.
void checkLookups(const Design &d, const std::vector<std::string> &gone)
{
    Design fresh = d.unindexedCopy();
    fresh.reindex();
    for (std::uint32_t i = 0; i < d.nodes.size(); ++i)
        QCOMPARE(d.findNode(d.nodes[i].id), fresh.findNode(d.nodes[i].id));
    for (std::uint32_t i = 0; i < d.links.size(); ++i) {
        const Link &l = d.links[i];
        QCOMPARE(d.findLink(l.id), fresh.findLink(l.id));
        QCOMPARE(d.linkAt(l.a), fresh.linkAt(l.a));
        QCOMPARE(d.linkAt(l.b), fresh.linkAt(l.b));
        QVERIFY(l.a.node.value < d.nodes.size() && l.b.node.value < d.nodes.size());
    }
    for (const std::string &id : gone) {
        QCOMPARE(d.findNode(id), fresh.findNode(id));
        QCOMPARE(d.findLink(id), fresh.findLink(id));
    }
}

// Removes `count` random links and puts them back, as the window's Delete and undo do.
void removeAndRestoreLinks(Design &d, std::mt19937 &rng, int count)
{
    std::uniform_int_distribution<std::uint32_t> pick(0, std::uint32_t(d.links.size() - 1));
    std::vector<LinkId> cut;
    for (int i = 0; i < count; ++i)
        cut.push_back(LinkId(pick(rng)));
    std::sort(cut.begin(), cut.end());
    cut.erase(std::unique(cut.begin(), cut.end()), cut.end());
    std::vector<std::pair<std::uint32_t, Link>> taken;
    std::vector<std::string> gone;
    std::vector<std::pair<std::string, std::string>> ends;
    for (LinkId l : cut) {
        taken.emplace_back(l.value, d.links[l.value]);
        gone.push_back(d.links[l.value].id);
    }
    d.removeLinks(cut);
    checkLookups(d, gone);
    d.insertLinks(taken);
    checkLookups(d, {});
}

} // namespace

class TestDesignIndex : public QObject
{
    Q_OBJECT

private slots:
    void removeLinksThenUndo()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 40; ++round) {
            Design d = randomDesign(rng, 30, 200);
            const Design before = d;
            removeAndRestoreLinks(d, rng, 1 + round % 25);
            QCOMPARE(d.links.size(), before.links.size());
            for (std::size_t i = 0; i < d.links.size(); ++i)
                QCOMPARE(d.links[i].id, before.links[i].id);
        }
    }

    void removeNodesThenUndo()
    {
        std::mt19937 rng(11);
        for (int round = 0; round < 40; ++round) {
            Design d = randomDesign(rng, 60, 150);
            const Design before = d;
            std::uniform_int_distribution<std::uint32_t> pick(0, 59);
            std::vector<NodeId> cut;
            for (int i = 0; i <= round % 6; ++i)
                cut.push_back(NodeId(pick(rng)));
            std::sort(cut.begin(), cut.end());
            cut.erase(std::unique(cut.begin(), cut.end()), cut.end());
            // What the window does: the links first (with their ends by id), then the nodes.
            std::vector<LinkId> touching;
            for (std::uint32_t l = 0; l < d.links.size(); ++l)
                for (NodeId n : cut)
                    if (d.links[l].a.node == n || d.links[l].b.node == n) {
                        touching.push_back(LinkId(l));
                        break;
                    }
            std::vector<std::tuple<std::uint32_t, Link, std::string, std::string>> links;
            for (LinkId l : touching) {
                const Link &link = d.links[l.value];
                links.emplace_back(l.value, link, d.node(link.a.node).id, d.node(link.b.node).id);
            }
            std::vector<std::pair<std::uint32_t, Node>> nodes;
            std::vector<std::string> gone;
            for (NodeId n : cut) {
                nodes.emplace_back(n.value, d.node(n));
                gone.push_back(d.node(n).id);
            }
            d.removeLinks(touching);
            checkLookups(d, {});
            d.removeNodes(cut);
            checkLookups(d, gone);
            d.insertNodes(nodes);
            checkLookups(d, {});
            std::vector<std::pair<std::uint32_t, Link>> back;
            for (auto &[at, link, a, b] : links) {
                link.a.node = *d.findNode(a);
                link.b.node = *d.findNode(b);
                back.emplace_back(at, link);
            }
            d.insertLinks(back);
            checkLookups(d, {});
            QCOMPARE(d.nodes.size(), before.nodes.size());
            QCOMPARE(d.links.size(), before.links.size());
            for (std::size_t i = 0; i < d.links.size(); ++i) {
                QCOMPARE(d.links[i].id, before.links[i].id);
                QCOMPARE(d.links[i].a, before.links[i].a);
                QCOMPARE(d.links[i].b, before.links[i].b);
            }
        }
    }

    // Removing nodes drops the links touching them too.
    void removeNodesWithTheirLinks()
    {
        std::mt19937 rng(3);
        Design d = randomDesign(rng, 20, 120);
        const NodeId victim(5);
        std::size_t touching = 0;
        for (const Link &l : d.links)
            touching += (l.a.node == victim || l.b.node == victim) ? 1 : 0;
        d.removeNodes({victim});
        QCOMPARE(d.links.size(), std::size_t(120) - touching);
        QVERIFY(!d.findNode("n5"));
        checkLookups(d, {"n5"});
    }

    // The lookups keep the first entry of a duplicate id or a doubly used port (what the
    // validator reports); edits on such a design rebuild them and keep that rule.
    void duplicatesKeepTheFirst()
    {
        std::mt19937 rng(5);
        Design d = randomDesign(rng, 10, 40);
        Node twin;
        twin.id = "n3";
        d.addNode(twin);                 // duplicate id: findNode("n3") stays at 3
        Link shared = d.links[4];
        shared.id = "l4b";
        d.addLink(shared);               // ports of l4 used twice: linkAt stays l4
        QCOMPARE(d.findNode("n3")->value, 3u);
        d.removeNodes({NodeId(3)});      // now the twin (moved to 9) is the one
        QCOMPARE(d.findNode("n3")->value, std::uint32_t(d.nodes.size() - 1));
        checkLookups(d, {});
        const auto l4 = d.findLink("l4");
        if (l4) {
            d.removeLinks({*l4});
            QCOMPARE(d.linkAt(d.links[d.findLink("l4b")->value].a), d.findLink("l4b"));
        }
        checkLookups(d, {"l4"});
    }

    // A copy without lookups (what the analysis snapshots) rebuilds them on its first edit.
    void unindexedCopyEdits()
    {
        std::mt19937 rng(9);
        const Design d = randomDesign(rng, 15, 60);
        Design copy = d.unindexedCopy();
        copy.removeLinks({LinkId(10), LinkId(20)});
        checkLookups(copy, {"l10", "l20"});
        Design copy2 = d.unindexedCopy();
        copy2.removeNodes({NodeId(0)});
        checkLookups(copy2, {"n0"});
    }
};

CPLAN_TEST_APPLESS_MAIN(TestDesignIndex)
#include "tst_designindex.moc"
