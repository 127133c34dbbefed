// Issue 26's acceptance through cplan: simulate's NCCL figures (unknown stays null), the size
// sweep, nccl-expect, and verify-perf on real-format nccl-tests logs (tests/data/nccl-tests).
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

class TestCliNccl : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    using Run = cplan::test::ProgramRun;

    Run cplan(const QStringList &args)
    {
        return cplan::test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")));
    }

    // expectCode -1: a verdict either way (0 or 1), not bad input.
    QJsonDocument json(const QStringList &args, int expectCode = 0)
    {
        const Run r = cplan(QStringList(args) << QStringLiteral("--json"));
        const bool expected = expectCode < 0 ? (r.code == 0 || r.code == 1) : r.code == expectCode;
        if (!expected)
            qWarning("exit %d: %s", r.code, r.err.constData());
        return expected ? QJsonDocument::fromJson(r.out) : QJsonDocument();
    }

    QString generate(const QString &name, const QStringList &args)
    {
        const QString out = m_dir.filePath(name + QStringLiteral(".cluster.yaml"));
        const Run r = cplan(QStringList{QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("-o"), out} << args);
        return r.code == 0 ? out : QString();
    }

    static QString data(const char *relative) { return QString::fromStdString(cplan::test::testDataPath(relative)); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // One DGX B300 with the catalog's sourced NVLink figure: a number, NCCL's algorithm named,
    // and the sweep as nccl-tests prints it (32 sizes, 8 B to 16 GiB).
    void simulateB300Sweep()
    {
        const QString d = generate(QStringLiteral("b300"), {QStringLiteral("--servers"), QStringLiteral("1"), QStringLiteral("--server"),
                                                            QStringLiteral("dgx-b300"), QStringLiteral("--switch"), QStringLiteral("q3400")});
        QVERIFY(!d.isEmpty());
        const QJsonObject j = json({QStringLiteral("simulate"), d, QStringLiteral("--pattern"), QStringLiteral("allreduce"),
                                    QStringLiteral("--bytes"), QStringLiteral("8GiB"), QStringLiteral("--sweep"), QStringLiteral("8B:16GiB")})
                                  .object();
        QVERIFY(j[QStringLiteral("busbw_gbps")].isDouble());
        QCOMPARE(j[QStringLiteral("algorithm")].toString(), QStringLiteral("NVLS"));
        QCOMPARE(j[QStringLiteral("protocol")].toString(), QStringLiteral("Simple"));
        QVERIFY(j[QStringLiteral("unknown")].toArray().isEmpty());
        const QJsonArray sweep = j[QStringLiteral("sweep")].toArray();
        QCOMPARE(sweep.size(), 32);
        QCOMPARE(sweep.first()[QStringLiteral("protocol")].toString(), QStringLiteral("LL"));
        for (const QJsonValue &row : sweep)
            for (const char *key : {"time_s", "algbw_gbps", "busbw_gbps", "algorithm", "protocol"})
                QVERIFY2(!row[QLatin1String(key)].isUndefined(), key);
        // The NVLink figure and its source, shown with the server.
        const QJsonObject show = json({QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("dgx-b300")}).object();
        QCOMPARE(show[QStringLiteral("gpu_nvlink_gbps")].toDouble(), 1800.0);
        QVERIFY(show[QStringLiteral("gpu_sources")].toArray().first().toString().contains(QStringLiteral("NVLink")));
    }

    // The acceptance's other half: a catalog without the B300's NVLink figure gives busbw null
    // and names the missing figure, never a number.
    void b300WithoutNvlinkIsNull()
    {
        QTemporaryDir catalogDir;
        QVERIFY(catalogDir.isValid());
        const QDir source(QString::fromStdString(cplan::test::sourcePath("resources/catalog")));
        for (const QString &f : source.entryList({QStringLiteral("*.yaml")})) {
            QFile in(source.filePath(f));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QByteArray text = in.readAll();
            if (f == QStringLiteral("gpus.yaml")) {
                const qsizetype at = text.indexOf("id: b300");
                QVERIFY(at > 0);
                const qsizetype nv = text.indexOf("nvlink_gbps: 1800", at);
                QVERIFY(nv > at);
                text.replace(nv, qsizetype(strlen("nvlink_gbps: 1800")), "nvlink_gbps: null");
            }
            QFile out(catalogDir.filePath(f));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text);
        }
        const QString d = generate(QStringLiteral("b300-unknown"), {QStringLiteral("--servers"), QStringLiteral("1"), QStringLiteral("--server"),
                                                                    QStringLiteral("dgx-b300"), QStringLiteral("--switch"), QStringLiteral("q3400")});
        const QByteArray saved = qgetenv("CPLAN_CATALOG_DIR");
        qputenv("CPLAN_CATALOG_DIR", catalogDir.path().toUtf8());
        const QJsonObject j = json({QStringLiteral("simulate"), d, QStringLiteral("--pattern"), QStringLiteral("allreduce"),
                                    QStringLiteral("--bytes"), QStringLiteral("8GiB")})
                                  .object();
        qputenv("CPLAN_CATALOG_DIR", saved);
        QVERIFY(j.contains(QStringLiteral("busbw_gbps")));
        QVERIFY(j[QStringLiteral("busbw_gbps")].isNull());
        QVERIFY(j[QStringLiteral("algorithm")].isNull());
        const QJsonArray unknown = j[QStringLiteral("unknown")].toArray();
        QCOMPARE(unknown.size(), 1);
        QVERIFY(unknown.first().toString().contains(QStringLiteral("NVLink bandwidth of GPU 'b300'")));
    }

    void badOptionsExitTwo()
    {
        const QString d = generate(QStringLiteral("h2"), {QStringLiteral("--servers"), QStringLiteral("2"), QStringLiteral("--server"),
                                                          QStringLiteral("dgx-h100"), QStringLiteral("--switch"), QStringLiteral("qm9700")});
        const QStringList base{QStringLiteral("simulate"), d, QStringLiteral("--pattern"), QStringLiteral("allreduce")};
        QCOMPARE(cplan(QStringList(base) << QStringLiteral("--algo") << QStringLiteral("Butterfly")).code, 2);
        QCOMPARE(cplan(QStringList(base) << QStringLiteral("--sweep") << QStringLiteral("1G:1M")).code, 2);
        QCOMPARE(cplan({QStringLiteral("simulate"), d, QStringLiteral("--pattern"), QStringLiteral("shift:1"), QStringLiteral("--algo"),
                        QStringLiteral("Ring")})
                     .code,
                 2);
        // PAT needs one GPU per server: refused on DGX H100, exit 2 with the reason.
        const Run r = cplan(QStringList(base) << QStringLiteral("--algo") << QStringLiteral("PAT"));
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no algorithm"));
    }

    // The installer's checklist: a row per test and size, busbw and a floor below it.
    void ncclExpect()
    {
        const QString d = generate(QStringLiteral("h4"), {QStringLiteral("--servers"), QStringLiteral("4"), QStringLiteral("--server"),
                                                          QStringLiteral("dgx-h100"), QStringLiteral("--switch"), QStringLiteral("qm9700")});
        const QString out = m_dir.filePath(QStringLiteral("expect.csv"));
        QCOMPARE(cplan({QStringLiteral("export"), d, QStringLiteral("--format"), QStringLiteral("nccl-expect"), QStringLiteral("-o"), out})
                     .code,
                 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2 + 3 * 3 * 4);   // comment, header; 3 tests × 3 collectives × 4 sizes
        QVERIFY(lines.at(1).startsWith(QStringLiteral("test,command,collective,servers")));
        QVERIFY(lines.at(2).contains(QStringLiteral("single server,all_reduce_perf")));
    }

    // Real-format logs: the 8×H100 all_reduce is within the plan; the same rows halved are below
    // (exit 1); a malformed log is refused with its file and line (exit 2).
    void verifyPerf()
    {
        const QString d = generate(QStringLiteral("h1"), {QStringLiteral("--servers"), QStringLiteral("1"), QStringLiteral("--server"),
                                                          QStringLiteral("dgx-h100"), QStringLiteral("--switch"), QStringLiteral("qm9700")});
        const QString log = data("nccl-tests/all_reduce_perf_h100_8gpu.log");
        const QJsonObject ok = json({QStringLiteral("verify-perf"), d, log}).object();
        const QJsonArray rows = ok[QStringLiteral("logs")].toArray().first()[QStringLiteral("rows")].toArray();
        QVERIFY(rows.size() > 20);
        const QJsonObject last = rows.last().toObject();
        QCOMPARE(last[QStringLiteral("verdict")].toString(), QStringLiteral("within"));
        QCOMPARE(last[QStringLiteral("predicted")][QStringLiteral("algorithm")].toString(), QStringLiteral("NVLS"));

        QFile in(log);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(in.readAll());
        text.replace(QStringLiteral("483.63"), QStringLiteral("241.80"));
        const QString slow = m_dir.filePath(QStringLiteral("all_reduce_perf_slow.log"));
        QFile out(slow);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.toUtf8());
        out.close();
        const Run below = cplan({QStringLiteral("verify-perf"), d, slow});
        QCOMPARE(below.code, 1);
        QVERIFY2(below.out.contains("below"), below.out.constData());

        // A 2-node log run with NCCL_ALGO=Ring: --algo Ring predicts the ring, not NCCL's own pick.
        const QString d2 = generate(QStringLiteral("h2v"), {QStringLiteral("--servers"), QStringLiteral("2"), QStringLiteral("--server"),
                                                            QStringLiteral("dgx-h100"), QStringLiteral("--switch"), QStringLiteral("qm9700")});
        const QString twoNode = data("nccl-tests/all_reduce_perf_2node_h100.log");
        const QJsonArray ring = json({QStringLiteral("verify-perf"), d2, twoNode, QStringLiteral("--algo"), QStringLiteral("Ring")}, -1)
                                    .object()[QStringLiteral("logs")].toArray().first()[QStringLiteral("rows")].toArray();
        QVERIFY(!ring.isEmpty());
        QCOMPARE(ring.last()[QStringLiteral("predicted")][QStringLiteral("algorithm")].toString(), QStringLiteral("Ring"));
        QCOMPARE(cplan({QStringLiteral("verify-perf"), d2, twoNode, QStringLiteral("--algo"), QStringLiteral("Bogus")}).code, 2);

        const Run bad = cplan({QStringLiteral("verify-perf"), d, data("nccl-tests-malformed/truncated_row.all_reduce_perf.log")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("truncated_row.all_reduce_perf.log:47"), bad.err.constData());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestCliNccl)
#include "tst_cli_nccl.moc"
