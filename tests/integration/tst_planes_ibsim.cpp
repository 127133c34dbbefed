// Each plane of a multi-plane design in the real tools (issue 13 item 2): every plane's
// ibnetdiscover export (cplan export --format ibnetdiscover --plane N) comes up in ibsim + OpenSM
// on its own, OpenSM's ftree routes it as a 2-tier fat tree, our ftree tables load links no more
// than OpenSM's, and what the real ibnetdiscover prints verifies against that plane of the plan
// (cplan verify --plane N). Skips without the tools or the rights to make a network namespace.
#include "analysis/verification.h"
#include "catalog/catalog.h"
#include "export/deliverables.h"
#include "generate/fattree.h"
#include "routing/fabric.h"
#include "routing/routing.h"
#include "util/atomicfile.h"
#include "verify/verify.h"

#include "fixtures.h"
#include "ibfabric.h"
#include "skip.h"
#include "testmain.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace cplan;
using namespace cplan::test;

class TestPlanesIbsim : public QObject
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

    void everyPlaneComesUp()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-h100", 16}};
        spec.hcaOverride = "connectx-6";   // HDR: ibsim 0.10 brings NDR links up at SDR
        spec.switchPart = "qm8700";
        spec.planes = 2;
        const Design d = generateOrStop(spec, m_catalog);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (int plane = 1; plane <= 2; ++plane) {
            auto text = ibnetdiscoverFile(d, m_catalog, plane);
            QVERIFY(text.ok());
            const QString topo = dir.filePath(QStringLiteral("plane%1.topo").arg(plane));
            QVERIFY(writeFileAtomically(topo.toStdString(), *text).ok());
            IbFabricOptions options;
            options.discover = true;
            const IbFabricReport osm = runIbFabric(topo, options);
            QVERIFY2(osm.failure.isEmpty(), qPrintable(osm.failure));
            QVERIFY(osm.subnetUp);
            const Fabric fabric = Fabric::build(d, m_catalog, plane);
            QCOMPARE(osm.casFound, int(fabric.cas().size()));
            QCOMPARE(osm.casFound, 16 * 4);
            QCOMPARE(osm.switchesFound, int(fabric.switches().size()));
            QCOMPARE(osm.activeLinks, osm.linksInFile);
            QVERIFY2(osm.errors.isEmpty(), qPrintable(osm.errors.join(QLatin1Char('\n'))));
            QCOMPARE(osm.routingUsed, QStringLiteral("ftree"));
            QCOMPARE(osm.ftreeRank.value_or(-1), 2);

            const IbTopology topology = parseIbTopology(QString::fromStdString(*text));
            const RoutingTables tables = computeRoutes(fabric, {});
            const IbCongestion ours = measureCongestion(topology, parseLftDump(QString::fromStdString(writeLftDump(fabric, tables))));
            const IbCongestion theirs = measureCongestion(topology, parseLftDump(osm.openSmLfts));
            QVERIFY2(ours.error.isEmpty() && theirs.error.isEmpty(), qPrintable(ours.error + theirs.error));
            QCOMPARE(ours.unroutablePairs, 0);
            QVERIFY(ours.maxLinkLoad <= theirs.maxLinkLoad);
            qInfo("plane %d: %d CAs, %d switches, ftree rank %d; max link load ours %d, OpenSM %d; %.1f s", plane, osm.casFound,
                  osm.switchesFound, osm.ftreeRank.value_or(-1), ours.maxLinkLoad, theirs.maxLinkLoad, osm.seconds);

            const QString seen = dir.filePath(QStringLiteral("plane%1.ibnetdiscover").arg(plane));
            QVERIFY(writeFileAtomically(seen.toStdString(), osm.ibnetdiscover.toStdString()).ok());
            auto verified = analyzeVerification(d, seen.toStdString(), m_catalog, plane);
            QVERIFY2(verified.ok(), verified.ok() ? "" : verified.error().message.c_str());
            QVERIFY2(verified->result.agree(), verified->result.cables.empty() ? "" : verified->result.cables.front().message.c_str());
            QCOMPARE(verified->result.summary.matchedByGuid, int(fabric.switches().size()) + 16);
        }
    }
};

CPLAN_TEST_APPLESS_MAIN(TestPlanesIbsim)
#include "tst_planes_ibsim.moc"
