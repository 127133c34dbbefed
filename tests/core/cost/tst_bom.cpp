// Bill of materials: counts by tier, optics per cage end matching the fibre, twin-port cables,
// unknown prices staying unknown.
#include "catalog/catalog.h"
#include "cost/bom.h"
#include "io/designyaml.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <map>
#include <set>

using namespace cplan;

class TestBom : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

    Design load(const char *sample) { return test::loadSample(sample, m_catalog); }

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
    }

    // Optics per cage end: a switch's twin-port cage with fibre takes one twin-port transceiver
    // (two links), a host port one single-port transceiver; all of the fibre's own mode.
    void superPodOptics()
    {
        const Design d = load("dgx-h100-superpod-4su.cluster.yaml");
        const Bom bom = computeBom(d, m_catalog);
        std::set<std::pair<std::uint32_t, int>> switchCages;
        long long hostEnds = 0;
        std::string mode;
        for (const Link &l : d.links) {
            const Part *cable = m_catalog.find(l.cable);
            QVERIFY(cable);
            if (!cable->needsTransceivers)
                continue;
            mode = cable->fiberMode;
            for (const PortRef &end : {l.a, l.b}) {
                if (d.node(end.node).role == NodeRole::Switch)
                    switchCages.insert({end.node.value, (end.port - 1) / 2});   // QM9700: 2 ports per cage
                else
                    ++hostEnds;
            }
        }
        QVERIFY(!switchCages.empty() && hostEnds > 0);
        long long twin = 0, single = 0;
        for (const BomLine &line : bom.lines) {
            if (line.category != "transceiver")
                continue;
            const Part *t = m_catalog.find(line.part);
            QVERIFY2(t, line.part.c_str());
            QCOMPARE(t->fiberMode, mode);        // multimode fibre, multimode optics
            (t->linksPerEnd == 2 ? twin : single) += line.quantity;
        }
        QCOMPARE(twin, (long long)switchCages.size());
        QCOMPARE(single, hostEnds);
        QCOMPARE(bom.counts.transceivers, int(twin + single));
    }

    void hostEndTakesSingleOptic()
    {
        auto d = parseDesign("format: cluster-planner/1\nname: one fibre\nnodes:\n"
                             "  - {id: sw, part: qm9700, role: switch, tier: 1}\n"
                             "  - {id: h, part: host-1hca}\n"
                             "links:\n  - {id: l1, a: \"h:1\", b: \"sw:1\", cable: ndr-fiber-mm-30m, length_m: 30}\n",
                             "mem", &m_catalog);
        QVERIFY(d.ok());
        const Bom bom = computeBom(*d, m_catalog);
        int single = 0, twin = 0;
        for (const BomLine &line : bom.lines)
            if (line.category == "transceiver") {
                const Part *t = m_catalog.find(line.part);
                QVERIFY(t);
                QCOMPARE(t->fiberMode, std::string("mm"));
                (t->linksPerEnd == 1 ? single : twin) += int(line.quantity);
            }
        QCOMPARE(single, 1);
        QCOMPARE(twin, 1);
    }

    // A splitter or twin-port cable carries two links: the BOM buys one per physical cable.
    void cablesArePhysical()
    {
        const Design d = load("dgx-h100-superpod-1su.cluster.yaml");
        const Bom bom = computeBom(d, m_catalog);
        std::map<std::string, long long> links;
        for (const Link &l : d.links)
            ++links[l.cable];
        bool sawPair = false;
        for (const auto &[part, cables] : bom.cablesByPart) {
            const Part *cable = m_catalog.find(part);
            QVERIFY(cable);
            long long bought = 0;
            for (const BomLine &line : bom.lines)
                if (line.part == part)
                    bought = line.quantity;
            QCOMPARE(bought, cables);
            // The generator fills both legs of every splitter it chooses.
            QCOMPARE(links[part], cable->linksPerEnd > 1 ? 2 * cables : cables);
            sawPair = sawPair || cable->linksPerEnd > 1;
        }
        QVERIFY(sawPair);
        int physical = 0, linkCount = 0;
        for (const auto &[tier, n] : bom.counts.cables)
            physical += n;
        for (const auto &[tier, n] : bom.counts.links)
            linkCount += n;
        QCOMPARE(linkCount, int(d.links.size()));
        QVERIFY(physical < linkCount);
    }

    void unknownPricesStayUnknown()
    {
        const Design d = load("hdr-2to1-520gpu.cluster.yaml");
        const Bom bom = computeBom(d, m_catalog);
        QVERIFY(!bom.totals.capexComplete);
        QVERIFY(!bom.unknownPrice.empty());
        for (const BomLine &line : bom.lines) {
            QCOMPARE(line.unitPrice.has_value(), line.total.has_value());
            if (!line.unitPrice)
                QVERIFY(std::find(bom.unknownPrice.begin(), bom.unknownPrice.end(), line.part) != bom.unknownPrice.end());
        }
        QCOMPARE(bom.totals.gpus, 520);
        QCOMPARE(bom.counts.switches.at("leaf"), 6);
        QCOMPARE(bom.counts.switches.at("spine"), 2);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestBom)
#include "tst_bom.moc"
