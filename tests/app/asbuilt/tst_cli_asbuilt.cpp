// `cplan import ibnetdiscover` and `cplan verify` as scripts use them: exit codes 0 / 1 / 2,
// the JSON keys DESIGN.md promises, the punch list file.
#include "asbuilttwin.h"

#include "io/designyaml.h"
#include "io/ibnetdiscover.h"
#include "routing/fabric.h"
#include "util/atomicfile.h"

#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace cplan;

class TestCliAsBuilt : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    Catalog m_catalog;
    QString m_plan, m_twin, m_twinDump;

    struct Run : test::ProgramRun
    {
        QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    };

    Run cplan(const QStringList &args)
    {
        return Run{test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")))};
    }

    QString path(const char *name) { return m_dir.filePath(QString::fromLatin1(name)); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_catalog = test::builtinCatalog();
        auto plan = test::plannedFabric(m_catalog);
        QVERIFY(plan.ok());
        const Design twin = test::miswiredTwin(*plan, m_catalog, nullptr);
        m_plan = path("plan.cluster.yaml");
        m_twin = path("twin.cluster.yaml");
        m_twinDump = path("twin.topo");
        QVERIFY(saveDesign(*plan, m_plan.toStdString()).ok());
        QVERIFY(saveDesign(twin, m_twin.toStdString()).ok());
        QVERIFY(writeFileAtomically(m_twinDump.toStdString(), exportIbnetdiscover(twin, Fabric::build(twin, m_catalog))).ok());
    }

    void importPortsReport()
    {
        const Run r = cplan({QStringLiteral("--json"), QStringLiteral("import"), QStringLiteral("ibnetdiscover"),
                             QString::fromStdString(test::testDataPath("asbuilt/ports-report.txt")), QStringLiteral("-o"), path("ports.yaml")});
        QCOMPARE(r.code, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("format")).toString(), QStringLiteral("ports-report"));
        QCOMPARE(j.value(QStringLiteral("switches")).toInt(), 2);
        QCOMPARE(j.value(QStringLiteral("hcas")).toInt(), 2);
        QCOMPARE(j.value(QStringLiteral("cables")).toInt(), 4);
        QCOMPARE(j.value(QStringLiteral("aggregation_nodes")).toInt(), 1);
        QCOMPARE(j.value(QStringLiteral("progress_lines")).toInt(), 2);
        bool degradedWithLine = false;
        for (const auto &n : j.value(QStringLiteral("notes")).toArray())
            degradedWithLine = degradedWithLine || (n.toObject().value(QStringLiteral("kind")).toString() == QStringLiteral("degraded") &&
                                                    n.toObject().value(QStringLiteral("line")).toInt() > 0);
        QVERIFY(degradedWithLine);
        // The design it wrote loads, generic parts and all.
        QVERIFY(cplan({QStringLiteral("validate"), path("ports.yaml")}).code != 2);
    }

    void verifyMiswiredTwin_data()
    {
        QTest::addColumn<QString>("asBuilt");
        QTest::newRow("design file") << m_twin;
        QTest::newRow("ibnetdiscover dump") << m_twinDump;
    }
    void verifyMiswiredTwin()
    {
        QFETCH(QString, asBuilt);
        const QString punch = path("punch.csv");
        QFile::remove(punch);
        const Run r = cplan({QStringLiteral("verify"), m_plan, asBuilt, QStringLiteral("--json"), QStringLiteral("--punch-list"), punch});
        QCOMPARE(r.code, 1);
        const QJsonObject s = r.json().value(QStringLiteral("summary")).toObject();
        const QStringList keys = {QStringLiteral("planned"), QStringLiteral("found"), QStringLiteral("ok"), QStringLiteral("missing"),
                                  QStringLiteral("unexpected"), QStringLiteral("misconnected"), QStringLiteral("different"),
                                  QStringLiteral("nodes_missing"), QStringLiteral("nodes_unexpected")};
        for (const QString &k : keys)
            QVERIFY2(s.contains(k), qPrintable(k));
        QCOMPARE(s.value(QStringLiteral("misconnected")).toInt(), 2);
        QCOMPARE(s.value(QStringLiteral("missing")).toInt(), 1);
        QCOMPARE(s.value(QStringLiteral("unexpected")).toInt(), 1);
        QCOMPARE(s.value(QStringLiteral("different")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("nodes_missing")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("planned")).toInt(), s.value(QStringLiteral("found")).toInt());   // one out, one in
        QCOMPARE(r.json().value(QStringLiteral("findings")).toArray().size(), 4);
        QFile f(punch);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QVERIFY(lines[0].startsWith("row,action,cable_label"));
    }

    void verifyAgrees()
    {
        const Run r = cplan({QStringLiteral("verify"), m_plan, m_plan});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("agrees"));
    }

    // Issue 31: a dump of one leaf and its servers matched all its nodes and gave no word, while
    // the plan's other cables read missing. `cplan verify` says it as the window does
    // (MatchStats::partialDump), in text and JSON; the whole plan's dump does not.
    void verifyPartialDumpSaysSo()
    {
        auto plan = test::plannedFabric(m_catalog);
        QVERIFY(plan.ok());
        const Design part = test::oneLeafOf(*plan);
        const QString dump = path("one-leaf.topo");
        QVERIFY(writeFileAtomically(dump.toStdString(), exportIbnetdiscover(part, Fabric::build(part, m_catalog))).ok());
        const Run text = cplan({QStringLiteral("verify"), m_plan, dump});
        QCOMPARE(text.code, 1);
        const int planNodes = int(plan->nodes.size()), found = int(part.nodes.size());
        const QString said = QStringLiteral("  warning: The as-built fabric has %1 nodes against %2 planned: the %3 others' cables read "
                                            "missing (a partial dump, or another plane?)\n")
                                 .arg(found)
                                 .arg(planNodes)
                                 .arg(planNodes - found);
        QVERIFY2(QString::fromUtf8(text.out).contains(said), text.out.constData());
        const Run json = cplan({QStringLiteral("verify"), m_plan, dump, QStringLiteral("--json")});
        const QJsonObject matched = json.json()[QStringLiteral("matched")].toObject();
        QVERIFY(matched[QStringLiteral("partial_dump")].toBool());
        QVERIFY(!matched[QStringLiteral("almost_nothing")].toBool());
        const Run whole = cplan({QStringLiteral("verify"), m_plan, m_twinDump, QStringLiteral("--json")});
        QCOMPARE(whole.json()[QStringLiteral("matched")].toObject()[QStringLiteral("partial_dump")].toBool(true), false);
    }

    void verifyBadInput()
    {
        Run r = cplan({QStringLiteral("verify"), m_plan, path("no-such.topo")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("no-such.topo"));
        QFile junk(path("junk.txt"));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("$ ls\nREADME\n");
        junk.close();
        r = cplan({QStringLiteral("verify"), m_plan, path("junk.txt")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("junk.txt:1"));
        r = cplan({QStringLiteral("verify"), path("junk.txt"), m_plan});
        QCOMPARE(r.code, 2);
    }
};

CPLAN_TEST_GUILESS_MAIN(TestCliAsBuilt)
#include "tst_cli_asbuilt.moc"
