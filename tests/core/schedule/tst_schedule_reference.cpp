// The scheduler against an independent reference (issue #19): fifo, EASY backfill, sjf and
// sjf-greedy written out plainly below, on a pool of identical GPUs where only counts matter,
// sharing no code with core/schedule. Random small traces full of simultaneous ends, in
// shuffled line orders, and hand-computed traces must give the same start time for every job.
// Also hand-computed cases for EASY where placement matters (one server, a topology block, a
// GPU share).
#include "schedule/scheduler.h"

#include "fixtures.h"
#include "schedulefixtures.h"
#include "testmain.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace cplan;
using test::uniformPool;

namespace ref {

// ---------------------------------------------------------------------------------------------
// The reference. A job asks for whole GPUs of a pool of `poolGpus` identical GPUs; it runs for
// exactly its duration. At every event time t (a submission or an end), in this order: every
// running job ending at or before t gives its GPUs back; every job submitted at or before t
// joins the queue (one larger than the pool never runs); then one scheduling pass.
//   fifo        queue by (submit, line); start jobs from the front while they fit; the first
//               that does not fit blocks the rest.
//   easy        fifo, then EASY backfill (Lifka; Mu'alem & Feitelson 2001) for the blocked
//               head: shadow = earliest end time at which free + GPUs of every job ending at
//               or before it ≥ head's GPUs; extra = that sum − head's GPUs; every later job in
//               queue order starts if GPUs ≤ free and (t + duration ≤ shadow or GPUs ≤
//               extra); free −= GPUs, and extra −= GPUs when it ends after the shadow.
//   sjf         queue by (duration, submit, line), blocking like fifo.
//   sjf-greedy  queue by (duration, submit, line); every job that fits starts.
//   easy-first-release-only  the rule the issue reported as wrong: while summing releases in
//               (end, line) order, stop at the first job that makes the head fit, so other
//               jobs ending at that instant are not extra. Only to show the test can fail.
// ---------------------------------------------------------------------------------------------
enum class Policy { Fifo, Easy, Sjf, SjfGreedy, EasyFirstReleaseOnly };

struct Job
{
    double submit = 0;
    int gpus = 1;
    double duration = 0;
};

struct Sim
{
    const std::vector<Job> &jobs;
    int poolGpus;
    Policy policy;
    std::vector<double> start, end;
    std::vector<bool> queued, running, arrived;
    std::vector<std::size_t> queue;
    int free;

    Sim(const std::vector<Job> &j, int pool, Policy p)
        : jobs(j), poolGpus(pool), policy(p), start(j.size(), -1), end(j.size(), 0), queued(j.size()), running(j.size()),
          arrived(j.size()), free(pool)
    {
    }

    void run(std::size_t i, double t)
    {
        start[i] = t;
        end[i] = t + jobs[i].duration;
        running[i] = true;
        free -= jobs[i].gpus;
    }

    bool before(std::size_t a, std::size_t b) const
    {
        const Job &x = jobs[a], &y = jobs[b];
        if (policy == Policy::Sjf || policy == Policy::SjfGreedy) {
            if (x.duration != y.duration)
                return x.duration < y.duration;
        }
        if (x.submit != y.submit)
            return x.submit < y.submit;
        return a < b;
    }

    void backfill(double t)
    {
        const int need = jobs[queue[0]].gpus;
        std::vector<std::size_t> ends;   // running jobs by (end, line)
        for (std::size_t i = 0; i < jobs.size(); ++i)
            if (running[i])
                ends.push_back(i);
        std::sort(ends.begin(), ends.end(), [&](std::size_t a, std::size_t b) { return end[a] != end[b] ? end[a] < end[b] : a < b; });
        double shadow = -1;
        int extra = 0;
        if (policy == Policy::Easy) {
            for (std::size_t k : ends) {
                int avail = free;
                for (std::size_t i : ends)
                    if (end[i] <= end[k])
                        avail += jobs[i].gpus;
                if (avail >= need) {
                    shadow = end[k];
                    extra = avail - need;
                    break;
                }
            }
        } else {   // EasyFirstReleaseOnly
            int avail = free;
            for (std::size_t k : ends) {
                avail += jobs[k].gpus;
                if (avail >= need) {
                    shadow = end[k];
                    extra = avail - need;
                    break;
                }
            }
        }
        if (shadow < 0)
            return;
        for (std::size_t q = 1; q < queue.size();) {
            const Job &c = jobs[queue[q]];
            const bool endsByShadow = t + c.duration <= shadow;
            if (c.gpus <= free && (endsByShadow || c.gpus <= extra)) {
                if (!endsByShadow)
                    extra -= c.gpus;
                run(queue[q], t);
                queue.erase(queue.begin() + std::ptrdiff_t(q));
            } else {
                ++q;
            }
        }
    }

    void pass(double t)
    {
        std::sort(queue.begin(), queue.end(), [&](std::size_t a, std::size_t b) { return before(a, b); });
        if (policy == Policy::SjfGreedy) {
            for (std::size_t q = 0; q < queue.size();) {
                if (jobs[queue[q]].gpus <= free) {
                    run(queue[q], t);
                    queue.erase(queue.begin() + std::ptrdiff_t(q));
                } else {
                    ++q;
                }
            }
            return;
        }
        while (!queue.empty() && jobs[queue[0]].gpus <= free) {
            run(queue[0], t);
            queue.erase(queue.begin());
        }
        if (!queue.empty() && (policy == Policy::Easy || policy == Policy::EasyFirstReleaseOnly))
            backfill(t);
    }

    std::vector<double> simulate()
    {
        const double never = std::numeric_limits<double>::infinity();
        for (;;) {
            double t = never;
            for (std::size_t i = 0; i < jobs.size(); ++i) {
                if (!arrived[i])
                    t = std::min(t, jobs[i].submit);
                if (running[i])
                    t = std::min(t, end[i]);
            }
            if (t == never)
                break;
            for (std::size_t i = 0; i < jobs.size(); ++i)
                if (running[i] && end[i] <= t) {
                    running[i] = false;
                    free += jobs[i].gpus;
                }
            for (std::size_t i = 0; i < jobs.size(); ++i)
                if (!arrived[i] && jobs[i].submit <= t) {
                    arrived[i] = true;
                    if (jobs[i].gpus <= poolGpus)
                        queue.push_back(i);
                }
            pass(t);
        }
        return start;
    }
};

std::vector<double> starts(const std::vector<Job> &jobs, int poolGpus, Policy policy)
{
    return Sim(jobs, poolGpus, policy).simulate();
}

} // namespace ref

namespace {

cplan::Policy enginePolicy(ref::Policy p)
{
    switch (p) {
    case ref::Policy::Fifo: return cplan::Policy::Fifo;
    case ref::Policy::Easy: return cplan::Policy::Backfill;
    case ref::Policy::Sjf: return cplan::Policy::Sjf;
    case ref::Policy::SjfGreedy: return cplan::Policy::SjfGreedy;
    case ref::Policy::EasyFirstReleaseOnly: break;
    }
    qFatal("no engine policy");
}

const char *name(ref::Policy p)
{
    switch (p) {
    case ref::Policy::Fifo: return "fifo";
    case ref::Policy::Easy: return "easy";
    case ref::Policy::Sjf: return "sjf";
    case ref::Policy::SjfGreedy: return "sjf-greedy";
    case ref::Policy::EasyFirstReleaseOnly: return "easy-first-release-only";
    }
    return "?";
}

// The engine's start times for the reference's jobs (oneServer: each must fit one server).
std::vector<double> engineStarts(const std::vector<ref::Job> &jobs, const Pool &pool, ref::Policy policy, bool oneServer)
{
    std::vector<cplan::Job> trace;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        cplan::Job j;
        j.id = "j" + std::to_string(i);
        j.submitS = jobs[i].submit;
        j.gpus = jobs[i].gpus;
        j.durationS = jobs[i].duration;
        j.oneServer = oneServer;
        trace.push_back(j);
    }
    ScheduleOptions opt;
    opt.policy = enginePolicy(policy);
    opt.network = false;
    auto r = simulateSchedule(pool, trace, opt);
    if (!r)
        qFatal("%s", r.error().toString().c_str());
    std::vector<double> out;
    for (const JobOutcome &o : r->jobs)
        out.push_back(o.rejected ? -1.0 : o.startS);
    return out;
}

std::string describe(const std::vector<ref::Job> &jobs, const std::vector<double> &expected, const std::vector<double> &got)
{
    std::string s = "submit,gpus,duration -> expected / engine\n";
    for (std::size_t i = 0; i < jobs.size(); ++i)
        s += std::to_string(int(jobs[i].submit)) + "," + std::to_string(jobs[i].gpus) + "," + std::to_string(int(jobs[i].duration)) +
             " -> " + std::to_string(expected[i]) + " / " + std::to_string(got[i]) + "\n";
    return s;
}

bool same(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!test::near(a[i], b[i], 1e-12, 1e-9))
            return false;
    return true;
}

// A random small trace: few distinct durations and submit times, so that many running jobs
// end at the same instant. With distinctSubmits, no two jobs arrive together (queue order is
// then independent of line order, and so must every start time be).
std::vector<ref::Job> randomTrace(std::mt19937_64 &rng, int poolGpus, bool distinctSubmits)
{
    auto below = [&](std::uint64_t n) { return rng() % n; };
    static const double kDurations[] = {0, 1, 2, 2, 3, 4, 4, 5, 6, 8, 8, 10, 12, 20};
    const std::size_t n = 4 + below(21);
    std::vector<double> submits;
    if (distinctSubmits) {
        std::vector<double> times;
        for (int t = 0; t < 40; ++t)
            times.push_back(t);
        std::shuffle(times.begin(), times.end(), rng);
        submits.assign(times.begin(), times.begin() + std::ptrdiff_t(n));
    } else {
        for (std::size_t i = 0; i < n; ++i)
            submits.push_back(double(below(4) == 0 ? 0 : below(25)));
    }
    std::vector<ref::Job> jobs;
    for (std::size_t i = 0; i < n; ++i) {
        ref::Job j;
        j.submit = submits[i];
        j.duration = kDurations[below(std::size(kDurations))];
        switch (below(6)) {
        case 0: j.gpus = poolGpus; break;
        case 1: j.gpus = poolGpus / 2 + int(below(std::uint64_t(poolGpus / 2))); break;
        case 2: j.gpus = poolGpus + 1; break;   // larger than the pool: never runs
        default: j.gpus = 1 + int(below(std::uint64_t(std::max(1, poolGpus / 4))));
        }
        if (j.gpus > poolGpus && below(4) != 0)
            j.gpus = poolGpus;   // keep oversized jobs rare
        jobs.push_back(j);
    }
    return jobs;
}

} // namespace

class TestScheduleReference : public QObject
{
    Q_OBJECT

private slots:
    // The issue's example: 8 GPUs; at t = 11,020 two GPUs are free, the head (6 GPUs) waits for
    // t = 11,100 when three running jobs (3, 2 and 1 GPUs) all end. extra = 2 + 6 − 6 = 2, so
    // the 2-GPU, 500 s job x starts at 11,020 — whatever the order of the three lines.
    void issueExampleBothLineOrders()
    {
        const std::vector<std::vector<ref::Job>> orders = {
            {{0, 3, 11100}, {0, 2, 11100}, {0, 1, 11100}, {0, 2, 11020}, {10, 6, 100}, {11020, 2, 500}},
            {{0, 1, 11100}, {0, 2, 11100}, {0, 3, 11100}, {0, 2, 11020}, {10, 6, 100}, {11020, 2, 500}},
        };
        const std::vector<double> expected{0, 0, 0, 0, 11100, 11020};
        for (const auto &jobs : orders)
            for (bool oneServer : {false, true}) {
                const auto got = engineStarts(jobs, uniformPool(1, 8), ref::Policy::Easy, oneServer);
                QVERIFY2(same(got, expected), describe(jobs, expected, got).c_str());
                QVERIFY(same(ref::starts(jobs, 8, ref::Policy::Easy), expected));
            }
        // The wrong rule refuses x in the first line order (it stops adding at the 2-GPU job).
        QCOMPARE(ref::starts(orders[0], 8, ref::Policy::EasyFirstReleaseOnly)[5], 11100.0);
        QCOMPARE(ref::starts(orders[1], 8, ref::Policy::EasyFirstReleaseOnly)[5], 11020.0);
    }

    // Eight jobs on 8 GPUs (submit, GPUs, duration); a and b end together at t = 10.
    //   fifo:  a b c at 0; d waits for a+b (10), e fits beside it (10); f at 13 (e ends), g at 14
    //          (d ends), h (8 GPUs) when f ends at 33.
    //   EASY:  d's shadow is 10 with extra 0+2+4+2−6 = 2 (from t = 5: free 2, a and b give 6):
    //          e (ends 8 ≤ 10) at 5; f (1 GPU, 20 s) at 8 within the extra; d at 10; g at 14
    //          (shadow for g 14); h at 28 when f ends.
    //   sjf:   order c a b | h e d g f by duration; h (8 GPUs) blocks everything until a and b
    //          end (10); then e d at 12, g at 15, f at 16.
    //   sjf-greedy: e at 5, g at 8, d at 10, f at 14, h only when nothing else runs (34).
    void handComputed_data()
    {
        QTest::addColumn<int>("policy");
        QTest::addColumn<std::vector<double>>("expected");
        QTest::newRow("fifo") << int(ref::Policy::Fifo) << std::vector<double>{0, 0, 0, 10, 10, 13, 14, 33};
        QTest::newRow("easy") << int(ref::Policy::Easy) << std::vector<double>{0, 0, 0, 10, 5, 8, 14, 28};
        QTest::newRow("sjf") << int(ref::Policy::Sjf) << std::vector<double>{0, 0, 0, 12, 12, 16, 15, 10};
        QTest::newRow("sjf-greedy") << int(ref::Policy::SjfGreedy) << std::vector<double>{0, 0, 0, 10, 5, 14, 8, 34};
    }

    void handComputed()
    {
        QFETCH(int, policy);
        QFETCH(std::vector<double>, expected);
        const std::vector<ref::Job> jobs{{0, 4, 10}, {0, 2, 10}, {0, 2, 5}, {1, 6, 4}, {2, 2, 3}, {2, 1, 20}, {3, 2, 8}, {3, 8, 2}};
        const auto p = ref::Policy(policy);
        QVERIFY2(same(ref::starts(jobs, 8, p), expected), describe(jobs, expected, ref::starts(jobs, 8, p)).c_str());
        for (bool oneServer : {false, true}) {
            const auto got = engineStarts(jobs, uniformPool(1, 8), p, oneServer);
            QVERIFY2(same(got, expected), describe(jobs, expected, got).c_str());
        }
        // Two servers of 4 GPUs behave as 8 when jobs may span servers.
        const auto spread = engineStarts(jobs, uniformPool(2, 4), p, false);
        QVERIFY2(same(spread, expected), describe(jobs, expected, spread).c_str());
    }

    // 1,200 random traces × fifo, EASY, sjf, sjf-greedy × three line orders: the engine gives
    // every job the reference's start time. Pools: one server of 8–64 GPUs (jobs confined to
    // it or not: both EASY paths), or several servers whose GPUs jobs may combine.
    void randomTracesMatchTheReference()
    {
        std::mt19937_64 rng(19);
        const ref::Policy policies[] = {ref::Policy::Fifo, ref::Policy::Easy, ref::Policy::Sjf, ref::Policy::SjfGreedy};
        std::size_t compared = 0, wrongRuleDiffers = 0, easyDiffersFromFifo = 0;
        for (int trace = 0; trace < 1200; ++trace) {
            const int shape = trace % 4;
            const int servers = shape == 3 ? 2 + int(rng() % 3) : 1;
            const int perServer = shape == 3 ? 4 << (rng() % 2) : 8 << (rng() % 4);   // 8..64 on one server
            const int poolGpus = servers * perServer;
            const bool oneServer = shape == 1;
            const bool distinctSubmits = trace % 2 == 0;
            std::vector<ref::Job> jobs = randomTrace(rng, poolGpus, distinctSubmits);
            std::vector<std::size_t> perm(jobs.size());
            for (std::size_t i = 0; i < perm.size(); ++i)
                perm[i] = i;
            std::vector<std::vector<double>> firstOrder(std::size(policies));
            for (int order = 0; order < 3; ++order) {
                if (order > 0)
                    std::shuffle(perm.begin(), perm.end(), rng);
                std::vector<ref::Job> shuffled;
                for (std::size_t i : perm)
                    shuffled.push_back(jobs[i]);
                for (std::size_t p = 0; p < std::size(policies); ++p) {
                    const auto expected = ref::starts(shuffled, poolGpus, policies[p]);
                    const auto got = engineStarts(shuffled, uniformPool(servers, perServer), policies[p], oneServer);
                    ++compared;
                    QVERIFY2(same(got, expected), (std::string(name(policies[p])) + ", trace " + std::to_string(trace) + ", " +
                                                   std::to_string(servers) + "x" + std::to_string(perServer) + " GPUs\n" +
                                                   describe(shuffled, expected, got))
                                                      .c_str());
                    // Per job (original numbering): with distinct submit times the line order
                    // decides nothing.
                    std::vector<double> byJob(jobs.size());
                    for (std::size_t k = 0; k < perm.size(); ++k)
                        byJob[perm[k]] = got[k];
                    if (order == 0)
                        firstOrder[p] = byJob;
                    else if (distinctSubmits)
                        QVERIFY2(same(byJob, firstOrder[p]), name(policies[p]));
                }
                const auto easy = ref::starts(shuffled, poolGpus, ref::Policy::Easy);
                wrongRuleDiffers += !same(ref::starts(shuffled, poolGpus, ref::Policy::EasyFirstReleaseOnly), easy);
                easyDiffersFromFifo += !same(ref::starts(shuffled, poolGpus, ref::Policy::Fifo), easy);
            }
        }
        qInfo("%zu runs compared; EASY differs from fifo on %zu trace orders, the first-release-only rule on %zu", compared,
              easyDiffersFromFifo, wrongRuleDiffers);
        QVERIFY(compared >= 4 * 3 * 1000);
        // The traces exercise what the test is for: backfilling, and simultaneous ends at the
        // shadow time (where the reported bug shows).
        QVERIFY(easyDiffersFromFifo > 500);
        QVERIFY(wrongRuleDiffers > 20);
    }

    // --- EASY where placement matters (hand-computed) ---------------------------------------

    // Three servers of 4 GPUs; x, y, w hold s1 (4, until 100), s2 (2, until 50), s3 (2, until
    // 300). h needs 4 GPUs on one server: its shadow time is 50, when s2 is free, and s2 is its
    // reservation (spare 0). z (2 GPUs, 200 s) would go to s2 by first fit, which would delay
    // h; placed again without s2 it takes s3 and starts at once. (Counting GPUs over the pool,
    // z would wait: 4 free now, all needed by h.)
    void oneServerHeadReservesItsServer()
    {
        const Pool pool = uniformPool(3, 4);
        const std::vector<cplan::Job> jobs = test::jobsFromRows(
            {{"x", 0, 4, 100, "s1"}, {"y", 0, 2, 50, "s2"}, {"w", 0, 2, 300, "s3"}, {"h", 1, 4, 10}, {"z", 2, 2, 200}}, true);
        std::vector<std::pair<std::string, std::string>> where;
        ScheduleOptions opt;
        opt.policy = cplan::Policy::Backfill;
        opt.network = false;
        opt.onStart = [&](std::size_t j, const Allocation &a, double) {
            where.emplace_back(jobs[j].id, pool.servers[std::size_t(a.front().server)].id);
        };
        auto r = simulateSchedule(pool, jobs, opt);
        QVERIFY(r.ok());
        const std::vector<double> expected{0, 0, 0, 50, 2};
        for (std::size_t i = 0; i < jobs.size(); ++i)
            QCOMPARE(r->jobs[i].startS, expected[i]);
        const std::vector<std::pair<std::string, std::string>> placed{{"x", "s1"}, {"y", "s2"}, {"w", "s3"}, {"z", "s3"}, {"h", "s2"}};
        QCOMPARE(where, placed);
    }

    // Four servers of 4 GPUs under two leaves (s1 s2 | s3 s4); topology placement with the leaf
    // level required. p1..p4 hold s1 (4, until 100), s2 (2, until 50), s3 and s4 (2 each, until
    // 300). h needs 7 GPUs in one leaf: shadow 100, leaf 1 then has 8 free, spare 1.
    //   q1 (2 GPUs, long) best-fits s2 (leaf 1), more than the spare: placed again without
    //      leaf 1, s3, at t = 2;
    //   q2 (1 GPU, long) goes to s2 at t = 3, taking the spare;
    //   q3 (1 GPU, long) goes to s4 at t = 4 (s2 would take more than the spare);
    //   q4 (2 GPUs) finds no leaf with 2 free GPUs outside leaf 1 and waits until h ends (110);
    //   q5 (1 GPU, 10 s) ends before the shadow time: s2 at t = 6.
    // h starts at 100 on s1 + s2 (7 GPUs, 10 s).
    void topologyHeadReservesItsLeaf()
    {
        Pool pool = uniformPool(4, 4);
        pool.levels = 1;
        for (std::size_t s = 0; s < 4; ++s)
            pool.servers[s].blocks = {int(s / 2)};
        const std::vector<cplan::Job> jobs = test::jobsFromRows(
            {{"p1", 0, 4, 100, "s1"}, {"p2", 0, 2, 50, "s2"}, {"p3", 0, 2, 300, "s3"}, {"p4", 0, 2, 300, "s4"},
             {"h", 1, 7, 10}, {"q1", 2, 2, 500}, {"q2", 3, 1, 500}, {"q3", 4, 1, 500}, {"q4", 5, 2, 500}, {"q5", 6, 1, 10}},
            false);
        std::map<std::string, std::vector<std::string>> where;
        ScheduleOptions opt;
        opt.policy = cplan::Policy::Backfill;
        opt.placement = Placement::TopoPack;
        opt.topoLevel = 0;
        opt.topoRequired = true;
        opt.network = false;
        opt.onStart = [&](std::size_t j, const Allocation &a, double) {
            for (const ServerShare &sh : a)
                where[jobs[j].id].push_back(pool.servers[std::size_t(sh.server)].id);
        };
        auto r = simulateSchedule(pool, jobs, opt);
        QVERIFY(r.ok());
        const std::vector<double> expected{0, 0, 0, 0, 100, 2, 3, 4, 110, 6};
        for (std::size_t i = 0; i < jobs.size(); ++i)
            QVERIFY2(r->jobs[i].startS == expected[i], (jobs[i].id + " started at " + std::to_string(r->jobs[i].startS)).c_str());
        QCOMPARE(where["q1"], std::vector<std::string>{"s3"});
        QCOMPARE(where["q2"], std::vector<std::string>{"s2"});
        QCOMPARE(where["q3"], std::vector<std::string>{"s4"});
        QCOMPARE(where["q5"], std::vector<std::string>{"s2"});
        QCOMPARE(where["h"], (std::vector<std::string>{"s1", "s2"}));
    }

    // One server of 2 GPUs; b holds 0.6 of GPU 0 (until 50), a half of GPU 1 (until 100). The
    // head h wants 0.8 of a GPU: shadow 50, reservation GPU 0 (spare 0.2).
    //   c (0.5, long) takes the rest of GPU 1 at t = 2: not the reserved GPU;
    //   d (0.4, long) fits only on GPU 0, more than the spare: waits, and starts on GPU 0 when h
    //     ends (60);
    //   e (0.25, 10 s) ends before the shadow time: GPU 0 at t = 4;
    //   f (0.15, long) takes 0.15 of the spare 0.2 on GPU 0 at t = 5.
    void sharedGpuHeadReservesItsGpu()
    {
        const Pool pool = uniformPool(1, 2);
        const struct
        {
            const char *id;
            double submit;
            double gpus;
            double duration;
        } rows[] = {{"b", 0, 0.6, 50}, {"a", 0, 0.5, 100}, {"h", 1, 0.8, 10}, {"c", 2, 0.5, 500},
                    {"d", 3, 0.4, 500}, {"e", 4, 0.25, 10}, {"f", 5, 0.15, 500}};
        std::vector<cplan::Job> jobs;
        for (const auto &row : rows) {
            cplan::Job j;
            j.id = row.id;
            j.submitS = row.submit;
            j.gpus = 1;
            j.gpuMilli = int(std::lround(row.gpus * 1000));
            j.durationS = row.duration;
            jobs.push_back(j);
        }
        std::map<std::string, int> gpu;
        ScheduleOptions opt;
        opt.policy = cplan::Policy::Backfill;
        opt.network = false;
        opt.onStart = [&](std::size_t j, const Allocation &a, double) { gpu[jobs[j].id] = a.front().sharedGpu; };
        auto r = simulateSchedule(pool, jobs, opt);
        QVERIFY(r.ok());
        const std::vector<double> expected{0, 0, 50, 2, 60, 4, 5};
        for (std::size_t i = 0; i < jobs.size(); ++i)
            QVERIFY2(r->jobs[i].startS == expected[i], (jobs[i].id + " started at " + std::to_string(r->jobs[i].startS)).c_str());
        const std::map<std::string, int> gpus{{"a", 1}, {"b", 0}, {"c", 1}, {"d", 0}, {"e", 0}, {"f", 0}, {"h", 0}};
        QCOMPARE(gpu, gpus);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestScheduleReference)
#include "tst_schedule_reference.moc"
