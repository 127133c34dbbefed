// Servers as large as the catalog allows (issue #13 item 3): GB200 NVL72 racks (72 GPUs, 72
// HCAs) and node-list nodes of 1,024 GPUs, under every policy, with every GPU index in range
// and no GPU given to two jobs at once. Run under ASan + UBSan by CI.
#include "catalog/catalog.h"
#include "generate/fattree.h"
#include "model/design.h"
#include "schedule/capacity.h"
#include "schedule/jobfabric.h"
#include "schedule/scheduler.h"
#include "schedule/synthetic.h"
#include "schedule/traces.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

using namespace cplan;

namespace {

struct Hold
{
    double from = 0, to = 0;
    int milli = 0;   // 1000 = the whole GPU
};

// Records every start and checks, after the run, that the placements were sound: GPU indices
// on the server, distinct, as many as the job asked for, and (without preemption or
// migration, whose restart times the run does not report) no GPU over-committed at any time.
class PlacementCheck
{
public:
    PlacementCheck(const Pool &pool, const std::vector<Job> &jobs) : m_pool(pool), m_jobs(jobs) {}

    void onStart(std::size_t j, const Allocation &a, double t)
    {
        int whole = 0;
        for (const ServerShare &sh : a) {
            const int gpus = m_pool.servers[std::size_t(sh.server)].gpus;
            for (std::size_t k = 0; k < sh.gpus.size(); ++k) {
                if (sh.gpus[k] >= gpus || (k > 0 && sh.gpus[k] <= sh.gpus[k - 1]))
                    m_errors.push_back(m_jobs[j].id + ": GPU " + std::to_string(sh.gpus[k]) + " of " + std::to_string(gpus));
                m_highest = std::max(m_highest, int(sh.gpus[k]));
            }
            whole += sh.wholeGpus();
            if (sh.sharedGpu >= gpus)
                m_errors.push_back(m_jobs[j].id + ": shared GPU " + std::to_string(sh.sharedGpu));
            if (sh.sharedGpu >= 0)
                m_highest = std::max(m_highest, sh.sharedGpu);
        }
        const Job &job = m_jobs[j];
        if (!job.fractional() && whole != job.gpus)
            m_errors.push_back(job.id + ": " + std::to_string(whole) + " GPUs for " + std::to_string(job.gpus));
        m_starts.push_back({j, t, a});
    }

    // Sweeps every GPU's holds over time.
    void checkOverlaps(const ScheduleResult &r)
    {
        std::map<std::pair<int, int>, std::vector<Hold>> holds;
        for (const Start &s : m_starts) {
            const double to = r.jobs[s.job].endS;
            for (const ServerShare &sh : s.allocation) {
                for (std::uint16_t g : sh.gpus)
                    holds[{sh.server, g}].push_back({s.t, to, 1000});
                if (sh.sharedGpu >= 0)
                    holds[{sh.server, sh.sharedGpu}].push_back({s.t, to, sh.milli});
            }
        }
        for (auto &[gpu, list] : holds) {
            std::vector<std::pair<double, int>> events;   // (time, +milli / -milli); ends first
            for (const Hold &h : list) {
                events.push_back({h.from, h.milli});
                events.push_back({h.to, -h.milli});
            }
            std::sort(events.begin(), events.end(), [](auto a, auto b) { return a.first != b.first ? a.first < b.first : a.second < b.second; });
            int used = 0;
            for (const auto &[t, d] : events) {
                used += d;
                if (used > 1000) {
                    m_errors.push_back("GPU " + std::to_string(gpu.second) + " of server " + std::to_string(gpu.first) +
                                       " over-committed at t = " + std::to_string(t));
                    break;
                }
            }
        }
    }

    const std::vector<std::string> &errors() const { return m_errors; }
    int highestGpu() const { return m_highest; }

private:
    struct Start
    {
        std::size_t job;
        double t;
        Allocation allocation;
    };
    const Pool &m_pool;
    const std::vector<Job> &m_jobs;
    std::vector<Start> m_starts;
    std::vector<std::string> m_errors;
    int m_highest = -1;
};

std::string firstErrors(const std::vector<std::string> &errors)
{
    std::string s;
    for (std::size_t i = 0; i < errors.size() && i < 5; ++i)
        s += errors[i] + "\n";
    return s;
}

// Runs every policy on the pool and checks the placements.
void everyPolicy(const Pool &pool, const std::vector<Job> &jobs, JobFabric *fabric, int minHighestGpu)
{
    for (const std::string &name : policyNames()) {
        const Policy policy = *policyFromString(name);
        PlacementCheck check(pool, jobs);
        ScheduleOptions opt;
        opt.policy = policy;
        opt.network = fabric != nullptr;
        opt.seed = 5;
        opt.onStart = [&](std::size_t j, const Allocation &a, double t) { check.onStart(j, a, t); };
        auto r = simulateSchedule(pool, jobs, opt, fabric);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(r->completed + r->rejected, jobs.size());
        QVERIFY2(r->completed > jobs.size() * 9 / 10, name.c_str());
        if (policy != Policy::Priority)
            check.checkOverlaps(*r);
        QVERIFY2(check.errors().empty(), (name + ":\n" + firstErrors(check.errors())).c_str());
        // GPUs past the first 64 of a server are used (a 64-bit mask would alias them).
        QVERIFY2(check.highestGpu() >= minHighestGpu, (name + ": highest GPU " + std::to_string(check.highestGpu())).c_str());
    }
}

} // namespace

class TestScheduleScale : public QObject
{
    Q_OBJECT

private:
    const Catalog &m_catalog = test::builtinCatalog();

private slots:
    // cplan generate fat-tree --servers 8 --server dgx-gb200-nvl72 --switch q3400 --hca connectx-8:
    // eight NVL72 racks of 72 GPUs, on the fabric, every policy with network coupling.
    void nvl72DesignEveryPolicy()
    {
        FatTreeSpec spec;
        spec.servers = {{"dgx-gb200-nvl72", 8}};
        spec.switchPart = "q3400";
        spec.hcaOverride = "connectx-8";
        const Design design = test::generateOrStop(spec, m_catalog);
        auto pool = poolFromDesign(design, m_catalog);
        QVERIFY2(pool.ok(), pool.ok() ? "" : pool.error().toString().c_str());
        QCOMPARE(pool->servers.size(), std::size_t(8));
        QCOMPARE(pool->maxGpusPerServer(), 72);
        auto fabric = DesignFabric::build(design, m_catalog, *pool);
        QVERIFY2(fabric.ok(), fabric.ok() ? "" : fabric.error().toString().c_str());
        QCOMPARE((*fabric)->rails(0), 72);

        SyntheticSpec s;
        s.jobs = 400;
        s.seed = 13;
        s.capacityGpus = pool->totalGpus();
        s.serverGpus = 72;
        s.load = 1.3;
        s.fractionalShare = 0.15;
        s.medianDurationS = 600;
        std::vector<Job> jobs = generateSyntheticJobs(s);
        // A whole rack, and jobs that need more than one.
        for (int gpus : {72, 100, 144, 288}) {
            Job j;
            j.id = "big-" + std::to_string(gpus);
            j.submitS = 300.0 * gpus;
            j.gpus = gpus;
            j.durationS = 1800;
            j.commFraction = 0.5;
            j.oneServer = gpus == 72;
            jobs.push_back(j);
        }
        everyPolicy(*pool, jobs, fabric->get(), 64);
    }

    // Node lists (--pool) take nodes of up to 1,024 GPUs, the catalog's bound; one more is
    // refused with its line and column.
    void nodeListUpTo1024Gpus()
    {
        auto ok = parseNodeList("sn,gpu,model\nbig1,1024,G1\nbig2,1024,G1\n", "nodes.csv");
        QVERIFY2(ok.ok(), ok.ok() ? "" : ok.error().toString().c_str());
        QCOMPARE(ok->maxGpusPerServer(), kMaxGpusPerServer);
        auto tooMany = parseNodeList("sn,gpu,model\nbig1,1024,G1\nbig2,1025,G1\n", "nodes.csv");
        QVERIFY(!tooMany.ok());
        QCOMPARE(tooMany.error().line, 3);
        QVERIFY(tooMany.error().column > 0);
        QVERIFY2(tooMany.error().message.find("1024") != std::string::npos, tooMany.error().toString().c_str());
    }

    // Two nodes of 1,024 GPUs under every policy (no fabric), with jobs of one node, of
    // several, and GPU shares; capacity mode under every placement (FGD scores whole servers).
    void pool1024GpuNodesEveryPolicy()
    {
        auto pool = parseNodeList("sn,gpu,model,cpu_milli,memory_mib\nn1,1024,G1,512000,4194304\nn2,1024,G1,512000,4194304\n", "nodes.csv");
        QVERIFY(pool.ok());
        SyntheticSpec s;
        s.jobs = 300;
        s.seed = 3;
        s.capacityGpus = pool->totalGpus();
        s.serverGpus = 1024;
        s.load = 1.2;
        s.fractionalShare = 0.1;   // FGD scores every GPU of a server for a share: 1,024² steps per server
        s.medianDurationS = 600;
        std::vector<Job> jobs = generateSyntheticJobs(s);
        for (int gpus : {1000, 1024, 1500, 2048}) {
            Job j;
            j.id = "big-" + std::to_string(gpus);
            j.submitS = 200.0 * (gpus / 100);
            j.gpus = gpus;
            j.durationS = 900;
            j.oneServer = gpus <= 1024;
            jobs.push_back(j);
        }
        everyPolicy(*pool, jobs, nullptr, 1000);

        for (Placement p : {Placement::FirstFit, Placement::BestFit, Placement::Random, Placement::TopoPack, Placement::Fragmentation}) {
            CapacityOptions opt;
            opt.placement = p;
            auto r = runCapacity(*pool, jobs, opt);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
            QVERIFY2(r->allocatedPct > 50.0, toString(p));
        }
    }

    // A pool built in code is checked too: a server above the catalog's bound is an error, not
    // a crash.
    void oversizedServerRefused()
    {
        Pool pool;
        pool.name = "code";
        pool.servers.push_back(PoolServer{"huge", "h100", kMaxGpusPerServer + 1, 0, 0, -1, -1, {}});
        std::vector<Job> jobs(1);
        jobs[0].durationS = 10;
        auto r = simulateSchedule(pool, jobs, ScheduleOptions{});
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("huge") != std::string::npos, r.error().toString().c_str());
        auto c = runCapacity(pool, jobs, CapacityOptions{});
        QVERIFY(!c.ok());
        pool.servers[0].gpus = -1;
        QVERIFY(!simulateSchedule(pool, jobs, ScheduleOptions{}).ok());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestScheduleScale)
#include "tst_schedule_scale.moc"
