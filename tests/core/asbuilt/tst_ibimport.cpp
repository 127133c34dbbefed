// Importing what ibnetdiscover and its relatives print: one fixture per feature (tests/data/
// asbuilt/, written for the project), each with the counts and the details a faithful import
// gives.
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "io/ibnetdiscoverreader.h"
#include "io/ibmodels.h"
#include "routing/fabric.h"
#include "util/atomicfile.h"
#include "validate/rules.h"
#include "validate/validate.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <cstdio>
#include <map>

using namespace cplan;

namespace {

std::string data(const char *file) { return test::testDataPath(std::string("asbuilt/") + file); }

const Node *byName(const Design &d, const std::string &name)
{
    for (const Node &n : d.nodes)
        if (n.name == name)
            return &n;
    return nullptr;
}

bool hasNote(const IbnetdiscoverImport &r, int line, const std::string &text)
{
    return std::any_of(r.notes.begin(), r.notes.end(),
                       [&](const ImportNote &n) { return (line < 0 || n.line == line) && n.message.find(text) != std::string::npos; });
}

// A link between two named nodes at design ports (either orientation).
const Link *linkBetween(const Design &d, const std::string &a, int pa, const std::string &b, int pb)
{
    for (const Link &l : d.links) {
        const Node &x = d.node(l.a.node), &y = d.node(l.b.node);
        if ((x.name == a && l.a.port == pa && y.name == b && l.b.port == pb) || (x.name == b && l.a.port == pb && y.name == a && l.b.port == pa))
            return &l;
    }
    return nullptr;
}

// Why a design an import gave does not save and open again, unchanged, with the import's
// catalog; empty when it does.
std::string reopenError(const Design &design, const Catalog &catalog)
{
    const std::string yaml = serializeDesign(design);
    auto back = parseDesign(yaml, "re.yaml", &catalog);
    if (!back)
        return back.error().toString();
    return serializeDesign(*back) == yaml ? std::string() : "load -> save is not byte-identical";
}

} // namespace

class TestIbImport : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

    IbnetdiscoverImport load(const char *file)
    {
        auto text = readFile(data(file));
        if (!text)
            qFatal("%s", text.error().toString().c_str());
        auto r = importIbnetdiscover(*text, file, m_catalog);
        if (!r)
            qFatal("%s", r.error().toString().c_str());
        // Whatever imports saves and loads again (generic parts included).
        if (const std::string why = reopenError(r->design, m_catalog); !why.empty())
            qFatal("%s: %s", file, why.c_str());
        return std::move(*r);
    }

private slots:
    void initTestCase() { m_catalog = test::builtinCatalog(); }

    // Switches / HCAs / servers / cables each fixture holds, as a reader of the file counts them.
    void counts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("switches");
        QTest::addColumn<int>("hcas");
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("cables");
        QTest::addColumn<int>("aggregation");
        QTest::newRow("tabs, spaces, base/enhanced, GUIDs with and without zeros") << "whitespace-and-guids.topo" << 2 << 2 << 2 << 3 << 0;
        QTest::newRow("empty, zero, negative, multicast LIDs") << "odd-lids.topo" << 1 << 3 << 3 << 3 << 0;
        QTest::newRow("ibdiagnet variant") << "ibdiagnet.ibnetdiscover" << 1 << 2 << 1 << 2 << 1;
        QTest::newRow("SHARP aggregation nodes") << "sharp.topo" << 2 << 2 << 2 << 3 << 2;
        QTest::newRow("self-loops, parallel cables, dual-port HCAs") << "loops-and-dual-ports.topo" << 2 << 2 << 2 << 6 << 0;
        QTest::newRow("chassis sections") << "chassis.topo" << 2 << 1 << 1 << 2 << 0;
        QTest::newRow("ibsim dialect") << "ibsim.net" << 2 << 2 << 2 << 5 << 0;
        QTest::newRow("junk and a cut last line") << "junk-and-cut.topo" << 1 << 2 << 2 << 2 << 0;
        QTest::newRow("BOM, CRLF, whitespace lines, no final newline") << "bom-crlf.topo" << 1 << 1 << 1 << 1 << 0;
        QTest::newRow("cut after a header") << "cut-record.topo" << 1 << 2 << 2 << 1 << 0;
        QTest::newRow("ports report") << "ports-report.txt" << 2 << 2 << 2 << 4 << 1;
        QTest::newRow("switch models") << "switch-models.topo" << 7 << 3 << 3 << 8 << 0;
        QTest::newRow("servers from HCAs") << "servers.topo" << 1 << 24 << 6 << 24 << 0;
    }
    void counts()
    {
        QFETCH(QString, file);
        QFETCH(int, switches);
        QFETCH(int, hcas);
        QFETCH(int, servers);
        QFETCH(int, cables);
        QFETCH(int, aggregation);
        const IbnetdiscoverImport r = load(file.toStdString().c_str());
        QCOMPARE(r.counts.switches, switches);
        QCOMPARE(r.counts.hcas, hcas);
        QCOMPARE(r.counts.servers, servers);
        QCOMPARE(r.counts.cables, cables);
        QCOMPARE(int(r.design.links.size()), cables);
        QCOMPARE(r.counts.aggregationNodes, aggregation);
        // The parts it chose pass the part rules: an imported host holds the adapters it showed.
        for (const Finding &f : validateDesign(r.design, m_catalog))
            QVERIFY2(f.code != ruleCode(Rule::HcaSlots) && f.code != ruleCode(Rule::UnknownPart), f.message.c_str());
    }

    void whitespaceAndGuids()
    {
        const IbnetdiscoverImport r = load("whitespace-and-guids.topo");
        QVERIFY(r.notes.empty() || std::none_of(r.notes.begin(), r.notes.end(), [](const ImportNote &n) { return n.kind == ImportNote::Kind::Skipped; }));
        const Node *edge01 = byName(r.design, "edge01");
        QVERIFY(edge01);
        QCOMPARE(edge01->guid.value_or(0), 0x0002c903000a0001ull);
        // "H-2c90300b00020" on the switch's port line is "H-0002c90300b00020": same GUID.
        QVERIFY(linkBetween(r.design, "edge01", 2, "node02", 1));
        QCOMPARE(byName(r.design, "edge02")->guid.value_or(0), 0x0002c903000a0002ull);
        QCOMPARE(r.design.links.front().rate, std::string("4xFDR"));
    }

    void oddLidsAreNotedAndIgnored()
    {
        const IbnetdiscoverImport r = load("odd-lids.topo");
        QVERIFY(hasNote(r, 10, "LID 0"));              // the switch header
        QVERIFY(hasNote(r, 11, "no LID"));             // "lid  4xHDR"
        QVERIFY(hasNote(r, 12, "negative LID -1"));
        QVERIFY(hasNote(r, 13, "multicast LID 49153"));
        QCOMPARE(r.counts.skippedLines, 0);
    }

    void ibdiagnetVariant()
    {
        const IbnetdiscoverImport r = load("ibdiagnet.ibnetdiscover");
        const Node *sw = byName(r.design, "r-sw95");
        QVERIFY(sw);
        QCOMPARE(sw->part, std::string("qm8700"));   // 41 ports less the SHARP port, HDR, model MQM8700
        QVERIFY(linkBetween(r.design, "r-sw95", 23, "r-dcs96", 1));
        QVERIFY(linkBetween(r.design, "r-sw95", 24, "r-dcs96", 2));
    }

    void sharpIsPartOfItsSwitch()
    {
        const IbnetdiscoverImport r = load("sharp.topo");
        QCOMPARE(byName(r.design, "spine-1")->part, std::string("qm9700"));
        const Node *leaf = byName(r.design, "leaf-1");
        const Part *generic = m_catalog.find(leaf->part);
        QVERIFY(generic && generic->imported);
        QCOMPARE(generic->model, std::string("MQM9701"));   // never the QM9700 of the catalog
        QCOMPARE(generic->ports, 64);
        QCOMPARE(generic->portSpeedGbps.value_or(0), 400.0);
        QVERIFY(!byName(r.design, "Mellanox Technologies Aggregation Node"));
        for (const Link &l : r.design.links)
            QVERIFY(l.a.port <= 64 && l.b.port <= 64);
    }

    void loopsParallelAndDualPorts()
    {
        const IbnetdiscoverImport r = load("loops-and-dual-ports.topo");
        QCOMPARE(r.counts.selfLoops, 1);
        QVERIFY(linkBetween(r.design, "sw1", 10, "sw1", 11));
        QVERIFY(linkBetween(r.design, "sw1", 20, "sw2", 20));
        QVERIFY(linkBetween(r.design, "sw1", 21, "sw2", 21));
        QVERIFY(linkBetween(r.design, "sw1", 1, "c01", 2));   // only port 2 of the HCA is used
        QVERIFY(linkBetween(r.design, "sw1", 2, "c02", 1));   // both ports on one switch
        QVERIFY(linkBetween(r.design, "sw1", 3, "c02", 2));
        QCOMPARE(byName(r.design, "sw1")->part, std::string("sb7800"));
        const Part *hca = m_catalog.find(byName(r.design, "c01")->hcas.at(0));
        QVERIFY(hca && hca->imported && hca->model == "ConnectX-4" && hca->ports == 2);
    }

    void chassisSections()
    {
        const IbnetdiscoverImport r = load("chassis.topo");
        QCOMPARE(r.counts.skippedLines, 0);
        QVERIFY(linkBetween(r.design, "ISR9288 Voltaire sLB-24D", 19, "ISR9288 Voltaire sFB-12D", 1));
        QVERIFY(linkBetween(r.design, "ISR9288 Voltaire sLB-24D", 1, "n001", 1));
    }

    void routers()
    {
        const IbnetdiscoverImport r = load("router.topo");
        QCOMPARE(r.counts.routers, 1);
        const Node *router = byName(r.design, "R-0002c90300e00000");
        QVERIFY(router);
        QCOMPARE(router->role, NodeRole::Management);
        QVERIFY(hasNote(r, -1, "router"));
    }

    void ibsimDialect()
    {
        const IbnetdiscoverImport r = load("ibsim.net");
        QVERIFY(byName(r.design, "Switch1") && byName(r.design, "Hca1"));
        QVERIFY(linkBetween(r.design, "Switch1", 3, "Switch2", 3));
        QVERIFY(linkBetween(r.design, "Switch1", 5, "Switch2", 5));
        QVERIFY(linkBetween(r.design, "Switch1", 2, "Hca1", 2));
        QVERIFY(!byName(r.design, "Switch1")->guid);   // no GUIDs in the file
    }

    void junkIsSkippedCountedAndReported()
    {
        const IbnetdiscoverImport r = load("junk-and-cut.topo");
        QCOMPARE(r.counts.progressLines, 2);
        QCOMPARE(r.counts.skippedLines, 5);   // prompt, ibwarn, stderr, iberror between records, the cut line
        QVERIFY(r.counts.cut);
        QVERIFY(hasNote(r, 1, "user@login01"));
        QVERIFY(hasNote(r, 5, "src/query_smp.c"));
        QVERIFY(hasNote(r, 25, "iberror"));
        QVERIFY(hasNote(r, 32, "looks cut"));
        // '#' inside the quoted description: the switch is "4036-8C9E", a Voltaire 4036.
        const Node *sw = byName(r.design, "4036-8C9E");
        QVERIFY(sw);
        QCOMPARE(m_catalog.find(sw->part)->model, std::string("Voltaire 4036"));
    }

    void bomCrlfAndFinalNewline()
    {
        const IbnetdiscoverImport r = load("bom-crlf.topo");
        QVERIFY(byName(r.design, "sw-crlf"));
        QVERIFY(linkBetween(r.design, "sw-crlf", 1, "crlf01", 1));
        QCOMPARE(r.counts.skippedLines, 0);
        QVERIFY(!r.counts.cut);
    }

    void cutFileImportsWhatIsWhole()
    {
        const IbnetdiscoverImport r = load("cut-record.topo");
        QVERIFY(r.counts.cut);
        QVERIFY(hasNote(r, -1, "looks cut"));
        QVERIFY(linkBetween(r.design, "sw-cut", 1, "cut01", 1));
    }

    void portsReport()
    {
        const IbnetdiscoverImport r = load("ports-report.txt");
        QVERIFY(r.portsReport);
        QCOMPARE(r.counts.progressLines, 2);
        QCOMPARE(byName(r.design, "leaf1")->part, std::string("qm8700"));   // 41 ports seen, 41 is SHARP
        QVERIFY(byName(r.design, "spine #1"));                              // '#' inside a quoted description
        QVERIFY(linkBetween(r.design, "leaf1", 40, "spine #1", 36));
        QVERIFY(linkBetween(r.design, "leaf1", 1, "gpu01", 1));
        QVERIFY(linkBetween(r.design, "leaf1", 2, "gpu01", 2));             // a 2-port HCA seen port by port
        QVERIFY(linkBetween(r.design, "leaf1", 3, "gpu02", 1));             // bare descriptions
        QCOMPARE(r.counts.degraded, 1);                                      // the 2xHDR link
        QCOMPARE(linkBetween(r.design, "leaf1", 3, "gpu02", 1)->rate, std::string("2xHDR"));
    }

    void faithfulSwitchParts()
    {
        const IbnetdiscoverImport r = load("switch-models.topo");
        auto model = [&](const char *name) {
            const Node *n = byName(r.design, name);
            if (!n)
                return std::string("(no node ") + name + ")";
            const Part *p = m_catalog.find(n->part);
            return p ? p->model + "/" + std::to_string(p->ports) + (p->imported ? "/generic" : "/catalog") : std::string("?");
        };
        QCOMPARE(model("ibleaf-01"), std::string("MQM9701/64/generic"));
        QCOMPARE(model("ib5"), std::string("SX6036/36/generic"));
        QCOMPARE(model("director-1"), std::string("CS7500/216/generic"));
        QCOMPARE(model("S-0002c90300001004"), std::string("Quantum/40/generic"));   // named by GUID, 41 less SHARP
        QCOMPARE(model("core-a"), std::string("Voltaire 4036/36/generic"));
        QCOMPARE(model("QLogic 12800 leaf 3"), std::string("QLogic 12800/36/generic"));
        QCOMPARE(model("S-000b8cffff001007"), std::string("MT43132/8/generic"));
        // HCAs: a ConnectX-7 is the catalog's; a ConnectX-3 stays a ConnectX-3.
        QCOMPARE(byName(r.design, "ndr01")->hcas.at(0), std::string("connectx-7"));
        const Part *cx3 = m_catalog.find(byName(r.design, "stage97")->hcas.at(0));
        QVERIFY(cx3 && cx3->imported);
        QCOMPARE(cx3->model, std::string("ConnectX-3"));
        QVERIFY(!cx3->unitPrice && !cx3->powerW);
        // Links keep their rate; the 1x one is degraded.
        QCOMPARE(linkBetween(r.design, "ib5", 36, "director-1", 1)->rate, std::string("4xFDR"));
        QCOMPARE(r.counts.degraded, 1);
        QVERIFY(hasNote(r, -1, "runs at 1xSDR"));
    }

    void serversFromHcas()
    {
        const IbnetdiscoverImport r = load("servers.topo");
        const Node *tray = byName(r.design, "a08-p1-dgx-04-c01");
        QVERIFY(tray);
        QCOMPARE(tray->hcas.size(), std::size_t(4));
        // HCAs in mlx5 order: mlx5_1 (on switch port 3) is HCA-2, the server's port 2.
        QVERIFY(linkBetween(r.design, "leaf-s", 3, "a08-p1-dgx-04-c01", 2));
        QVERIFY(linkBetween(r.design, "leaf-s", 2, "a08-p1-dgx-04-c01", 4));
        const Node *o = byName(r.design, "o0001");
        QVERIFY(o && o->hcas.size() == 2);
        QVERIFY(linkBetween(r.design, "leaf-s", 6, "o0001", 1));   // "o0001 HCA-1" is on port 6
        // Default descriptions: a server each, named by GUID, with a note.
        QVERIFY(byName(r.design, "H-0002c90300006000") && byName(r.design, "H-0002c90300006010"));
        QVERIFY(hasNote(r, -1, "names no host"));
        // 8 NDR HCAs: a DGX H100 only where the host name says so.
        QCOMPARE(byName(r.design, "dgx-h100-01")->part, std::string("dgx-h100"));
        QVERIFY(byName(r.design, "dgx-h100-01")->hcas.empty());
        QCOMPARE(byName(r.design, "gpu-07")->part, std::string("imported-host"));
        QCOMPARE(byName(r.design, "gpu-07")->hcas.size(), std::size_t(8));
    }

    void description_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("index");
        QTest::newRow("mlx5") << "a08-p1-dgx-04-c01 mlx5_5" << "a08-p1-dgx-04-c01" << 6;
        QTest::newRow("mlx4") << "stage97 mlx4_0" << "stage97" << 1;
        QTest::newRow("HCA-n") << "o0001 HCA-1" << "o0001" << 1;
        QTest::newRow("default") << "MT4129 ConnectX7   Mellanox Technologies" << "" << 0;
        QTest::newRow("aggregation") << "Mellanox Technologies Aggregation Node" << "" << 0;
        QTest::newRow("host only") << "node17" << "node17" << 0;
    }
    void description()
    {
        QFETCH(QString, text);
        QFETCH(QString, host);
        QFETCH(int, index);
        const HcaDescription d = readHcaDescription(text.toStdString());
        QCOMPARE(QString::fromStdString(d.host), host);
        QCOMPARE(d.index, index);
    }

    void notIbnetdiscoverIsAnError()
    {
        auto r = importIbnetdiscover("hello\nworld\n", "notes.txt", m_catalog);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().line, 1);
        QVERIFY(r.error().message.find("not ibnetdiscover output") != std::string::npos);
    }

    // Generic parts travel with the design: another catalog (a fresh process) learns them on load.
    // A dump has no positions: the import draws the tree, tier by tier (spines above leaves above
    // servers), nothing on top of anything, and a big fabric is not a strip.
    void importedFabricIsDrawnByTier()
    {
        FatTreeSpec spec;
        spec.servers = {{"host-1hca", 300}};
        spec.hcaOverride = "connectx-6";
        spec.switchPart = "qm8700";
        spec.tiers = 2;
        auto plan = generateFatTree(spec, m_catalog);
        QVERIFY(plan.ok());
        auto r = importIbnetdiscover(exportIbnetdiscover(*plan, Fabric::build(*plan, m_catalog)), "big.topo", m_catalog);
        QVERIFY(r.ok());
        const Design &d = r->design;
        double lowestSpine = -1e18, highestLeaf = 1e18, lowestLeaf = -1e18, highestServer = 1e18;
        double minX = 1e18, maxX = -1e18, minY = 1e18, maxY = -1e18;
        std::map<double, std::vector<double>> rows;   // y -> x of the nodes on it
        for (const Node &n : d.nodes) {
            if (n.tier == Tier::Spine)
                lowestSpine = std::max(lowestSpine, n.y);
            if (n.tier == Tier::Leaf) {
                highestLeaf = std::min(highestLeaf, n.y);
                lowestLeaf = std::max(lowestLeaf, n.y);
            }
            if (n.tier == Tier::Endpoint)
                highestServer = std::min(highestServer, n.y);
            QVERIFY(n.tier != Tier::Endpoint || n.role != NodeRole::Switch);
            rows[n.y].push_back(n.x);
            minX = std::min(minX, n.x);
            maxX = std::max(maxX, n.x);
            minY = std::min(minY, n.y);
            maxY = std::max(maxY, n.y);
        }
        QVERIFY(lowestSpine < highestLeaf);
        QVERIFY(lowestLeaf < highestServer);
        for (auto &[y, xs] : rows) {
            std::sort(xs.begin(), xs.end());
            for (std::size_t i = 1; i < xs.size(); ++i)
                QVERIFY2(xs[i] - xs[i - 1] >= 56, "two nodes overlap");
        }
        QVERIFY2((maxX - minX) < 4 * (maxY - minY), "drawn as a strip");
    }

    // Fuzzing found a "Ca 21" record imported as a 21-port generic adapter, which the design
    // reader then refused (an adapter has at most partlimits::kMaxHcaPorts ports): the import
    // saved a design that did not open. Such records and port lines are skipped with a note.
    void adapterWithTooManyPortsIsSkipped()
    {
        const IbnetdiscoverImport topo = load("adapter-ports.topo");
        QVERIFY(hasNote(topo, 17, "port count 21 is not 1 to 16"));
        QVERIFY(linkBetween(topo.design, "leaf-a", 1, "gpu01", 1));
        QVERIFY(!byName(topo.design, "gpu07"));
        const IbnetdiscoverImport report = load("adapter-ports-report.txt");
        QVERIFY(hasNote(report, 2, "skipped"));
        QVERIFY(hasNote(report, 3, "skipped"));
        QVERIFY(linkBetween(report.design, "leaf1", 1, "gpu01", 1));
        QVERIFY(!byName(report.design, "gpu07") && !byName(report.design, "gpu08"));
    }

    // Issue 31 defect 15: fuzzing found a dump whose 33-port router ("Rt 33", as ibnetdiscover
    // writes routers) imported "successfully" into a design that the design reader then refused
    // ("'ports' must be from 1 to 16"). The router is skipped with the reason, the 16-port one
    // beside it is kept, and the design the import gives saves and opens again, unchanged.
    void routerWithTooManyPortsIsSkipped()
    {
        auto text = readFile(data("router-33-ports.topo"));
        QVERIFY(text.ok());
        auto r = importIbnetdiscover(*text, "router-33-ports.topo", m_catalog);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        // Saved and opened again with the import's catalog: the same design.
        const std::string why = reopenError(r->design, m_catalog);
        QVERIFY2(why.empty(), why.c_str());
        // The router that could not be saved is left out, with the reason.
        QVERIFY(hasNote(*r, 25, "\"R-0002c90300e00000\": port count 33 is not 1 to 16; the record is skipped"));
        QVERIFY(!byName(r->design, "R-0002c90300e00000"));
        QCOMPARE(r->counts.routers, 1);
        const Node *kept = byName(r->design, "R-0002c90300f00000");
        QVERIFY(kept);
        QCOMPARE(kept->role, NodeRole::Management);
        QVERIFY(linkBetween(r->design, "leaf-r", 3, "R-0002c90300f00000", 16));
        QVERIFY(linkBetween(r->design, "leaf-r", 1, "r01", 1));
        // The same fabric as a ports report (`ibnetdiscover -p`): load() saves and opens it again.
        const IbnetdiscoverImport report = load("router-33-ports-report.txt");
        QVERIFY(hasNote(report, 2, "skipped"));
        QCOMPARE(report.counts.routers, 1);
        QVERIFY(linkBetween(report.design, "leaf-r", 1, "r01", 1));
        QCOMPARE(report.design.links.size(), std::size_t(2));
    }

    // The same class as defect 15: a switch record of 255 ports (ibsim takes 1-255) imported into
    // a generic 255-port part, and the design reader refused it ("'ports' must be from 1 to 254").
    // The importer now takes partlimits::kMaxSwitchPorts, as the reader does.
    void switchWithTooManyPortsIsSkipped()
    {
        auto text = readFile(data("switch-255-ports.topo"));
        QVERIFY(text.ok());
        auto r = importIbnetdiscover(*text, "switch-255-ports.topo", m_catalog);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const std::string why = reopenError(r->design, m_catalog);
        QVERIFY2(why.empty(), why.c_str());
        QVERIFY(hasNote(*r, 11, "\"S-0002c90300c00002\": port count 255 is not 1 to 254; the record is skipped"));
        QVERIFY(!byName(r->design, "leaf-255"));
        QVERIFY(linkBetween(r->design, "leaf-254", 254, "r02", 1));
        QVERIFY(linkBetween(r->design, "leaf-254", 1, "r01", 1));
        const IbnetdiscoverImport report = load("switch-255-ports-report.txt");
        QVERIFY(hasNote(report, 3, "skipped"));
        QVERIFY(linkBetween(report.design, "leaf-254", 254, "r02", 1));
        QCOMPARE(report.design.links.size(), std::size_t(2));
    }

    // The same class as defect 15: a host with more HCAs than a server holds (kMaxHcasPerServer)
    // imported into one server, and the design reader refused it ("a server holds at most 1024
    // HCAs"). The HCAs past that many are servers of their own, with a note; the design opens.
    void hostWithTooManyHcasIsSplit()
    {
        const int hcas = kMaxHcasPerServer + 6, perSwitch = 206;
        auto guid = [](int base, int i) {
            char text[24];
            std::snprintf(text, sizeof text, "%016x", base + i);
            return std::string(text);
        };
        std::string dump;
        for (int sw = 0; sw * perSwitch < hcas; ++sw) {
            dump += "Switch\t" + std::to_string(perSwitch) + " \"S-" + guid(0x100, sw) + "\"\t# \"leaf" + std::to_string(sw) + "\"\n";
            for (int p = 0; p < perSwitch && sw * perSwitch + p < hcas; ++p)
                dump += "[" + std::to_string(p + 1) + "]\t\"H-" + guid(0x10000, sw * perSwitch + p) + "\"[1]\n";
            dump += "\n";
        }
        for (int i = 0; i < hcas; ++i)
            dump += "Ca\t1 \"H-" + guid(0x10000, i) + "\"\t# \"big HCA-" + std::to_string(i) + "\"\n[1]\t\"S-" + guid(0x100, i / perSwitch) +
                    "\"[" + std::to_string(i % perSwitch + 1) + "]\n\n";
        auto r = importIbnetdiscover(dump, "big-host.topo", m_catalog);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const std::string why = reopenError(r->design, m_catalog);
        QVERIFY2(why.empty(), why.c_str());
        QCOMPARE(r->counts.hcas, hcas);
        QCOMPARE(r->design.links.size(), std::size_t(hcas));
        const Node *big = byName(r->design, "big");
        QVERIFY(big);
        QCOMPARE(big->hcas.size(), std::size_t(kMaxHcasPerServer));
        QVERIFY(hasNote(*r, -1, "host \"big\" already has 1024 HCAs, the most a server holds"));
    }

    void genericPartsTravelWithTheDesign()
    {
        const IbnetdiscoverImport r = load("switch-models.topo");
        const std::string yaml = serializeDesign(r.design);
        auto fresh = Catalog::loadDirectory(test::sourcePath("resources/catalog"));
        QVERIFY(fresh.ok());
        QVERIFY(!fresh->find(byName(r.design, "ib5")->part));
        auto back = parseDesign(yaml, "re.yaml", &*fresh);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QVERIFY(fresh->find(byName(r.design, "ib5")->part));
        // A part id reused with other figures is refused, with the line.
        std::string changed = yaml;
        const std::string from = "ports: 36\n";
        const auto at = changed.find(from);
        QVERIFY(at != std::string::npos);
        changed.replace(at, from.size(), "ports: 35\n");
        auto clash = parseDesign(changed, "clash.yaml", &*fresh);
        QVERIFY(!clash.ok());
        QVERIFY(clash.error().line > 0);
        QVERIFY(clash.error().message.find("different figures") != std::string::npos);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestIbImport)
#include "tst_ibimport.moc"
