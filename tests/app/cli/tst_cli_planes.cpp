// Issue 13's acceptance through cplan: GB200 NVL72 units with packed rails, and a multi-plane
// fabric (a smaller one than the 102,400-GPU design, which tests/bench/bench_planes.sh runs).
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

class TestCliPlanes : public QObject
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
            qWarning("%s", r.err.constData());
        return r.code == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
    }

    static QStringList words(const char *text) { return QString::fromLatin1(text).split(QLatin1Char(' ')); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // `cplan generate fat-tree --servers 8 --server dgx-gb200-nvl72 --switch qm9700` (and on
    // q3400 with connectx-8): one 576-GPU unit of at most 18 leaves, every HCA cabled.
    void nvl72Unit_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("qm9700") << QStringList{QStringLiteral("--switch"), QStringLiteral("qm9700")};
        QTest::newRow("q3400") << QStringList{QStringLiteral("--switch"), QStringLiteral("q3400"), QStringLiteral("--hca"),
                                              QStringLiteral("connectx-8")};
    }

    void nvl72Unit()
    {
        QFETCH(QStringList, extra);
        const QString out = m_dir.filePath(QStringLiteral("nvl72-%1.cluster.yaml").arg(extra.at(1)));
        const QJsonObject gen = json(QStringList{QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--servers"),
                                                 QStringLiteral("8"), QStringLiteral("--server"), QStringLiteral("dgx-gb200-nvl72"),
                                                 QStringLiteral("-o"), out}
                                     << extra);
        QCOMPARE(gen[QStringLiteral("scalable_units")].toInt(), 1);
        QVERIFY(gen[QStringLiteral("rails_per_leaf")].toInt() > 1);
        const QJsonObject bom = json({QStringLiteral("bom"), out});
        const QJsonObject counts = bom[QStringLiteral("counts")].toObject();
        QVERIFY(counts[QStringLiteral("switches")][QStringLiteral("leaf")].toInt() <= 18);
        QVERIFY(counts[QStringLiteral("switches")][QStringLiteral("leaf")].toInt() >= 8);
        QCOMPARE(counts[QStringLiteral("links")][QStringLiteral("node-leaf")].toInt(), 576);
        QCOMPARE(bom[QStringLiteral("totals")][QStringLiteral("gpus")].toInt(), 576);
        const QJsonObject v = json({QStringLiteral("validate"), out});
        QVERIFY(v[QStringLiteral("errors")].toArray().isEmpty());
        for (const QJsonValue &w : v[QStringLiteral("warnings")].toArray())
            QVERIFY2(w[QStringLiteral("code")].toString() != QStringLiteral("unconnected-hca"), qPrintable(w.toString()));
        const QJsonObject route = json({QStringLiteral("route"), out, QStringLiteral("--metrics")});
        QCOMPARE(route[QStringLiteral("unreachable_pairs")].toInt(), 0);
        const QJsonObject m = route[QStringLiteral("metrics")].toObject();
        QVERIFY(m[QStringLiteral("bisection_gbps")].toDouble() >= m[QStringLiteral("half_injection_gbps")].toDouble() * 0.999);
    }

    // `--planes`: generate, validate (exit 0), bom (GPUs of every plane once), route --metrics
    // (every plane its own subnet, all pairs reachable).
    void planes()
    {
        const QString out = m_dir.filePath(QStringLiteral("planes.cluster.yaml"));
        const QJsonObject gen = json({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--servers"),
                                      QStringLiteral("64"), QStringLiteral("--server"), QStringLiteral("dgx-b300"), QStringLiteral("--switch"),
                                      QStringLiteral("q3400"), QStringLiteral("--planes"), QStringLiteral("8"), QStringLiteral("-o"), out});
        QCOMPARE(gen[QStringLiteral("planes")].toInt(), 8);
        QCOMPARE(cplan({QStringLiteral("validate"), out}).code, 0);
        const QJsonObject bom = json({QStringLiteral("bom"), out});
        QCOMPARE(bom[QStringLiteral("totals")][QStringLiteral("gpus")].toInt(), 512);
        QCOMPARE(bom[QStringLiteral("counts")][QStringLiteral("planes")].toInt(), 8);
        const QJsonObject route = json({QStringLiteral("route"), out, QStringLiteral("--metrics")});
        QCOMPARE(route[QStringLiteral("planes")].toArray().size(), 8);
        QCOMPARE(route[QStringLiteral("endpoints")].toInt(), 512);
        QCOMPARE(route[QStringLiteral("pairs")].toInt(), 8 * 64 * 63);
        QCOMPARE(route[QStringLiteral("unreachable_pairs")].toInt(), 0);
        // The tables are one subnet's: --lfts needs a plane.
        QCOMPARE(cplan({QStringLiteral("route"), out, QStringLiteral("--lfts"), m_dir.filePath(QStringLiteral("l.dump"))}).code, 2);
        QCOMPARE(cplan({QStringLiteral("route"), out, QStringLiteral("--plane"), QStringLiteral("2"), QStringLiteral("--lfts"),
                        m_dir.filePath(QStringLiteral("l.dump"))})
                     .code,
                 0);
    }

    // `--rail-only` is named rail-only, never rail-optimized or planes, and leads its notes with
    // the comparison with the rail-optimized fat tree (its counts unchanged: 8 and 384 switches
    // against 24 and 640).
    void railOnlyOutput_data()
    {
        QTest::addColumn<QString>("servers");
        QTest::addColumn<QString>("summary");
        QTest::addColumn<QString>("lead");
        QTest::newRow("64") << QStringLiteral("64")
                            << QStringLiteral("rail-only, 8 networks (one per rail, no switch joins two), each 1 switch with no spine; "
                                              "8 leaf, 0 spine, 0 core switches in all; 72 nodes, 512 links")
                            << QStringLiteral("rail-only: 8 switches and 512 links, against 24 switches and 1024 links for the "
                                              "rail-optimized fat tree of the same servers. Each of the 8 rails is a network of its own, "
                                              "one switch with no spine");
        QTest::newRow("1024") << QStringLiteral("1024")
                              << QStringLiteral("rail-only, 8 networks (one per rail, no switch joins two), each a 2-tier fat tree of 48 "
                                                "switches; 256 leaf, 128 spine, 0 core switches in all")
                              << QStringLiteral("rail-only: 384 switches and 16384 links, against 640 switches and 24576 links for the "
                                                "rail-optimized fat tree of the same servers. Each of the 8 rails is a network of its "
                                                "own, a 2-tier fat tree of 48 switches");
    }

    void railOnlyOutput()
    {
        QFETCH(QString, servers);
        QFETCH(QString, summary);
        QFETCH(QString, lead);
        const QString out = m_dir.filePath(QStringLiteral("rail-only-%1.cluster.yaml").arg(servers));
        const QStringList args{QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--servers"), servers,
                               QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("--switch"),
                               QStringLiteral("qm9700"), QStringLiteral("--rail-only"), QStringLiteral("-o"), out};
        const Run text = cplan(args);
        QCOMPARE(text.code, 0);
        const QStringList lines = QString::fromUtf8(text.out).split(QLatin1Char('\n'));
        QVERIFY(lines.size() > 3);
        QVERIFY2(lines[0].contains(summary), qPrintable(lines[0]));
        QVERIFY2(lines[1].contains(QStringLiteral("in each rail's network")), qPrintable(lines[1]));
        QVERIFY2(lines[2].startsWith(QStringLiteral("  note: ") + lead), qPrintable(lines[2]));
        QVERIFY2(!text.out.contains("rail-optimized, 8 rails"), text.out.constData());
        QVERIFY2(!text.out.contains("-tier fat tree, "), text.out.constData());
        QVERIFY2(!text.out.contains("planes"), text.out.constData());
        const QJsonObject gen = json(args);
        QVERIFY(gen[QStringLiteral("rail_only")].toBool());
        const QJsonArray notes = gen[QStringLiteral("notes")].toArray();
        QVERIFY(!notes.isEmpty());
        QVERIFY2(notes[0].toString().startsWith(lead), qPrintable(notes[0].toString()));
        for (const QJsonValue &n : notes)
            QVERIFY2(!n.toString().contains(QStringLiteral("planes")), qPrintable(n.toString()));
    }

    // The subnet files per plane (as route --plane), the as-built check of a plane's dump,
    // a collective over some GPUs spread over the planes, a failure named by its plane.
    void planesThroughTheCommands()
    {
        const QString design = m_dir.filePath(QStringLiteral("two.cluster.yaml"));
        QCOMPARE(cplan({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--servers"), QStringLiteral("16"),
                        QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("--switch"), QStringLiteral("qm9700"),
                        QStringLiteral("--planes"), QStringLiteral("2"), QStringLiteral("-o"), design})
                     .code,
                 0);
        const QString topo = m_dir.filePath(QStringLiteral("plane2.topo"));
        const Run whole = cplan({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("ibnetdiscover"),
                                 QStringLiteral("-o"), topo});
        QCOMPARE(whole.code, 2);
        QVERIFY2(whole.err.contains("--plane N"), whole.err.constData());
        QCOMPARE(cplan({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("slurm"), QStringLiteral("--plane"),
                        QStringLiteral("1"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x"))})
                     .code,
                 2);
        QCOMPARE(cplan({QStringLiteral("export"), design, QStringLiteral("--format"), QStringLiteral("ibnetdiscover"),
                        QStringLiteral("--plane"), QStringLiteral("2"), QStringLiteral("-o"), topo})
                     .code,
                 0);
        QCOMPARE(cplan({QStringLiteral("verify"), design, topo}).code, 2);   // which plane?
        const QJsonObject verified = json({QStringLiteral("verify"), design, topo, QStringLiteral("--plane"), QStringLiteral("2")});
        QVERIFY(verified[QStringLiteral("agree")].toBool());

        const QJsonObject sim = json({QStringLiteral("simulate"), design, QStringLiteral("--pattern"), QStringLiteral("allreduce"),
                                      QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--bytes"), QStringLiteral("1GiB")});
        QCOMPARE(sim[QStringLiteral("ranks")].toInt(), 64);
        QCOMPARE(sim[QStringLiteral("rails")].toInt(), 8);
        QCOMPARE(sim[QStringLiteral("planes")].toArray().size(), 2);
        QCOMPARE(cplan({QStringLiteral("simulate"), design, QStringLiteral("--pattern"), QStringLiteral("alltoall"), QStringLiteral("--gpus"),
                        QStringLiteral("64")})
                     .code,
                 2);

        const QJsonObject failed = json({QStringLiteral("fail"), design, QStringLiteral("--switch"), QStringLiteral("p1-spine01")});
        QCOMPARE(failed[QStringLiteral("failed_planes")].toArray(), QJsonArray{1});
        QCOMPARE(failed[QStringLiteral("unreachable_pairs")].toInt(), 0);
    }

    // Spectrum-X multiplane through cplan (issue 29): DGX B300 with ConnectX-8 SuperNICs on
    // SN5600, 2 planes; the JSON says the protocol and the breakout; it validates clean and
    // routes. What the switch or the platform cannot do exits 2 with the reason.
    void spectrumXMultiplane()
    {
        const QString design = m_dir.filePath(QStringLiteral("spectrum-x.cluster.yaml"));
        const QStringList b300 = words("generate fat-tree --servers 16 --server dgx-b300 --hca cx8-eth --switch sn5600");
        const QJsonObject gen = json(QStringList(b300) << words("--planes 2 -o") << design);
        QCOMPARE(gen[QStringLiteral("protocol")].toString(), QStringLiteral("ethernet"));
        QCOMPARE(gen[QStringLiteral("breakout")].toInt(), 2);
        QCOMPARE(gen[QStringLiteral("port_speed_gbps")].toDouble(), 400.0);
        QCOMPARE(gen[QStringLiteral("switch_part")].toString(), QStringLiteral("imported-sn5600-128x400g"));
        QCOMPARE(gen[QStringLiteral("planes")].toInt(), 2);
        const Run valid = cplan({QStringLiteral("validate"), design});
        QVERIFY2(valid.code == 0, valid.out.constData());
        const QJsonObject routed = json({QStringLiteral("route"), design});
        QCOMPARE(routed[QStringLiteral("unreachable_pairs")].toInt(), 0);

        const QString scratch = m_dir.filePath(QStringLiteral("refused.cluster.yaml"));
        const auto refused = [&](const QStringList &args, const char *why) {
            const Run r = cplan(QStringList(args) << QStringLiteral("-o") << scratch);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(why), r.err.constData());
        };
        refused(QStringList(b300) << words("--planes 3"), "2 planes (dual-plane) or 4 (quad-plane)");
        refused(QStringList(b300) << words("--host-port-speed 300G"), "800G, 400G, 200G, not 300G");
        refused(words("generate fat-tree --servers 16 --server dgx-b300 --switch sn5600"), "InfiniBand NIC 'connectx-8'");
        refused(words("generate fat-tree --servers 16 --server dgx-b200 --hca cx7-eth --switch sn5600 --planes 2"),
                "B300 and GB300 systems only");
        refused(words("generate fat-tree --servers 16 --server dgx-b200 --hca cx7-eth --switch sn5600 --dual-tor"),
                "NICs of 'dgx-b200' have one port");
    }
};

CPLAN_TEST_APPLESS_MAIN(TestCliPlanes)
#include "tst_cli_planes.moc"
