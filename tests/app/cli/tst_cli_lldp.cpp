// Issue 29, item 6 through cplan: the Ethernet exports (avd-p2p, p2p-ethernet, lldp-json) of a
// generated RoCE fabric, refused on InfiniBand with exit 2; `cplan verify` on the LLDP tables
// the fabric shows (one keyed file, a folder of per-switch files, several files): exit 0 when
// they agree, 1 with the one missing cable of a table that lost an interface, 2 with file and
// line on text that is not lldpctl JSON.
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

class TestCliLldp : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_design, m_lldp;
    using Run = cplan::test::ProgramRun;

    Run cplan(const QStringList &args)
    {
        return cplan::test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")));
    }

    QString path(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }

    static void write(const QString &file, const QByteArray &bytes)
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

    QJsonObject verifyJson(const QStringList &asBuilt, int expectedCode)
    {
        const Run r = cplan(QStringList{QStringLiteral("verify"), m_design} << asBuilt << QStringLiteral("--json"));
        if (r.code != expectedCode)
            qWarning("exit %d: %s", r.code, r.err.constData());
        return r.code == expectedCode ? QJsonDocument::fromJson(r.out).object().value(QStringLiteral("summary")).toObject() : QJsonObject();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_design = path("roce.cluster.yaml");
        const Run g = cplan(QString::fromLatin1("generate fat-tree --servers 16 --server dgx-b200 --switch sn5600 --hca cx7-eth -o ")
                                .split(QLatin1Char(' '), Qt::SkipEmptyParts)
                            << m_design);
        QVERIFY2(g.code == 0, g.err.constData());
        m_lldp = path("fabric-lldp.json");
        const Run e = cplan({QStringLiteral("export"), m_design, QStringLiteral("--format"), QStringLiteral("lldp-json"), QStringLiteral("-o"), m_lldp});
        QVERIFY2(e.code == 0, e.err.constData());
    }

    void ethernetExportsAndTheirRefusalOnInfiniBand()
    {
        for (const char *format : {"avd-p2p", "p2p-ethernet"}) {
            const QString out = m_dir.filePath(QString::fromLatin1(format) + QStringLiteral(".csv"));
            const Run r = cplan({QStringLiteral("export"), m_design, QStringLiteral("--format"), QString::fromLatin1(format), QStringLiteral("-o"), out});
            QVERIFY2(r.code == 0, r.err.constData());
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray header = f.readLine();
            QVERIFY(header.startsWith(std::string(format) == "avd-p2p" ? "Type,Node,Node Interface,Leaf IP Address," : "A-Rack,A-U,A-Node Name,"));
        }
        const QString ib = path("ib.cluster.yaml");
        const Run g = cplan(QString::fromLatin1("generate fat-tree --servers 16 --server dgx-b200 --switch qm9700 -o").split(QLatin1Char(' ')) << ib);
        QVERIFY2(g.code == 0, g.err.constData());
        const Run r = cplan({QStringLiteral("export"), ib, QStringLiteral("--format"), QStringLiteral("avd-p2p"), QStringLiteral("-o"), path("ib.csv")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("InfiniBand switch"), r.err.constData());
    }

    void keyedFileAgrees()
    {
        const QJsonObject s = verifyJson({m_lldp}, 0);
        QVERIFY(s.value(QStringLiteral("planned")).toInt() > 0);
        QCOMPARE(s.value(QStringLiteral("ok")).toInt(), s.value(QStringLiteral("planned")).toInt());
    }

    // One file per switch, named after it, as collected from the switches: the folder, and
    // the files given one by one.
    void folderAndFilesAgree()
    {
        QFile f(m_lldp);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject all = QJsonDocument::fromJson(f.readAll()).object();
        QDir dir(m_dir.path());
        QVERIFY(dir.mkpath(QStringLiteral("switches")));
        QStringList files;
        for (auto it = all.begin(); it != all.end(); ++it) {
            files << path("switches/") + it.key() + QStringLiteral(".json");
            write(files.back(), QJsonDocument(it.value().toObject()).toJson());
        }
        QVERIFY(files.size() > 4);
        const QJsonObject folder = verifyJson({path("switches")}, 0);
        QCOMPARE(folder.value(QStringLiteral("ok")).toInt(), folder.value(QStringLiteral("planned")).toInt());
        const QJsonObject each = verifyJson(files, 0);
        QCOMPARE(each.value(QStringLiteral("ok")).toInt(), folder.value(QStringLiteral("ok")).toInt());
    }

    void lostInterfaceIsOneMissingCable()
    {
        QFile f(m_lldp);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject all = QJsonDocument::fromJson(f.readAll()).object();
        // su01-leaf1's first neighbour (a server) gone: the cable seen by no switch.
        QJsonObject leaf = all.value(QStringLiteral("su01-leaf1")).toObject();
        QJsonObject lldp = leaf.value(QStringLiteral("lldp")).toObject();
        QJsonArray interfaces = lldp.value(QStringLiteral("interface")).toArray();
        interfaces.removeFirst();
        lldp[QStringLiteral("interface")] = interfaces;
        leaf[QStringLiteral("lldp")] = lldp;
        all[QStringLiteral("su01-leaf1")] = leaf;
        write(path("lost.json"), QJsonDocument(all).toJson());
        const QJsonObject s = verifyJson({path("lost.json")}, 1);
        QCOMPARE(s.value(QStringLiteral("missing")).toInt(), 1);
        QCOMPARE(s.value(QStringLiteral("unexpected")).toInt() + s.value(QStringLiteral("misconnected")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("ok")).toInt(), s.value(QStringLiteral("planned")).toInt() - 1);
    }

    void notLldpJsonIsExit2WithItsLine()
    {
        write(path("broken.json"), "{\n  \"lldp\": {\n    \"interface\": 42\n  }\n}\n");
        const Run r = cplan({QStringLiteral("verify"), m_design, path("broken.json")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("broken.json:2:"), r.err.constData());
        QVERIFY2(r.err.contains("neither an object nor a list"), r.err.constData());
        QDir(m_dir.path()).mkpath(QStringLiteral("empty"));
        const Run e = cplan({QStringLiteral("verify"), m_design, path("empty")});
        QCOMPARE(e.code, 2);
        QVERIFY2(e.err.contains("no .json file"), e.err.constData());
    }
};

CPLAN_TEST_APPLESS_MAIN(TestCliLldp)
#include "tst_cli_lldp.moc"
