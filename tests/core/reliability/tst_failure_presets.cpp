// The built-in failure-rate presets beside llama3 (issue 30), each against its own source with
// the source's published numbers written here, not read from the preset: `delta` (NCSA Delta's
// H100 partition, Cui et al., SC '25) and `hpn` (Alibaba HPN, SIGCOMM 2024, section 2.3); and
// the classes each leaves out, named in every answer.
#include "fixtures.h"
#include "reliability/failurerates.h"
#include "reliability/interruptions.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>

using namespace cplan;
using namespace cplan::reliability;

namespace {

FailurePreset preset(const char *id)
{
    auto p = findFailurePreset(id);
    if (!p)
        qFatal("%s", p.error().toString().c_str());
    return *p;
}

const CauseFigure *causeOf(const InterruptionEstimate &e, const std::string &id)
{
    for (const CauseFigure &c : e.causes)
        if (c.id == id)
            return &c;
    return nullptr;
}

double expectedOf(const InterruptionEstimate &e, const std::string &id)
{
    const CauseFigure *c = causeOf(e, id);
    return c ? c->expected : -1;
}

// Delta's H100 partition: 608 H100 in 152 four-GPU GH200 nodes, observed for 146 days.
constexpr double kDeltaGpus = 608, kDeltaNodes = 152, kDeltaDays = 146;

DeviceCounts deltaPartition()
{
    DeviceCounts d{};
    at(d, Unit::Gpu) = kDeltaGpus;
    at(d, Unit::Server) = kDeltaNodes;
    return d;
}

} // namespace

class TestFailurePresets : public QObject
{
    Q_OBJECT

private slots:
    void builtIn();
    void deltaReproducesItsCounts();
    void deltaMemoryMtbe();
    void deltaLeavesOut();
    void hpnReproducesSection23();
    void hpnLeavesOut();
};

void TestFailurePresets::builtIn()
{
    const auto ids = builtinPresetIds();
    for (const char *id : {"delta", "hpn", "llama3"})
        QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), id);
    QVERIFY(test::near(preset("delta").observedDays.value_or(0), kDeltaDays));
    QVERIFY(test::near(preset("delta").observedGpus.value_or(0), kDeltaGpus));
    // The unknown-id message lists them all.
    const auto unknown = findFailurePreset("nosuch");
    QVERIFY(!unknown.ok());
    for (const char *id : {"delta", "hpn", "llama3"})
        QVERIFY(unknown.error().message.find(id) != std::string::npos);
}

void TestFailurePresets::deltaReproducesItsCounts()
{
    // Cui et al., v4: on the H100 partition over 146 days, 24 uncorrectable ECC memory errors
    // (Table 1) and 3 GSP + 0 PMU SPI + 0 NVLink errors (the hardware comparison).
    const InterruptionEstimate e = expectedInterruptions(preset("delta"), deltaPartition(), kDeltaDays);
    QVERIFY2(test::near(expectedOf(e, "hbm"), 24, 0.01), qPrintable(QString::number(expectedOf(e, "hbm"))));
    QVERIFY2(test::near(expectedOf(e, "gpu"), 3, 0.01), qPrintable(QString::number(expectedOf(e, "gpu"))));
    QVERIFY(test::near(e.expected, 27, 0.01));
    // Half the partition for half the time: a quarter of the errors.
    DeviceCounts half = deltaPartition();
    at(half, Unit::Gpu) /= 2;
    QVERIFY(test::near(expectedInterruptions(preset("delta"), half, kDeltaDays / 2).expected, e.expected / 4, 1e-9));
}

void TestFailurePresets::deltaMemoryMtbe()
{
    // The paper's per-GPU MTBE for uncorrectable memory errors on H100: 88,768 hours.
    DeviceCounts oneGpu{};
    at(oneGpu, Unit::Gpu) = 1;
    const InterruptionEstimate e = expectedInterruptions(preset("delta"), oneGpu, kDaysPerYear);
    const CauseFigure *hbm = causeOf(e, "hbm");
    QVERIFY(hbm);
    QVERIFY2(test::near(kHoursPerYear / hbm->perYear, 88768, 0.001), qPrintable(QString::number(kHoursPerYear / hbm->perYear)));
    // ... and the GSP errors' system MTBE over the 608 GPUs: 146 x 24 h / 3 = 1,168 hours.
    const InterruptionEstimate all = expectedInterruptions(preset("delta"), deltaPartition(), kDaysPerYear);
    const CauseFigure *gpu = causeOf(all, "gpu");
    QVERIFY(gpu);
    QVERIFY(test::near(kHoursPerYear / gpu->perYear, 1168, 0.001));
}

void TestFailurePresets::deltaLeavesOut()
{
    // GPU errors only: MMU errors (not known which ended jobs), NICs, the fabric, hosts.
    DeviceCounts d = deltaPartition();
    at(d, Unit::Hca) = kDeltaGpus;
    at(d, Unit::Link) = 1;
    at(d, Unit::Switch) = 1;
    const InterruptionEstimate e = expectedInterruptions(preset("delta"), d, 30);
    QCOMPARE(e.unknown, (std::vector<std::string>{"mmu", "hca", "cable", "switch", "host_software", "server"}));
    QCOMPARE(int(e.causes.size()), 2);
}

void TestFailurePresets::hpnReproducesSection23()
{
    // Alibaba HPN, section 2.3: 0.057 % of NIC-ToR links fail each month, about 0.051 % of ToRs
    // crash each month, and a training job (fewer than 3K GPUs, Figure 6; one NIC and access
    // link per GPU, dozens of ToRs) meets 1-2 crashes a month.
    const double month = kDaysPerYear / 12;
    DeviceCounts links{};
    at(links, Unit::Link) = 100000;
    QVERIFY(test::near(expectedInterruptions(preset("hpn"), links, month).expected, 0.00057 * 100000, 1e-9));
    DeviceCounts tors{};
    at(tors, Unit::Switch) = 100000;
    QVERIFY(test::near(expectedInterruptions(preset("hpn"), tors, month).expected, 0.00051 * 100000, 1e-9));
    for (double torCount : {24.0, 48.0, 96.0}) {
        DeviceCounts job{};
        at(job, Unit::Link) = 3000;
        at(job, Unit::Switch) = torCount;
        const double crashes = expectedInterruptions(preset("hpn"), job, month).expected;
        QVERIFY2(crashes >= 1 && crashes <= 2, qPrintable(QString::number(crashes)));
    }
}

void TestFailurePresets::hpnLeavesOut()
{
    // A network paper: the GPUs, NICs and hosts stay unknown, and said so.
    DeviceCounts d{};
    at(d, Unit::Gpu) = 8;
    at(d, Unit::Server) = 1;
    at(d, Unit::Hca) = 8;
    at(d, Unit::Link) = 8;
    at(d, Unit::Switch) = 8;
    const InterruptionEstimate e = expectedInterruptions(preset("hpn"), d, 30);
    QCOMPARE(e.unknown, (std::vector<std::string>{"gpu", "hca", "host_software", "server"}));
    QCOMPARE(int(e.causes.size()), 2);
}

CPLAN_TEST_APPLESS_MAIN(TestFailurePresets)
#include "tst_failure_presets.moc"
