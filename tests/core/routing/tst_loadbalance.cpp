// Path selection over equal-cost paths (issue 29): per-flow ECMP hashing against its closed form,
// spraying over every path, and the flow model's completion under each, computed from the very
// paths the hashes drew.

#include "analysis/network.h"
#include "routing/loadbalance.h"
#include "routing/routedflows.h"

#include "fixtures.h"
#include "testmain.h"

#include <QTest>

#include <map>
#include <set>

using namespace cplan;

namespace {

// Two leaves joined by P spines (one cable from each leaf to each spine), `hosts` single-NIC
// hosts per leaf: P equal-cost paths between the leaves.
Design leafSpine(int spines, int hosts)
{
    Design d;
    d.name = "leaf-spine";
    auto add = [&](const std::string &id, const std::string &part, NodeRole role, Tier tier) {
        Node n;
        n.id = id;
        n.part = part;
        n.role = role;
        n.tier = tier;
        return d.addNode(n);
    };
    int links = 0;
    auto cable = [&](NodeId a, int pa, NodeId b, int pb) {
        Link l;
        l.id = "l" + std::to_string(links++);
        l.a = {a, pa};
        l.b = {b, pb};
        d.addLink(l);
    };
    const NodeId leaves[2] = {add("leaf0", "test-sw-128", NodeRole::Switch, Tier::Leaf), add("leaf1", "test-sw-128", NodeRole::Switch, Tier::Leaf)};
    for (int s = 0; s < spines; ++s) {
        const NodeId spine = add("spine" + std::to_string(s), "test-sw-128", NodeRole::Switch, Tier::Spine);
        for (int l = 0; l < 2; ++l)
            cable(leaves[l], hosts + 1 + s, spine, l + 1);
    }
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < hosts; ++h)
            cable(add("h" + std::to_string(l) + "-" + std::to_string(h), "host-1hca", NodeRole::Server, Tier::Endpoint), 1, leaves[l], h + 1);
    return d;
}

Catalog testCatalog()
{
    Catalog c = test::builtinCatalog();
    Part sw = *c.find("qm9700");
    sw.id = "test-sw-128";
    sw.ports = 128;
    sw.portsPerCage = 1;
    c.addOrReplace(sw);
    return c;
}

// The uplinks (first switch channel) the flows of one demand took.
std::set<std::uint32_t> uplinksUsed(EqualCostPaths &paths, std::uint32_t src, std::uint32_t dst)
{
    std::set<std::uint32_t> used;
    std::vector<std::uint32_t> channels;
    for (int f = 0; f < paths.subflows(); ++f)
        if (paths.route(src, dst, f, channels) && channels.size() >= 2)
            used.insert(channels[1]);
    return used;
}

} // namespace

class TestLoadBalance : public QObject
{
    Q_OBJECT

private slots:
    // P flows hashed over P equal uplinks use 1 - (1 - 1/P)^P of them on average.
    void ecmpCoverageMatchesClosedForm_data()
    {
        QTest::addColumn<int>("links");
        QTest::newRow("P=8") << 8;
        QTest::newRow("P=16") << 16;
        QTest::newRow("P=64") << 64;
    }
    void ecmpCoverageMatchesClosedForm()
    {
        QFETCH(int, links);
        const Catalog catalog = testCatalog();
        const Design d = leafSpine(links, 1);
        const Fabric fabric = Fabric::build(d, catalog);
        const RoutingTables tables = computeRoutes(fabric, {});
        QCOMPARE(fabric.endpoints().size(), std::size_t(2));
        constexpr int kSeeds = 2000;
        double share = 0;
        for (int seed = 1; seed <= kSeeds; ++seed) {
            PathPolicy policy;
            policy.policy = LoadBalancing::Ecmp;
            policy.seed = std::uint64_t(seed);
            policy.connections = links;
            EqualCostPaths paths(fabric, tables, policy);
            QCOMPARE(paths.subflows(), links);
            share += double(uplinksUsed(paths, 0, 1).size()) / links;
        }
        share /= kSeeds;
        const double expected = expectedHashedCoverage(links, links);
        qInfo("P=%d: %d seeds used %.4f of the uplinks on average; closed form %.4f", links, kSeeds, share, expected);
        QVERIFY2(std::abs(share - expected) <= 0.01, qPrintable(QString("%1 vs %2").arg(share).arg(expected)));

        PathPolicy spray;
        spray.policy = LoadBalancing::Spray;
        EqualCostPaths sprayed(fabric, tables, spray);
        QCOMPARE(sprayed.subflows(), std::min(links, kMaxSpraySubflows));
        QCOMPARE(int(uplinksUsed(sprayed, 0, 1).size()), links);
    }

    // Every route a policy gives is a shortest one and ends at the destination.
    void routesAreShortest()
    {
        const Catalog catalog = testCatalog();
        const Design d = leafSpine(8, 4);
        const Fabric fabric = Fabric::build(d, catalog);
        const RoutingTables tables = computeRoutes(fabric, {});
        for (LoadBalancing lb : {LoadBalancing::Lft, LoadBalancing::Ecmp, LoadBalancing::Flowlet, LoadBalancing::Spray}) {
            PathPolicy policy;
            policy.policy = lb;
            policy.connections = 3;
            EqualCostPaths paths(fabric, tables, policy);
            std::vector<std::uint32_t> channels;
            for (std::uint32_t s = 0; s < 8; ++s)
                for (std::uint32_t t = 0; t < 8; ++t) {
                    if (s == t)
                        continue;
                    for (int f = 0; f < paths.subflows(); ++f) {
                        QVERIFY(paths.route(s, t, f, channels));
                        QCOMPARE(channels.size(), std::size_t((s < 4) == (t < 4) ? 2 : 4));
                        QCOMPARE(fabric.port(channels.back()).peer, fabric.endpoints()[t]);
                    }
                }
        }
    }

    // All hosts of leaf 0 send to leaf 1 at once: under ECMP the completion is the busiest
    // link's bytes over its rate, from the paths the hashes drew; spraying loads every uplink
    // equally and is faster by that ratio.
    void ecmpSlowerThanSprayByItsCollisions()
    {
        const Catalog catalog = testCatalog();
        constexpr int kHosts = 8, kSpines = 8;
        const Design d = leafSpine(kSpines, kHosts);
        const Fabric fabric = Fabric::build(d, catalog);
        const RoutingTables tables = computeRoutes(fabric, {});
        std::vector<Demand> demands;
        for (std::uint32_t h = 0; h < kHosts; ++h)
            demands.push_back(Demand{h, kHosts + h, 1e9});
        const double rate = fabric.port(fabric.endpoints()[0]).speedGbps * 1e9 / 8;
        auto predicted = [&](const PathPolicy &policy) {
            EqualCostPaths paths(fabric, tables, policy);
            std::map<std::uint32_t, double> bytes;
            std::vector<std::uint32_t> channels;
            for (const Demand &dem : demands)
                for (int f = 0; f < paths.subflows(); ++f) {
                    paths.route(dem.src, dem.dst, f, channels);
                    for (std::uint32_t c : channels)
                        bytes[c] += dem.bytes / paths.subflows();
                }
            double busiest = 0;
            for (const auto &[c, b] : bytes)
                busiest = std::max(busiest, b);
            return busiest / rate;
        };
        TrafficOptions options;
        options.ideal = true;
        options.paths.policy = LoadBalancing::Spray;
        const double spray = runTraffic(fabric, tables, demands, {}, options).completionS;
        QVERIFY(test::near(spray, 1e9 / rate, 1e-9));
        QVERIFY(test::near(spray, predicted(options.paths), 1e-9));
        int slower = 0;
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
            options.paths.policy = LoadBalancing::Ecmp;
            options.paths.seed = seed;
            const double ecmp = runTraffic(fabric, tables, demands, {}, options).completionS;
            const double expected = predicted(options.paths);
            QVERIFY2(test::near(ecmp, expected, 1e-9), qPrintable(QString("seed %1: %2 vs %3").arg(seed).arg(ecmp).arg(expected)));
            slower += ecmp > spray * 1.01;
        }
        // 8 flows on 8 uplinks collide with probability 1 - 8!/8^8 = 99.8 %.
        QVERIFY(slower >= 7);
    }

    // The analysis: the fabric's own policy, ECMP's median over the seeds within its spread,
    // and a ring all-reduce whose every step crosses the spines (4-server SUs) slower under
    // ECMP, whose flows collide on uplinks, than sprayed, which gets the whole NIC bandwidth.
    void analysisRunsSeedsAndReportsTheSpread()
    {
        const Catalog &catalog = test::builtinCatalog();
        FatTreeSpec spec = test::fatTreeSpec("dgx-h100", 64, "qm9700", 2);
        spec.suSize = 4;
        const Design d = test::generateOrStop(spec);
        NetworkRequest request;
        request.reachability = request.metrics = request.latency = false;
        WorkloadSpec ring;
        ring.name = "allreduce";
        ring.collective = CollectiveKind::AllReduce;
        ring.bytes = double(1 << 30);
        ring.overrides.algorithms = {nccl::Algorithm::Ring};
        request.workloads = {ring};
        auto lft = analyzeNetwork(d, catalog, request);
        QVERIFY(lft.ok());
        QCOMPARE(lft->traffic.front().loadBalancing, LoadBalancing::Lft);
        QCOMPARE(lft->traffic.front().seeds, 1);
        request.loadBalancing = LoadBalancing::Ecmp;
        request.hashSeeds = 5;
        auto ecmp = analyzeNetwork(d, catalog, request);
        QVERIFY(ecmp.ok());
        const TrafficResult &e = ecmp->traffic.front();
        QCOMPARE(e.seeds, 5);
        QVERIFY(e.flowsPerDemand >= 1);
        QVERIFY(e.completionMinS <= e.completionS && e.completionS <= e.completionMaxS);
        request.loadBalancing = LoadBalancing::Spray;
        auto spray = analyzeNetwork(d, catalog, request);
        QVERIFY(spray.ok());
        const TrafficResult &s = spray->traffic.front();
        QCOMPARE(s.seeds, 1);
        QVERIFY(e.collective && s.collective && e.collective->known && s.collective->known);
        qInfo("64 DGX H100 ring all-reduce 1 GiB: lft %.1f, ecmp %.1f (%.3f-%.3f ms), spray %.1f GB/s busbw",
              lft->traffic.front().collective->busbwGBps, e.collective->busbwGBps, e.completionMinS * 1e3, e.completionMaxS * 1e3,
              s.collective->busbwGBps);
        QVERIFY(e.completionMinS < e.completionMaxS);   // the seeds drew different collisions
        QVERIFY(e.collective->fabricShare < 0.9);
        QVERIFY(e.collective->busbwGBps < s.collective->busbwGBps);
        QCOMPARE(s.collective->fabricShare, 1.0);
        QCOMPARE(s.collective->busbwGBps, lft->traffic.front().collective->busbwGBps);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestLoadBalance)
#include "tst_loadbalance.moc"
