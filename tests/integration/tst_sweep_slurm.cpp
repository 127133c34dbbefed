// A sweep on a real Slurm cluster (Debian 12's slurm-wlm 22.05: munged + slurmctld + slurmd
// started here in a temporary folder, tests/integration/slurmcluster.h, and stopped after):
// first that the cluster runs a job array at all, then `cplan sweep --slurm` against it: a
// 200-point sweep (20 designs x 10 workloads) submitted as a 4-task array, collected while it
// runs and after, gives byte for byte the local run's CSV and results store.

#include "sweep/sweepdb.h"

#include "skip.h"
#include "slurmcluster.h"
#include "slurmctld.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

using cplan::test::SlurmCluster;

namespace {

// 5 sizes x 2 switches x 2 blocking ratios = 20 designs, each with 2 patterns x 5 sizes.
const char *const kSweep = R"(format: cluster-planner-sweep/1
fixed: {server: dgx-h100}
axes:
  servers: [2, 4, 6, 8, 12]
  switch: [qm9700, qm8700]
  blocking: ["1:1", "2:1"]
  pattern: [alltoall, allreduce]
  bytes: [64KiB, 1MiB, 4MiB, 16MiB, 64MiB]
objectives: [capex, completion_s]
)";

struct Cplan
{
    int code = -1;
    QByteArray out, err;
};

} // namespace

class TestSweepSlurm : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        CPLAN_REQUIRE(SlurmCluster::missing());
        QVERIFY2(m_slurm.start(), qPrintable(m_slurm.failure()));
    }
    void cleanupTestCase() { m_slurm.stop(); }

    // Four array tasks, each writing its index: the cluster starts jobs, and the array's task
    // ids reach them.
    void arrayJobRuns()
    {
        const QString out = m_slurm.workDir() + QStringLiteral("/array");
        QVERIFY(QDir().mkpath(out));
        const QString id = m_slurm.submit({QStringLiteral("--array=0-3"), QStringLiteral("--output=/dev/null"),
                                           QStringLiteral("--chdir=") + out,
                                           QStringLiteral("--wrap=echo $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT > task-$SLURM_ARRAY_TASK_ID")});
        QVERIFY2(!id.isEmpty(), qPrintable(m_slurm.failure()));
        QVERIFY2(m_slurm.waitFor(id, 300), qPrintable(m_slurm.failure()));
        for (int i = 0; i < 4; ++i) {
            QFile f(out + QStringLiteral("/task-%1").arg(i));
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
            QCOMPARE(f.readAll().trimmed(), QStringLiteral("%1/4").arg(i).toUtf8());
        }
        QCOMPARE(QDir(out).entryList(QDir::Files).size(), 4);
    }

    void sweepOnSlurmEqualsLocal()
    {
        const QString dir = m_slurm.workDir() + QStringLiteral("/sweep");
        QVERIFY(QDir().mkpath(dir));
        const QString file = dir + QStringLiteral("/fabrics.sweep.yaml");
        QVERIFY(cplan::test::writeFile(file, QString::fromLatin1(kSweep)));

        const Cplan local = cplan({QStringLiteral("sweep"), file, QStringLiteral("--db"), dir + QStringLiteral("/local.sqlite"),
                                   QStringLiteral("--csv"), QStringLiteral("--no-progress")});
        QVERIFY2(local.code == 0, local.err.constData());
        QCOMPARE(local.out.count('\n'), qsizetype(201));   // the header and 200 points

        const Cplan submitted = cplan({QStringLiteral("sweep"), file, QStringLiteral("--slurm"), QStringLiteral("--array-size"),
                                       QStringLiteral("4"), QStringLiteral("--partition"), m_slurm.partition(), QStringLiteral("--db"),
                                       dir + QStringLiteral("/slurm.sqlite")});
        QVERIFY2(submitted.code == 0, submitted.err.constData());
        const QString jobId = QString::fromUtf8(submitted.out).trimmed();
        QVERIFY2(QRegularExpression(QStringLiteral("^\\d+$")).match(jobId).hasMatch(), submitted.out.constData());
        const QStringList collect{QStringLiteral("sweep"), QStringLiteral("collect"), file, QStringLiteral("--db"),
                                  dir + QStringLiteral("/slurm.sqlite"), QStringLiteral("--csv")};
        // While the tasks run: whatever is committed so far, never an error.
        const Cplan early = cplan(collect);
        QVERIFY2(early.code == 0, early.err.constData());
        QVERIFY2(m_slurm.waitFor(jobId, 600), qPrintable(m_slurm.failure()));

        const QString parts = dir + QStringLiteral("/slurm.sqlite.parts");
        QCOMPARE(QDir(parts).entryList({QStringLiteral("part-*.sqlite")}, QDir::Files).size(), 4);
        QFile script(parts + QStringLiteral("/sweep.sbatch"));
        QVERIFY(script.open(QIODevice::ReadOnly));
        const QByteArray scriptText = script.readAll();
        QVERIFY(scriptText.contains("#SBATCH --array=0-3"));
        QVERIFY(scriptText.contains("#SBATCH --partition=" + m_slurm.partition().toUtf8()));

        const Cplan collected = cplan(collect);
        QVERIFY2(collected.code == 0, collected.err.constData());
        QVERIFY2(collected.err.contains("holds 200 of the sweep's 200 point(s)"), collected.err.constData());
        QCOMPARE(collected.out, local.out);
        // Again: nothing new, the same table.
        const Cplan again = cplan(collect);
        QVERIFY2(again.err.contains("collect: 0 new point(s)"), again.err.constData());
        QCOMPARE(again.out, local.out);

        auto localDb = cplan::SweepDb::open((dir + QStringLiteral("/local.sqlite")).toStdString());
        auto slurmDb = cplan::SweepDb::open((dir + QStringLiteral("/slurm.sqlite")).toStdString());
        QVERIFY(localDb && slurmDb);
        const auto localDump = localDb->dump(), slurmDump = slurmDb->dump();
        QVERIFY(localDump && slurmDump);
        QVERIFY(*localDump == *slurmDump);
    }

private:
    Cplan cplan(const QStringList &args) const
    {
        QProcess p;
        QProcessEnvironment env = m_slurm.environment();
        env.insert(QStringLiteral("CPLAN_STORE"), m_slurm.workDir() + QStringLiteral("/store.sqlite"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(CPLAN_EXECUTABLE), args);
        Cplan out;
        if (!p.waitForFinished(600000)) {
            p.kill();
            p.waitForFinished(5000);
        }
        out.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        out.out = p.readAllStandardOutput();
        out.err = p.readAllStandardError();
        return out;
    }

    SlurmCluster m_slurm;
};

CPLAN_TEST_MAIN(TestSweepSlurm)
#include "tst_sweep_slurm.moc"
