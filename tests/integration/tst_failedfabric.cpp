// Reroute after failures against OpenSM (issue 17 item 2), through the project's harness
// (ibfabric.h): a 2:1 HDR fabric of 13 spines (tests/data/routing) with a spine, two spines, a leaf-spine cable or a leaf
// taken out. OpenSM configures the fabric without them (our export with those cables cut, as
// a re-sweep after the failure sees it); its tables are read back onto our failed fabric and
// run through the same all-to-all as ours. Ours must be no worse, and after losing 1 of the
// 13 spines within 15 % of 13/12 of the intact time.
// Skips as a whole where the harness cannot run (ibFabricMissing).
#include "catalog/catalog.h"
#include "io/ibnetdiscover.h"
#include "routing/routing.h"
#include "util/atomicfile.h"

#include "fixtures.h"
#include "ibfabric.h"
#include "routingchecks.h"
#include "skip.h"
#include "testmain.h"

#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace cplan;
using namespace cplan::test;

namespace {

// The design as a subnet manager sees it after the failures: every failed cable and every
// cable of a failed node cut (the nodes stay, unreachable).
Design withCablesCut(Design d, const std::vector<std::string> &ids)
{
    std::set<std::string> gone(ids.begin(), ids.end());
    std::vector<LinkId> cut;
    for (std::uint32_t i = 0; i < d.links.size(); ++i) {
        const Link &l = d.links[i];
        if (gone.count(l.id) || gone.count(d.node(l.a.node).id) || gone.count(d.node(l.b.node).id))
            cut.push_back(LinkId(i));
    }
    d.removeLinks(cut);
    return d;
}

} // namespace

class TestFailedFabric : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { CPLAN_REQUIRE(ibFabricMissing()); }

    void againstOpenSm_data()
    {
        QTest::addColumn<QString>("engine");      // ours; OpenSM's of the same name
        QTest::addColumn<QString>("failed");      // design ids, '+' between them
        QTest::addColumn<double>("bound");        // after / before at most (0: only "no worse than OpenSM")
        for (const char *engine : {"ftree", "updown"}) {
            QTest::addRow("%s spine05", engine) << QString::fromLatin1(engine) << QStringLiteral("spine05") << 1.15 * 13 / 12;
            QTest::addRow("%s spine05+spine09", engine) << QString::fromLatin1(engine) << QStringLiteral("spine05+spine09") << 0.0;
            QTest::addRow("%s cable su01-leaf1:31", engine) << QString::fromLatin1(engine) << QStringLiteral("l000135") << 0.0;
            QTest::addRow("%s su03-leaf1", engine) << QString::fromLatin1(engine) << QStringLiteral("su03-leaf1") << 0.0;
        }
    }
    void againstOpenSm()
    {
        QFETCH(QString, engine);
        QFETCH(QString, failed);
        QFETCH(double, bound);
        std::vector<std::string> ids;
        for (const QString &id : failed.split(QLatin1Char('+')))
            ids.push_back(id.toStdString());
        const Catalog &catalog = builtinCatalog();
        const Design d = loadTestDesign("routing/hdr-13spines.cluster.yaml", catalog);
        RoutingOptions options;
        options.engine = *routingEngineFromString(engine.toStdString());

        const Fabric intact = failedFabric(d, {}, catalog);
        const double before = allToAllSeconds(intact, computeRoutes(intact, options));
        const Fabric fabric = failedFabric(d, ids, catalog);
        const RoutingTables ours = computeRoutes(fabric, options);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString topo = dir.filePath(QStringLiteral("failed.topo"));
        const Design cut = withCablesCut(d, ids);
        QVERIFY(writeFileAtomically(topo.toStdString(), exportIbnetdiscover(cut, Fabric::build(cut, catalog))).ok());
        IbFabricOptions osmOptions;
        osmOptions.routing = engine == QStringLiteral("updown") ? QStringLiteral("updn") : engine;
        const IbFabricReport osm = runIbFabric(topo, osmOptions);
        QVERIFY2(osm.failure.isEmpty(), qPrintable(osm.failure));
        QVERIFY(osm.subnetUp);
        // With one cable cut, the leaves no longer have equal up ports: OpenSM's ftree refuses
        // the fabric and routes with its default engine (minhop); those are the tables it gives.
        QVERIFY(osm.routingUsed == osmOptions.routing || (osm.routingFellBack && engine == QStringLiteral("ftree")));
        auto theirs = readLftDump(osm.openSmLfts.toStdString(), "opensm-lfts.dump", fabric);
        QVERIFY2(theirs.ok(), theirs.ok() ? "" : theirs.error().toString().c_str());

        const int oursWorst = worstAllToAllLoad(fabric, ours);
        const int theirsWorst = worstAllToAllLoad(fabric, *theirs);
        const double oursS = allToAllSeconds(fabric, ours);
        const double theirsS = allToAllSeconds(fabric, *theirs);
        qInfo("%s, %s out: all-to-all ours %.4f ms, OpenSM (%s) %.4f ms (intact %.4f ms); worst channel ours %d routes, "
              "OpenSM %d",
              qPrintable(engine), qPrintable(failed), oursS * 1e3, qPrintable(osm.routingUsed), theirsS * 1e3, before * 1e3,
              oursWorst, theirsWorst);
        QVERIFY(oursWorst > 0);
        QVERIFY(theirsWorst > 0);   // OpenSM routes every pair of live endpoints too
        QVERIFY(oursWorst <= theirsWorst);
        QVERIFY(oursS <= theirsS * (1 + 1e-9));
        if (bound > 0)
            QVERIFY2(oursS <= bound * before, qPrintable(QString::number(oursS / before)));
    }
};

CPLAN_TEST_APPLESS_MAIN(TestFailedFabric)
#include "tst_failedfabric.moc"
