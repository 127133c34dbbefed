// ibnetdiscover interop: export -> import gives the same switches, HCAs and links; real
// ibnetdiscover output imports; malformed input gets a specific error with its line.
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "routing/fabric.h"
#include "util/atomicfile.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <tuple>

using namespace cplan;

using test::fabricShape;

class TestInterop : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
    }

    void exportImportRoundTrip_data()
    {
        QTest::addColumn<QString>("file");
        for (const std::string &file : test::sampleFiles())
            QTest::newRow(std::filesystem::path(file).filename().c_str()) << QString::fromStdString(file);
    }
    void exportImportRoundTrip()
    {
        QFETCH(QString, file);
        auto d = loadDesign(file.toStdString(), &m_catalog);
        QVERIFY(d.ok());
        const Fabric f = Fabric::build(*d, m_catalog);
        const std::string text = exportIbnetdiscover(*d, f);
        QVERIFY(text.find("switchguid=0x") != std::string::npos);
        QVERIFY(text.find("caguid=0x") != std::string::npos);
        QVERIFY(text.find(" HCA-1\"") != std::string::npos);
        auto back = importIbnetdiscover(text, "export.topo", m_catalog);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QVERIFY(fabricShape(back->design, m_catalog) == fabricShape(*d, m_catalog));
        // Same GUIDs and LIDs again: the export of the import is the same fabric.
        const Fabric f2 = Fabric::build(back->design, m_catalog);
        QCOMPARE(f2.endpoints().size(), f.endpoints().size());
        QCOMPARE(f2.switches().size(), f.switches().size());
        for (std::uint32_t s = 0; s < f.switches().size(); ++s)
            QCOMPARE(f2.node(f2.switches()[s]).guid, f.node(f.switches()[s]).guid);
        // The imported design saves and loads.
        const std::string yaml = serializeDesign(back->design);
        QVERIFY(parseDesign(yaml, "re.yaml", &m_catalog).ok());
    }

    void guidsUnique()
    {
        FatTreeSpec s;
        s.servers = {{"dgx-h100", 64}};
        s.switchPart = "qm9700";
        auto d = generateFatTree(s, m_catalog);
        QVERIFY(d.ok());
        // Two servers forced onto the same GUID: the CAs must still get distinct GUID blocks.
        d->nodes[20].guid = 0x0002c90000001000ull;
        d->nodes[21].guid = 0x0002c90000001000ull;
        const Fabric f = Fabric::build(*d, m_catalog);
        std::set<std::uint64_t> guids;
        for (const FabricNode &n : f.nodes())
            for (int p = 0; p <= (n.isSwitch() ? 0 : n.portCount); ++p)
                QVERIFY(guids.insert(n.guid + std::uint64_t(p)).second);
    }

    void importRealIbnetdiscover()
    {
        // Captured from ibnetdiscover against ibsim running our export of samples/edr-32gpu.
        auto text = readFile(std::string(CPLAN_TEST_DATA) + "/ibnetdiscover/edr-32gpu.ibnetdiscover");
        QVERIFY(text.ok());
        auto r = importIbnetdiscover(*text, "edr-32gpu.ibnetdiscover", m_catalog);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        auto sample = loadDesign(test::samplePath("edr-32gpu"), &m_catalog);
        QVERIFY(sample.ok());
        QVERIFY(fabricShape(r->design, m_catalog) == fabricShape(*sample, m_catalog));
        // ibsim's devid for that export named no model and no known chip: the switch is a
        // generic 36-port EDR part, not a catalog part of some generation.
        const Part *sw = m_catalog.find(r->design.node(*r->design.findNode("switch01")).part);
        QVERIFY(sw && sw->imported);
        QCOMPARE(sw->ports, 36);
        QCOMPARE(sw->portSpeedGbps.value_or(0), 100.0);

        // A toy fabric of 8-port switches: generic 8-port parts; overrides work exactly and by
        // prefix; an override naming a part the catalog lacks is an error.
        auto toy = readFile(std::string(CPLAN_TEST_DATA) + "/ibnetdiscover/ibsim-2switch.ibnetdiscover");
        QVERIFY(toy.ok());
        auto generic = importIbnetdiscover(*toy, "toy", m_catalog);
        QVERIFY2(generic.ok(), generic.ok() ? "" : generic.error().toString().c_str());
        QCOMPARE(m_catalog.find(generic->design.node(*generic->design.findNode("leafA")).part)->ports, 8);
        IbnetdiscoverImportOptions o;
        o.parts = {{"leaf*", "qm9700"}, {"gpu001", "nonexistent"}};
        auto unknown = importIbnetdiscover(*toy, "toy", m_catalog, o);
        QVERIFY(!unknown.ok());
        QVERIFY(unknown.error().message.find("nonexistent") != std::string::npos);
        o.parts = {{"leaf*", "qm9700"}, {"gpu*", "host-1hca"}};
        auto good = importIbnetdiscover(*toy, "toy", m_catalog, o);
        QVERIFY2(good.ok(), good.ok() ? "" : good.error().toString().c_str());
        const Design &d = good->design;
        QCOMPARE(d.nodes.size(), std::size_t(4));
        QCOMPARE(d.links.size(), std::size_t(3));
        QCOMPARE(d.node(*d.findNode("leafA")).part, std::string("qm9700"));
        QCOMPARE(d.node(*d.findNode("leafA")).guid.value_or(0), 0x0002c90000000100ull);
        QCOMPARE(d.node(*d.findNode("leafA")).tier, Tier::Leaf);
        QCOMPARE(d.node(*d.findNode("gpu002")).part, std::string("host-1hca"));
    }

    // Regression (fuzzing): a run of digits before "x" in a link comment overflowed an int
    // (undefined behaviour; the sanitizer build aborts on it). It is not a width: no speed.
    void hugeLinkWidthIsNotAWidth()
    {
        auto toy = readFile(std::string(CPLAN_TEST_DATA) + "/ibnetdiscover/ibsim-2switch.ibnetdiscover");
        QVERIFY(toy.ok());
        std::string text = *toy;
        for (std::size_t at; (at = text.find("4xSDR")) != std::string::npos;)
            text.replace(at, 5, "5555555555555555xNDR");
        IbnetdiscoverImportOptions o;
        o.parts = {{"leaf*", "qm9700"}, {"gpu*", "host-1hca"}};
        auto r = importIbnetdiscover(text, "toy", m_catalog, o);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(r->design.links.size(), std::size_t(3));
    }

    // Text with no node at all is not ibnetdiscover output: an error naming the first line that
    // does not read.
    void notATopology_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::newRow("empty") << "empty.txt" << 0;
        QTest::newRow("no name") << "no-name.txt" << 1;
        QTest::newRow("bad port count") << "bad-port-count.txt" << 1;
        QTest::newRow("port outside record") << "port-outside-record.txt" << 2;
    }
    void notATopology()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        const std::string path = std::string(CPLAN_TEST_DATA) + "/ibnetdiscover-malformed/" + file.toStdString();
        auto text = readFile(path);
        QVERIFY(text.ok());
        auto r = importIbnetdiscover(*text, path, m_catalog);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().file, path);
        QCOMPARE(r.error().line, line);
        QVERIFY2(r.error().message.find("not ibnetdiscover output") != std::string::npos, r.error().message.c_str());
    }

    // A mistake inside an otherwise readable dump is skipped and noted with its line; the rest
    // imports.
    void mistakesAreNoted_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown line") << "unknown-line.txt" << 4 << "not ibnetdiscover output";
        QTest::newRow("port beyond count") << "port-beyond-count.txt" << 2 << "not one of the 8 ports";
        QTest::newRow("unknown remote") << "unknown-remote.txt" << 3 << "no record in the file";
        QTest::newRow("asymmetric") << "asymmetric.txt" << 5 << "contradicts line 2";
        QTest::newRow("duplicate node") << "duplicate-node.txt" << 3 << "described twice";
        QTest::newRow("bad guid") << "bad-guid.txt" << 1 << "malformed value";
        QTest::newRow("no catalog switch") << "unknown-switch-part.txt" << 0 << "generic part";
        QTest::newRow("not UTF-8") << "not-utf8.txt" << 1 << "not UTF-8";
        QTest::newRow("only a SHARP port") << "sharp-port-only.txt" << 1 << "SHARP aggregation node (internal)";
        // Fuzz findings: U+FFFF in a switch's description became its generic part's model, which
        // yaml-cpp writes as U+FFFD: the saved design defined the part with another model than the
        // catalog's and did not open. The second is that finding as fuzzing made it.
        QTest::newRow("noncharacter") << "noncharacter-only.txt" << 4 << "Unicode noncharacter";
        QTest::newRow("noncharacter, bytes not UTF-8") << "noncharacter-in-model.txt" << 4 << "not UTF-8";
    }
    void mistakesAreNoted()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, message);
        const std::string path = std::string(CPLAN_TEST_DATA) + "/ibnetdiscover-malformed/" + file.toStdString();
        auto text = readFile(path);
        QVERIFY(text.ok());
        auto r = importIbnetdiscover(*text, path, m_catalog);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const bool noted = std::any_of(r->notes.begin(), r->notes.end(), [&](const ImportNote &n) {
            return n.line == line && n.message.find(message.toStdString()) != std::string::npos;
        });
        QVERIFY2(noted, qPrintable(file));
        // What imports saves to a design that reads back as it was, positions included (a dump
        // with bytes that are not UTF-8 saved an unreadable file; one without servers drew its
        // empty server row with a pitch of 0).
        const std::string yaml = serializeDesign(r->design);
        auto back = parseDesign(yaml, "back.yaml", &m_catalog);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QCOMPARE(serializeDesign(*back), yaml);
        for (const Node &n : r->design.nodes)
            QVERIFY(std::isfinite(n.x) && std::isfinite(n.y));
    }
};

CPLAN_TEST_APPLESS_MAIN(TestInterop)
#include "tst_interop.moc"
