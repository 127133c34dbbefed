// The project's harness for a real single-node Slurm cluster that runs jobs (Debian 12's
// slurm-wlm 22.05: munged + slurmctld + slurmd), for the checks that submit work to it
// (tst_sweep_slurm). Everything lives in a private temporary folder: a fresh munge key and
// socket, slurm.conf with one node (this machine, 127.0.0.1, as many CPUs as it has) in one
// partition, the controller's state and the node's spool; the daemons run in the foreground on
// free ports and are shut down (killed if they do not stop) when the object goes. slurmd has to
// be root to start a job, so the harness needs root; missing() says so otherwise.
//
//   CPLAN_REQUIRE(cplan::test::SlurmCluster::missing());
//   SlurmCluster slurm;
//   QVERIFY2(slurm.start(), qPrintable(slurm.failure()));
//   const QString id = slurm.submit({"--array=0-3", "--wrap=true"});  // the job's id
//   QVERIFY2(slurm.waitFor(id, 120), qPrintable(slurm.failure()));    // every task COMPLETED
//
// Commands run through environment() (SLURM_CONF) reach this cluster and no other.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace cplan::test {

class SlurmCluster
{
public:
    SlurmCluster() = default;
    ~SlurmCluster();
    SlurmCluster(const SlurmCluster &) = delete;
    SlurmCluster &operator=(const SlurmCluster &) = delete;

    // Why the cluster cannot run here (a tool is missing, or not root); empty when it can.
    static QString missing();

    // Starts munged, slurmctld and slurmd, and waits until the node is idle (at most
    // `timeoutS`). False, with failure() saying why (and the daemons' logs), otherwise.
    bool start(int timeoutS = 60);
    // scontrol shutdown (the controller and the node), then munged; kills what does not stop.
    void stop();
    QString failure() const { return m_failure; }
    QString workDir() const { return m_dir.path(); }
    QString partition() const { return QStringLiteral("sweep"); }
    // The system environment plus SLURM_CONF for this cluster.
    QProcessEnvironment environment() const;

    // sbatch --parsable ARGS: the job id, or empty with failure() set.
    QString submit(const QStringList &args);
    // Waits until every task of the job is in a final state: true when all COMPLETED with exit
    // code 0; false (failure() lists the tasks' states) on a failed task or after `timeoutS`.
    bool waitFor(const QString &jobId, int timeoutS);

    // Runs a client command (scontrol, sinfo, squeue, sbatch) against this cluster; its
    // standard output and error, merged.
    QString client(const QString &tool, const QStringList &args, int *exitCode = nullptr) const;
    // The daemons' logs, for failure messages.
    QString logs() const;

private:
    bool startMunge();
    bool startDaemon(QProcess &process, const QString &tool, const QStringList &args, const QString &out);
    bool writeConfig();
    bool waitUntilIdle(int timeoutS);

    QTemporaryDir m_dir;
    QProcess m_munged, m_ctld, m_slurmd;
    QString m_failure;
    bool m_running = false;
};

} // namespace cplan::test
