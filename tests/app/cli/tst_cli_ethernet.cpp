// Issue 29 through cplan: simulate's load balancing (policy, seeds, the median and its spread),
// a design's own setting, bad options refused, and `cplan compare` on the InfiniBand and
// Ethernet versions of 128 DGX B200.
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

class TestCliEthernet : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    using Run = cplan::test::ProgramRun;

    Run cplan(const QStringList &args)
    {
        return cplan::test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")));
    }

    QJsonObject json(const QStringList &args)
    {
        const Run r = cplan(QStringList(args) << QStringLiteral("--json"));
        if (r.code != 0)
            qWarning("exit %d: %s", r.code, r.err.constData());
        return r.code == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
    }

    QString generate(const QString &name, const QStringList &args)
    {
        const QString out = m_dir.filePath(name + QStringLiteral(".cluster.yaml"));
        const Run r = cplan(QStringList{QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("-o"), out} << args);
        if (r.code != 0)
            qWarning("generate: %s", r.err.constData());
        return r.code == 0 ? out : QString();
    }

    QString b200(const QString &name, const QString &sw, const QStringList &more = {})
    {
        return generate(name, QStringList{QStringLiteral("--servers"), QStringLiteral("128"), QStringLiteral("--server"), QStringLiteral("dgx-b200"),
                                          QStringLiteral("--switch"), sw}
                                  << more);
    }

    static QStringList words(const char *text) { return QString::fromLatin1(text).split(QLatin1Char(' ')); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // ECMP over 4 seeds: the median run's completion inside its spread, seeds and flows per
    // demand in the JSON; the routing tables' run has one seed and no spread.
    void simulateReportsSeedsAndSpread()
    {
        const QString d = b200(QStringLiteral("ib"), QStringLiteral("qm9700"));
        QVERIFY(!d.isEmpty());
        const QJsonObject lft = json(QStringList{QStringLiteral("simulate"), d} << words("--pattern shift:8 --bytes 64MiB"));
        QCOMPARE(lft[QStringLiteral("load_balancing")].toString(), QStringLiteral("lft"));
        QCOMPARE(lft[QStringLiteral("seeds")].toInt(), 1);
        const QJsonObject ecmp =
            json(QStringList{QStringLiteral("simulate"), d} << words("--pattern shift:8 --bytes 64MiB --load-balancing ecmp --seeds 4"));
        QCOMPARE(ecmp[QStringLiteral("load_balancing")].toString(), QStringLiteral("ecmp"));
        QCOMPARE(ecmp[QStringLiteral("seeds")].toInt(), 4);
        const QJsonArray spread = ecmp[QStringLiteral("completion_s_spread")].toArray();
        QCOMPARE(spread.size(), 2);
        const double median = ecmp[QStringLiteral("completion_s")].toDouble();
        QVERIFY(spread[0].toDouble() <= median && median <= spread[1].toDouble());
        // shift:8 on a non-blocking tree: the tables load every link once; hashing collides.
        QVERIFY(median > lft[QStringLiteral("completion_s")].toDouble());
        const QJsonObject spray = json(QStringList{QStringLiteral("simulate"), d} << words("--pattern shift:8 --bytes 64MiB --load-balancing spray"));
        QVERIFY(spray[QStringLiteral("flows_per_demand")].toInt() > 1);
        QVERIFY(spray[QStringLiteral("completion_s")].toDouble() < median);
    }

    void badLoadBalancingRefused()
    {
        const QString d = b200(QStringLiteral("ib2"), QStringLiteral("qm9700"));
        const Run r = cplan(QStringList{QStringLiteral("simulate"), d} << words("--pattern shift:1 --load-balancing hashy"));
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("unknown load balancing 'hashy'"));
        // The design's own setting is checked when it is read, with its line.
        QFile f(d);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        text.replace("settings:\n", "settings:\n  load_balancing: sprya\n");
        const QString bad = m_dir.filePath(QStringLiteral("bad-lb.cluster.yaml"));
        QVERIFY(cplan::test::writeBytes(bad.toStdString(), text));
        const Run r2 = cplan({QStringLiteral("validate"), bad});
        QCOMPARE(r2.code, 2);
        QVERIFY2(r2.err.contains("unknown load balancing 'sprya'"), r2.err.constData());
    }

    // The acceptance: the InfiniBand and Ethernet versions of 128 DGX B200 side by side.
    void compareInfiniBandAndEthernet()
    {
        const QString ib = b200(QStringLiteral("b200-ib"), QStringLiteral("qm9700"));
        const QString eth = b200(QStringLiteral("b200-eth"), QStringLiteral("sn5600"), {QStringLiteral("--hca"), QStringLiteral("cx7-eth")});
        QVERIFY(!ib.isEmpty());
        QVERIFY(!eth.isEmpty());
        const QJsonObject j = json(QStringList{QStringLiteral("compare"), ib, eth} << words("--seeds 3"));
        QCOMPARE(j[QStringLiteral("a")].toObject()[QStringLiteral("protocol")].toString(), QStringLiteral("InfiniBand"));
        QCOMPARE(j[QStringLiteral("b")].toObject()[QStringLiteral("protocol")].toString(), QStringLiteral("Ethernet"));
        QCOMPARE(j[QStringLiteral("b")].toObject()[QStringLiteral("load_balancing")].toString(), QStringLiteral("ecmp"));
        QCOMPARE(j[QStringLiteral("b")].toObject()[QStringLiteral("seeds")].toInt(), 3);
        const QJsonObject diff = j[QStringLiteral("differences")].toObject();
        QVERIFY(diff.contains(QStringLiteral("switches")));
        QVERIFY(diff.contains(QStringLiteral("busbw_gbps")));
        QVERIFY(diff.contains(QStringLiteral("allreduce_s")));
        QVERIFY(diff.contains(QStringLiteral("alltoall_s")));
        QVERIFY(!j[QStringLiteral("reasons")].toArray().isEmpty());
        const Run text = cplan({QStringLiteral("compare"), ib, eth, QStringLiteral("--seeds"), QStringLiteral("2")});
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.contains("B vs A"));
        QVERIFY(text.out.contains("Why they differ"));
        QVERIFY(text.out.contains("B: Ethernet ("));
        QVERIFY(text.out.contains("Switches"));
        // Each side's figures end in one column, "≥ 324,436 W" as "31": the table counts
        // characters, not the bytes of "≥", and right-aligns figures with units.
        const QStringList lines = QString::fromUtf8(text.out).split(QLatin1Char('\n'));
        const auto header = std::find_if(lines.begin(), lines.end(), [](const QString &l) { return l.startsWith(QLatin1String("figure")); });
        QVERIFY(header != lines.end() && std::next(header) != lines.end());
        const qsizetype endB = header->indexOf(QLatin1String("B vs A")) - 2;   // "figure ... A ... B  B vs A"
        const qsizetype endA = header->lastIndexOf(QLatin1Char('A'), endB - 1) + 1;
        const QRegularExpression cell(QStringLiteral("\\S+(?: \\S+)*"));   // cells: words one space apart
        int rows = 0;
        for (auto l = std::next(header, 2); l != lines.end() && !l->isEmpty(); ++l, ++rows) {
            auto it = cell.globalMatch(*l);
            QVERIFY(it.hasNext());
            it.next();   // the figure's name
            QVERIFY2(it.hasNext(), qPrintable(*l));
            QVERIFY2(it.next().capturedEnd() == endA, qPrintable(*l + QStringLiteral(" | ") + *header));
            QVERIFY2(it.hasNext(), qPrintable(*l));
            QVERIFY2(it.next().capturedEnd() == endB, qPrintable(*l + QStringLiteral(" | ") + *header));
        }
        QVERIFY(rows > 10);
    }
};

CPLAN_TEST_APPLESS_MAIN(TestCliEthernet)
#include "tst_cli_ethernet.moc"
