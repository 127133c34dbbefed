// A sweep on a real Slurm cluster (Debian 12's slurm-wlm 22.05: munged + slurmctld + slurmd
// started here in a temporary folder, tests/integration/slurmcluster.h, and stopped after):
// first that the cluster runs a job array at all, then `cplan sweep --slurm` against it.

#include "skip.h"
#include "slurmcluster.h"
#include "testmain.h"

#include <QDir>
#include <QFile>
#include <QtTest>

using cplan::test::SlurmCluster;

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

private:
    SlurmCluster m_slurm;
};

CPLAN_TEST_MAIN(TestSweepSlurm)
#include "tst_sweep_slurm.moc"
