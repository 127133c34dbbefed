// The failure model without a design: the presets and their reader, the Llama 3 preset against
// its own source (Meta's Table 5), the checkpoint intervals against their closed forms, goodput's
// directions, the NVL72 block share against the exact binomial, spares, and the Monte Carlo's
// seed and cancel.
#include "fixtures.h"
#include "reliability/checkpoint.h"
#include "reliability/failurerates.h"
#include "reliability/interruptions.h"
#include "reliability/montecarlo.h"
#include "reliability/rackblocks.h"
#include "reliability/spares.h"
#include "testmain.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace cplan;
using namespace cplan::reliability;
using cplan::test::testDataPath;

namespace {

FailurePreset llama3()
{
    auto p = findFailurePreset("llama3");
    if (!p)
        qFatal("%s", p.error().toString().c_str());
    return *p;
}

// A job on Grand Teton servers: 8 GPUs and 8 NICs each (Llama 3 paper, section 3.3.1).
DeviceCounts h100Job(double gpus)
{
    DeviceCounts d{};
    at(d, Unit::Gpu) = gpus;
    at(d, Unit::Server) = gpus / 8;
    at(d, Unit::Hca) = gpus;
    return d;
}

double expectedOf(const InterruptionEstimate &e, const std::string &id)
{
    for (const CauseFigure &c : e.causes)
        if (c.id == id)
            return c.expected;
    return -1;
}

} // namespace

class TestReliability : public QObject
{
    Q_OBJECT

private slots:
    void builtinPresetsLoad();
    void malformedPresets_data();
    void malformedPresets();
    void llama3ReproducesTable5_data();
    void llama3ReproducesTable5();
    void jobRateScalesWithSize();
    void checkpointClosedForms();
    void goodputDirections();
    void nvl72BlockShare();
    void blockAdvice();
    void poissonSpares();
    void monteCarloReproducible();
    void monteCarloCancellable();
};

void TestReliability::builtinPresetsLoad()
{
    const auto ids = builtinPresetIds();
    QVERIFY(std::find(ids.begin(), ids.end(), "llama3") != ids.end());
    for (const std::string &id : ids) {
        auto p = findFailurePreset(id);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->id, id);
        QVERIFY(!p->source.empty());
        for (const FailureClass &c : p->classes)
            QVERIFY2(!c.source.empty(), c.id.c_str());
    }
    auto unknown = findFailurePreset("nosuch");
    QVERIFY(!unknown.ok());
    QVERIFY(unknown.error().message.find("llama3") != std::string::npos);
}

void TestReliability::malformedPresets_data()
{
    QTest::addColumn<QString>("file");
    for (const auto &e : std::filesystem::directory_iterator(testDataPath("reliability-malformed")))
        QTest::newRow(e.path().filename().string().c_str()) << QString::fromStdString(e.path().string());
}

void TestReliability::malformedPresets()
{
    QFETCH(QString, file);
    std::ifstream in(file.toStdString());
    std::string header;
    std::getline(in, header);   // "# error: LINE: message part"
    QVERIFY(header.rfind("# error: ", 0) == 0);
    const std::size_t colon = header.find(':', 9);
    const int line = std::stoi(header.substr(9, colon - 9));
    const std::string part = header.substr(colon + 2);
    auto p = loadFailurePreset(file.toStdString());
    QVERIFY(!p.ok());
    QCOMPARE(p.error().file, file.toStdString());
    if (line > 0)
        QCOMPARE(p.error().line, line);
    else
        QVERIFY(p.error().line > 0);
    QVERIFY2(p.error().message.find(part) != std::string::npos, p.error().message.c_str());
}

void TestReliability::llama3ReproducesTable5_data()
{
    // Meta, "The Llama 3 Herd of Models" (2024), Table 5: 419 unexpected interruptions in 54
    // days on 16,384 H100, by the preset's classes.
    QTest::addColumn<QString>("cause");
    QTest::addColumn<double>("published");
    QTest::newRow("gpu") << "gpu" << 196.0;   // faulty GPU 148, SRAM 19, GSP 17, SDC 6, thermal 6
    QTest::newRow("hbm") << "hbm" << 72.0;
    QTest::newRow("network") << "network" << 35.0;
    QTest::newRow("hca") << "hca" << 7.0;
    QTest::newRow("host_software") << "host_software" << 56.0;   // software bug 54, dependency 2
    QTest::newRow("host_maintenance") << "host_maintenance" << 32.0;
    QTest::newRow("server") << "server" << 14.0;   // SSD 3, PSU 3, chassis 2, IO board 2, CPU 2, memory 2
    QTest::newRow("unknown") << "unknown" << 7.0;   // NCCL watchdog timeouts
    QTest::newRow("total") << "" << 419.0;
}

void TestReliability::llama3ReproducesTable5()
{
    QFETCH(QString, cause);
    QFETCH(double, published);
    const InterruptionEstimate e = expectedInterruptions(llama3(), h100Job(16384), 54);
    const double ours = cause.isEmpty() ? e.expected : expectedOf(e, cause.toStdString());
    QVERIFY2(std::abs(ours - published) <= 0.05 * published, qPrintable(QString::number(ours)));
    // Cables and switches are not split in the source: unknown, and said so.
    QVERIFY(std::find(e.unknown.begin(), e.unknown.end(), "cable") == e.unknown.end());   // the job holds no link here
    DeviceCounts withFabric = h100Job(16384);
    at(withFabric, Unit::Link) = 1;
    at(withFabric, Unit::Switch) = 1;
    const InterruptionEstimate f = expectedInterruptions(llama3(), withFabric, 54);
    QCOMPARE(f.unknown, (std::vector<std::string>{"cable", "switch"}));
}

void TestReliability::jobRateScalesWithSize()
{
    const InterruptionEstimate big = expectedInterruptions(llama3(), h100Job(16384), 54);
    const InterruptionEstimate small = expectedInterruptions(llama3(), h100Job(1024), 54);
    QVERIFY(test::near(small.perYear, big.perYear / 16, 1e-12));
    QVERIFY(test::near(*small.mtbiHours, *big.mtbiHours * 16, 1e-12));
    // 419 in 54 days: one every 3.09 hours.
    QVERIFY(std::abs(*big.mtbiHours - 54 * 24 / 419.0) < 0.05 * 54 * 24 / 419.0);
}

void TestReliability::checkpointClosedForms()
{
    // A 60 s checkpoint, 3 h between interruptions, 10 min restart, by hand:
    // Young: sqrt(2 * 60 * 10800) = sqrt(1,296,000) = 1138.420 s.
    QVERIFY(std::abs(youngInterval(60, 10800) - 1138.420) < 1e-3);
    // Daly: x = 60 / 21600; 1138.420 * (1 + sqrt(x)/3 + x/9) - 60 = 1098.771 s.
    const double x = 60.0 / 21600.0;
    QVERIFY(std::abs(dalyInterval(60, 10800) - (1138.4199576606 * (1 + std::sqrt(x) / 3 + x / 9) - 60)) < 1e-6);
    QVERIFY(std::abs(dalyInterval(60, 10800) - 1098.771) < 1e-3);
    // Daly, delta >= 2M: M.
    QCOMPARE(dalyInterval(100, 40), 40.0);
    // NVIDIA's availability optimum: 60 + sqrt(2 * (10800 + 600) * 60 + 60^2) = 60 + sqrt(1,371,600).
    QVERIFY(std::abs(availabilityOptimalInterval(60, 10800, 600) - (60 + 1171.1533)) < 1e-3);
    // The plan: 600 GB at 10 GB/s is the 60 s above; Daly's interval is the one used.
    const auto plan = planCheckpoints(600, 10, 600, 10800);
    QVERIFY(plan);
    QVERIFY(test::near(plan->writeS, 60));
    QVERIFY(test::near(plan->intervalS, dalyInterval(60, 10800)));
    // Goodput: tau / (M e^(R/M) (e^((tau + delta)/M) - 1)), by hand at tau = 1098.771.
    const double g = 1098.771 / (10800 * std::exp(600.0 / 10800) * (std::exp((1098.771 + 60) / 10800) - 1));
    QVERIFY(std::abs(plan->goodput - g) < 1e-5);
    QVERIFY(plan->goodput > 0.8 && plan->goodput < 0.9);
    QVERIFY(!planCheckpoints(0, 10, 600, 10800));
    QVERIFY(!planCheckpoints(600, 10, 600, INFINITY));
}

void TestReliability::goodputDirections()
{
    const FailurePreset p = llama3();
    double previous = 1.0;
    for (double gpus : {512.0, 1024.0, 4096.0, 16384.0, 65536.0}) {
        const InterruptionEstimate e = expectedInterruptions(p, h100Job(gpus), 30);
        const auto plan = planCheckpoints(2000, 50, 600, *e.mtbiHours * 3600);
        QVERIFY(plan);
        QVERIFY2(plan->goodput < previous, qPrintable(QString::number(gpus)));
        previous = plan->goodput;
    }
    const double mtbi = *expectedInterruptions(p, h100Job(16384), 30).mtbiHours * 3600;
    previous = 0;
    for (double gbps : {5.0, 20.0, 100.0, 500.0}) {
        const auto plan = planCheckpoints(2000, gbps, 600, mtbi);
        QVERIFY(plan->goodput > previous);
        previous = plan->goodput;
    }
    // The chosen interval is near the best on a fine grid (Daly's is a close approximation).
    const auto plan = planCheckpoints(2000, 20, 600, mtbi);
    double best = 0;
    for (double tau = 10; tau < 20000; tau += 5)
        best = std::max(best, goodput(tau, plan->writeS, mtbi, 600));
    QVERIFY(std::abs(plan->goodput - best) < 1e-4);
}

void TestReliability::nvl72BlockShare()
{
    // 18 trays, blocks of 16, each tray out with probability 1 %: 16 trays are usable when 16,
    // 17 or 18 are up, none otherwise.
    const double q = 0.99;
    const double p16plus = std::pow(q, 18) + 18 * 0.01 * std::pow(q, 17) + 153 * 0.0001 * std::pow(q, 16);
    const double expected = p16plus * 16.0 / 18.0;
    QVERIFY(std::abs(usableShare(18, 16, 0.01) - expected) < 1e-12);
    // Blocks of one: the expected available share, 1 - lambda.
    QVERIFY(std::abs(usableShare(18, 1, 0.01) - 0.99) < 1e-12);
    QCOMPARE(usableShare(18, 19, 0.01), 0.0);
    QCOMPARE(usableShare(18, 18, 0.0), 1.0);
}

void TestReliability::blockAdvice()
{
    const BlockAdvice a = adviseBlockSize(18, 0.01, 0.95);
    QCOMPARE(int(a.sizes.size()), 18);
    for (const BlockChoice &c : a.sizes)
        if (c.blockTrays > a.recommended)
            QVERIFY(c.usableShare < 0.95);
    QVERIFY(a.sizes[std::size_t(a.recommended - 1)].usableShare >= 0.95);
    const std::string comment = blockAdviceComment(a);
    QVERIFY(comment.find("s=16: 88.8 %") != std::string::npos);
    std::istringstream lines(comment);
    for (std::string line; std::getline(lines, line);)
        QVERIFY2(line.rfind("#", 0) == 0, line.c_str());
}

void TestReliability::poissonSpares()
{
    QCOMPARE(reliability::poissonSpares(0, 0.99), 0);
    // Poisson(1): P(X <= 3) = 0.981, P(X <= 4) = 0.996.
    QCOMPARE(reliability::poissonSpares(1, 0.99), 4);
    QCOMPARE(reliability::poissonSpares(1, 0.98), 3);
    // Large means stay finite (no underflow of e^-mean): about mean + 2.33 sqrt(mean).
    const int s = reliability::poissonSpares(10000, 0.99);
    QVERIFY(s > 10200 && s < 10260);
}

void TestReliability::monteCarloReproducible()
{
    const FailurePreset p = llama3();
    const DeviceCounts cluster = h100Job(100000), job = h100Job(16384);
    MonteCarloOptions o;
    o.seed = 42;
    o.trials = 200;
    const MonteCarloResult a = simulateFailures(p, cluster, job, o);
    const MonteCarloResult b = simulateFailures(p, cluster, job, o);
    QCOMPARE(a.events, b.events);
    QCOMPARE(a.jobInterruptions.mean, b.jobInterruptions.mean);
    QCOMPARE(a.peakServersDown.p95, b.peakServersDown.p95);
    o.seed = 43;
    QVERIFY(simulateFailures(p, cluster, job, o).events != a.events);
    // The mean agrees with the expectation (a Poisson count's standard error over 200 years).
    const double perYear = expectedInterruptions(p, job, kDaysPerYear).expected;
    QVERIFY(std::abs(a.jobInterruptions.mean - perYear) < 4 * std::sqrt(perYear / 200));
    QVERIFY(a.jobInterruptions.p5 < a.jobInterruptions.p50 && a.jobInterruptions.p50 < a.jobInterruptions.p95);
}

void TestReliability::monteCarloCancellable()
{
    const FailurePreset p = llama3();
    MonteCarloOptions o;
    o.trials = 1000;
    RunControl control;
    int reports = 0;
    control.progress = [&](const Progress &pr) {
        if (++reports == 3)
            control.cancel.cancel();
        QVERIFY(pr.percent >= 0 && pr.percent <= 100);
    };
    const MonteCarloResult r = simulateFailures(p, h100Job(16384), h100Job(1024), o, control);
    QVERIFY(r.cancelled);
    QVERIFY(r.trials > 0 && r.trials < 1000);
}

CPLAN_TEST_APPLESS_MAIN(TestReliability)
#include "tst_reliability.moc"
