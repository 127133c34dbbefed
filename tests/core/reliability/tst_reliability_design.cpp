// The failure model on designs: which devices a job holds (servers, HCAs, the links and switches
// its traffic can cross), the Llama 3 consistency check on a 16,384-GPU DGX H100 fabric, spares
// as BOM lines, and the one entry point the front ends call.
#include "analysis/reliability.h"
#include "export/slurmtopology.h"
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <cmath>

using namespace cplan;
using namespace cplan::reliability;
using cplan::test::builtinCatalog;
using cplan::test::fatTreeSpec;
using cplan::test::generateOrStop;

namespace {

FailurePreset llama3()
{
    auto p = findFailurePreset("llama3");
    if (!p)
        qFatal("%s", p.error().toString().c_str());
    return *p;
}

const Design &dgx2048()
{
    static const Design d = generateOrStop(fatTreeSpec("dgx-h100", 2048, "qm9700"));
    return d;
}

} // namespace

class TestReliabilityDesign : public QObject
{
    Q_OBJECT

private slots:
    void footprintOfOneUnit();
    void footprintClimbsToCommonTier();
    void llama3On16kGpus();
    void smallJobGetsItsShare();
    void tooBigJobIsAnError();
    void sparesAreBomLines();
    void checkpointInTheAnswer();
    void slurmBlockExportSaysWhatTraysCost();
};

void TestReliabilityDesign::footprintOfOneUnit()
{
    // 32 DGX H100 of one scalable unit share their 8 rail leaves: their traffic stays there.
    const JobFootprint f = jobFootprint(dgx2048(), builtinCatalog(), 256);
    QVERIFY2(f.error.empty(), f.error.c_str());
    QCOMPARE(at(f.devices, Unit::Gpu), 256.0);
    QCOMPARE(at(f.devices, Unit::Server), 32.0);
    QCOMPARE(at(f.devices, Unit::Hca), 256.0);
    QCOMPARE(at(f.devices, Unit::Link), 256.0);
    QCOMPARE(at(f.devices, Unit::Switch), 8.0);
}

void TestReliabilityDesign::footprintClimbsToCommonTier()
{
    const Design &d = dgx2048();
    const JobFootprint f = jobFootprint(d, builtinCatalog(), 1024);
    QCOMPARE(at(f.devices, Unit::Server), 128.0);
    // Several units: their leaves' uplinks and switches above are crossed too, never more
    // than the whole fabric.
    QVERIFY(at(f.devices, Unit::Switch) > 32);
    QVERIFY(at(f.devices, Unit::Link) > 1024);
    const JobFootprint all = jobFootprint(d, builtinCatalog(), 0);
    QCOMPARE(at(all.devices, Unit::Link), double(d.links.size()));
    QVERIFY(at(f.devices, Unit::Switch) <= at(all.devices, Unit::Switch));
    bool leafOnly = true;
    for (std::uint32_t s : f.switches)
        leafOnly = leafOnly && d.nodes[s].tier == Tier::Leaf;
    QVERIFY(!leafOnly);
}

void TestReliabilityDesign::llama3On16kGpus()
{
    ReliabilityRequest r;
    r.jobGpus = 16384;
    r.days = 54;
    r.trials = 20;
    const ReliabilityAnalysis a = analyzeReliability(dgx2048(), builtinCatalog(), llama3(), r);
    QVERIFY2(a.error.empty(), a.error.c_str());
    // Meta's Table 5: 419 unexpected interruptions in 54 days on 16,384 H100.
    QVERIFY2(std::abs(a.interruptions.expected - 419) <= 0.05 * 419, qPrintable(QString::number(a.interruptions.expected)));
    // The fabric's cables and switches have no rate of their own in that study: named.
    QCOMPARE(a.interruptions.unknown, (std::vector<std::string>{"cable", "switch"}));
}

void TestReliabilityDesign::smallJobGetsItsShare()
{
    ReliabilityRequest r;
    r.days = 54;
    r.trials = 10;
    r.jobGpus = 16384;
    const ReliabilityAnalysis big = analyzeReliability(dgx2048(), builtinCatalog(), llama3(), r);
    r.jobGpus = 1024;
    const ReliabilityAnalysis small = analyzeReliability(dgx2048(), builtinCatalog(), llama3(), r);
    QVERIFY(test::near(small.interruptions.perYear, big.interruptions.perYear / 16, 1e-12));
}

void TestReliabilityDesign::tooBigJobIsAnError()
{
    ReliabilityRequest r;
    r.jobGpus = 20000;
    const ReliabilityAnalysis a = analyzeReliability(dgx2048(), builtinCatalog(), llama3(), r);
    QVERIFY(a.error.find("20000") != std::string::npos);
}

void TestReliabilityDesign::sparesAreBomLines()
{
    ReliabilityRequest r;
    r.trials = 10;
    const ReliabilityAnalysis a = analyzeReliability(dgx2048(), builtinCatalog(), llama3(), r);
    bool server = false, hca = false;
    for (const SpareLine &s : a.spares.lines) {
        QCOMPARE(s.bom.category, std::string("spare"));
        QCOMPARE(s.bom.quantity, (long long)s.spares);
        QVERIFY(s.spares >= s.expectedInRepair);
        server = server || (s.kind == SpareKind::Server && s.part == "dgx-h100" && s.devices == 2048);
        hca = hca || (s.kind == SpareKind::Hca && s.devices == 16384);
    }
    QVERIFY(server && hca);
    // Cables and switches: no rate in this preset, so no spares, and said so.
    QCOMPARE(a.spares.unknown, (std::vector<std::string>{"cable", "switch"}));
}

void TestReliabilityDesign::checkpointInTheAnswer()
{
    ReliabilityRequest r;
    r.jobGpus = 16384;
    r.trials = 10;
    QVERIFY(!analyzeReliability(dgx2048(), builtinCatalog(), llama3(), r).checkpoint);
    r.checkpointGB = 2000;
    r.storageGBps = 50;
    r.restartMin = 10;
    const ReliabilityAnalysis a = analyzeReliability(dgx2048(), builtinCatalog(), llama3(), r);
    QVERIFY(a.checkpoint);
    QVERIFY(test::near(a.checkpoint->writeS, 40));
    QVERIFY(test::near(a.checkpoint->intervalS, dalyInterval(40, *a.interruptions.mtbiHours * 3600)));
    QVERIFY(a.checkpoint->goodput > 0.5 && a.checkpoint->goodput < 1);
}

void TestReliabilityDesign::slurmBlockExportSaysWhatTraysCost()
{
    // Two NVL72 racks of 18 compute trays (4 GPUs of a 72-GPU NVLink domain each).
    Catalog c = builtinCatalog();
    Part tray = *c.find("dgx-gb200-nvl72");
    tray.id = "nvl72-tray";
    tray.gpuCount = 4;
    tray.hcaCount = 4;
    tray.nvlinkDomain = 72;
    c.addOrReplace(tray);
    Design d;
    d.name = "trays";
    for (int i = 1; i <= 36; ++i) {
        Node n;
        n.id = "tray" + std::to_string(i);
        n.part = "nvl72-tray";
        n.rack = i <= 18 ? "r1" : "r2";
        d.addNode(n);
    }
    const std::string conf = exportSlurmBlockTopology(d, c);
    const std::string expected = "s=16: " + QString::number(usableShare(18, 16, kBlockCommentTrayDown) * 100, 'f', 1).toStdString() + " %";
    QVERIFY2(conf.find(expected) != std::string::npos, conf.c_str());
    QVERIFY(conf.find("The largest block that keeps at least 95.0 %") != std::string::npos);
    // DGX servers are each their own domain: no tray comment.
    QVERIFY(exportSlurmBlockTopology(dgx2048(), builtinCatalog()).find("Failed trays") == std::string::npos);
}

CPLAN_TEST_APPLESS_MAIN(TestReliabilityDesign)
#include "tst_reliability_design.moc"
