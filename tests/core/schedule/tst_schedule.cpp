// Scheduling simulation: traces, golden FIFO/backfill and preemption cases, tenant partitions,
// network coupling against the flow model, pooling vs silos, capacity mode on Alibaba's trace.
#include "catalog/catalog.h"
#include "flow/flowsimulator.h"
#include "generate/fattree.h"
#include "io/designyaml.h"
#include "routing/fabric.h"
#include "routing/routing.h"
#include "schedule/capacity.h"
#include "schedule/jobfabric.h"
#include "schedule/runstore.h"
#include "schedule/scheduler.h"
#include "schedule/synthetic.h"
#include "schedule/traces.h"
#include "util/strings.h"

#include "fixtures.h"
#include "schedulefixtures.h"
#include "skip.h"
#include "testmain.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

using namespace cplan;

namespace {

const std::string kTraces = test::testDataPath("traces");

// Alibaba's GPU cluster trace v2023 (openb_*.csv) carries no licence, so it is not in the
// repository: the adapter is tested on rows of our own (tests/data/traces/alibaba-*.csv), and
// the checks on the real files run when CPLAN_ALIBABA_TRACE_DIR names their folder (else skip).
std::string alibabaDir()
{
    return qEnvironmentVariable("CPLAN_ALIBABA_TRACE_DIR").toStdString();
}

QString alibabaMissing()
{
    return test::missingFile(alibabaDir() + (alibabaDir().empty() ? "" : "/openb_pod_list_default.csv"),
                             QStringLiteral("set CPLAN_ALIBABA_TRACE_DIR to the folder of Alibaba's GPU trace v2023 (openb_*.csv)"));
}

std::vector<Job> load(const std::string &name)
{
    auto t = loadTrace(kTraces + "/" + name);
    if (!t)
        qFatal("%s", t.error().toString().c_str());
    return t->jobs;
}

ScheduleResult run(const Pool &pool, const std::vector<Job> &jobs, ScheduleOptions opt, JobFabric *fabric = nullptr)
{
    auto r = simulateSchedule(pool, jobs, opt, fabric);
    if (!r)
        qFatal("%s", r.error().toString().c_str());
    return std::move(*r);
}

} // namespace

class TestSchedule : public QObject
{
    Q_OBJECT

private:
    // 64 servers of 4 GPUs on a 4:1-blocking QM8700 tree: the coupling tests' fabric.
    Result<Design> blockedPcieTree() const
    {
        FatTreeSpec spec;
        spec.servers = {{"pcie-4gpu", 64}};
        spec.switchPart = "qm8700";
        spec.blockingDown = 4;
        spec.blockingUp = 1;
        return generateFatTree(spec, m_catalog);
    }

    Catalog m_catalog;

private slots:
    void initTestCase()
    {
        m_catalog = test::builtinCatalog();
    }

    // --- traces ---------------------------------------------------------------------------

    void ourTrace()
    {
        const std::string text = "# comment\n"
                                 "id,submit_s,gpus,duration_s,tenant,priority,kind,gpu_type,cpu_milli,memory_mib,comm_fraction,one_server,servers\n"
                                 "a,0,8,3600,team-a,2,training,h100|h200,16000,65536,0.4,1,\n"
                                 "b,10,0.25,60,,0,,,,,,0,gpu001\n";
        auto t = parseTrace(text, "mem.csv", TraceFormat::Ours);
        QVERIFY2(t.ok(), t.ok() ? "" : t.error().toString().c_str());
        QCOMPARE(t->jobs.size(), std::size_t(2));
        const Job &a = t->jobs[0], &b = t->jobs[1];
        QCOMPARE(a.gpus, 8);
        QCOMPARE(a.gpuMilli, 1000);
        QCOMPARE(a.tenant, std::string("team-a"));
        QCOMPARE(a.priority, 2);
        QCOMPARE(a.gpuTypes, (std::vector<std::string>{"h100", "h200"}));
        QCOMPARE(a.commFraction, 0.4);
        QVERIFY(a.oneServer);
        QCOMPARE(a.sourceLine, 3);
        QVERIFY(b.fractional());
        QCOMPARE(b.gpuMilli, 250);
        QCOMPARE(b.kind, JobKind::Inference);
        QCOMPARE(b.pinServers, (std::vector<std::string>{"gpu001"}));
        // write -> parse gives the same jobs
        auto again = parseTrace(writeTrace(t->jobs), "again.csv", TraceFormat::Ours);
        QVERIFY(again.ok());
        QCOMPARE(writeTrace(again->jobs), writeTrace(t->jobs));
    }

    void malformedTraces_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        std::ifstream in(kTraces + "/malformed/expected.txt");
        std::string l;
        while (std::getline(in, l)) {
            if (l.empty() || l[0] == '#')
                continue;
            auto parts = split(l, '|');
            QTest::newRow(parts[0].c_str()) << QString::fromStdString(parts[0]) << std::stoi(parts[1]) << QString::fromStdString(parts[2]);
        }
    }

    void malformedTraces()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, message);
        const std::string path = kTraces + "/malformed/" + file.toStdString();
        auto t = loadTrace(path, TraceFormat::Ours);
        QVERIFY(!t.ok());
        QCOMPARE(t.error().file, path);
        QCOMPARE(t.error().line, line);
        QVERIFY2(t.error().message.find(message.toStdString()) != std::string::npos, t.error().toString().c_str());
    }

    void phillyAndAlibabaAdapters()
    {
        auto p = loadTrace(kTraces + "/philly-sample.csv");
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().toString().c_str());
        QCOMPARE(p->jobs.size(), std::size_t(3));
        QCOMPARE(p->jobs[0].submitS, 0.0);
        QCOMPARE(p->jobs[1].submitS, 30.0);
        QCOMPARE(p->jobs[2].submitS, 120.0);
        QCOMPARE(p->jobs[2].gpus, 16);
        QCOMPARE(p->jobs[2].tenant, std::string("vc1"));

        auto a = loadTrace(kTraces + "/alibaba-sample.csv");
        QVERIFY2(a.ok(), a.ok() ? "" : a.error().toString().c_str());
        QVERIFY(a->hasTimes);
        QCOMPARE(a->jobs.size(), std::size_t(4));
        QCOMPARE(a->jobs[1].id, std::string("pod-share"));
        QCOMPARE(a->jobs[1].gpuMilli, 250);
        QCOMPARE(a->jobs[1].gpuTypes, (std::vector<std::string>{"A10", "T4"}));
        QCOMPARE(a->jobs[1].submitS, 15.0);
        QCOMPARE(a->jobs[1].durationS, 580.0);   // deletion − scheduled
        QCOMPARE(a->jobs[2].gpus, 0);            // CPU-only task
        QCOMPARE(a->jobs[3].gpus, 8);
        QVERIFY(a->jobs[3].oneServer);

        // The multigpu50-style lists have no times.
        auto untimed = loadTrace(kTraces + "/alibaba-no-times.csv");
        QVERIFY2(untimed.ok(), untimed.ok() ? "" : untimed.error().toString().c_str());
        QVERIFY(!untimed->hasTimes);
        QCOMPARE(untimed->jobs.size(), std::size_t(3));
        QCOMPARE(untimed->jobs[0].gpus, 2);
        QCOMPARE(untimed->jobs[1].gpuMilli, 500);

        auto nodes = loadNodeList(kTraces + "/nodes-sample.csv");
        QVERIFY(nodes.ok());
        QCOMPARE(nodes->servers.size(), std::size_t(3));
        QCOMPARE(nodes->totalGpus(), 12);
        QCOMPARE(nodes->servers[2].gpus, 0);
    }

    // The real files, when CPLAN_ALIBABA_TRACE_DIR names them.
    void alibabaFullTrace()
    {
        CPLAN_REQUIRE(alibabaMissing());
        const std::string kAlibaba = alibabaDir();
        auto pods = loadTrace(kAlibaba + "/openb_pod_list_default.csv");
        QVERIFY2(pods.ok(), pods.ok() ? "" : pods.error().toString().c_str());
        QCOMPARE(pods->jobs.size(), std::size_t(8152));
        auto multi = loadTrace(kAlibaba + "/openb_pod_list_multigpu50.csv");
        QVERIFY(multi.ok());
        QVERIFY(!multi->hasTimes);
        auto gpuNodes = loadNodeList(kAlibaba + "/openb_node_list_gpu_node.csv");
        QVERIFY(gpuNodes.ok());
        QCOMPARE(gpuNodes->servers.size(), std::size_t(1213));
        QCOMPARE(gpuNodes->totalGpus(), 6212);
    }

    void syntheticIsDeterministic()
    {
        SyntheticSpec s;
        s.jobs = 5000;
        s.seed = 7;
        s.capacityGpus = 1024;
        const auto a = generateSyntheticJobs(s), b = generateSyntheticJobs(s);
        QCOMPARE(writeTrace(a), writeTrace(b));
        s.seed = 8;
        QVERIFY(writeTrace(generateSyntheticJobs(s)) != writeTrace(a));
        int one = 0, big = 0;
        for (const Job &j : a) {
            one += j.gpus == 1;
            big += j.gpus >= 128;
        }
        QVERIFY(one > 2500);   // most jobs take one GPU
        QVERIFY(big > 0);      // and a long tail to hundreds
    }

    // --- golden cases ---------------------------------------------------------------------

    // One 4-GPU server. FIFO: j2 (4 GPUs) waits for j1 (t=10), everything else queues behind it.
    // EASY backfill: j3 (ends 6) and j6 (ends 9) fit before j2's reservation at t=10.
    void fifoVsBackfill_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<std::vector<double>>("waits");
        QTest::newRow("fifo") << int(Policy::Fifo) << std::vector<double>{0, 10, 19, 18, 17, 21};
        QTest::newRow("backfill") << int(Policy::Backfill) << std::vector<double>{0, 10, 0, 18, 17, 2};
    }

    void fifoVsBackfill()
    {
        QFETCH(int, policy);
        QFETCH(std::vector<double>, waits);
        const Pool pool = test::uniformPool(1, 4);
        const auto jobs = load("fifo-backfill-6jobs.csv");
        ScheduleOptions opt;
        opt.policy = Policy(policy);
        const ScheduleResult r = run(pool, jobs, opt);
        QCOMPARE(r.completed, std::size_t(6));
        double mean = 0;
        for (std::size_t i = 0; i < 6; ++i) {
            QCOMPARE(r.jobs[i].waitS, waits[i]);
            mean += waits[i] / 6;
        }
        QVERIFY(std::abs(r.wait.mean - mean) < 1e-9);   // fifo 85/6, backfill 47/6
    }

    // Priority with preemption on one 8-GPU server: c (prio 5) preempts b (prio 0, the lowest),
    // d (prio 5) then preempts a (prio 1). a restarts first when c ends (higher priority than b).
    void preemptionOrder()
    {
        const Pool pool = test::uniformPool(1, 8);
        const auto jobs = load("preemption.csv");
        std::vector<std::pair<std::string, double>> starts;
        ScheduleOptions opt;
        opt.policy = Policy::Priority;
        opt.pauseS = 0;
        opt.onStart = [&](std::size_t j, const Allocation &, double t) { starts.emplace_back(jobs[j].id, t); };
        const ScheduleResult r = run(pool, jobs, opt);
        const std::vector<std::pair<std::string, double>> expected{{"a", 0}, {"b", 1}, {"c", 2}, {"d", 3}, {"a", 12}, {"b", 13}};
        QCOMPARE(starts, expected);
        QCOMPARE(r.preemptions, std::size_t(2));
        QCOMPARE(r.jobs[0].preemptions, 1);
        QCOMPARE(r.jobs[1].preemptions, 1);
        QCOMPARE(r.jobs[0].endS, 109.0);   // 3 s done before preemption, 97 left from t=12
        QCOMPARE(r.jobs[1].endS, 112.0);   // 1 s done, 99 left from t=13
        QCOMPARE(r.jobs[2].endS, 12.0);
        QCOMPARE(r.jobs[3].endS, 13.0);
    }

    // Hard partitions: over random traces and every policy, a tenant's jobs only ever run on
    // its own servers; in a shared pool they may run anywhere.
    void tenantPartitionsNeverViolated()
    {
        auto design = loadDesign(std::string(CPLAN_SOURCE_DIR) + "/samples/h100-pool-128gpu.cluster.yaml", &m_catalog);
        QVERIFY2(design.ok(), design.ok() ? "" : design.error().toString().c_str());
        auto pool = poolFromDesign(*design, m_catalog);
        QVERIFY(pool.ok());
        QCOMPARE(pool->tenants.size(), std::size_t(2));
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            SyntheticSpec spec;
            spec.jobs = 300;
            spec.seed = seed;
            spec.capacityGpus = 128;
            spec.load = 1.2;
            spec.fractionalShare = 0.2;
            spec.tenants = {"team-a", "team-b"};
            const auto jobs = generateSyntheticJobs(spec);
            for (Policy policy : {Policy::Fifo, Policy::Backfill, Policy::Sjf, Policy::TopoPack, Policy::Random, Policy::BestFit,
                                  Policy::Fragmentation, Policy::Priority}) {
                std::size_t checked = 0;
                bool violated = false;
                ScheduleOptions opt;
                opt.policy = policy;
                opt.seed = seed;
                opt.migration = seed % 2 == 0;
                opt.network = false;
                opt.onStart = [&](std::size_t j, const Allocation &a, double) {
                    const int tenant = *pool->findTenant(jobs[j].tenant);
                    for (const ServerShare &s : a)
                        violated = violated || pool->servers[std::size_t(s.server)].tenant != tenant;
                    ++checked;
                };
                const ScheduleResult r = run(*pool, jobs, opt);
                QVERIFY2(!violated, toString(policy));
                QVERIFY(checked >= r.completed);
                QCOMPARE(r.completed + r.rejected, jobs.size());
            }
        }
    }

    void deterministicForASeed()
    {
        const Pool pool = test::uniformPool(32, 8);
        SyntheticSpec spec;
        spec.jobs = 2000;
        spec.capacityGpus = 256;
        spec.fractionalShare = 0.1;
        const auto jobs = generateSyntheticJobs(spec);
        for (Policy p : {Policy::Random, Policy::Backfill, Policy::Fragmentation}) {
            ScheduleOptions opt;
            opt.policy = p;
            opt.seed = 3;
            const ScheduleResult a = run(pool, jobs, opt), b = run(pool, jobs, opt);
            for (std::size_t i = 0; i < jobs.size(); ++i) {
                QCOMPARE(a.jobs[i].startS, b.jobs[i].startS);
                QCOMPARE(a.jobs[i].endS, b.jobs[i].endS);
            }
            QCOMPARE(a.gpuUtilization, b.gpuUtilization);
        }
    }

    // --- network coupling -----------------------------------------------------------------

    // 4:1-blocking fat tree (2 leaves of 32 servers, 8 uplinks each), 64 servers of 4 GPUs.
    // Two 64-GPU jobs (16 servers each), c = 0.8. Packed (each job on one leaf): no uplink,
    // full speed. Spread (every ring hop crosses leaves): 16 flows share a leaf's 8 uplinks.
    // The job's speed must be what the flow model's shares predict: 1/((1−c)+c·need/got).
    void couplingPackedVsSpread()
    {
        auto design = blockedPcieTree();
        QVERIFY2(design.ok(), design.ok() ? "" : design.error().toString().c_str());
        auto pool = poolFromDesign(*design, m_catalog);
        QVERIFY(pool.ok());
        QCOMPARE(pool->totalGpus(), 256);
        auto fabric = DesignFabric::build(*design, m_catalog, *pool);
        QVERIFY(fabric.ok());

        auto id = [&](int s) { return pool->servers[std::size_t(s)].id; };
        auto jobsFor = [&](const std::vector<int> &a, const std::vector<int> &b) {
            std::vector<Job> jobs(2);
            for (int k = 0; k < 2; ++k) {
                jobs[std::size_t(k)].id = k ? "B" : "A";
                jobs[std::size_t(k)].gpus = 64;
                jobs[std::size_t(k)].durationS = 1000;
                jobs[std::size_t(k)].commFraction = 0.8;
                for (int s : k ? b : a)
                    jobs[std::size_t(k)].pinServers.push_back(id(s));
            }
            return jobs;
        };
        std::vector<int> packedA, packedB, spreadA, spreadB;
        for (int i = 0; i < 16; ++i) {
            packedA.push_back(i);            // leaf 1
            packedB.push_back(32 + i);       // leaf 2
            spreadA.push_back(i % 2 ? 32 + i / 2 : i / 2);            // alternate leaves
            spreadB.push_back(i % 2 ? 48 + i / 2 : 16 + i / 2);
        }
        ScheduleOptions opt;
        const ScheduleResult packed = run(*pool, jobsFor(packedA, packedB), opt, fabric->get());
        const ScheduleResult spread = run(*pool, jobsFor(spreadA, spreadB), opt, fabric->get());
        QCOMPARE(packed.jobs[0].jctS, 1000.0);
        QCOMPARE(packed.jobs[1].jctS, 1000.0);

        // The prediction, from the flow model itself: max-min rates of both rings' flows.
        FlowProblem problem;
        problem.capacityBps.resize((*fabric)->linkCount());
        for (std::uint32_t l = 0; l < problem.capacityBps.size(); ++l)
            problem.capacityBps[l] = (*fabric)->capacityBps(l);
        std::vector<double> need;
        for (const auto &servers : {spreadA, spreadB})
            for (std::size_t i = 0; i < servers.size(); ++i) {
                std::vector<std::uint32_t> path;
                (*fabric)->route(servers[i], 0, servers[(i + 1) % servers.size()], 0, path, 0);
                // 4 rings (one per GPU) share the single NIC: 4 flows of weight 1 each
                for (int ring = 0; ring < 4; ++ring) {
                    problem.addFlow(path, 1.0);
                    need.push_back((*fabric)->railBps(servers[i], 0) / 4);
                }
            }
        const auto rates = maxMinRates(problem);
        double worst = 1.0;
        for (std::size_t f = 0; f < rates.size() / 2; ++f)   // job A's flows
            worst = std::max(worst, need[f] / rates[f]);
        QVERIFY2(worst > 1.5, qPrintable(QString::number(worst)));   // the uplinks are contended
        const double predicted = 1000.0 * ((1 - 0.8) + 0.8 * worst);
        qInfo("coupling: packed JCT %.1f s, spread JCT %.1f s, flow-model prediction %.1f s (need/got %.3f)",
              packed.jobs[0].jctS, spread.jobs[0].jctS, predicted, worst);
        QVERIFY(spread.jobs[0].jctS > 1.2 * packed.jobs[0].jctS);
        QVERIFY(std::abs(spread.jobs[0].jctS - predicted) < 1e-6 * predicted);
        QVERIFY(std::abs(spread.jobs[1].jctS - predicted) < 1e-6 * predicted);

        // Switched off, the same placement runs at full speed.
        opt.network = false;
        QCOMPARE(run(*pool, jobsFor(spreadA, spreadB), opt, fabric->get()).jobs[0].jctS, 1000.0);
        // topo-pack places them packed by itself.
        std::vector<Job> free = jobsFor({}, {});
        ScheduleOptions topo;
        topo.policy = Policy::TopoPack;
        QCOMPARE(run(*pool, free, topo, fabric->get()).jobs[0].jctS, 1000.0);
    }

    // Issue 29: the scheduler's network coupling follows the design's load balancing. The
    // spread placement of couplingPackedVsSpread sprayed: each ring hop is as many flows as a
    // leaf has uplinks, one per uplink, and the jobs run no slower than on the tables; under
    // ECMP one hashed flow per hop.
    void couplingFollowsLoadBalancing()
    {
        auto design = blockedPcieTree();
        QVERIFY(design.ok());
        auto pool = poolFromDesign(*design, m_catalog);
        QVERIFY(pool.ok());
        std::vector<double> jct;
        for (LoadBalancing lb : {LoadBalancing::Lft, LoadBalancing::Ecmp, LoadBalancing::Spray}) {
            design->settings.loadBalancing = lb;
            auto fabric = DesignFabric::build(*design, m_catalog, *pool);
            QVERIFY(fabric.ok());
            const int subflows = (*fabric)->subflows();
            QCOMPARE(subflows > 1, lb == LoadBalancing::Spray);
            // Servers 0 and 32 are on different leaves: sprayed, every subflow takes its own uplink.
            std::set<std::uint32_t> uplinks;
            for (int f = 0; f < subflows; ++f) {
                std::vector<std::uint32_t> path;
                (*fabric)->route(0, 0, 32, 0, path, f);
                QCOMPARE(path.size(), std::size_t(4));
                uplinks.insert(path[1]);
            }
            QCOMPARE(int(uplinks.size()), subflows);
            std::vector<Job> jobs(2);
            for (int k = 0; k < 2; ++k) {
                jobs[std::size_t(k)].id = k ? "B" : "A";
                jobs[std::size_t(k)].gpus = 64;
                jobs[std::size_t(k)].durationS = 1000;
                jobs[std::size_t(k)].commFraction = 0.8;
                for (int i = 0; i < 16; ++i)
                    jobs[std::size_t(k)].pinServers.push_back(pool->servers[std::size_t(k ? (i % 2 ? 48 + i / 2 : 16 + i / 2)
                                                                                         : (i % 2 ? 32 + i / 2 : i / 2))].id);
            }
            jct.push_back(run(*pool, jobs, {}, fabric->get()).jobs[0].jctS);
        }
        qInfo("spread rings at 4:1: JCT %.1f s on the tables, %.1f s under ECMP, %.1f s sprayed", jct[0], jct[1], jct[2]);
        QVERIFY(jct[2] <= jct[0] * (1 + 1e-9));
        QVERIFY(jct[2] >= 1000.0);
    }

    // The scheduler's traffic takes the design's routes: every hop of DesignFabric::route is
    // the cable of the matching channel of core/routing's trace, in its direction, from the
    // source server to the destination server.
    void jobRoutesAreTheDesignsRoutes()
    {
        auto design = loadDesign(std::string(CPLAN_SOURCE_DIR) + "/samples/hdr-2to1-520gpu.cluster.yaml", &m_catalog);
        QVERIFY(design.ok());
        auto pool = poolFromDesign(*design, m_catalog);
        QVERIFY(pool.ok());
        auto fabric = DesignFabric::build(*design, m_catalog, *pool);
        QVERIFY(fabric.ok());
        const Fabric view = Fabric::build(*design, m_catalog);
        RoutingOptions ro;
        ro.engine = routingEngineFromString(design->settings.routingEngine).value_or(RoutingEngine::FTree);
        const RoutingTables tables = computeRoutes(view, ro);
        QCOMPARE((*fabric)->engine(), tables.engine);
        std::size_t checked = 0;
        std::vector<std::uint32_t> links, channels;
        const int servers = int(pool->servers.size());
        for (int a = 0; a < servers; a += 7)
            for (int b = 1; b < servers; b += 11) {
                const int rails = std::min((*fabric)->rails(a), (*fabric)->rails(b));
                for (int r = 0; r < rails; ++r) {
                    if (a == b)
                        continue;
                    links.clear();
                    (*fabric)->route(a, r, b, r, links, 0);
                    const auto src = view.serverEndpoints(NodeId(std::uint32_t(pool->servers[std::size_t(a)].designNode)));
                    const auto dst = view.serverEndpoints(NodeId(std::uint32_t(pool->servers[std::size_t(b)].designNode)));
                    QVERIFY(traceRoute(view, tables, src[std::size_t(r)], dst[std::size_t(r)], channels));
                    QCOMPARE(links.size(), channels.size());
                    for (std::size_t k = 0; k < links.size(); ++k) {
                        const FabricPort &out = view.port(channels[k]);
                        QCOMPARE(links[k] / 2, out.link.value);
                        const Link &l = design->link(out.link);
                        // 2i leaves end a: the sending port's node is the link's a node
                        const NodeId from = view.node(out.node).designNode;
                        QCOMPARE((links[k] % 2 == 0 ? l.a.node : l.b.node).value, from.value);
                        QVERIFY((*fabric)->isSwitchLink(links[k]) == (k > 0 && k + 1 < links.size()));
                    }
                    const Link &first = design->links[links.front() / 2];
                    const Link &last = design->links[links.back() / 2];
                    QCOMPARE((links.front() % 2 ? first.b : first.a).node.value, std::uint32_t(pool->servers[std::size_t(a)].designNode));
                    QCOMPARE((links.back() % 2 ? last.a : last.b).node.value, std::uint32_t(pool->servers[std::size_t(b)].designNode));
                    ++checked;
                }
            }
        QVERIFY(checked > 100);
    }

    // --- pooling vs silos, capacity mode --------------------------------------------------

    void poolingVsSilos()
    {
        auto design = loadDesign(std::string(CPLAN_SOURCE_DIR) + "/samples/h100-pool-128gpu.cluster.yaml", &m_catalog);
        QVERIFY(design.ok());
        auto pool = poolFromDesign(*design, m_catalog);
        QVERIFY(pool.ok());
        auto fabric = DesignFabric::build(*design, m_catalog, *pool);
        QVERIFY(fabric.ok());
        auto trace = loadTrace(std::string(CPLAN_SOURCE_DIR) + "/samples/pooling-128gpu.jobs.csv");
        QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().toString().c_str());
        ScheduleOptions opt;
        opt.policy = Policy::Backfill;
        const ScheduleResult silos = run(*pool, trace->jobs, opt, fabric->get());
        opt.sharedPool = true;
        const ScheduleResult shared = run(*pool, trace->jobs, opt, fabric->get());
        qInfo("silos: utilization %.1f %%, mean wait %.0f s; shared pool: utilization %.1f %%, mean wait %.0f s",
              silos.gpuUtilization * 100, silos.wait.mean, shared.gpuUtilization * 100, shared.wait.mean);
        QCOMPARE(silos.completed + silos.rejected, trace->jobs.size());
        QCOMPARE(shared.rejected, std::size_t(0));
        QVERIFY(shared.wait.mean < silos.wait.mean);
    }

    // Alibaba's cluster and default pod list, arrive-and-never-leave, 50–130 % of capacity:
    // fragmentation-aware allocates more than best fit, best fit more than random.
    void capacityOnAlibaba()
    {
        CPLAN_REQUIRE(alibabaMissing());
        const std::string kAlibaba = alibabaDir();
        auto nodes = loadNodeList(kAlibaba + "/openb_node_list_gpu_node.csv");
        QVERIFY(nodes.ok());
        auto pods = loadTrace(kAlibaba + "/openb_pod_list_default.csv");
        QVERIFY(pods.ok());
        std::map<Placement, double> mean;
        for (Placement p : {Placement::Random, Placement::BestFit, Placement::Fragmentation}) {
            std::vector<CapacityResult> runs;
            for (std::uint64_t seed = 1; seed <= 2; ++seed) {
                CapacityOptions opt;
                opt.placement = p;
                opt.seed = seed;
                auto r = runCapacity(*nodes, pods->jobs, opt);
                QVERIFY(r.ok());
                QCOMPARE(r->points.size(), std::size_t(130));
                runs.push_back(std::move(*r));
            }
            const auto avg = averageCapacity(runs);
            double sum = 0;
            for (const CapacityPoint &pt : avg)
                if (pt.arrivedPct >= 50)
                    sum += pt.allocatedPct;
            mean[p] = sum / 81;
            qInfo("%s: allocated at 100 %% arrived %.2f %%, at 130 %% %.2f %%, mean over 50-130 %% %.2f %%", toString(p),
                  avg[99].allocatedPct, avg[129].allocatedPct, mean[p]);
            QVERIFY(avg[49].allocatedPct > 49.0);
        }
        QVERIFY(mean[Placement::Fragmentation] > mean[Placement::BestFit]);
        QVERIFY(mean[Placement::BestFit] > mean[Placement::Random]);
    }

    void runStore()
    {
        const std::string path = std::string(CPLAN_BINARY_DIR) + "/tst_schedule_runs.sqlite";
        std::filesystem::remove(path);
        const Pool pool = test::uniformPool(1, 4);
        const auto jobs = load("fifo-backfill-6jobs.csv");
        const ScheduleResult r = run(pool, jobs, {});
        RunInfo info{"golden fifo", "flat", "fifo-backfill-6jobs.csv", "fifo", 1, false, false, "{}"};
        QVERIFY(saveScheduleRun(path, info, jobs, &r, nullptr).ok());
        QVERIFY(saveScheduleRun(path, info, jobs, &r, nullptr).ok());   // same scenario: replaced
        info.scenario = "golden fifo again";
        QVERIFY(saveScheduleRun(path, info, jobs, &r, nullptr).ok());
        auto runs = listScheduleRuns(path);
        QVERIFY(runs.ok());
        QCOMPARE(runs->size(), std::size_t(2));
        QCOMPARE(runs->front().jobs, std::int64_t(6));
        QVERIFY(std::abs(runs->front().waitMean - 85.0 / 6) < 1e-9);
        std::filesystem::remove(path);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
