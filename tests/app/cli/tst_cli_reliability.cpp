// Issue 30 through cplan: `cplan reliability` on a 16,384-GPU DGX H100 fabric with the Llama 3
// preset (its JSON keys, Meta's 419 interruptions in 54 days), a preset file of one's own, and
// bad input (file and line named, exit 2).
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>

class TestCliReliability : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_design;
    using Run = cplan::test::ProgramRun;

    Run cplan(const QStringList &args)
    {
        return cplan::test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")));
    }

    QJsonObject json(const QStringList &args)
    {
        const Run r = cplan(QStringList{QStringLiteral("reliability"), m_design} << args << QStringLiteral("--json"));
        if (r.code != 0)
            qWarning("exit %d: %s", r.code, r.err.constData());
        return r.code == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
    }

    QString writeFile(const char *name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return {};
        return path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_design = m_dir.filePath(QStringLiteral("h100.cluster.yaml"));
        const Run r = cplan({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--servers"), QStringLiteral("2048"),
                             QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
                             QStringLiteral("-o"), m_design});
        QVERIFY2(r.code == 0, r.err.constData());
    }

    void llama3On16kGpus()
    {
        const QJsonObject j = json({QStringLiteral("--job-gpus"), QStringLiteral("16384"), QStringLiteral("--days"), QStringLiteral("54"),
                                    QStringLiteral("--checkpoint-gb"), QStringLiteral("2000"), QStringLiteral("--storage-gbps"),
                                    QStringLiteral("50"), QStringLiteral("--restart-min"), QStringLiteral("10"), QStringLiteral("--trials"),
                                    QStringLiteral("50")});
        for (const char *key : {"interruptions", "interruptions_by_cause", "mtbi_h", "checkpoint_interval_s", "goodput", "spares"})
            QVERIFY2(j.contains(QLatin1String(key)), key);
        QVERIFY(std::abs(j[QStringLiteral("interruptions")].toDouble() - 419) < 0.05 * 419);
        const QJsonObject byCause = j[QStringLiteral("interruptions_by_cause")].toObject();
        QVERIFY(std::abs(byCause[QStringLiteral("hbm")].toDouble() - 72) < 0.05 * 72);
        QVERIFY(std::abs(j[QStringLiteral("mtbi_h")].toDouble() - 54 * 24 / 419.0) < 0.05 * 3.09);
        QVERIFY(j[QStringLiteral("checkpoint_interval_s")].toDouble() > 0);
        const double goodput = j[QStringLiteral("goodput")].toDouble();
        QVERIFY(goodput > 0.5 && goodput < 1);
        QCOMPARE(j[QStringLiteral("unknown")].toArray().size(), 2);   // cable, switch
        QVERIFY(!j[QStringLiteral("spares")].toArray().isEmpty());
        QCOMPARE(j[QStringLiteral("spares")].toArray().at(0).toObject()[QStringLiteral("category")].toString(), QStringLiteral("spare"));
    }

    // The other built-in presets by id: `delta` scales Delta's H100 counts (24 uncorrectable
    // memory errors, 3 GSP errors on 608 GPUs in 146 days) to the job; both name what they
    // leave out.
    void deltaAndHpnPresets()
    {
        const QJsonObject d = json({QStringLiteral("--preset"), QStringLiteral("delta"), QStringLiteral("--job-gpus"), QStringLiteral("1024"),
                                    QStringLiteral("--days"), QStringLiteral("30"), QStringLiteral("--trials"), QStringLiteral("10")});
        const QJsonObject byCause = d[QStringLiteral("interruptions_by_cause")].toObject();
        const double scale = (1024.0 / 608) * (30.0 / 146);
        QVERIFY(std::abs(byCause[QStringLiteral("hbm")].toDouble() - 24 * scale) < 0.01 * 24 * scale);
        QVERIFY(std::abs(byCause[QStringLiteral("gpu")].toDouble() - 3 * scale) < 0.01 * 3 * scale);
        QVERIFY(!byCause.contains(QStringLiteral("mmu")));
        QStringList unknown;
        for (const QJsonValue &v : d[QStringLiteral("unknown")].toArray())
            unknown << v.toString();
        QCOMPARE(unknown, (QStringList{QStringLiteral("mmu"), QStringLiteral("hca"), QStringLiteral("cable"), QStringLiteral("switch"),
                                       QStringLiteral("host_software"), QStringLiteral("server")}));
        const QJsonObject h = json({QStringLiteral("--preset"), QStringLiteral("hpn"), QStringLiteral("--job-gpus"), QStringLiteral("1024"),
                                    QStringLiteral("--trials"), QStringLiteral("10")});
        const QJsonObject network = h[QStringLiteral("interruptions_by_cause")].toObject();
        QVERIFY(network[QStringLiteral("cable")].toDouble() > 0);
        QVERIFY(network[QStringLiteral("switch")].toDouble() > 0);
        QCOMPARE(h[QStringLiteral("unknown")].toArray().size(), 4);   // gpu, hca, host_software, server
    }

    void withoutCheckpointsGoodputIsNull()
    {
        const QJsonObject j = json({QStringLiteral("--job-gpus"), QStringLiteral("1024"), QStringLiteral("--trials"), QStringLiteral("10")});
        QVERIFY(j[QStringLiteral("goodput")].isNull());
        QVERIFY(j[QStringLiteral("checkpoint_interval_s")].isNull());
        QCOMPARE(j[QStringLiteral("job")].toObject()[QStringLiteral("gpus")].toDouble(), 1024.0);
    }

    void seedReproduces()
    {
        const QStringList args{QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--trials"), QStringLiteral("20")};
        const QJsonObject a = json(args)[QStringLiteral("monte_carlo")].toObject();
        const QJsonObject b = json(args)[QStringLiteral("monte_carlo")].toObject();
        QVERIFY(!a.isEmpty());
        QCOMPARE(a, b);
    }

    void ownPresetFile()
    {
        const QString file = writeFile("mine.yaml", "format: cluster-planner-failure-rates/1\nid: mine\nsource: a test\n"
                                                    "classes:\n  - {id: gpu, per: gpu, rate_per_device_year: 0.1}\n"
                                                    "  - {id: optic, per: link, rate_per_device_year: null, spare: cable}\n");
        const QJsonObject j = json({QStringLiteral("--preset"), file, QStringLiteral("--job-gpus"), QStringLiteral("8"), QStringLiteral("--days"),
                                    QStringLiteral("365.25"), QStringLiteral("--trials"), QStringLiteral("10")});
        QVERIFY(std::abs(j[QStringLiteral("interruptions")].toDouble() - 0.8) < 1e-9);
        QCOMPARE(j[QStringLiteral("unknown")].toArray().at(0).toString(), QStringLiteral("optic"));
    }

    // The spares join the quote when asked: `cplan bom --failure-spares llama3`.
    void sparesInTheQuote()
    {
        const Run plain = cplan({QStringLiteral("bom"), m_design, QStringLiteral("--json")});
        const Run with = cplan({QStringLiteral("bom"), m_design, QStringLiteral("--failure-spares"), QStringLiteral("llama3"), QStringLiteral("--json")});
        QCOMPARE(plain.code, 0);
        QVERIFY2(with.code == 0, with.err.constData());
        const QJsonObject p = QJsonDocument::fromJson(plain.out).object(), w = QJsonDocument::fromJson(with.out).object();
        double spareServers = 0;
        for (const QJsonValue &l : w[QStringLiteral("lines")].toArray())
            if (l.toObject()[QStringLiteral("category")].toString() == QStringLiteral("spare") &&
                l.toObject()[QStringLiteral("part")].toString() == QStringLiteral("dgx-h100"))
                spareServers = l.toObject()[QStringLiteral("quantity")].toDouble();
        const QJsonObject reliability = json({QStringLiteral("--trials"), QStringLiteral("1")});
        QCOMPARE(spareServers, reliability[QStringLiteral("spares")].toArray().at(0).toObject()[QStringLiteral("quantity")].toDouble());
        QVERIFY(spareServers > 0);
        const double before = p[QStringLiteral("quote")].toObject()[QStringLiteral("total")].toDouble();
        const double after = w[QStringLiteral("quote")].toObject()[QStringLiteral("total")].toDouble();
        QVERIFY(after > before);
        const Run bad = cplan({QStringLiteral("bom"), m_design, QStringLiteral("--failure-spares"), QStringLiteral("nosuch")});
        QCOMPARE(bad.code, 2);
    }

    void badInput()
    {
        const QString bad = writeFile("bad.yaml", "format: cluster-planner-failure-rates/1\nid: bad\nsource: x\nclasses:\n"
                                                  "  - {id: gpu, per: rack, rate_per_device_year: 0.1}\n");
        Run r = cplan({QStringLiteral("reliability"), m_design, QStringLiteral("--preset"), bad});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("bad.yaml:5:") && r.err.contains("'per'"), r.err.constData());
        r = cplan({QStringLiteral("reliability"), m_design, QStringLiteral("--preset"), QStringLiteral("nosuch")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("llama3"));
        r = cplan({QStringLiteral("reliability"), m_design, QStringLiteral("--checkpoint-gb"), QStringLiteral("100")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--storage-gbps"));
        r = cplan({QStringLiteral("reliability"), m_design, QStringLiteral("--job-gpus"), QStringLiteral("99999")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("99999"));
    }
};

CPLAN_TEST_APPLESS_MAIN(TestCliReliability)
#include "tst_cli_reliability.moc"
