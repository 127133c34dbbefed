// Routing: reachability on every sample, D-mod-K shifts on non-blocking trees, credit loops,
// the LFT dump round trip, and flow truths through real routes (failures: tst_analysis).
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "routing/metrics.h"
#include "nccl/collectiverun.h"
#include "routing/routedflows.h"
#include "routing/routing.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <filesystem>
#include <map>

using namespace cplan;

class TestRouting : public QObject
{
    Q_OBJECT

private:
    Catalog m_catalog;

    Design generate(int servers, const std::string &server, const std::string &sw, int tiers = 0, int down = 1, int up = 1)
    {
        return test::generateOrStop(test::fatTreeSpec(server, servers, sw, tiers, down, up), m_catalog);
    }

    Design sample(const std::string &name) { return test::loadSample(name, m_catalog); }

    // Most routes sharing one directed channel, over every shift permutation i -> i+k.
    static int worstShiftLoad(const Fabric &f, const RoutingTables &t)
    {
        const std::uint32_t n = t.endpointCount;
        std::vector<int> load(f.ports().size());
        std::vector<std::uint32_t> path;
        int worst = 0;
        for (std::uint32_t k = 1; k < n; ++k) {
            std::fill(load.begin(), load.end(), 0);
            for (std::uint32_t i = 0; i < n; ++i) {
                if (!traceRoute(f, t, i, (i + k) % n, path))
                    return -1;
                for (std::uint32_t c : path)
                    worst = std::max(worst, ++load[c]);
            }
        }
        return worst;
    }

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
    }

    void samplesReachable_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("engine");
        for (const std::string &file : test::sampleFiles())
            for (const char *engine : {"ftree", "updown", "minhop"}) {
                const std::string name = std::filesystem::path(file).filename().string();
                QTest::newRow((name + " " + engine).c_str()) << QString::fromStdString(name) << QString::fromLatin1(engine);
            }
    }
    void samplesReachable()
    {
        QFETCH(QString, file);
        QFETCH(QString, engine);
        const Design d = sample(file.toStdString());
        const Fabric f = Fabric::build(d, m_catalog);
        QVERIFY(f.warnings().empty());
        RoutingOptions o;
        o.engine = *routingEngineFromString(engine.toStdString());
        const RoutingTables t = computeRoutes(f, o);
        const RouteCheck c = checkRoutes(f, t);
        QVERIFY(c.pairs > 0);
        QCOMPARE(c.unreachablePairs, std::uint64_t(0));
        if (o.engine != RoutingEngine::MinHop && !t.fellBack)
            QVERIFY(findCreditLoops(f, t).deadlockFree);
    }

    // A non-blocking tree routed by ftree: every shift permutation loads each link once.
    void ftreeShiftsNonBlocking_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("sw");
        QTest::addColumn<int>("tiers");
        QTest::newRow("2-tier 128 hosts, parallel uplinks") << 128 << "host-1hca" << "qm9700" << 2;
        QTest::newRow("2-tier 200 hosts on HDR") << 200 << "host-1hca" << "qm8700" << 2;
        QTest::newRow("3-tier 200 hosts on HDR") << 200 << "host-1hca" << "qm8700" << 3;
        QTest::newRow("3-tier 400 hosts on HDR") << 400 << "host-1hca" << "qm8700" << 3;
        QTest::newRow("rail-optimized 2 SU of DGX H100") << 64 << "dgx-h100" << "qm9700" << 2;
        QTest::newRow("h100 pool sample shape") << 16 << "dgx-h100" << "qm9700" << 0;
    }
    void ftreeShiftsNonBlocking()
    {
        QFETCH(int, servers);
        QFETCH(QString, server);
        QFETCH(QString, sw);
        QFETCH(int, tiers);
        const Design d = generate(servers, server.toStdString(), sw.toStdString(), tiers);
        const Fabric f = Fabric::build(d, m_catalog);
        const RoutingTables t = computeRoutes(f, {});
        QVERIFY(!t.fellBack);
        QCOMPARE(worstShiftLoad(f, t), 1);
        QVERIFY(findCreditLoops(f, t).deadlockFree);
    }

    void torusCreditLoops()
    {
        TorusSpec s;
        s.dims = {4, 4};
        s.serversPerSwitch = 2;
        s.serverPart = "host-1hca";
        s.switchPart = "qm9700";
        auto d = generateTorus(s, m_catalog);
        QVERIFY(d.ok());
        for (const Design *design : {&*d}) {
            const Fabric f = Fabric::build(*design, m_catalog);
            RoutingOptions minhop;
            minhop.engine = RoutingEngine::MinHop;
            const auto loops = findCreditLoops(f, computeRoutes(f, minhop));
            QVERIFY(!loops.deadlockFree);
            QVERIFY(loops.cycle.size() >= 2);
            RoutingOptions updown;
            updown.engine = RoutingEngine::UpDown;
            const RoutingTables t = computeRoutes(f, updown);
            QVERIFY(findCreditLoops(f, t).deadlockFree);
            QCOMPARE(checkRoutes(f, t).unreachablePairs, std::uint64_t(0));
        }
        const Design torus = sample("torus-4x4.cluster.yaml");
        const Fabric f = Fabric::build(torus, m_catalog);
        RoutingOptions minhop;
        minhop.engine = RoutingEngine::MinHop;
        QVERIFY(!findCreditLoops(f, computeRoutes(f, minhop)).deadlockFree);
        RoutingOptions updown;
        updown.engine = RoutingEngine::UpDown;
        QVERIFY(findCreditLoops(f, computeRoutes(f, updown)).deadlockFree);
    }

    void lftRoundTrip_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("superpod 1su") << "dgx-h100-superpod-1su.cluster.yaml";
        QTest::newRow("hdr 2:1") << "hdr-2to1-520gpu.cluster.yaml";
        QTest::newRow("torus") << "torus-4x4.cluster.yaml";
    }
    void lftRoundTrip()
    {
        QFETCH(QString, file);
        const Design d = sample(file.toStdString());
        const Fabric f = Fabric::build(d, m_catalog);
        const RoutingTables t = computeRoutes(f, {});
        const std::string text = writeLftDump(f, t);
        QVERIFY(text.find("Unicast lids [0-") == 0);
        QVERIFY(text.find("# Channel Adapter portguid 0x") != std::string::npos);
        auto back = readLftDump(text, "dump", f);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QVERIFY(back->ports == t.ports);
        QCOMPARE(writeLftDump(f, *back), text);
    }

    void lftMalformed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        const std::string head = "Unicast lids [0-3] of switch Lid 1 guid 0x0002c90000000001 ('switch01'):\n";
        QTest::newRow("unknown switch") << "Unicast lids [0-3] of switch Lid 1 guid 0x1 ('nope'):\n" << 1 << "'nope' is not in the fabric";
        QTest::newRow("entry first") << "0x0002 001 # Channel Adapter portguid 0x1: 'gpu001 HCA-1'\n" << 1 << "before any switch";
        QTest::newRow("unknown ca") << QString::fromStdString(head + "0x0002 001 # Channel Adapter portguid 0x1: 'ghost'\n") << 2
                                    << "'ghost' is not in the fabric";
        QTest::newRow("bad port") << QString::fromStdString(head + "0x0002 099 # Channel Adapter portguid 0x1: 'gpu001 HCA-1'\n") << 2
                                  << "port 99 is not a port";
        QTest::newRow("garbage") << QString::fromStdString(head + "hello\n") << 2 << "unexpected line";
        QTest::newRow("empty") << "" << 0 << "not an opensm-lfts.dump";
    }
    void lftMalformed()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, message);
        const Design d = sample("edr-32gpu.cluster.yaml");
        const Fabric f = Fabric::build(d, m_catalog);
        auto r = readLftDump(text.toStdString(), "x.dump", f);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().line, line);
        QVERIFY2(r.error().message.find(message.toStdString()) != std::string::npos, r.error().message.c_str());
    }

    // Flow truths through real routes (ideal: line rate, no latency).
    void flowTruths()
    {
        const double S = 1e6;
        const double B = 400e9 / 8;   // NDR bytes/s
        TrafficOptions ideal;
        ideal.ideal = true;
        {
            const Design d = generate(128, "host-1hca", "qm9700", 2);
            const Fabric f = Fabric::build(d, m_catalog);
            const RoutingTables t = computeRoutes(f, {});
            auto lone = runTraffic(f, t, {Demand{0, 100, S}}, {}, ideal);
            QCOMPARE(lone.flows, std::size_t(1));
            QVERIFY(std::abs(lone.completionS - S / B) < 1e-9 * S / B * 1e3);
            auto a2a = generateTraffic(*parsePattern("alltoall"), 128, S);
            auto run = runTraffic(f, t, *a2a, {}, ideal);
            QCOMPARE(run.flows, std::size_t(128 * 127));
            const double expect = 127 * S / B;
            QVERIFY2(std::abs(run.completionS - expect) / expect < 1e-6, std::to_string(run.completionS / expect).c_str());
        }
        {
            // 2:1 leaves (42 down, 21 up): every flow of shift 42 crosses leaves at half rate.
            const Design d = generate(84, "host-1hca", "qm9700", 2, 2, 1);
            const Fabric f = Fabric::build(d, m_catalog);
            const RoutingTables t = computeRoutes(f, {});
            auto shift = generateTraffic(*parsePattern("shift:42"), 84, S);
            auto run = runTraffic(f, t, *shift, {}, ideal);
            const double expect = 2 * S / B;
            QVERIFY2(std::abs(run.completionS - expect) / expect < 1e-6, std::to_string(run.completionS / expect).c_str());
            const FabricMetrics m = computeMetrics(f);
            QCOMPARE(m.tiers.size(), std::size_t(2));
            QVERIFY(std::abs(m.tiers[0].oversubscription - 2.0) < 1e-9);
            QVERIFY(std::abs(m.bisectionGbps / m.halfInjectionGbps - 0.5) < 1e-9);
        }
        {
            // Without --ideal: protocol efficiency and path latency make it slower.
            const Design d = generate(64, "host-1hca", "qm9700", 2);
            const Fabric f = Fabric::build(d, m_catalog);
            const RoutingTables t = computeRoutes(f, {});
            const LatencyModel lm = latencyModel(f, m_catalog);
            TrafficOptions real;
            real.latency = &lm;
            auto a = runTraffic(f, t, {Demand{0, 40, S}}, {}, ideal);
            auto b = runTraffic(f, t, {Demand{0, 40, S}}, {}, real);
            QVERIFY(b.completionS > a.completionS / kNicEfficiency);
        }
    }

    void latencyAndMetrics()
    {
        const Design d = sample("h100-pool-128gpu.cluster.yaml");
        const Fabric f = Fabric::build(d, m_catalog);
        const RoutingTables t = computeRoutes(f, {});
        const LatencyModel lm = latencyModel(f, m_catalog);
        QVERIFY(!lm.assumptions.empty());
        const LatencyStats s = latencyDistribution(f, t, lm);
        QCOMPARE(s.pairs, std::uint64_t(128 * 127));
        QVERIFY(s.minNs > 0 && s.minNs <= s.p50Ns && s.p50Ns <= s.p99Ns && s.p99Ns <= s.maxNs);
        // Same leaf (rail): HCA, one switch, two cables; across leaves: three switches, four cables.
        const double oneSwitch = 2 * kAssumedHcaLatencyNs + kAssumedSwitchLatencyNs;
        QVERIFY(s.minNs > oneSwitch && s.minNs < oneSwitch + 100);
        const FabricMetrics m = computeMetrics(f);
        QCOMPARE(m.diameterSwitches, 3);
        QVERIFY(std::abs(m.bisectionGbps - m.halfInjectionGbps) < 1e-6);
        const auto gpu1 = d.findNode("gpu001"), gpu2 = d.findNode("gpu002");
        QCOMPARE(gpuPairLatencyNs(f, t, lm, *gpu1, 0, *gpu1, 3), 0.0);
        QVERIFY(gpuPairLatencyNs(f, t, lm, *gpu1, 0, *gpu2, 0) > 0);
    }

    void collectiveThroughRoutes()
    {
        const Design d = sample("h100-pool-128gpu.cluster.yaml");
        const Fabric f = Fabric::build(d, m_catalog);
        const RoutingTables t = computeRoutes(f, {});
        const CollectiveSetup setup = collectiveSetup(d, m_catalog, f);
        QVERIFY(setup.error.empty());
        QCOMPARE(setup.set.servers, 16u);
        QCOMPARE(setup.set.rails, 8u);
        CollectiveRequest request;
        request.bytes = 1e9;
        const CollectiveRun run = runCollective(f, t, setup, request);
        QCOMPARE(run.network.unroutable, std::size_t(0));
        // Rail rings and trees on a non-blocking fabric get the uncontended closed form.
        QCOMPARE(run.estimate.fabricShare, 1.0);
        const CollectiveEstimate closed = estimateCollective(setup.system, CollectiveKind::AllReduce, 1e9);
        QVERIFY(std::abs(run.estimate.busbwGBps - closed.busbwGBps) / closed.busbwGBps < 1e-6);
    }

    void ftreeScaleSmoke()
    {
        // A mid-size 3-tier tree routes with every pair reachable and no credit loop.
        const Design d = generate(2048, "host-1hca", "qm9700", 3);
        const Fabric f = Fabric::build(d, m_catalog);
        const RoutingTables t = computeRoutes(f, {});
        QVERIFY(!t.fellBack);
        QCOMPARE(checkRoutes(f, t).unreachablePairs, std::uint64_t(0));
        QVERIFY(findCreditLoops(f, t).deadlockFree);
    }

    // The long checks ask for a cancel while they run, not only when done (issue 17: a cancel
    // takes effect within 100 ms on 16k endpoints): each stops at the first question answered
    // yes, with what it had so far.
    void checksStopWhenCancelled()
    {
        const Design d = sample("h100-pool-128gpu.cluster.yaml");
        const Fabric f = Fabric::build(d, m_catalog);
        const RoutingTables t = computeRoutes(f, {});
        int asked = 0;
        const std::function<bool()> stop = [&asked] { return ++asked >= 1; };
        checkRoutes(f, t, 20, stop);
        QCOMPARE(asked, 1);   // at the 64th destination of 128, and it stopped there
        asked = 0;
        QVERIFY(findCreditLoops(f, t, stop).dependencies == 0);   // before the first switch
        QCOMPARE(asked, 1);
        asked = 0;
        const LatencyStats s = latencyDistribution(f, t, latencyModel(f, m_catalog), 2'000'000, stop);
        QCOMPARE(asked, 1);
        QCOMPARE(s.pairs, std::uint64_t(4095));   // of 16,256
        asked = 0;
        const FabricMetrics m = computeMetrics(f, stop);
        QCOMPARE(asked, 1);
        QCOMPARE(m.diameterSwitches, 0);   // no diameter search ran
        QVERIFY(m.bisectionGbps > 0);
        for (RoutingEngine engine : {RoutingEngine::FTree, RoutingEngine::UpDown}) {
            asked = 0;
            RoutingOptions o;
            o.engine = engine;
            o.threads = 1;
            o.cancelled = stop;
            const RoutingTables cut = computeRoutes(f, o);
            QCOMPARE(asked, 1);   // before the first switch's row: nothing routed
            QVERIFY(std::all_of(cut.ports.begin(), cut.ports.end(), [](std::uint8_t p) { return p == kNoPort; }));
        }
    }
};

CPLAN_TEST_APPLESS_MAIN(TestRouting)
#include "tst_routing.moc"
