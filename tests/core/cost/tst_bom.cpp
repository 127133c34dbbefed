// Bill of materials: counts by tier, optics per cage end matching the fibre, twin-port cables,
// unknown prices staying unknown.
#include "catalog/catalog.h"
#include "cost/bom.h"
#include "io/designyaml.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

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

    // Every fibre link's switch ends sit in twin-port cages: one twin transceiver per two
    // links of a cage, of the fibre's own mode.
    void superPodOptics()
    {
        const Design d = load("dgx-h100-superpod-4su.cluster.yaml");
        const Bom bom = computeBom(d, m_catalog);
        long long fibreLinks = 0;
        std::string mode;
        for (const Link &l : d.links) {
            const Part *cable = m_catalog.find(l.cable);
            QVERIFY(cable);
            if (cable->needsTransceivers) {
                ++fibreLinks;
                mode = cable->fiberMode;
            }
        }
        QVERIFY(fibreLinks > 0);
        long long optics = 0;
        for (const BomLine &line : bom.lines) {
            if (line.category != "transceiver")
                continue;
            const Part *t = m_catalog.find(line.part);
            QVERIFY2(t, line.part.c_str());
            QCOMPARE(t->fiberMode, mode);        // multimode fibre, multimode optics
            QCOMPARE(t->linksPerEnd, 2);          // both ends are switch cages
            optics += line.quantity;
        }
        // Leaf and spine cages are filled in pairs by the generator: 2 ends x links / 2 per cage.
        QCOMPARE(optics, fibreLinks);
        QCOMPARE(bom.counts.transceivers, int(fibreLinks));
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

    // A twin-port copper cable carries two links: the BOM buys half as many cables as links.
    void twinCablesHalve()
    {
        const Design d = load("dgx-h100-superpod-1su.cluster.yaml");
        const Bom bom = computeBom(d, m_catalog);
        for (const auto &[part, links] : bom.cablesByPart) {
            const Part *cable = m_catalog.find(part);
            QVERIFY(cable);
            long long bought = 0;
            for (const BomLine &line : bom.lines)
                if (line.part == part)
                    bought = line.quantity;
            QCOMPARE(bought, cable->linksPerEnd > 1 ? (links + 1) / 2 : links);
        }
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
        QCOMPARE(bom.counts.switches.at("leaf"), 5);
        QCOMPARE(bom.counts.switches.at("spine"), 13);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestBom)
#include "tst_bom.moc"
