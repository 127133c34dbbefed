#include "ibfabric.h"

#include "skip.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <unistd.h>

namespace cplan::test {

namespace {

// Runs inside `unshare -n`: ibsim in the background until its control socket is up, OpenSM
// once against it (through libumad2sim), then ibnetdiscover, then ibsim is stopped. Arguments
// are positional so that no path needs quoting.
const char *const kScript = R"SH(set -u
ibsim=$1 opensm=$2 ibnd=$3 topo=$4 work=$5 simhost=$6 routing=$7 pconf=$8 discover=$9
limit=${10} umad=${11} timeout=${12}
"$ibsim" -s -n -N 400000 -S 40000 -P 4000000 "$topo" > "$work/ibsim.log" 2>&1 &
sim=$!
ready=0
for i in $(seq 1 1200); do
  if grep -q 'sim:ctl' /proc/net/unix 2>/dev/null; then ready=1; break; fi
  kill -0 $sim 2>/dev/null || break
  sleep 0.1
done
if [ $ready = 0 ]; then
  echo "ibsim did not come up (its log: $work/ibsim.log)" > "$work/harness.err"
  kill $sim 2>/dev/null; wait $sim 2>/dev/null
  exit 3
fi
export SIM_HOST="$simhost" OSM_TMP_DIR="$work" OSM_CACHE_DIR="$work"
pargs=()
if [ -n "$pconf" ]; then pargs=(-P "$pconf"); fi
LD_PRELOAD="$umad" "$timeout" "$limit" "$opensm" -R "$routing" "${pargs[@]}" -o -f "$work/osm.log" -D 0x43 \
  --dump_files_dir "$work" > "$work/osm.out" 2>&1
echo $? > "$work/osm.rc"
if [ "$discover" = 1 ]; then
  LD_PRELOAD="$umad" "$timeout" "$limit" "$ibnd" > "$work/ibnetdiscover.out" 2> "$work/ibnetdiscover.err"
  echo $? > "$work/ibnetdiscover.rc"
fi
kill $sim 2>/dev/null; wait $sim 2>/dev/null
exit 0
)SH";

QString umad2simLibrary()
{
    for (const QString &root : {QStringLiteral("/usr/lib"), QStringLiteral("/usr/lib64")}) {
        const QString direct = root + QStringLiteral("/umad2sim/libumad2sim.so");
        if (QFile::exists(direct))
            return direct;
        for (const QString &arch : QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            const QString path = root + QLatin1Char('/') + arch + QStringLiteral("/umad2sim/libumad2sim.so");
            if (QFile::exists(path))
                return path;
        }
    }
    return {};
}

// unshare's options for a private network namespace: -n as root, -r -n where unprivileged
// user namespaces are allowed; nothing (and the reason in *why) otherwise.
QStringList namespaceOptions(QString *why)
{
    static const QStringList options = [] {
        if (::geteuid() == 0)
            return QStringList{QStringLiteral("-n")};
        QProcess p;
        p.start(findTool(QStringLiteral("unshare")), {QStringLiteral("-r"), QStringLiteral("-n"), QStringLiteral("true")});
        if (p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0)
            return QStringList{QStringLiteral("-r"), QStringLiteral("-n")};
        return QStringList();
    }();
    if (options.isEmpty() && why)
        *why = QStringLiteral("ibsim runs in a private network namespace: needs root (or unprivileged user namespaces)");
    return options;
}

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

std::optional<int> firstNumber(const QString &text, const QRegularExpression &re)
{
    const auto m = re.match(text);
    return m.hasMatch() ? std::optional<int>(m.captured(1).toInt()) : std::nullopt;
}

QString afterArrow(const QString &line)
{
    const int at = line.indexOf(QLatin1String("->"));
    return (at < 0 ? line : line.mid(at + 2)).trimmed();
}

// What OpenSM's log says: subnet up, the engine used, ftree's view, errors.
void readOpenSmLog(const QString &log, const QString &routingAsked, IbFabricReport &r)
{
    static const QRegularExpression configured(QStringLiteral(R"re(osm_ucast_mgr_process: (\S+) tables configured)re"));
    static const QRegularExpression rank(QStringLiteral(R"re(FatTree rank \(roots to leaf switches\): (\d+))re"));
    static const QRegularExpression roots(QStringLiteral(R"re(Fabric has (\d+) switches at rank 0)re"));
    static const QRegularExpression leaves(QStringLiteral(R"re(\((\d+) of them leafs\))re"));
    static const QRegularExpression partition(QStringLiteral("partition|pkey"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression bad(QStringLiteral("ERR|error|fail|invalid|unknown"), QRegularExpression::CaseInsensitiveOption);
    r.subnetUp = log.contains(QLatin1String("SUBNET UP"));
    if (const auto m = configured.match(log); m.hasMatch())
        r.routingUsed = m.captured(1);
    r.routingFellBack = !r.routingUsed.isEmpty() && r.routingUsed != routingAsked;
    r.ftreeRank = firstNumber(log, rank);
    r.ftreeRoots = firstNumber(log, roots);
    r.ftreeLeaves = firstNumber(log, leaves);
    for (const QString &line : log.split(QLatin1Char('\n'))) {
        if (line.contains(QLatin1String(" ERR ")))
            r.errors << afterArrow(line);
        if (line.contains(partition) && line.contains(bad))
            r.partitionErrors << afterArrow(line);
    }
}

// What the tools left in the work folder: OpenSM's log, exit code and dumps, ibsim's log, and
// what ibnetdiscover printed.
void readWorkFiles(const QString &work, const IbFabricOptions &options, IbFabricReport &r)
{
    readOpenSmLog(readText(work + QStringLiteral("/osm.log")), options.routing, r);
    bool ok = false;
    const int rc = readText(work + QStringLiteral("/osm.rc")).trimmed().toInt(&ok);
    r.openSmExitCode = ok ? rc : -1;
    const IbSubnetList found = parseSubnetList(readText(work + QStringLiteral("/opensm-subnet.lst")));
    r.casFound = found.cas;
    r.switchesFound = found.switches;
    r.linksFound = found.links;
    r.activeLinks = found.activeLinks;
    static const QRegularExpression complaint(QStringLiteral("panic|error|warn"), QRegularExpression::CaseInsensitiveOption);
    for (const QString &line : readText(work + QStringLiteral("/ibsim.log")).split(QLatin1Char('\n')))
        if (line.contains(complaint))
            r.ibsimWarnings << line.trimmed();
    r.openSmLfts = readText(work + QStringLiteral("/opensm-lfts.dump"));
    if (options.discover) {
        r.ibnetdiscover = readText(work + QStringLiteral("/ibnetdiscover.out"));
        r.ibnetdiscoverErrors = readText(work + QStringLiteral("/ibnetdiscover.err")).trimmed();
    }
}

} // namespace

QString ibFabricMissing()
{
    for (const char *tool : {"ibsim", "opensm", "ibnetdiscover", "unshare", "timeout", "bash"})
        if (QString why = missingTools({tool}); !why.isEmpty())
            return why;
    if (umad2simLibrary().isEmpty())
        return QStringLiteral("libumad2sim.so not found (Debian: ibsim-utils)");
    QString why;
    namespaceOptions(&why);
    return why;
}

IbFabricReport runIbFabric(const QString &topologyFile, const IbFabricOptions &options)
{
    IbFabricReport r;
    if (QString why = ibFabricMissing(); !why.isEmpty()) {
        r.failure = why;
        return r;
    }
    const QString topologyText = readText(topologyFile);
    const IbTopology topology = parseIbTopology(topologyText);
    r.casInFile = topology.cas();
    r.switchesInFile = topology.switches();
    r.linksInFile = topology.links();
    QString simHost;
    for (const IbTopologyNode &n : topology.nodes)
        if (!n.isSwitch) {
            simHost = n.name;   // OpenSM runs on the first CA of the file
            break;
        }
    if (simHost.isEmpty()) {
        r.failure = QStringLiteral("%1: no Hca/Ca records").arg(topologyFile);
        return r;
    }

    QTemporaryDir temporary(QDir::tempPath() + QStringLiteral("/cplan-ibfabric-XXXXXX"));
    const QString work = options.keepDir.isEmpty() ? temporary.path() : QDir(options.keepDir).absolutePath();
    if (!QDir().mkpath(work) || (options.keepDir.isEmpty() && !temporary.isValid())) {
        r.failure = QStringLiteral("cannot make a work folder %1").arg(work);
        return r;
    }
    const QString partitions = options.partitions.isEmpty() ? QString() : QFileInfo(options.partitions).absoluteFilePath();
    QStringList args = namespaceOptions(nullptr);
    args << findTool(QStringLiteral("bash")) << QStringLiteral("-c") << QString::fromUtf8(kScript) << QStringLiteral("ibfabric")
         << findTool(QStringLiteral("ibsim")) << findTool(QStringLiteral("opensm")) << findTool(QStringLiteral("ibnetdiscover"))
         << QFileInfo(topologyFile).absoluteFilePath() << work << simHost << options.routing << partitions
         << (options.discover ? QStringLiteral("1") : QStringLiteral("0")) << QString::number(options.timeoutS)
         << umad2simLibrary() << findTool(QStringLiteral("timeout"));

    QElapsedTimer clock;
    clock.start();
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(findTool(QStringLiteral("unshare")), args);
    const int limitMs = (2 * options.timeoutS + 180) * 1000;
    if (!p.waitForFinished(limitMs)) {
        p.kill();
        p.waitForFinished(10000);
        r.failure = QStringLiteral("the harness did not finish in %1 s").arg(limitMs / 1000);
        return r;
    }
    r.seconds = double(clock.elapsed()) / 1000.0;
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        const QString why = readText(work + QStringLiteral("/harness.err")).trimmed();
        r.failure = why.isEmpty() ? QStringLiteral("the harness failed: %1").arg(QString::fromUtf8(p.readAll()).trimmed()) : why;
    }

    readWorkFiles(work, options, r);
    if (r.failure.isEmpty() && !r.subnetUp)
        r.failure = QStringLiteral("OpenSM did not bring the subnet up (exit code %1)").arg(r.openSmExitCode);
    return r;
}

QString ibnetdiscoverOf(const QString &topologyFile, QString *error)
{
    IbFabricOptions options;
    options.discover = true;
    const IbFabricReport r = runIbFabric(topologyFile, options);
    QString why = r.failure;
    if (why.isEmpty() && r.ibnetdiscover.trimmed().isEmpty())
        why = QStringLiteral("ibnetdiscover printed nothing: %1").arg(r.ibnetdiscoverErrors);
    if (error)
        *error = why;
    return why.isEmpty() ? r.ibnetdiscover : QString();
}

QJsonObject IbFabricReport::toJson() const
{
    auto optional = [](const std::optional<int> &v) { return v ? QJsonValue(*v) : QJsonValue(); };
    return QJsonObject{
        {QStringLiteral("failure"), failure.isEmpty() ? QJsonValue() : QJsonValue(failure)},
        {QStringLiteral("subnet_up"), subnetUp},
        {QStringLiteral("cas_in_file"), casInFile},
        {QStringLiteral("switches_in_file"), switchesInFile},
        {QStringLiteral("links_in_file"), linksInFile},
        {QStringLiteral("cas_found"), casFound},
        {QStringLiteral("switches_found"), switchesFound},
        {QStringLiteral("links_found"), linksFound},
        {QStringLiteral("active_links"), activeLinks},
        {QStringLiteral("routing_used"), routingUsed},
        {QStringLiteral("routing_fell_back"), routingFellBack},
        {QStringLiteral("ftree_rank"), optional(ftreeRank)},
        {QStringLiteral("ftree_roots"), optional(ftreeRoots)},
        {QStringLiteral("ftree_leaves"), optional(ftreeLeaves)},
        {QStringLiteral("errors"), QJsonArray::fromStringList(errors)},
        {QStringLiteral("partition_errors"), QJsonArray::fromStringList(partitionErrors)},
        {QStringLiteral("ibsim_warnings"), QJsonArray::fromStringList(ibsimWarnings)},
        {QStringLiteral("opensm_exit_code"), openSmExitCode},
        {QStringLiteral("seconds"), seconds},
    };
}

} // namespace cplan::test
