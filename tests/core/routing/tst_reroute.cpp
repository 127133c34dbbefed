// Reroute after failures (issue 17 item 2): the ftree and updown engines spread the routes a
// failed spine, leaf-spine cable or leaf displaces over the surviving equal-cost paths, so
// losing 1 of 13 spines costs about 1/13 of the all-to-all time, not double (the routes of
// the failed spine all landed on the next one). Against OpenSM on the same failed fabric:
// tests/integration/tst_failedfabric.
#include "catalog/catalog.h"
#include "routing/routing.h"

#include "fixtures.h"
#include "routingchecks.h"
#include "testmain.h"

#include <QtTest>

using namespace cplan;

Q_DECLARE_METATYPE(cplan::RoutingEngine)

using test::allToAllSeconds;
using test::worstAllToAllLoad;

namespace {

Fabric failedFabric(const Design &design, const std::vector<std::string> &ids)
{
    return test::failedFabric(design, ids, test::builtinCatalog());
}

// A 2:1 HDR fabric of 5 leaves of 26 endpoints and 13 spines (tests/data/routing).
Design thirteenSpines()
{
    return test::loadTestDesign("routing/hdr-13spines.cluster.yaml");
}

} // namespace

class TestReroute : public QObject
{
    Q_OBJECT

private slots:
    // A 2:1 HDR fabric (tests/data/routing, the HDR sample as the generator built it before it
    // sized 2:1 leaves by the ports they use): 5 leaves of 26 endpoints, 13 spines, one cable from
    // each leaf to each spine. Intact, an uplink carries 26 sources x 104 remote destinations / 13 = 208 routes.
    // With k live paths out of a leaf (or into one) the best any per-destination routing can do
    // is 26 x ceil(104 / k); the engines must reach it.
    void spreadsDisplacedRoutes_data()
    {
        QTest::addColumn<RoutingEngine>("engine");
        QTest::addColumn<QStringList>("failed");
        QTest::addColumn<int>("bound");
        for (RoutingEngine e : {RoutingEngine::FTree, RoutingEngine::UpDown}) {
            const char *name = toString(e);
            QTest::addRow("%s intact", name) << e << QStringList{} << 26 * 8;
            QTest::addRow("%s spine05", name) << e << QStringList{"spine05"} << 26 * 9;
            QTest::addRow("%s spine05+spine09", name) << e << QStringList{"spine05", "spine09"} << 26 * 10;
            QTest::addRow("%s su01-leaf1:31-spine05:1", name) << e << QStringList{"l000135"} << 26 * 9;
            QTest::addRow("%s two cables", name) << e << QStringList{"l000135", "l000150"} << 26 * 10;
            // 4 leaves of 26 left: 78 remote destinations over 13 spines (6 each).
            QTest::addRow("%s su03-leaf1", name) << e << QStringList{"su03-leaf1"} << 26 * 6;
        }
    }
    void spreadsDisplacedRoutes()
    {
        QFETCH(RoutingEngine, engine);
        QFETCH(QStringList, failed);
        QFETCH(int, bound);
        std::vector<std::string> ids;
        for (const QString &id : failed)
            ids.push_back(id.toStdString());
        const Fabric f = failedFabric(thirteenSpines(), ids);
        RoutingOptions options;
        options.engine = engine;
        const RoutingTables t = computeRoutes(f, options);
        const RouteCheck check = checkRoutes(f, t);
        QCOMPARE(check.unreachablePairs, std::uint64_t(0));
        const int worst = worstAllToAllLoad(f, t);
        QVERIFY2(worst <= bound, qPrintable(QStringLiteral("%1 routes on one channel, at most %2").arg(worst).arg(bound)));
        QVERIFY(findCreditLoops(f, t).deadlockFree);
    }

    // Parallel cables: a leaf cabled to each spine with two (or more). One dead cable used to
    // leave its twin under the spine with twice its load (every destination of the dead one
    // moved onto it); now routes toward those destinations go through other spines, and the
    // leaf's remaining uplinks share its traffic.
    void parallelCables_data()
    {
        QTest::addColumn<QString>("design");   // a sample, or "generated" (200 hosts, 3 tiers, QM8700)
        QTest::addColumn<QString>("leaf");
        QTest::addColumn<QString>("spine");
        QTest::addColumn<double>("bound");     // worst channel after / intact at most
        // 10 uplinks per leaf (5 pod spines x 2 cables): 9 left, 10/9 of the intact load.
        QTest::newRow("generated 3-tier") << QStringLiteral("generated") << QStringLiteral("su01-leaf1")
                                          << QStringLiteral("pod01-spine01") << 10.0 / 9.0;
        // 32 uplinks (16 spines x 2): 31 left; D-mod-K leaves some unevenness (1,020 endpoints
        // do not fill whole leaves), so within 6 % of 32/31.
        QTest::newRow("dgx-h100-superpod-4su") << QStringLiteral("dgx-h100-superpod-4su") << QStringLiteral("su01-leaf1")
                                               << QStringLiteral("spine01") << 32.0 / 31.0 * 1.06;
    }
    void parallelCables()
    {
        QFETCH(QString, design);
        QFETCH(QString, leaf);
        QFETCH(QString, spine);
        QFETCH(double, bound);
        const Design d = design == QStringLiteral("generated")
                             ? test::generateOrStop(test::fatTreeSpec("host-1hca", 200, "qm8700", 3))
                             : test::loadSample(design.toStdString());
        std::string cable;
        for (const Link &l : d.links) {
            const std::string a = d.node(l.a.node).id, b = d.node(l.b.node).id;
            if ((a == leaf.toStdString() && b == spine.toStdString()) || (b == leaf.toStdString() && a == spine.toStdString())) {
                cable = l.id;
                break;
            }
        }
        QVERIFY(!cable.empty());
        // ftree only: updown still loads the twin twice (not spread yet, README).
        const Fabric intact = failedFabric(d, {});
        const Fabric f = failedFabric(d, {cable});
        const int before = worstAllToAllLoad(intact, computeRoutes(intact, {}));
        const int after = worstAllToAllLoad(f, computeRoutes(f, {}));
        qInfo("ftree, %s out: worst channel %d routes (intact %d)", cable.c_str(), after, before);
        QVERIFY(before > 0);
        QVERIFY2(after <= bound * before, qPrintable(QString::number(double(after) / before)));
    }

    // The acceptance figure: failing 1 of the 13 spines, all-to-all within 15 % of 13/12 of
    // the intact time (it was twice the intact time).
    void hdrSpineAllToAll_data()
    {
        QTest::addColumn<RoutingEngine>("engine");
        QTest::newRow("ftree") << RoutingEngine::FTree;
        QTest::newRow("updown") << RoutingEngine::UpDown;
    }
    void hdrSpineAllToAll()
    {
        QFETCH(RoutingEngine, engine);
        RoutingOptions options;
        options.engine = engine;
        const Design d = thirteenSpines();
        const Fabric intact = failedFabric(d, {});
        const double before = allToAllSeconds(intact, computeRoutes(intact, options));
        for (const char *spine : {"spine01", "spine07", "spine13"}) {
            const Fabric f = failedFabric(d, {spine});
            const double after = allToAllSeconds(f, computeRoutes(f, options));
            qInfo("%s, %s failed: all-to-all %.4f ms (intact %.4f ms, x %.4f)", toString(engine), spine, after * 1e3, before * 1e3,
                  after / before);
            QVERIFY2(after <= 1.15 * 13.0 / 12.0 * before, qPrintable(QString::number(after / before)));
            QVERIFY(after >= 13.0 / 12.0 * before * (1 - 1e-9));   // no routing beats losing the capacity
        }
    }
};

CPLAN_TEST_APPLESS_MAIN(TestReroute)
#include "tst_reroute.moc"
