// The project's harness for a real Slurm controller (Debian slurmctld + slurm-client, 22.05 on
// Debian 12): a private slurm.conf with cloud nodes (State=CLOUD, no slurmd), a topology.conf,
// slurmctld in the foreground on a free port with its own state folder, auth/none (no munged),
// and the client commands (scontrol, sbatch --test-only) pointed at it. The controller is shut
// down (and killed if it does not stop) when the object goes.
//
//   CPLAN_REQUIRE(cplan::test::SlurmController::missing());
//   SlurmController ctl;
//   QVERIFY2(ctl.start(nodes, topologyText, "topology/tree"), qPrintable(ctl.failure()));
//   ctl.topologyComplaints();          // the log's warnings about the topology
//   ctl.showTopology();                // what `scontrol show topology` prints, parsed
//   ctl.testOnly(64);                  // sbatch --test-only -N 64: the nodes Slurm would use
#pragma once

#include "slurmtree.h"

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <map>
#include <optional>
#include <vector>

namespace cplan::test {

// Shared with the job-running cluster (slurmcluster.h).
// A TCP port nobody listens on now (the kernel's pick for port 0); 0 when there is none.
int freePort();
// The effective user's name (for SlurmUser).
QString userName();
// Writes `text` (UTF-8) to `path`, replacing it; false when it cannot.
bool writeFile(const QString &path, const QString &text);
// Runs a Slurm client command (scontrol, sbatch, sinfo) with SLURM_CONF=slurmConf, at most 30 s;
// its standard output and error, merged.
QString runSlurmClient(const QString &slurmConf, const QString &tool, const QStringList &args,
                       int *exitCode = nullptr);

struct SlurmPlacement
{
    bool placed = false;
    QStringList nodes;      // expanded; empty when not placed
    QString message;        // what sbatch said
};

class SlurmController
{
public:
    SlurmController() = default;
    ~SlurmController();
    SlurmController(const SlurmController &) = delete;
    SlurmController &operator=(const SlurmController &) = delete;

    // Why the controller cannot run here (a tool is missing), for CPLAN_REQUIRE; empty when it can.
    static QString missing();

    // Writes slurm.conf (one partition of every node in `nodes`, a hostlist, as cloud nodes) and
    // topology.conf, starts slurmctld and waits until it answers (at most `timeoutS`). False,
    // with failure() saying why, when it does not come up.
    bool start(const QString &nodes, const QString &topologyConf, const QString &plugin, int timeoutS = 60);
    void stop();
    QString failure() const { return m_failure; }
    QString workDir() const { return m_dir.path(); }

    QString log() const;
    // Log lines with a warning, or an error about switches, blocks or the topology.
    QStringList topologyComplaints() const;
    std::vector<SlurmSwitch> showTopology(QString *raw = nullptr) const;
    // sbatch --test-only -N nodes [extra...] --wrap=true.
    SlurmPlacement testOnly(int nodes, const QStringList &extra = {}) const;

private:
    // Runs a client command against this controller; its standard output and error, merged.
    QString client(const QString &tool, const QStringList &args, int *exitCode = nullptr) const;

    QTemporaryDir m_dir;
    QProcess m_ctld;
    QString m_failure;
    bool m_running = false;
};

} // namespace cplan::test
