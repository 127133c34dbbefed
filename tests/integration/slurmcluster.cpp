#include "slurmcluster.h"

#include "skip.h"
#include "slurmctld.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QThread>

#include <unistd.h>

namespace cplan::test {

namespace {

const QString kNode = QStringLiteral("cplan1");

QString hostName()
{
    char name[256] = {};
    return ::gethostname(name, sizeof name - 1) == 0 ? QString::fromLocal8Bit(name) : QStringLiteral("localhost");
}

// A fresh munge key: 128 random bytes, readable by its owner only (munged refuses others).
bool writeMungeKey(const QString &path)
{
    QByteArray key(128, '\0');
    QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(key.data()),
                                         reinterpret_cast<quint32 *>(key.data() + key.size()));
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(key) == key.size() &&
           f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

bool isFinalState(const QString &state)
{
    static const QStringList pending{QStringLiteral("PENDING"),    QStringLiteral("RUNNING"),
                                     QStringLiteral("CONFIGURING"), QStringLiteral("COMPLETING"),
                                     QStringLiteral("SUSPENDED"),  QStringLiteral("REQUEUED"),
                                     QStringLiteral("RESIZING"),   QStringLiteral("SIGNALING"),
                                     QStringLiteral("STAGE_OUT")};
    return !pending.contains(state);
}

void stopProcess(QProcess &p)
{
    if (p.state() == QProcess::NotRunning)
        return;
    if (!p.waitForFinished(15000)) {
        p.terminate();
        if (!p.waitForFinished(5000)) {
            p.kill();
            p.waitForFinished(5000);
        }
    }
}

} // namespace

SlurmCluster::~SlurmCluster()
{
    stop();
}

QString SlurmCluster::missing()
{
    const QString tools = missingTools({"munged", "slurmctld", "slurmd", "scontrol", "sbatch"});
    if (!tools.isEmpty())
        return tools;
    if (::geteuid() != 0)
        return QStringLiteral("a Slurm node (slurmd) that starts jobs needs root");
    return {};
}

QProcessEnvironment SlurmCluster::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SLURM_CONF"), m_dir.path() + QStringLiteral("/slurm.conf"));
    return env;
}

bool SlurmCluster::startDaemon(QProcess &process, const QString &tool, const QStringList &args, const QString &out)
{
    process.setProcessEnvironment(environment());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setStandardOutputFile(m_dir.path() + QLatin1Char('/') + out);
    process.start(findTool(tool), args);
    if (process.waitForStarted(10000))
        return true;
    m_failure = QStringLiteral("%1 did not start: %2").arg(tool, process.errorString());
    return false;
}

bool SlurmCluster::startMunge()
{
    const QString dir = m_dir.path() + QStringLiteral("/munge");
    if (!QDir().mkpath(dir) ||
        !QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner) ||
        !writeMungeKey(dir + QStringLiteral("/munge.key"))) {
        m_failure = QStringLiteral("cannot write a munge key in ") + dir;
        return false;
    }
    // --force: munged otherwise refuses root, and a socket folder others cannot enter.
    if (!startDaemon(m_munged, QStringLiteral("munged"),
                     {QStringLiteral("--foreground"), QStringLiteral("--force"),
                      QStringLiteral("--key-file=") + dir + QStringLiteral("/munge.key"),
                      QStringLiteral("--socket=") + dir + QStringLiteral("/munge.socket"),
                      QStringLiteral("--pid-file=") + dir + QStringLiteral("/munged.pid"),
                      QStringLiteral("--log-file=") + dir + QStringLiteral("/munged.log"),
                      QStringLiteral("--seed-file=") + dir + QStringLiteral("/munged.seed")},
                     QStringLiteral("munged.out")))
        return false;
    const QDeadlineTimer deadline(10000);
    while (!QFile::exists(dir + QStringLiteral("/munge.socket"))) {
        if (deadline.hasExpired() || m_munged.state() == QProcess::NotRunning) {
            m_failure = QStringLiteral("munged did not make its socket; its log:\n") + logs();
            return false;
        }
        QThread::msleep(50);
    }
    return true;
}

bool SlurmCluster::writeConfig()
{
    const QString dir = m_dir.path();
    const int ctldPort = freePort();
    int slurmdPort = freePort();
    if (slurmdPort == ctldPort)
        slurmdPort = ctldPort + 1;
    const QString conf =
        QStringLiteral(
            "ClusterName=cplansweep\nSlurmctldHost=localhost\nSlurmctldPort=%1\nSlurmdPort=%2\n"
            "SlurmUser=%3\nSlurmdUser=root\nAuthType=auth/munge\nCredType=cred/munge\n"
            "AuthInfo=socket=%4/munge/munge.socket\n"
            "StateSaveLocation=%4/state\nSlurmdSpoolDir=%4/spool\nSlurmctldPidFile=%4/slurmctld.pid\n"
            "SlurmdPidFile=%4/slurmd.pid\nSlurmctldLogFile=%4/slurmctld.log\nSlurmdLogFile=%4/slurmd.log\n"
            "SlurmctldDebug=info\nSlurmdDebug=info\nMailProg=/bin/true\nMinJobAge=3600\n"
            "SchedulerType=sched/backfill\nSelectType=select/cons_tres\nSelectTypeParameters=CR_Core\n"
            "MpiDefault=none\nProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
            "JobAcctGatherType=jobacct_gather/none\nReturnToService=2\n"
            "NodeName=%5 NodeHostname=%6 NodeAddr=127.0.0.1 CPUs=%7 State=UNKNOWN\n"
            "PartitionName=%8 Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n")
            .arg(ctldPort)
            .arg(slurmdPort)
            .arg(userName(), dir, kNode, hostName())
            .arg(std::max(1, QThread::idealThreadCount()))
            .arg(partition());
    if (ctldPort == 0 || !writeFile(dir + QStringLiteral("/slurm.conf"), conf)) {
        m_failure = QStringLiteral("no free port, or cannot write slurm.conf in ") + dir;
        return false;
    }
    return true;
}

bool SlurmCluster::start(int timeoutS)
{
    if (!m_dir.isValid()) {
        m_failure = QStringLiteral("no temporary folder for the Slurm cluster");
        return false;
    }
    m_running = true; // from here on, stop() tears down whatever did start
    const QString conf = m_dir.path() + QStringLiteral("/slurm.conf");
    if (!startMunge() || !writeConfig() ||
        !startDaemon(m_ctld, QStringLiteral("slurmctld"), {QStringLiteral("-D"), QStringLiteral("-i"), QStringLiteral("-f"), conf},
                     QStringLiteral("slurmctld.out")) ||
        !startDaemon(m_slurmd, QStringLiteral("slurmd"), {QStringLiteral("-D"), QStringLiteral("-N"), kNode, QStringLiteral("-f"), conf},
                     QStringLiteral("slurmd.out")) ||
        !waitUntilIdle(timeoutS)) {
        stop();
        return false;
    }
    return true;
}

bool SlurmCluster::waitUntilIdle(int timeoutS)
{
    const QDeadlineTimer deadline(timeoutS * 1000);
    while (!deadline.hasExpired()) {
        for (QProcess *p : {&m_munged, &m_ctld, &m_slurmd})
            if (p->state() == QProcess::NotRunning) {
                m_failure = QStringLiteral("%1 exited with %2; the logs:\n%3")
                                .arg(p->program())
                                .arg(p->exitCode())
                                .arg(logs());
                return false;
            }
        const QString state = client(QStringLiteral("sinfo"), {QStringLiteral("-h"), QStringLiteral("-o"), QStringLiteral("%T")});
        if (state.trimmed() == QLatin1String("idle"))
            return true;
        QThread::msleep(100);
    }
    m_failure = QStringLiteral("the Slurm node was not idle within %1 s; the logs:\n%2").arg(timeoutS).arg(logs());
    return false;
}

void SlurmCluster::stop()
{
    if (!m_running)
        return;
    m_running = false;
    if (m_ctld.state() != QProcess::NotRunning)
        client(QStringLiteral("scontrol"), {QStringLiteral("shutdown")}); // the controller and slurmd
    stopProcess(m_ctld);
    stopProcess(m_slurmd);
    m_munged.terminate();
    stopProcess(m_munged);
}

QString SlurmCluster::submit(const QStringList &args)
{
    int code = -1;
    const QString out = client(QStringLiteral("sbatch"), QStringList{QStringLiteral("--parsable")} + args, &code).trimmed();
    static const QRegularExpression id(QStringLiteral("^(\\d+)(;\\S+)?$"));
    const auto m = id.match(out);
    if (code == 0 && m.hasMatch())
        return m.captured(1);
    m_failure = QStringLiteral("sbatch %1 failed (%2): %3").arg(args.join(QLatin1Char(' '))).arg(code).arg(out);
    return {};
}

bool SlurmCluster::waitFor(const QString &jobId, int timeoutS)
{
    static const QRegularExpression stateRe(QStringLiteral("JobState=(\\S+)"));
    static const QRegularExpression exitRe(QStringLiteral("ExitCode=(\\S+)"));
    const QDeadlineTimer deadline(timeoutS * 1000);
    QString text;
    while (!deadline.hasExpired()) {
        text = client(QStringLiteral("scontrol"), {QStringLiteral("show"), QStringLiteral("job"), jobId});
        bool allFinal = true, allGood = true;
        int tasks = 0;
        for (const QString &record : text.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts)) {
            const auto state = stateRe.match(record);
            if (!state.hasMatch())
                continue;
            ++tasks;
            allFinal = allFinal && isFinalState(state.captured(1));
            allGood = allGood && state.captured(1) == QLatin1String("COMPLETED") &&
                      exitRe.match(record).captured(1) == QLatin1String("0:0");
        }
        if (tasks > 0 && allFinal) {
            if (!allGood)
                m_failure = QStringLiteral("job %1 did not complete:\n%2").arg(jobId, text);
            return allGood;
        }
        QThread::msleep(200);
    }
    m_failure = QStringLiteral("job %1 did not finish within %2 s:\n%3\nthe logs:\n%4").arg(jobId).arg(timeoutS).arg(text, logs());
    return false;
}

QString SlurmCluster::client(const QString &tool, const QStringList &args, int *exitCode) const
{
    return runSlurmClient(m_dir.path() + QStringLiteral("/slurm.conf"), tool, args, exitCode);
}

QString SlurmCluster::logs() const
{
    QString text;
    for (const char *name : {"/munged.out", "/munge/munged.log", "/slurmctld.out", "/slurmctld.log", "/slurmd.out", "/slurmd.log"}) {
        QFile f(m_dir.path() + QLatin1String(name));
        if (f.open(QIODevice::ReadOnly))
            text += QStringLiteral("== %1\n").arg(QLatin1String(name)) + QString::fromUtf8(f.readAll().right(4000));
    }
    return text;
}

} // namespace cplan::test
