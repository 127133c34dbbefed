// The cplan tool as scripts use it: exit codes, JSON keys, messages naming file and line.
#include "fixtures.h"
#include "skip.h"
#include "testmain.h"

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

class TestCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    using Run = cplan::test::ProgramRun;

    Run cplan(const QStringList &args)
    {
        return cplan::test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")));
    }

    QString data(const QString &rel) { return QStringLiteral(CPLAN_TEST_DATA "/") + rel; }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void version()
    {
        const Run r = cplan({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.startsWith("cplan "));
    }

    // DGX H100 SuperPOD RA Table 4, through `cplan generate` and `cplan bom --json`.
    void superPodCounts_data()
    {
        QTest::addColumn<int>("servers");
        QTest::addColumn<int>("leaf");
        QTest::addColumn<int>("spine");
        QTest::addColumn<int>("nodeLeaf");
        QTest::addColumn<int>("leafSpine");
        QTest::newRow("31") << 31 << 8 << 4 << 252 << 256;
        QTest::newRow("63") << 63 << 16 << 8 << 508 << 512;
        QTest::newRow("95") << 95 << 24 << 16 << 764 << 768;
        QTest::newRow("127") << 127 << 32 << 16 << 1020 << 1024;
    }

    void superPodCounts()
    {
        QFETCH(int, servers);
        QFETCH(int, leaf);
        QFETCH(int, spine);
        QFETCH(int, nodeLeaf);
        QFETCH(int, leafSpine);
        const QString out = m_dir.filePath(QStringLiteral("sp%1.cluster.yaml").arg(servers));
        Run r = cplan({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--servers"), QString::number(servers),
                       QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
                       QStringLiteral("--su-size"), QStringLiteral("32"), QStringLiteral("--mgmt-nodes"), QStringLiteral("4"),
                       QStringLiteral("-o"), out});
        QVERIFY2(r.code == 0, r.err.constData());
        r = cplan({QStringLiteral("bom"), out, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        const QJsonObject counts = j[QStringLiteral("counts")].toObject();
        QCOMPARE(counts[QStringLiteral("switches")][QStringLiteral("leaf")].toInt(), leaf);
        QCOMPARE(counts[QStringLiteral("switches")][QStringLiteral("spine")].toInt(), spine);
        QCOMPARE(counts[QStringLiteral("switches")][QStringLiteral("core")].toInt(), 0);
        // RA Table 4 counts one cable per link (fibre); `cables` counts physical cables, which a
        // splitter or twin-port cable carrying two links makes fewer.
        QCOMPARE(counts[QStringLiteral("links")][QStringLiteral("node-leaf")].toInt(), nodeLeaf);
        QCOMPARE(counts[QStringLiteral("links")][QStringLiteral("leaf-spine")].toInt(), leafSpine);
        QVERIFY(counts[QStringLiteral("cables")][QStringLiteral("node-leaf")].toInt() <= nodeLeaf);
        QVERIFY(counts[QStringLiteral("cables")][QStringLiteral("leaf-spine")].toInt() <= leafSpine);
        QCOMPARE(counts[QStringLiteral("servers")].toInt(), servers);
        QVERIFY(counts.contains(QStringLiteral("transceivers")));
        const QJsonObject totals = j[QStringLiteral("totals")].toObject();
        for (const char *key : {"capex", "power_w", "rack_units", "gpus", "cost_per_gpu"})
            QVERIFY2(totals.contains(QLatin1String(key)), key);
        QCOMPARE(totals[QStringLiteral("gpus")].toInt(), servers * 8);
        const QJsonArray lines = j[QStringLiteral("lines")].toArray();
        QVERIFY(!lines.isEmpty());
        for (const char *key : {"part", "category", "quantity", "unit_price", "total"})
            QVERIFY2(lines.first().toObject().contains(QLatin1String(key)), key);

        r = cplan({QStringLiteral("validate"), out, QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const QJsonObject v = QJsonDocument::fromJson(r.out).object();
        QVERIFY(v[QStringLiteral("errors")].toArray().isEmpty());
        QVERIFY(v.contains(QStringLiteral("warnings")));
    }

    void samplesValidate()
    {
        const QDir samples(QStringLiteral(CPLAN_SOURCE_DIR "/samples"));
        const QStringList files = samples.entryList({QStringLiteral("*.cluster.yaml")});
        QVERIFY(files.size() >= 6);
        for (const QString &f : files) {
            const Run r = cplan({QStringLiteral("validate"), samples.filePath(f)});
            QVERIFY2(r.code == 0, qPrintable(f + QLatin1Char(' ') + QString::fromUtf8(r.out + r.err)));
        }
    }

    // Bad input: exit 2 and "file:line:column: message" on stderr; nothing crashes.
    void malformedDesignsExit2()
    {
        const QDir dir(data(QStringLiteral("design-malformed")));
        const QStringList files = dir.entryList({QStringLiteral("*.cluster.yaml")});
        QVERIFY(files.size() >= 9);
        for (const QString &f : files) {
            for (const char *cmd : {"validate", "bom"}) {
                const Run r = cplan({QLatin1String(cmd), dir.filePath(f)});
                QVERIFY2(r.code == 2, qPrintable(f));
                QVERIFY2(r.err.contains(dir.filePath(f).toUtf8() + ':'), r.err.constData());
            }
        }
    }

    void designErrorsExit1()
    {
        const Run r = cplan({QStringLiteral("validate"), data(QStringLiteral("design-errors/cable-too-short.cluster.yaml")),
                             QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        const QJsonArray errors = QJsonDocument::fromJson(r.out).object()[QStringLiteral("errors")].toArray();
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors[0].toObject()[QStringLiteral("code")].toString(), QStringLiteral("cable-too-short"));
        QCOMPARE(errors[0].toObject()[QStringLiteral("objects")].toArray()[0].toString(), QStringLiteral("l1"));
    }

    void usageErrorsExit2()
    {
        QCOMPARE(cplan({}).code, 2);
        QCOMPARE(cplan({QStringLiteral("no-such-command")}).code, 2);
        QCOMPARE(cplan({QStringLiteral("validate"), QStringLiteral("/nonexistent.cluster.yaml")}).code, 2);
        const QString out = m_dir.filePath(QStringLiteral("x.cluster.yaml"));
        const QStringList base = {QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--server"),
                                  QStringLiteral("dgx-h100"), QStringLiteral("-o"), out};
        QCOMPARE(cplan(base + QStringList{QStringLiteral("--servers"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("nope")}).code, 2);
        QCOMPARE(cplan(base + QStringList{QStringLiteral("--servers"), QStringLiteral("8"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
                                          QStringLiteral("--blocking"), QStringLiteral("0:1")}).code, 2);
        QCOMPARE(cplan(base + QStringList{QStringLiteral("--servers"), QStringLiteral("-3"), QStringLiteral("--switch"), QStringLiteral("qm9700")}).code, 2);
        QVERIFY(!QFile::exists(out));
    }

    // cplan report --lang: the PDF's texts, the engine's sentences and the money in the language
    // asked for; English by default; a language we do not have is a usage error.
    void reportLanguages()
    {
        if (!cplan({QStringLiteral("--help")}).out.contains("\n  report "))
            CPLAN_SKIP(QStringLiteral("this cplan is built without the PDF report (CPLAN_BUILD_GUI=OFF)"));
        CPLAN_REQUIRE_TOOLS("pdftotext");
        const QString pdftotext = cplan::test::findTool(QStringLiteral("pdftotext"));
        const QString design = QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-1su.cluster.yaml");
        auto text = [&](const QString &lang) {
            const QString pdf = m_dir.filePath(QStringLiteral("report-%1.pdf").arg(lang.isEmpty() ? QStringLiteral("default") : lang));
            QStringList args{QStringLiteral("report"), design, QStringLiteral("-o"), pdf};
            if (!lang.isEmpty())
                args << QStringLiteral("--lang") << lang;
            const Run r = cplan(args);
            if (r.code != 0)
                return QStringLiteral("cplan failed: ") + QString::fromUtf8(r.err);
            QProcess p;
            p.start(pdftotext, {pdf, QStringLiteral("-")});
            p.waitForFinished(60000);
            // Fonts may map CJK glyphs to Kangxi radicals (U+2F00..); NFKC folds them back.
            return QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
        };
        const QString zh = text(QStringLiteral("zh_CN"));
        for (const QString &expected : {QStringLiteral("集群设计报告"), QStringLiteral("物料清单"), QStringLiteral("交换机"),
                                        QStringLiteral("光模块"), QStringLiteral("US$"), QStringLiteral("端口延迟未知")})
            QVERIFY2(zh.contains(expected), qPrintable(expected + QStringLiteral(" missing from:\n") + zh.left(3000)));
        QVERIFY2(!zh.contains(QStringLiteral("Bill of materials")), qPrintable(zh.left(3000)));
        const QString en = text(QString());
        QVERIFY2(en.contains(QStringLiteral("Bill of materials")) && en.contains(QStringLiteral("port latency unknown")),
                 qPrintable(en.left(3000)));
        QVERIFY2(!en.contains(QStringLiteral("物料清单")), qPrintable(en.left(3000)));
        QVERIFY(text(QStringLiteral("en")).contains(QStringLiteral("Bill of materials")));
        const Run bad = cplan({QStringLiteral("report"), design, QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x.pdf")),
                               QStringLiteral("--lang"), QStringLiteral("fr")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("--lang"), bad.err.constData());
    }

    // Regression: a GB200 NVL72 rack has 72 HCAs; the generator wrote such designs but the design
    // loader refused more than 64 HCAs per server.
    void nvl72DesignLoads()
    {
        const QString file = m_dir.filePath(QStringLiteral("nvl72.cluster.yaml"));
        const Run g = cplan({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--servers"), QStringLiteral("2"),
                             QStringLiteral("--server"), QStringLiteral("dgx-gb200-nvl72"), QStringLiteral("--switch"), QStringLiteral("q3400"),
                             QStringLiteral("--hca"), QStringLiteral("connectx-8"), QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        const Run v = cplan({QStringLiteral("validate"), file});
        QVERIFY2(v.code == 0, v.err.constData());
        // 2 racks, 8 leaves (9 rails each) and 4 spines; 144 HCA links and 576 uplinks.
        QVERIFY2(v.out.contains("14 nodes, 720 links"), v.out.constData());
    }

    // `cplan fail` as the window's failure what-if (analysis/failurechange.h): a leaf out leaves
    // flows without a route; the completion over the rest is not comparable with the intact one,
    // so no change is given (it said "0.0%"), the reason instead. Routed around, the change stays.
    void failNotComparableWhenFlowsLoseTheirRoute()
    {
        const QString design = QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-1su.cluster.yaml");
        const QStringList leaf{QStringLiteral("fail"), design, QStringLiteral("--switch"), QStringLiteral("su01-leaf2"),
                               QStringLiteral("--pattern"), QStringLiteral("shift:1")};
        const Run text = cplan(leaf);
        QVERIFY2(text.code == 0, text.err.constData());
        QVERIFY2(text.out.contains("shift:1: unknown (was ") && text.out.contains(" flows have no route: not comparable\n"),
                 text.out.constData());
        QVERIFY2(!text.out.contains("%)"), text.out.constData());
        const Run json = cplan(leaf + QStringList{QStringLiteral("--json")});
        QVERIFY2(json.code == 0, json.err.constData());
        const QJsonObject j = QJsonDocument::fromJson(json.out).object();
        QVERIFY(j[QStringLiteral("dropped_flows")].toInt() > 0);
        QVERIFY(j[QStringLiteral("completion_change_pct")].isNull());
        QCOMPARE(j[QStringLiteral("completion_comparable")].toBool(true), false);
        QCOMPARE(j[QStringLiteral("completion_note")].toString(),
                 QStringLiteral("%1 flows have no route: not comparable").arg(j[QStringLiteral("dropped_flows")].toInt()));
        const Run spine = cplan({QStringLiteral("fail"), design, QStringLiteral("--switch"), QStringLiteral("spine01"),
                                 QStringLiteral("--pattern"), QStringLiteral("shift:1"), QStringLiteral("--json")});
        QVERIFY2(spine.code == 0, spine.err.constData());
        const QJsonObject s = QJsonDocument::fromJson(spine.out).object();
        QCOMPARE(s[QStringLiteral("dropped_flows")].toInt(), 0);
        QVERIFY(s[QStringLiteral("completion_change_pct")].isDouble());
        QVERIFY(s[QStringLiteral("completion_comparable")].toBool());
        QVERIFY(!s.contains(QStringLiteral("completion_note")));
    }

    // The generator's record (issue 31 item 4): a design file keeps what its generator was asked;
    // `route --metrics` says asked against built and why, in text and JSON.
    void blockingAskedAfterReopening()
    {
        const QString file = m_dir.filePath(QStringLiteral("two-to-one.cluster.yaml"));
        const Run g = cplan({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--servers"), QStringLiteral("35"),
                             QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
                             QStringLiteral("--blocking"), QStringLiteral("2:1"), QStringLiteral("-o"), file});
        QVERIFY2(g.code == 0, g.err.constData());
        const QByteArray said = "asked 2:1, built 1.94:1 (35 down / 18 up per leaf): 35 down ports at 2:1 need 17.5 uplinks";
        const Run text = cplan({QStringLiteral("route"), file, QStringLiteral("--metrics")});
        QVERIFY2(text.code == 0 && text.out.contains("  blocking: " + said), text.out.constData());
        const Run json = cplan({QStringLiteral("--json"), QStringLiteral("route"), file, QStringLiteral("--metrics")});
        const QJsonObject metrics = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("metrics")).toObject();
        QVERIFY2(metrics.value(QStringLiteral("blocking")).toString().startsWith(QString::fromUtf8(said)), json.out.constData());
        const Run plain = cplan({QStringLiteral("route"), QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml"),
                                 QStringLiteral("--metrics")});
        QVERIFY2(plain.code == 0 && !plain.out.contains("blocking:"), plain.out.constData());
    }

    void bomCsv()
    {
        const Run r = cplan({QStringLiteral("bom"), QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-1su.cluster.yaml"),
                             QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(r.code, 0);
        const QList<QByteArray> rows = r.out.trimmed().split('\n');
        QVERIFY(rows.size() > 3);
        QVERIFY(rows[0].startsWith("category,part,"));
        QVERIFY(r.out.contains("server,dgx-h100,"));
    }

    // The scheduler topologies: written, with --label-key renaming a label key; a bad level or
    // key, or --label-key on another format, is a usage error that writes nothing.
    void schedulerExports()
    {
        const QString design = QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-4su.cluster.yaml");
        const QString out = m_dir.filePath(QStringLiteral("topo.out"));
        auto exportAs = [&](const QStringList &extra) {
            QFile::remove(out);
            return cplan(QStringList{QStringLiteral("export"), design, QStringLiteral("-o"), out} + extra);
        };
        Run r = exportAs({QStringLiteral("--format"), QStringLiteral("slurm")});
        QCOMPARE(r.code, 0);
        QVERIFY(cplan::test::readBytes(out.toStdString()).contains("\nSwitchName=su01 Nodes=gpu[001-032]\n"));
        r = exportAs({QStringLiteral("--format"), QStringLiteral("slurm-block")});
        QCOMPARE(r.code, 0);
        QVERIFY(cplan::test::readBytes(out.toStdString()).contains("\nBlockSizes=1,2,4,8,16,32,64,128\n"));
        r = exportAs({QStringLiteral("--format"), QStringLiteral("k8s-labels"), QStringLiteral("--label-key"),
                      QStringLiteral("leaf=fabric.topograph.run/tier-0")});
        QCOMPARE(r.code, 0);
        QVERIFY(cplan::test::readBytes(out.toStdString()).contains("    fabric.topograph.run/tier-0: \"su04\"\n"));
        for (const QStringList &bad : {QStringList{QStringLiteral("--format"), QStringLiteral("k8s-labels"), QStringLiteral("--label-key"), QStringLiteral("rack=x")},
                                       QStringList{QStringLiteral("--format"), QStringLiteral("k8s-labels"), QStringLiteral("--label-key"), QStringLiteral("leaf=-x-")},
                                       QStringList{QStringLiteral("--format"), QStringLiteral("slurm"), QStringLiteral("--label-key"), QStringLiteral("leaf=x")}}) {
            r = exportAs(bad);
            QCOMPARE(r.code, 2);
            QVERIFY(!QFile::exists(out));
        }
    }
};

CPLAN_TEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
