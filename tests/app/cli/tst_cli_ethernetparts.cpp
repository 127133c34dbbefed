// Issue 29 item 1 through cplan: `catalog show` says a part's protocol and breakouts, and
// `validate` refuses an InfiniBand HCA on an Ethernet leaf with a message naming both ends.
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

class TestCliEthernetParts : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    using Run = cplan::test::ProgramRun;

    Run cplan(const QStringList &args)
    {
        return cplan::test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void showSaysProtocolAndBreakout()
    {
        const Run json = cplan({QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("sn5600"), QStringLiteral("--json")});
        QCOMPARE(json.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(j[QStringLiteral("protocol")].toString(), QStringLiteral("ethernet"));
        QCOMPARE(j[QStringLiteral("breakout_gbps")].toArray(), (QJsonArray{400.0, 200.0}));
        QVERIFY(j[QStringLiteral("power_w")].isNull());   // unknown, not zero
        const Run text = cplan({QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("sn5600")});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("breakout_gbps     400, 200"), text.out.constData());
        const Run ib = cplan({QStringLiteral("catalog"), QStringLiteral("show"), QStringLiteral("qm9700"), QStringLiteral("--json")});
        QCOMPARE(QJsonDocument::fromJson(ib.out).object()[QStringLiteral("protocol")].toString(), QStringLiteral("infiniband"));
    }

    void validateRefusesInfinibandOnEthernetLeaf()
    {
        const QString file = m_dir.filePath(QStringLiteral("mixed.cluster.yaml"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("format: cluster-planner/1\n"
                "name: an InfiniBand host on an SN5600\n"
                "nodes:\n"
                "  - {id: leaf1, part: sn5600, role: switch, tier: 1}\n"
                "  - {id: h1, part: host-1hca, role: server, tier: 0}\n"
                "links:\n"
                "  - {id: l1, a: \"h1:1\", b: \"leaf1:1\"}\n");
        f.close();
        const Run r = cplan({QStringLiteral("validate"), file, QStringLiteral("--json")});
        QCOMPARE(r.code, 1);   // a verdict: the design has errors
        const QJsonArray errors = QJsonDocument::fromJson(r.out).object()[QStringLiteral("errors")].toArray();
        bool refused = false;
        for (const QJsonValue &v : errors)
            if (v[QStringLiteral("code")].toString() == QStringLiteral("protocol-mismatch")) {
                refused = true;
                const QString message = v[QStringLiteral("message")].toString();
                QVERIFY2(message.contains(QStringLiteral("InfiniBand port h1:1")) && message.contains(QStringLiteral("Ethernet port leaf1:1")),
                         qPrintable(message));
            }
        QVERIFY2(refused, r.out.constData());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestCliEthernetParts)
#include "tst_cli_ethernetparts.moc"
