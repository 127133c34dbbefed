// Issue 28 through cplan: `cplan train` prints the step, its breakdown and the money with the
// JSON keys the issue names; unknown figures are null; bad input exits 2 with file and line.
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

class TestCliTrain : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    using Run = cplan::test::ProgramRun;

    Run cplan(const QStringList &args)
    {
        return cplan::test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")));
    }

    static QString sample(const char *name) { return QString::fromStdString(cplan::test::samplePath(name)); }
    static QString data(const char *relative) { return QString::fromStdString(cplan::test::testDataPath(relative)); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void jsonKeys()
    {
        const Run r = cplan({QStringLiteral("train"), sample("dgx-h100-superpod-1su"), QStringLiteral("--model"), QStringLiteral("llama3-70b"),
                             QStringLiteral("--tokens"), QStringLiteral("15T"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        for (const char *key : {"step_s", "tokens_per_s", "tokens_per_s_per_gpu", "model_tflops_per_gpu", "mfu", "memory_gb_per_gpu", "days",
                                "cost_per_mtoken", "breakdown", "parallelism"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        const QJsonObject b = j[QStringLiteral("breakdown")].toObject();
        QCOMPARE(b.keys(), QStringList({"bubble", "compute", "cp", "dp_exposed", "ep", "pp_p2p", "tp"}));
        double sum = 0;
        for (const QString &k : b.keys())
            sum += b[k].toDouble();
        QVERIFY(std::abs(sum - j[QStringLiteral("step_s")].toDouble()) <= 1e-9 * sum);
        const QJsonObject p = j[QStringLiteral("parallelism")].toObject();
        QVERIFY(p[QStringLiteral("auto")].toBool());
        QCOMPARE(p[QStringLiteral("tp")].toInt() * p[QStringLiteral("pp")].toInt() * p[QStringLiteral("dp")].toInt() * p[QStringLiteral("cp")].toInt(),
                 j[QStringLiteral("gpus")].toInt());
        QVERIFY(j[QStringLiteral("fits")].toBool());
        QVERIFY(j[QStringLiteral("days")].toDouble() > 0);
        // 15T tokens at the printed rate.
        const double days = 15e12 / j[QStringLiteral("tokens_per_s")].toDouble() / 86400;
        QVERIFY(std::abs(days - j[QStringLiteral("days")].toDouble()) <= 1e-6 * days);
    }

    // A fixed plan, a model file, and the table.
    void fixedPlanFromAFile()
    {
        const Run r = cplan({QStringLiteral("train"), sample("dgx-h100-superpod-1su"), QStringLiteral("--model"),
                             data("training/gpt-175b-megatron.yaml"), QStringLiteral("--gpus"), QStringLiteral("128"), QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--pp"),
                             QStringLiteral("8"), QStringLiteral("--vp"), QStringLiteral("1"), QStringLiteral("--cp"), QStringLiteral("1"),
                             QStringLiteral("--mbs"), QStringLiteral("1"), QStringLiteral("--gbs"), QStringLiteral("256"),
                             QStringLiteral("--recompute"), QStringLiteral("full")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("TP 8 PP 8 DP 2 CP 1 EP 1 VP 1, mbs 1, gbs 256, seq 2048, recompute full, bf16"));
        QVERIFY(r.out.contains("dp_exposed"));
        QVERIFY(r.out.contains("MFU"));
    }

    // A GPU without figures: the answer says unknown, JSON null, never a number.
    void unknownIsNull()
    {
        const QString out = m_dir.filePath(QStringLiteral("b300.cluster.yaml"));
        QCOMPARE(cplan({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("-o"), out, QStringLiteral("--servers"),
                        QStringLiteral("2"), QStringLiteral("--server"), QStringLiteral("dgx-b300"), QStringLiteral("--switch"), QStringLiteral("q3400")})
                     .code,
                 0);
        const Run r = cplan({QStringLiteral("train"), out, QStringLiteral("--model"), QStringLiteral("llama3-8b"), QStringLiteral("--tp"),
                             QStringLiteral("8"), QStringLiteral("--pp"), QStringLiteral("1"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QVERIFY(j[QStringLiteral("step_s")].isNull());
        QVERIFY(j[QStringLiteral("mfu")].isNull());
        QVERIFY(j[QStringLiteral("cost_per_mtoken")].isNull());
        QVERIFY(j[QStringLiteral("breakdown")].toObject()[QStringLiteral("compute")].isNull());
        const Run text = cplan({QStringLiteral("train"), out, QStringLiteral("--model"), QStringLiteral("llama3-8b"), QStringLiteral("--tp"),
                                QStringLiteral("8"), QStringLiteral("--pp"), QStringLiteral("1")});
        QVERIFY(text.out.contains("unknown: dense BF16 peak of GPU 'b300'"));
    }

    // A neighbour job on the servers after the job's: named in the JSON with the shares it leaves.
    void neighbourJob()
    {
        const Run r = cplan({QStringLiteral("train"), sample("dgx-h100-superpod-1su"), QStringLiteral("--model"), QStringLiteral("llama3-8b"),
                             QStringLiteral("--gpus"), QStringLiteral("128"), QStringLiteral("--tp"), QStringLiteral("1"), QStringLiteral("--pp"),
                             QStringLiteral("1"), QStringLiteral("--neighbour"), QStringLiteral("allreduce:64"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        const QJsonObject n = j[QStringLiteral("neighbour")].toObject();
        QCOMPARE(n[QStringLiteral("traffic")].toString(), QStringLiteral("allreduce"));
        QCOMPARE(n[QStringLiteral("servers")].toInt(), 8);
        const double ring = j[QStringLiteral("fabric_share")].toObject()[QStringLiteral("ring")].toDouble();
        QVERIFY(ring > 0 && ring <= 1);
        const Run text = cplan({QStringLiteral("train"), sample("dgx-h100-superpod-1su"), QStringLiteral("--model"), QStringLiteral("llama3-8b"),
                                QStringLiteral("--gpus"), QStringLiteral("128"), QStringLiteral("--neighbour"), QStringLiteral("alltoall")});
        QVERIFY2(text.code == 0, text.err.constData());
        QVERIFY(text.out.contains("neighbour job: alltoall on the next 15 servers"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString bad = data("training/malformed/kv-heads.yaml");
        QTest::newRow("model file") << QStringList{QStringLiteral("--model"), bad} << bad + QStringLiteral(":7:");
        QTest::newRow("unknown id") << QStringList{QStringLiteral("--model"), QStringLiteral("llama9")} << QStringLiteral("unknown model 'llama9'");
        QTest::newRow("tokens") << QStringList{QStringLiteral("--model"), QStringLiteral("llama3-8b"), QStringLiteral("--tokens"), QStringLiteral("lots")}
                                << QStringLiteral("'lots' is not a token count");
        QTest::newRow("illegal plan") << QStringList{QStringLiteral("--model"), QStringLiteral("llama3-8b"), QStringLiteral("--tp"), QStringLiteral("3")}
                                      << QStringLiteral("TP x CP x PP = 3 does not divide the 248 GPUs");
        QTest::newRow("neighbour") << QStringList{QStringLiteral("--model"), QStringLiteral("llama3-8b"), QStringLiteral("--neighbour"), QStringLiteral("shift")}
                                   << QStringLiteral("expected allreduce or alltoall");
        QTest::newRow("no room for a neighbour") << QStringList{QStringLiteral("--model"), QStringLiteral("llama3-8b"), QStringLiteral("--neighbour"), QStringLiteral("alltoall")}
                                                 << QStringLiteral("a neighbour job needs servers of its own");
        QTest::newRow("precision") << QStringList{QStringLiteral("--model"), QStringLiteral("llama3-8b"), QStringLiteral("--precision"), QStringLiteral("fp4")}
                                   << QStringLiteral("--precision");
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cplan(QStringList{QStringLiteral("train"), sample("dgx-h100-superpod-1su")} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    void helpStatesTheDefaults()
    {
        const Run r = cplan({QStringLiteral("train"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("default 4"));
        QVERIFY(r.out.contains("0.12 USD"));
        QVERIFY(r.out.contains("1.3"));
    }
};

CPLAN_TEST_APPLESS_MAIN(TestCliTrain)
#include "tst_cli_train.moc"
