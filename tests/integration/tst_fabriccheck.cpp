// Integration with the real InfiniBand tools through the project's harness (ibfabric.h): the
// harness itself on a toy fabric, then for every sample (and a generated 3-tier tree) our
// ibnetdiscover export comes up in ibsim + OpenSM with all CAs, switches and links; OpenSM's
// ftree accepts the fat trees (rank = tiers, no fall-back); our ftree tables load links no more
// than OpenSM's own for every shift (exactly once on non-blocking trees); and ibnetdiscover's
// view of the fabric imports back to the same switches, HCAs and links.
// Skips as a whole where the harness cannot run (ibFabricMissing: the tools, or the rights to
// make a network namespace).
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "routing/routing.h"
#include "util/atomicfile.h"

#include "fixtures.h"
#include "ibfabric.h"
#include "skip.h"
#include "testmain.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace cplan;
using namespace cplan::test;

class TestFabricCheck : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

private slots:
    void initTestCase()
    {
        CPLAN_REQUIRE(ibFabricMissing());
        m_catalog = builtinCatalog();
    }

    // The harness on the two-switch fabric: what OpenSM finds, what ibnetdiscover prints.
    void harnessOnToyFabric()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString topo = QString::fromStdString(testDataPath("ibnetdiscover/ibsim-2switch.ibnetdiscover"));
        IbFabricOptions options;
        options.discover = true;
        options.keepDir = dir.path();
        const IbFabricReport r = runIbFabric(topo, options);
        QVERIFY2(r.failure.isEmpty(), qPrintable(r.failure));
        QVERIFY(r.subnetUp);
        QCOMPARE(r.openSmExitCode, 0);
        QCOMPARE(r.casInFile, 2);
        QCOMPARE(r.casFound, 2);
        QCOMPARE(r.switchesFound, 2);
        QCOMPARE(r.linksFound, 3);
        QCOMPARE(r.activeLinks, 3);
        // Two leaves and no spine is no fat tree: ftree refuses it, OpenSM routes with minhop.
        QCOMPARE(r.routingUsed, QStringLiteral("minhop"));
        QVERIFY(r.routingFellBack);
        QVERIFY(!r.errors.isEmpty());
        const IbTopology seen = parseIbTopology(r.ibnetdiscover);
        QCOMPARE(seen.cas(), 2);
        QCOMPARE(seen.switches(), 2);
        QCOMPARE(seen.links(), 3);
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("osm.log"))));   // kept where asked

        // The one call for "what does ibnetdiscover print".
        QString error;
        const QString printed = ibnetdiscoverOf(topo, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(parseIbTopology(printed).links(), 3);
    }

    // A file the harness cannot bring up says why instead of passing.
    void harnessReportsFailure()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString topo = dir.filePath(QStringLiteral("switch-only.topo"));
        QVERIFY(writeBytes(topo.toStdString(), "Switch\t8 \"lonely\"\n"));
        const IbFabricReport r = runIbFabric(topo);
        QVERIFY(!r.failure.isEmpty());
        QVERIFY(!r.subnetUp);
        QString error;
        QVERIFY(ibnetdiscoverOf(topo, &error).isEmpty());
        QVERIFY(!error.isEmpty());
    }

    void fabric_data()
    {
        QTest::addColumn<QString>("design");   // a sample, or "generated:N" (3-tier HDR hosts)
        QTest::addColumn<int>("expectMaxLoad");   // 0 = only "no worse than OpenSM"
        QTest::newRow("edr-32gpu") << QStringLiteral("edr-32gpu") << 1;
        QTest::newRow("h100-pool-128gpu") << QStringLiteral("h100-pool-128gpu") << 1;
        QTest::newRow("hetero-h100-h20") << QStringLiteral("hetero-h100-h20") << 1;
        QTest::newRow("hdr-2to1-520gpu") << QStringLiteral("hdr-2to1-520gpu") << 0;
        // 31 DGX + 4 UFM per SU: CA counts that are not a multiple of a leaf, so shifts wrap
        // unevenly and no oblivious routing gets 1 (OpenSM gets 2 as well).
        QTest::newRow("dgx-h100-superpod-1su") << QStringLiteral("dgx-h100-superpod-1su") << 0;
        QTest::newRow("dgx-h100-superpod-4su") << QStringLiteral("dgx-h100-superpod-4su") << 0;
        // Not a fat tree: OpenSM's ftree refuses it (an ERR in its log) and routes with its
        // default engine, minhop; ours falls back to minhop too.
        QTest::newRow("torus-4x4") << QStringLiteral("torus-4x4") << 0;
        QTest::newRow("generated 3-tier 200 hosts") << QStringLiteral("generated:200") << 1;
    }
    void fabric()
    {
        QFETCH(QString, design);
        QFETCH(int, expectMaxLoad);
        Design d;
        if (design.startsWith(QStringLiteral("generated:"))) {
            d = generateOrStop(fatTreeSpec("host-1hca", design.mid(10).toInt(), "qm8700", 3), m_catalog);
        } else {
            d = loadSample(design.toStdString(), m_catalog);
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString topo = dir.filePath(QStringLiteral("fabric.topo"));
        const Fabric fabric = Fabric::build(d, m_catalog);
        const std::string exported = exportIbnetdiscover(d, fabric);
        QVERIFY(writeFileAtomically(topo.toStdString(), exported).ok());

        IbFabricOptions options;
        options.discover = true;
        const IbFabricReport osm = runIbFabric(topo, options);
        QVERIFY2(osm.failure.isEmpty(), qPrintable(osm.failure));
        QVERIFY(osm.subnetUp);
        // ibsim 0.10 knows speeds up to HDR: "4xNDR" (what ibnetdiscover prints) only warns.
        for (const QString &w : osm.ibsimWarnings)
            QVERIFY2(w.contains(QStringLiteral("cannot parse speed")), qPrintable(w));
        // OpenSM found every CA, switch and cable of the file, all active.
        QCOMPARE(osm.casFound, osm.casInFile);
        QCOMPARE(osm.switchesFound, osm.switchesInFile);
        QCOMPARE(osm.linksFound, osm.linksInFile);
        QCOMPARE(osm.activeLinks, osm.linksFound);
        QCOMPARE(osm.casInFile, int(fabric.cas().size()));

        // ibnetdiscover's view imports back to the same fabric.
        auto imported = importIbnetdiscover(osm.ibnetdiscover.toStdString(), "ibnetdiscover.out", m_catalog);
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().toString().c_str());
        QVERIFY(fabricShape(imported->design, m_catalog) == fabricShape(d, m_catalog));

        // Fat trees: OpenSM's ftree accepts them as they are.
        int top = 0;
        for (int t : fabric.fatTreeTiers())
            top = std::max(top, t);
        if (top >= 2) {
            QVERIFY2(osm.errors.isEmpty(), qPrintable(osm.errors.join(QLatin1Char('\n'))));
            QCOMPARE(osm.ftreeRank.value_or(-1), top);
            QCOMPARE(osm.routingUsed, QStringLiteral("ftree"));
            QVERIFY(!osm.routingFellBack);
        }

        // Our tables: no worse than OpenSM's, for every shift.
        const IbTopology topology = parseIbTopology(QString::fromStdString(exported));
        const RoutingTables tables = computeRoutes(fabric, {});
        const IbCongestion ours = measureCongestion(topology, parseLftDump(QString::fromStdString(writeLftDump(fabric, tables))));
        const IbCongestion theirs = measureCongestion(topology, parseLftDump(osm.openSmLfts));
        QVERIFY2(ours.error.isEmpty() && theirs.error.isEmpty(), qPrintable(ours.error + theirs.error));
        qInfo("%s: max_link_load ours %d, OpenSM %d (mean of per-shift max: ours %.3f, OpenSM %.3f); OpenSM %.1f s",
              qPrintable(design), ours.maxLinkLoad, theirs.maxLinkLoad, ours.meanMaxLinkLoad, theirs.meanMaxLinkLoad, osm.seconds);
        QCOMPARE(ours.unroutablePairs, 0);
        QCOMPARE(theirs.unroutablePairs, 0);
        QVERIFY(ours.maxLinkLoad >= 1);
        QVERIFY(ours.maxLinkLoad <= theirs.maxLinkLoad);
        if (expectMaxLoad)
            QCOMPARE(ours.maxLinkLoad, expectMaxLoad);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestFabricCheck)
#include "tst_fabriccheck.moc"
