// The nccl-tests log reader: real-looking logs (tests/data/nccl-tests/), each malformed log
// refused at its line (tests/data/nccl-tests-malformed/), which collective a log measured,
// launcher prefixes, old and optional column layouts, and cut-off input that must not crash.
#include "util/atomicfile.h"
#include "verify/nccltests.h"

#include "testmain.h"

#include <QtTest>

#include <cmath>
#include <string>

using namespace cplan;

namespace {

std::string goodLog(const char *name)
{
    return std::string(CPLAN_TEST_DATA) + "/nccl-tests/" + name;
}

std::string badLog(const char *name)
{
    return std::string(CPLAN_TEST_DATA) + "/nccl-tests-malformed/" + name;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-6;
}

const NcclTestRow *rowOf(const NcclTestLog &log, std::uint64_t bytes)
{
    for (const NcclTestRow &r : log.rows)
        if (r.bytes == bytes)
            return &r;
    return nullptr;
}

// The shortest log: an old all-gather header (no redop, no root, "error" instead of "#wrong").
const char *kOldAllGather = "#   Rank  0 Pid   4242 on  oldbox device  0 [0x07] Tesla V100-SXM2-32GB\n"
                            "#   Rank  1 Pid   4242 on  oldbox device  1 [0x0a] Tesla V100-SXM2-32GB\n"
                            "#                                              out-of-place                       in-place\n"
                            "#       size         count    type     time   algbw   busbw  error     time   algbw   busbw  error\n"
                            "     1048576        131072   float    30.12   34.81   17.41  0e+00    29.87   35.10   17.55  0e+00\n"
                            "     2097152        262144   float    48.70   43.06   21.53  0e+00    48.22   43.49   21.75  0e+00\n";

} // namespace

class TestNcclTests : public QObject
{
    Q_OBJECT

private slots:
    void goodLogs_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("collective");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("hosts");
        QTest::addColumn<double>("avgBusbw");
        QTest::addColumn<qulonglong>("bytes"); // a row to look at
        QTest::addColumn<int>("line");
        QTest::addColumn<double>("busbw");
        QTest::addColumn<double>("inPlaceBusbw");
        QTest::addColumn<bool>("validated");

        QTest::newRow("8 x H100, all-reduce") << "all_reduce_perf_h100_8gpu.log" << "allreduce" << 31 << 8 << 1 << 171.95
                                             << qulonglong(8589934592ULL) << 51 << 483.63 << 482.54 << true;
        QTest::newRow("2 x 8 H100, all-reduce, Open MPI tags")
            << "all_reduce_perf_2node_h100.log" << "allreduce" << 11 << 16 << 2 << 266.268 << qulonglong(8589934592ULL) << 44
            << 395.48 << 395.50 << false;
        QTest::newRow("8 x H100, all-gather") << "h100-node01-ag.log" << "allgather" << 14 << 8 << 1 << 264.876
                                             << qulonglong(33554432) << 26 << 277.26 << 281.63 << true;
        QTest::newRow("2 x 8 H100, all-to-all, srun labels")
            << "alltoall_perf_2node_h100.log" << "alltoall" << 13 << 16 << 2 << 34.3636 << qulonglong(4294967296ULL) << 42
            << 46.23 << 46.45 << true;
    }

    void goodLogs()
    {
        QFETCH(QString, file);
        QFETCH(QString, collective);
        QFETCH(int, rows);
        QFETCH(int, ranks);
        QFETCH(int, hosts);
        QFETCH(double, avgBusbw);
        QFETCH(qulonglong, bytes);
        QFETCH(int, line);
        QFETCH(double, busbw);
        QFETCH(double, inPlaceBusbw);
        QFETCH(bool, validated);

        auto log = readNcclTestsLog(goodLog(file.toUtf8().constData()));
        QVERIFY2(log.ok(), log.ok() ? "" : log.error().toString().c_str());
        QCOMPARE(QString::fromStdString(log->collective), collective);
        QCOMPARE(int(log->rows.size()), rows);
        QCOMPARE(log->ranks, ranks);
        QCOMPARE(int(log->hosts.size()), hosts);
        QVERIFY(log->devices == std::vector<std::string>{"NVIDIA H100 80GB HBM3"});
        QVERIFY(log->avgBusbwGBps && near(*log->avgBusbwGBps, avgBusbw));
        QVERIFY(log->outOfBounds == std::optional<long>(0));
        QVERIFY(!log->cpuTime);

        const NcclTestRow *row = rowOf(*log, bytes);
        QVERIFY(row);
        QCOMPARE(row->line, line);
        QVERIFY2(near(row->busbwGBps, busbw), std::to_string(row->busbwGBps).c_str());
        QVERIFY(near(row->inPlaceBusbwGBps, inPlaceBusbw));
        QCOMPARE(row->type, std::string("float"));
        QCOMPARE(row->root, -1);
        QCOMPARE(row->redop, std::string(collective == QLatin1String("allreduce") ? "sum" : "none"));
        QCOMPARE(row->wrong.has_value(), validated);
        if (validated)
            QCOMPARE(*row->wrong, 0L);
        // All-to-all validates only out of place: in place is "N/A".
        QCOMPARE(row->inPlaceWrong.has_value(), validated && collective != QLatin1String("alltoall"));
        // algbw is bytes over time (GB/s = B/us / 1e3), as nccl-tests computes it.
        QVERIFY(std::abs(row->algbwGBps - double(row->bytes) / row->timeUs / 1e3) < 0.01 * row->algbwGBps);
    }

    void singleNodeDetails()
    {
        auto log = readNcclTestsLog(goodLog("all_reduce_perf_h100_8gpu.log"));
        QVERIFY(log.ok());
        QVERIFY(log->hosts == std::vector<std::string>{"dgx-h100-01"});
        const NcclTestRow &first = log->rows.front();
        QCOMPARE(qulonglong(first.bytes), qulonglong(8));
        QCOMPARE(qulonglong(first.count), qulonglong(2));
        QCOMPARE(first.line, 21);
        QVERIFY(near(first.timeUs, 20.64));
        QVERIFY(near(first.inPlaceTimeUs, 21.09));
        // NVLink SHARP on 8 H100: ~480 GB/s bus bandwidth at 8 GiB.
        QVERIFY(log->rows.back().busbwGBps > 470 && log->rows.back().busbwGBps < 490);
    }

    void malformed_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("truncated row") << "truncated_row.all_reduce_perf.log" << 47 << "expected 13 columns";
        QTest::newRow("non-numeric field") << "non_numeric.all_reduce_perf.log" << 31 << "'busbw' must be a number, got '4x";
        QTest::newRow("missing column header") << "missing_header.all_reduce_perf.log" << 15 << "before the column header";
        QTest::newRow("empty file") << "empty.all_reduce_perf.log" << 0 << "no nccl-tests data rows";
        QTest::newRow("binary junk") << "binary_junk.all_reduce_perf.log" << 1 << "binary data";
        QTest::newRow("too few columns") << "too_few_columns.all_reduce_perf.log" << 28 << "found 12";
        QTest::newRow("negative size") << "negative_size.all_reduce_perf.log" << 21 << "'size' must not be negative";
        QTest::newRow("no collective") << "h100-run3.log" << 0 << "cannot tell which collective";
    }

    void malformed()
    {
        QFETCH(QString, file);
        QFETCH(int, line);
        QFETCH(QString, message);
        const std::string path = badLog(file.toUtf8().constData());
        auto log = readNcclTestsLog(path);
        QVERIFY(!log.ok());
        const std::string text = log.error().toString();
        QCOMPARE(log.error().file, path);
        QVERIFY2(log.error().line == line, text.c_str());
        QVERIFY2(text.find(message.toStdString()) != std::string::npos, text.c_str());
    }

    void collectiveFromLogNameOrOption()
    {
        auto text = readFile(goodLog("all_reduce_perf_2node_h100.log")); // no "Collective test starting" line
        QVERIFY(text.ok());
        const std::pair<const char *, const char *> names[] = {
            {"all_reduce_perf.log", "allreduce"},       {"/logs/2024-06-01/nccl-allgather-16.txt", "allgather"},
            {"reduce_scatter_perf_x.log", "reducescatter"}, {"ALLTOALL.out", "alltoall"},
            {"broadcast_perf.log", "broadcast"},        {"reduce_perf.log", "reduce"},
            {"sendrecv_perf.log", "sendrecv"}};
        for (const auto &[name, collective] : names) {
            auto log = parseNcclTestsLog(*text, name);
            QVERIFY2(log.ok(), name);
            QCOMPARE(log->collective, std::string(collective));
        }
        // Two names, or none: the file name says nothing; an explicit option does.
        for (const char *name : {"run.log", "allreduce_vs_allgather.log", "alltoallv_perf.log"}) {
            auto log = parseNcclTestsLog(*text, name);
            QVERIFY2(!log.ok(), name);
            QCOMPARE(log.error().file, std::string(name));
            QVERIFY(log.error().message.find("cannot tell which collective") != std::string::npos);
        }
        auto given = parseNcclTestsLog(*text, "run.log", std::string("all_reduce"));
        QVERIFY(given.ok());
        QCOMPARE(given->collective, std::string("allreduce"));
        auto unknown = parseNcclTestsLog(*text, "run.log", std::string("allreduce2"));
        QVERIFY(!unknown.ok());

        // The log's own line wins over the file name, and contradicts a wrong option.
        auto ag = readFile(goodLog("h100-node01-ag.log"));
        QVERIFY(ag.ok());
        auto named = parseNcclTestsLog(*ag, "all_reduce_perf.log");
        QVERIFY(named.ok());
        QCOMPARE(named->collective, std::string("allgather"));
        auto contradicted = parseNcclTestsLog(*ag, "x.log", std::string("allreduce"));
        QVERIFY(!contradicted.ok());
        QCOMPARE(contradicted.error().line, 5);

        QVERIFY(ncclTestCollectiveFromName("all_reduce_perf_mpi") == std::optional<std::string>("allreduce"));
        QVERIFY(ncclTestCollectiveFromName("./build/reduce_scatter_perf") == std::optional<std::string>("reducescatter"));
        QVERIFY(!ncclTestCollectiveFromName("gather_perf"));
        auto gather = parseNcclTestsLog(std::string("# Collective test starting: gather_perf\n") + kOldAllGather, "g.log");
        QVERIFY(!gather.ok());
        QCOMPARE(gather.error().line, 1);
    }

    void launcherPrefixes()
    {
        // Open MPI --tag-output (the 2-node fixture) with other ranks' NCCL INFO/WARN between.
        auto tagged = readNcclTestsLog(goodLog("all_reduce_perf_2node_h100.log"));
        QVERIFY(tagged.ok());
        QVERIFY(tagged->hosts == (std::vector<std::string>{"gpu-a017", "gpu-a018"}));

        // Hydra -prepend-rank with unbuffered output tags every write, also inside a row.
        const std::string hydra =
            "[0] #       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
            "[0]      1048576        262144     float     sum      -1[0]    1626.5    0.64    1.24      0[0]    2302.3    0.46    0.87      0\n"
            "[1] node2:77:77 [1] NCCL INFO Channel 00/0 : 1[1] -> 0[0] via P2P/IPC\n"
            "[0]      2097152        524288     float     sum      -1[0]    2325.3    0.90    1.73      0[0]     416.7    5.03    9.65      0\n";
        auto h = parseNcclTestsLog(hydra, "all_reduce_perf.log");
        QVERIFY2(h.ok(), h.ok() ? "" : h.error().toString().c_str());
        QCOMPARE(int(h->rows.size()), 2);
        QVERIFY(near(h->rows[1].inPlaceBusbwGBps, 9.65));
        QCOMPARE(h->rows[1].line, 4);

        // kubectl logs --timestamps in front of srun labels.
        const std::string kube = "2026-02-16T10:00:01.000000000Z  0: #       size         count      type   redop    root     time   "
                                 "algbw   busbw  #wrong     time   algbw   busbw  #wrong\n"
                                 "2026-02-16T10:00:02.000000000Z  0:            8             2     float     sum      -1    58.31    "
                                 "0.00    0.00       0    58.40    0.00    0.00       0\n";
        auto k = parseNcclTestsLog(kube, "all_reduce_perf.log");
        QVERIFY2(k.ok(), k.ok() ? "" : k.error().toString().c_str());
        QCOMPARE(qulonglong(k->rows.front().bytes), qulonglong(8));

        // An error's column is the column in the original line, prefix included.
        auto bad = parseNcclTestsLog("[1,0]<stdout>:#  size count type redop root time algbw busbw #wrong time algbw busbw #wrong\n"
                                     "[1,0]<stdout>:  8 2 float sum -1 1.0 x 0.0 0 1.0 0.0 0.0 0\n",
                                     "all_reduce_perf.log");
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().line, 2);
        QCOMPARE(bad.error().column, 38);
    }

    void otherLayouts()
    {
        auto old = parseNcclTestsLog(kOldAllGather, "all_gather_perf.log");
        QVERIFY2(old.ok(), old.ok() ? "" : old.error().toString().c_str());
        QCOMPARE(old->ranks, 2);
        QVERIFY(old->devices == std::vector<std::string>{"Tesla V100-SXM2-32GB"});
        QCOMPARE(old->rows[0].redop, std::string("none"));
        QCOMPARE(old->rows[0].root, -1);
        QVERIFY(!old->rows[0].wrong); // "error" is a deviation, not a count
        QVERIFY(near(old->rows[1].busbwGBps, 21.53));
        QVERIFY(!old->avgBusbwGBps);

        // -I 1 (per-iteration columns), -T 1 (timestamp), -C 1 (CPU time).
        const std::string wide =
            "#       size         count      type   redop    root  cputime   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%"
            "  cputime   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%           timestamp\n"
            "     1048576        262144     float     sum      -1    24.51   42.78   74.86       0    23.10    26.02    26.02     3.10"
            "    24.31   43.13   75.47       0    23.00    25.90    25.90     2.90 2026-01-05 10:11:12\n"
            "     2097152        524288     float     sum      -1    28.76   72.93  127.63       0    27.10    30.02    30.02     2.10"
            "    28.52   73.54  128.70       0    27.00    29.90    29.90     1.90\n"
            "# Avg bus bandwidth    : -nan \n";
        auto w = parseNcclTestsLog(wide, "all_reduce_perf.log");
        QVERIFY2(w.ok(), w.ok() ? "" : w.error().toString().c_str());
        QVERIFY(w->cpuTime);
        QCOMPARE(int(w->rows.size()), 2);
        QVERIFY(near(w->rows[0].inPlaceBusbwGBps, 75.47));
        QVERIFY(!w->avgBusbwGBps); // nan: unknown, not 0

        // A second test in the same log is refused at its start.
        auto two = parseNcclTestsLog("# Collective test starting: all_reduce_perf\n" + wide +
                                         "# Collective test starting: all_gather_perf\n",
                                     "both.log");
        QVERIFY(!two.ok());
        QCOMPARE(two.error().line, 6);
    }

    void cutAnywhereNeverCrashes()
    {
        for (const char *name : {"all_reduce_perf_2node_h100.log", "alltoall_perf_2node_h100.log"}) {
            auto text = readFile(goodLog(name));
            QVERIFY(text.ok());
            for (std::size_t n = 0; n < text->size(); n += 7) {
                auto log = parseNcclTestsLog(std::string_view(*text).substr(0, n), name);
                QVERIFY(log.ok() || !log.error().message.empty());
            }
        }
    }
};

CPLAN_TEST_APPLESS_MAIN(TestNcclTests)
#include "tst_nccltests.moc"
