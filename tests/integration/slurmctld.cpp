#include "slurmctld.h"

#include "skip.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QThread>

#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace cplan::test {

int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0)
        port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

QString userName()
{
    const passwd *pw = ::getpwuid(::geteuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QStringLiteral("root");
}

bool writeFile(const QString &path, const QString &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) == text.toUtf8().size();
}

SlurmController::~SlurmController()
{
    stop();
}

QString SlurmController::missing()
{
    return missingTools({"slurmctld", "scontrol", "sbatch"});
}

bool SlurmController::start(const QString &nodes, const QString &topologyConf, const QString &plugin, int timeoutS)
{
    const QString dir = m_dir.path();
    const int port = freePort();
    int slurmdPort = freePort();
    if (slurmdPort == port)
        slurmdPort = port + 1;
    if (!m_dir.isValid() || port == 0) {
        m_failure = QStringLiteral("no temporary folder or free port for slurmctld");
        return false;
    }
    const QString conf = QStringLiteral(
        "ClusterName=cplantest\nSlurmctldHost=localhost\nSlurmctldPort=%1\nSlurmdPort=%2\n"
        "SlurmUser=%3\nAuthType=auth/none\nCredType=cred/none\n"
        "StateSaveLocation=%4/state\nSlurmdSpoolDir=%4/spool\nSlurmctldPidFile=%4/slurmctld.pid\n"
        "SlurmctldLogFile=%4/slurmctld.log\nSlurmctldDebug=info\nMailProg=/bin/true\n"
        "SchedulerType=sched/backfill\nSelectType=select/cons_tres\nSelectTypeParameters=CR_Core\n"
        "TopologyPlugin=%5\nMpiDefault=none\nProctrackType=proctrack/linuxproc\nReturnToService=2\n"
        "NodeName=%6 CPUs=1 State=CLOUD\nPartitionName=all Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n")
                             .arg(port)
                             .arg(slurmdPort)
                             .arg(userName(), dir, plugin, nodes);
    if (!writeFile(dir + QStringLiteral("/slurm.conf"), conf) ||
        !writeFile(dir + QStringLiteral("/topology.conf"), topologyConf)) {
        m_failure = QStringLiteral("cannot write slurm.conf or topology.conf in ") + dir;
        return false;
    }
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SLURM_CONF"), dir + QStringLiteral("/slurm.conf"));
    m_ctld.setProcessEnvironment(env);
    m_ctld.setProcessChannelMode(QProcess::MergedChannels);
    m_ctld.setStandardOutputFile(dir + QStringLiteral("/slurmctld.out"));
    m_ctld.start(findTool(QStringLiteral("slurmctld")),
                 {QStringLiteral("-D"), QStringLiteral("-i"), QStringLiteral("-f"), dir + QStringLiteral("/slurm.conf")});
    if (!m_ctld.waitForStarted(10000)) {
        m_failure = QStringLiteral("slurmctld did not start: ") + m_ctld.errorString();
        return false;
    }
    m_running = true;
    const QDeadlineTimer deadline(timeoutS * 1000);
    while (!deadline.hasExpired()) {
        if (m_ctld.state() == QProcess::NotRunning) {
            m_running = false;
            m_failure = QStringLiteral("slurmctld exited with %1; its log:\n%2").arg(m_ctld.exitCode()).arg(log());
            return false;
        }
        if (client(QStringLiteral("scontrol"), {QStringLiteral("ping")}).contains(QLatin1String("is UP")))
            return true;
        QThread::msleep(100);
    }
    m_failure = QStringLiteral("slurmctld did not answer within %1 s; its log:\n%2").arg(timeoutS).arg(log());
    stop();
    return false;
}

void SlurmController::stop()
{
    if (!m_running)
        return;
    m_running = false;
    client(QStringLiteral("scontrol"), {QStringLiteral("shutdown")});
    if (!m_ctld.waitForFinished(15000)) {
        m_ctld.terminate();
        if (!m_ctld.waitForFinished(5000)) {
            m_ctld.kill();
            m_ctld.waitForFinished(5000);
        }
    }
}

QString SlurmController::log() const
{
    QString text;
    for (const char *name : {"/slurmctld.out", "/slurmctld.log"}) {
        QFile f(m_dir.path() + QLatin1String(name));
        if (f.open(QIODevice::ReadOnly))
            text += QString::fromUtf8(f.readAll());
    }
    return text;
}

QStringList SlurmController::topologyComplaints() const
{
    QFile f(m_dir.path() + QStringLiteral("/slurmctld.log"));
    if (!f.open(QIODevice::ReadOnly))
        return {QStringLiteral("no slurmctld log")};
    static const QRegularExpression warning(QStringLiteral("warning|fatal"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression topo(QStringLiteral("error.*(switch|topolog|block|leaf)"),
                                         QRegularExpression::CaseInsensitiveOption);
    QStringList out;
    for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n')))
        if (warning.match(line).hasMatch() || topo.match(line).hasMatch())
            out << line;
    return out;
}

std::vector<SlurmSwitch> SlurmController::showTopology(QString *raw) const
{
    const QString text = client(QStringLiteral("scontrol"), {QStringLiteral("show"), QStringLiteral("topology")});
    if (raw)
        *raw = text;
    std::vector<SlurmSwitch> out;
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (line.startsWith(QLatin1String("SwitchName=")))
            out.push_back(parseSwitchLine(line));
    return out;
}

SlurmPlacement SlurmController::testOnly(int nodes, const QStringList &extra) const
{
    QStringList args{QStringLiteral("--test-only"), QStringLiteral("-N"), QString::number(nodes)};
    args << extra << QStringLiteral("--wrap=true");
    SlurmPlacement p;
    p.message = client(QStringLiteral("sbatch"), args).trimmed();
    static const QRegularExpression placed(QStringLiteral("to start at \\S+ using \\d+ processors on nodes (\\S+)"));
    const auto m = placed.match(p.message);
    p.placed = m.hasMatch();
    if (p.placed)
        p.nodes = expandHostlist(m.captured(1));
    return p;
}

QString SlurmController::client(const QString &tool, const QStringList &args, int *exitCode) const
{
    return runSlurmClient(m_dir.path() + QStringLiteral("/slurm.conf"), tool, args, exitCode);
}

QString runSlurmClient(const QString &slurmConf, const QString &tool, const QStringList &args, int *exitCode)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SLURM_CONF"), slurmConf);
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(findTool(tool), args);
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished(5000);
    }
    if (exitCode)
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAll());
}

} // namespace cplan::test
