// NCCL's collective model against published nccl-tests figures (each with its source and a
// stated tolerance), against values computed by hand from NCCL's constants (small messages),
// and the fabric's say (oversubscription, planes, rail-only, unknown figures).
#include "analysis/network.h"
#include "fixtures.h"
#include "nccl/collectiverun.h"
#include "testmain.h"

#include <QtTest>

using namespace cplan;
using cplan::test::builtinCatalog;
using cplan::test::fatTreeSpec;
using cplan::test::generateOrStop;
using cplan::test::near;

namespace {

constexpr double GiB = double(1ull << 30);

// The collective as every front end gets it: analyzeNetwork on the design.
CollectiveEstimate collective(const Design &d, const char *kind, double bytes, const std::string &algo = {},
                              const Catalog &catalog = builtinCatalog())
{
    NetworkRequest r;
    r.reachability = r.metrics = r.latency = false;
    WorkloadSpec w = *parseWorkload(kind);
    w.bytes = bytes;
    if (!algo.empty())
        w.overrides.algorithms = {*nccl::algorithmFromString(algo)};
    r.workloads = {w};
    auto a = analyzeNetwork(d, catalog, r);
    Q_ASSERT(a.ok() && a->traffic.size() == 1 && a->traffic[0].collective);
    return *a->traffic[0].collective;
}

Design servers(const char *part, int count, const char *sw = "qm9700", bool sharp = true)
{
    Design d = generateOrStop(fatTreeSpec(part, count, sw));
    d.settings.sharp = sharp;
    return d;
}

// Within `tol` of the published figure; the message shows both.
bool within(double model, double published, double tol, QString &why)
{
    why = QStringLiteral("model %1 GB/s, published %2 GB/s (%3 %)")
              .arg(model, 0, 'f', 1)
              .arg(published, 0, 'f', 1)
              .arg(100 * (model - published) / published, 0, 'f', 1);
    return std::abs(model - published) <= tol * published;
}

} // namespace

class TestNccl : public QObject
{
    Q_OBJECT

private slots:
    void publishedReferencePoints_data();
    void publishedReferencePoints();
    void singleH100PicksLlThenNvlsAt2MiB();
    void smallMessagesByHand();
    void b300WithoutNvlinkIsUnknown();
    void overridesRefuseWhatCannotRun();
    void oversubscriptionSlowsTheRing();
    void planesAndRailOnlyCarryTheCollective();
    void sweepSizes();
};

// Tolerance 10 % on bus bandwidth at >= 1 GiB (the acceptance).
void TestNccl::publishedReferencePoints_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("algo");
    QTest::addColumn<bool>("sharp");
    QTest::addColumn<double>("bytes");
    QTest::addColumn<double>("published");
    QTest::addColumn<QString>("chosen");
    // sjeaugey, NVIDIA/nccl-tests#212 and NVIDIA/nccl#1455: 8×H100 ring 365-370 GB/s.
    QTest::newRow("8xH100 ring, nccl-tests#212") << "dgx-h100" << 1 << "allreduce" << "Ring" << false << 8 * GiB << 370.0 << "Ring";
    // Same sources: NVLS is NCCL's default on one H100 server, peak busbw ~480 GB/s.
    QTest::newRow("8xH100 NVLS, nccl-tests#212") << "dgx-h100" << 1 << "allreduce" << "" << false << 8 * GiB << 480.0 << "NVLS";
    // sjeaugey, NVIDIA/nccl-tests#326: all_gather ~360 GB/s "exactly what we'd expect on H100".
    QTest::newRow("8xH100 all_gather, nccl-tests#326") << "dgx-h100" << 1 << "allgather" << "" << false << 8 * GiB << 360.0 << "Ring";
    // NVIDIA/nccl-tests#272: 8×H200 peak 475 GB/s (NVLS).
    QTest::newRow("8xH200 NVLS, nccl-tests#272") << "dgx-h200" << 1 << "allreduce" << "" << false << 8 * GiB << 475.0 << "NVLS";
    // NVIDIA/nccl-tests#309 (reporter): 2×HGX H100, 16 NDR NICs: 470 GB/s NVLSTree, 368.76 ring.
    QTest::newRow("2xH100 NVLSTree, nccl-tests#309") << "dgx-h100" << 2 << "allreduce" << "" << false << 8 * GiB << 470.0 << "NVLSTree";
    QTest::newRow("2xH100 ring, nccl-tests#309") << "dgx-h100" << 2 << "allreduce" << "Ring" << false << 8 * GiB << 368.76 << "Ring";
    // Same issue: 4×HGX H100 (32 GPUs), no SHARP: 365.84 GB/s.
    QTest::newRow("4xH100 no SHARP, nccl-tests#309") << "dgx-h100" << 4 << "allreduce" << "" << false << 8 * GiB << 365.84 << "NVLSTree";
    // NVIDIA/nccl#1649 (GTC 2024 slide quoted): multi-node NVLSTree 370-380 GB/s without SHARP.
    QTest::newRow("16xH100 NVLSTree, nccl#1649") << "dgx-h100" << 16 << "allreduce" << "" << false << 8 * GiB << 375.0 << "NVLSTree";
    // AddyLaddy, NVIDIA/nccl-tests#290 and #267: alltoall is one NIC's bandwidth, 46-49 GB/s.
    QTest::newRow("16xH100 alltoall, nccl-tests#267") << "dgx-h100" << 16 << "nccl-alltoall" << "" << false << 4 * GiB << 48.0 << "P2P";
    // CoreWeave, coreweave/nccl-tests PR #43: GB200 NVL72 rack, all_reduce 839.16 GB/s at 4 GB.
    // The PR's job ran NVLS (NCCL_NVLS_ENABLE=1, NCCL 2.25.1, commit aa40070); the README's later
    // copy of the same rows names 2.26.2 and a job with NVLS off (commit a736384).
    QTest::newRow("GB200 NVL72, coreweave#43") << "dgx-gb200-nvl72" << 1 << "allreduce" << "" << false << 4e9 << 839.16 << "NVLS";
    // AddyLaddy (NVIDIA), NVIDIA/nccl#812: "On an Nvidia DGX-A100 system we have 8x200Gbit/s IB
    // cards and we measure 192GB/s AllReduce BusBW", in a thread on Ring across nodes; no node
    // count or size given: 4 servers and 8 GiB taken (the ring's busbw hardly moves with either).
    QTest::newRow("DGX A100 multi-node ring, nccl#812") << "dgx-a100" << 4 << "allreduce" << "Ring" << false << 8 * GiB << 192.0 << "Ring";
    // Multi-node with InfiniBand SHARP. CoreWeave, coreweave/nccl-tests README (commit fb4787c,
    // 2023-06-15), the output of its H100 SHARP job: HGX H100, 8 x NDR 400G per server,
    // NCCL_COLLNET_ENABLE=1 NCCL_ALGO=COLLNETCHAIN, NCCL 2.18.1 (the job's image); 96 ranks, from
    // busbw / algbw = 2 x 95/96, so 12 servers. 386.56 GB/s at 8 GiB, 365.90 at 1 GiB.
    QTest::newRow("12xH100 IB SHARP CollNetChain, coreweave fb4787c")
        << "dgx-h100" << 12 << "allreduce" << "CollNetChain" << true << 8 * GiB << 386.56 << "CollNetChain";
    QTest::newRow("12xH100 IB SHARP CollNetChain 1 GiB, coreweave fb4787c")
        << "dgx-h100" << 12 << "allreduce" << "CollNetChain" << true << GiB << 365.90 << "CollNetChain";
}

void TestNccl::publishedReferencePoints()
{
    QFETCH(QString, server);
    QFETCH(int, count);
    QFETCH(QString, kind);
    QFETCH(QString, algo);
    QFETCH(bool, sharp);
    QFETCH(double, bytes);
    QFETCH(double, published);
    QFETCH(QString, chosen);
    const Design d = servers(server.toStdString().c_str(), count, "qm9700", sharp);
    const CollectiveEstimate e = collective(d, kind.toStdString().c_str(), bytes, algo.toStdString());
    QVERIFY2(e.known, unknownText(e).c_str());
    QCOMPARE(QString::fromLatin1(nccl::toString(e.algorithm)), chosen);
    QString why;
    QVERIFY2(within(e.busbwGBps, published, 0.10, why), qPrintable(why));
    qInfo("%s", qPrintable(why));
}

// NVIDIA/nccl-tests#309, the reporter's NCCL_DEBUG log on one 8×H100 node: 8 B - 1 MB Ring/LL,
// 2 MB - 16 GB NVLS/Simple.
void TestNccl::singleH100PicksLlThenNvlsAt2MiB()
{
    const Design d = servers("dgx-h100", 1);
    for (double b = 8; b <= 16 * GiB; b *= 2) {
        const CollectiveEstimate e = collective(d, "allreduce", b);
        const bool small = b <= 1024 * 1024;
        QCOMPARE(QString::fromLatin1(nccl::toString(e.algorithm)), QString::fromLatin1(small ? "Ring" : "NVLS"));
        QCOMPARE(QString::fromLatin1(nccl::toString(e.protocol)), QString::fromLatin1(small ? "LL" : "Simple"));
    }
}

// Times computed by hand from tuning.cc's tables (notes in core/nccl/README.md).
void TestNccl::smallMessagesByHand()
{
    nccl::System h100;   // one DGX H100
    h100.arch = nccl::Arch::Hopper;
    h100.nvlinkGBps = 450;
    // 8 B: Ring/LL, baseLat 6.6 + 14 steps × NVLink LL 0.6 = 15.0 µs (the bytes add 1e-4 µs).
    auto p = nccl::predict(h100, CollectiveKind::AllReduce, 8);
    QVERIFY(p.best);
    QCOMPARE(p.best->algorithm, nccl::Algorithm::Ring);
    QCOMPARE(p.best->protocol, nccl::Protocol::LL);
    QVERIFY(near(p.best->timeS * 1e6, 15.0, 1e-4));
    // 64 KiB: + 65536 / (1000 × min(141 LL cap, 12 ch × 30 × .5) × 8/14) = 0.8134 µs.
    p = nccl::predict(h100, CollectiveKind::AllReduce, 65536);
    QVERIFY(near(p.best->timeS * 1e6, 15.0 + 65536.0 / (1000 * 141.0 * 8 / 14), 1e-6));
    // Two servers, 8 B: Tree/LL, 6.8 + 2 × (7 × 0.6 + log2(2) × NET Tree LL 5.0) = 25.2 µs; the
    // ring would take 6.6 + 28 × max(0.6, 1.0 net overhead) + 2 × 2.7 = 40.0 µs.
    nccl::System two = h100;
    two.nodes = 2;
    p = nccl::predict(two, CollectiveKind::AllReduce, 8);
    QCOMPARE(p.best->algorithm, nccl::Algorithm::Tree);
    QCOMPARE(p.best->protocol, nccl::Protocol::LL);
    QVERIFY(near(p.best->latencyS * 1e6, 25.2, 1e-9));
    bool ringSeen = false;
    for (const nccl::Choice &c : p.candidates)
        if (c.algorithm == nccl::Algorithm::Ring && c.protocol == nccl::Protocol::LL) {
            ringSeen = true;
            QVERIFY(near(c.latencyS * 1e6, 40.0, 1e-9));
        }
    QVERIFY(ringSeen);
    // All-gather of 8 B on one server: ring LL, 6.6 + 7 × 0.6 = 10.8 µs.
    p = nccl::predict(h100, CollectiveKind::AllGather, 8);
    QVERIFY(near(p.best->latencyS * 1e6, 10.8, 1e-9));
}

// An unknown figure stays unknown: no busbw, the missing figure named.
void TestNccl::b300WithoutNvlinkIsUnknown()
{
    Catalog catalog = builtinCatalog();
    Part gpu = *catalog.find("b300");
    gpu.nvlinkGBps.reset();
    catalog.addOrReplace(gpu);
    const Design d = generateOrStop(fatTreeSpec("dgx-b300", 1, "q3400"), catalog);
    const CollectiveEstimate e = collective(d, "allreduce", 8 * GiB, {}, catalog);
    QVERIFY(!e.known);
    QCOMPARE(e.unknown.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(e.unknown[0]).contains(QStringLiteral("NVLink bandwidth of GPU 'b300'")));
    // With the catalog's sourced figure (NVLink 5, 1.8 TB/s): NVLS, as on a B200.
    const CollectiveEstimate sourced = collective(generateOrStop(fatTreeSpec("dgx-b300", 1, "q3400")), "allreduce", 8 * GiB);
    QVERIFY(sourced.known);
    QCOMPARE(sourced.algorithm, nccl::Algorithm::Nvls);
    QVERIFY(sourced.busbwGBps > 700 && sourced.busbwGBps < 1000);
}

void TestNccl::overridesRefuseWhatCannotRun()
{
    // NVLS across servers needs SHARP in the switches: refused without it, chosen with it.
    const CollectiveEstimate off = collective(servers("dgx-h100", 4, "qm9700", false), "allreduce", GiB, "NVLS");
    QVERIFY(!off.known);
    QVERIFY(!off.refused.empty());
    const CollectiveEstimate on = collective(servers("dgx-h100", 4, "qm9700", true), "allreduce", GiB, "NVLS");
    QVERIFY(on.known);
    QCOMPARE(on.algorithm, nccl::Algorithm::Nvls);
    // CollNet needs SHARP on every switch: the EDR SB7800 runs SHARPv1, a part without it none.
    QVERIFY(collective(servers("dgx-h100", 4, "qm9700", true), "allreduce", 64 * 1024, "CollNetDirect").known);
}

// The fabric decides: on a 2:1 tree the ring's flows share the leaves' uplinks.
void TestNccl::oversubscriptionSlowsTheRing()
{
    const Design full = generateOrStop(fatTreeSpec("dgx-h100", 64, "qm9700", 2, 1, 1));
    const Design half = generateOrStop(fatTreeSpec("dgx-h100", 64, "qm9700", 2, 2, 1));
    const CollectiveEstimate a = collective(full, "allreduce", 8 * GiB, "Ring");
    const CollectiveEstimate b = collective(half, "allreduce", 8 * GiB, "Ring");
    QVERIFY(near(a.fabricShare, 1.0, 1e-6));
    QVERIFY2(b.busbwGBps <= a.busbwGBps, qPrintable(QStringLiteral("%1 vs %2").arg(b.busbwGBps).arg(a.busbwGBps)));
    const CollectiveEstimate a2a = collective(half, "nccl-alltoall", GiB);
    QVERIFY2(a2a.fabricShare < 0.99, qPrintable(QString::number(a2a.fabricShare)));
}

// A multi-plane design's collective sees every plane's NICs; rail-only runs rail-aligned rings.
void TestNccl::planesAndRailOnlyCarryTheCollective()
{
    FatTreeSpec spec = fatTreeSpec("dgx-h100", 32, "qm9700");
    const CollectiveEstimate whole = collective(generateOrStop(spec), "allreduce", 8 * GiB, "Ring");
    spec.planes = 2;
    const CollectiveEstimate split = collective(generateOrStop(spec), "allreduce", 8 * GiB, "Ring");
    QVERIFY2(near(split.busbwGBps, whole.busbwGBps, 0.01), qPrintable(QStringLiteral("%1 vs %2").arg(split.busbwGBps).arg(whole.busbwGBps)));
    QCOMPARE(split.system.nicsPerNode, 8u);
    spec.planes = 1;
    spec.railOnly = true;
    const CollectiveEstimate rail = collective(generateOrStop(spec), "allreduce", 8 * GiB, "Ring");
    QVERIFY(near(rail.busbwGBps, whole.busbwGBps, 0.01));
}

void TestNccl::sweepSizes()
{
    const auto s = cplan::sweepSizes(8, 16 * GiB);
    QCOMPARE(s.size(), std::size_t(32));
    QCOMPARE(s.front(), 8.0);
    QCOMPARE(s.back(), 16 * GiB);
}

CPLAN_TEST_APPLESS_MAIN(TestNccl)
#include "tst_nccl.moc"
