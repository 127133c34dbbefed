// `cplan sweep` as a user runs it (issue 18 items 1 and 2): the minimal file prints the
// JSON shape the issue gives, a results store makes a rerun evaluate nothing, --pareto, --csv, and
// bad sweep files exit 2 naming the file and the line.
#include "fixtures.h"
#include "testmain.h"

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

class TestCliSweep : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    using Run = cplan::test::ProgramRun;

    Run cplan(const QStringList &args)
    {
        return cplan::test::runProgram(QStringLiteral(CPLAN_EXECUTABLE), args, m_dir.filePath(QStringLiteral("store.sqlite")));
    }

    static QString sweepFile(const char *name) { return QStringLiteral(CPLAN_TEST_DATA "/sweep/") + QLatin1String(name); }

    QString write(const QString &name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(name);
        if (!cplan::test::writeBytes(path.toStdString(), text))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // {"points": [{"axes": {...}, "objectives": {...}, "pareto": bool, "skipped": reason|null}]}
    void minimalFileJson()
    {
        const Run r = cplan({QStringLiteral("sweep"), sweepFile("minimal.sweep.yaml"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray points = QJsonDocument::fromJson(r.out).object()[QStringLiteral("points")].toArray();
        QCOMPARE(points.size(), 4);
        int front = 0;
        for (const QJsonValue &v : points) {
            const QJsonObject p = v.toObject();
            const QJsonObject axes = p[QStringLiteral("axes")].toObject();
            QCOMPARE(axes.keys(), (QStringList{QStringLiteral("blocking"), QStringLiteral("switch")}));
            const QJsonObject objectives = p[QStringLiteral("objectives")].toObject();
            QCOMPARE(objectives.keys(), (QStringList{QStringLiteral("capex"), QStringLiteral("completion_s")}));
            QVERIFY(objectives[QStringLiteral("capex")].toDouble() > 1e6);
            QVERIFY(objectives[QStringLiteral("completion_s")].toDouble() > 0);
            QVERIFY(p[QStringLiteral("pareto")].isBool());
            QVERIFY(p[QStringLiteral("skipped")].isNull());
            // The built-in catalog leaves parts unpriced: a lower-bound CAPEX is left off the front.
            QVERIFY(p[QStringLiteral("left_off")].isBool());
            front += p[QStringLiteral("pareto")].toBool() || p[QStringLiteral("left_off")].toBool() ? 1 : 0;
        }
        QVERIFY(front >= 1);
        QCOMPARE(points[0].toObject()[QStringLiteral("axes")].toObject()[QStringLiteral("switch")].toString(), QStringLiteral("qm9700"));
        QCOMPARE(points[1].toObject()[QStringLiteral("axes")].toObject()[QStringLiteral("blocking")].toString(), QStringLiteral("2:1"));
    }

    void storeMakesRerunsFree()
    {
        const QString db = m_dir.filePath(QStringLiteral("results.sqlite"));
        const QStringList args = {QStringLiteral("sweep"), sweepFile("h100-1024.sweep.yaml"), QStringLiteral("--db"), db,
                                  QStringLiteral("--jobs"), QStringLiteral("2")};
        const Run first = cplan(args);
        QVERIFY2(first.code == 0, first.err.constData());
        QVERIFY2(first.err.contains("8 point(s) evaluated, 0 taken"), first.err.constData());
        QVERIFY(first.out.contains("on the Pareto front"));
        const Run again = cplan(args);
        QVERIFY2(again.code == 0, again.err.constData());
        QVERIFY2(again.err.contains("0 point(s) evaluated, 8 taken"), again.err.constData());
        QCOMPARE(again.out, first.out);

        // --pareto --json: only the front; --csv: every point, a header and 8 rows.
        const Run front = cplan(QStringList(args) << QStringLiteral("--pareto") << QStringLiteral("--json"));
        QVERIFY2(front.code == 0, front.err.constData());
        const QJsonArray points = QJsonDocument::fromJson(front.out).object()[QStringLiteral("points")].toArray();
        QVERIFY(points.size() >= 2 && points.size() < 8);
        for (const QJsonValue &v : points)
            QVERIFY(v.toObject()[QStringLiteral("pareto")].toBool());
        const Run csv = cplan(QStringList(args) << QStringLiteral("--csv"));
        QVERIFY2(csv.code == 0, csv.err.constData());
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 9);
        QVERIFY2(lines[0].startsWith("point,id,switch,blocking,rails,feasible,pareto,skipped,violations,capex,"), lines[0].constData());
    }

    // Issue 31 item 1: a point whose CAPEX is a lower bound (the QM8700 without a price) is left
    // off the front, and the table says which; --include-incomplete ranks it (its cheaper lower
    // bound then joins the front).
    void incompletePointsLeftOffTheFront()
    {
        QByteArray prices;
        for (const QByteArray &line : cplan::test::readBytes(CPLAN_TEST_DATA "/sweep/prices.csv").split('\n'))
            if (!line.startsWith("qm8700,"))
                prices += line + '\n';
        write(QStringLiteral("prices-no-qm8700.csv"), prices);
        const QString file = write(QStringLiteral("incomplete.sweep.yaml"),
                                   "format: cluster-planner-sweep/1\nfixed: {servers: 16, server: dgx-h100}\n"
                                   "axes: {switch: [qm9700, qm8700]}\nworkload: {pattern: alltoall, bytes: 1MiB}\n"
                                   "objectives: [capex, completion_s]\nprices: prices-no-qm8700.csv\n");
        auto switches = [](const Run &r) {
            QStringList out;
            for (const QJsonValue &v : QJsonDocument::fromJson(r.out).object()[QStringLiteral("points")].toArray())
                out << v.toObject()[QStringLiteral("axes")].toObject()[QStringLiteral("switch")].toString();
            return out;
        };
        const Run all = cplan({QStringLiteral("sweep"), file, QStringLiteral("--json")});
        QVERIFY2(all.code == 0, all.err.constData());
        const QJsonArray points = QJsonDocument::fromJson(all.out).object()[QStringLiteral("points")].toArray();
        QCOMPARE(points.size(), 2);
        const QJsonObject qm8700 = points[1].toObject();
        QVERIFY(qm8700[QStringLiteral("incomplete")].toArray().contains(QStringLiteral("capex")));
        QVERIFY(!points[0].toObject()[QStringLiteral("incomplete")].toArray().contains(QStringLiteral("capex")));
        QVERIFY(qm8700[QStringLiteral("left_off")].toBool());
        QVERIFY(!qm8700[QStringLiteral("pareto")].toBool());

        const Run front = cplan({QStringLiteral("sweep"), file, QStringLiteral("--pareto"), QStringLiteral("--json")});
        QCOMPARE(switches(front), QStringList{QStringLiteral("qm9700")});
        const Run table = cplan({QStringLiteral("sweep"), file});
        QVERIFY2(table.out.contains("left off the front (an objective or a constrained figure is a lower bound") &&
                     table.out.contains("left off the front: capex a lower bound") && table.out.contains("): #2\n"),
                 table.out.constData());
        const Run included = cplan({QStringLiteral("sweep"), file, QStringLiteral("--pareto"), QStringLiteral("--json"),
                                    QStringLiteral("--include-incomplete")});
        QVERIFY2(switches(included).contains(QStringLiteral("qm8700")), included.out.constData());
    }

    void badFilesExit2_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        QTest::newRow("bad ratio") << QByteArray("format: cluster-planner-sweep/1\nfixed: {servers: 8, server: dgx-h100, switch: qm9700}\n"
                                                 "axes:\n  blocking: [\"1:1\", \"x\"]\nobjectives: [capex]\n")
                                   << QStringLiteral("bad.sweep.yaml:4:");
        QTest::newRow("unknown part") << QByteArray("format: cluster-planner-sweep/1\nfixed: {servers: 8, server: dgx-h100}\n"
                                                    "axes: {switch: [qm9700, nope]}\nobjectives: [capex]\n")
                                      << QStringLiteral("bad.sweep.yaml:3:");
        QTest::newRow("yaml") << QByteArray("format: cluster-planner-sweep/1\nfixed: {servers: 8\n") << QStringLiteral("bad.sweep.yaml:");
        QTest::newRow("unknown objective") << QByteArray("format: cluster-planner-sweep/1\nfixed: {servers: 8, server: dgx-h100, switch: qm9700}\n"
                                                         "objectives: [capex,\n  fastness]\n")
                                           << QStringLiteral("bad.sweep.yaml:4:");
    }

    void badFilesExit2()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        const QString path = write(QStringLiteral("bad.sweep.yaml"), text);
        const Run r = cplan({QStringLiteral("sweep"), path});
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(where), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void missingFileExit2()
    {
        const Run r = cplan({QStringLiteral("sweep"), m_dir.filePath(QStringLiteral("none.sweep.yaml"))});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("none.sweep.yaml"), r.err.constData());
        QCOMPARE(cplan({QStringLiteral("sweep")}).code, 2);
    }
};

CPLAN_TEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
