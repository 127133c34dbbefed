// ibfabric: bring a topology file up in ibsim + OpenSM (+ ibnetdiscover) and print what the
// tools saw, as JSON (tests/integration/ibfabric.h). Exit code 0 when the subnet came up, 1 when
// not, 2 for a usage error, 77 when the tools (or the rights to make a network namespace) are missing here.
//
//   ibfabric TOPOLOGY [--routing ENGINE] [--partitions FILE] [--ibnetdiscover OUT]
//                     [--congestion] [--lfts FILE] [--shifts N] [--keep DIR] [--timeout S]
#include "ibfabric.h"
#include "skip.h"
#include "testmain.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>

#include <cstdio>

using namespace cplan::test;

namespace {

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QJsonObject congestionJson(const IbCongestion &c, const QString &tables)
{
    if (!c.error.isEmpty())
        return {{QStringLiteral("error"), c.error}, {QStringLiteral("lfts"), tables}};
    return {{QStringLiteral("shifts"), c.shifts},
            {QStringLiteral("max_link_load"), c.maxLinkLoad},
            {QStringLiteral("mean_max_link_load"), c.meanMaxLinkLoad},
            {QStringLiteral("unroutable_pairs"), c.unroutablePairs},
            {QStringLiteral("mean_hops"), c.meanHops},
            {QStringLiteral("lfts"), tables}};
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Brings a topology file (ibnetdiscover / ibsim format) up in ibsim, runs OpenSM once against it and prints what "
        "OpenSM found as JSON; optionally saves what ibnetdiscover prints and measures routing congestion over shift "
        "permutations with OpenSM's tables or given ones. Needs Debian ibsim-utils, opensm, infiniband-diags, and root or unprivileged user namespaces."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("topology"), QStringLiteral("the topology file"));
    const QCommandLineOption routing(QStringLiteral("routing"), QStringLiteral("OpenSM routing engine (default ftree)"),
                                     QStringLiteral("engine"), QStringLiteral("ftree"));
    const QCommandLineOption partitions(QStringLiteral("partitions"), QStringLiteral("a partitions.conf for OpenSM (-P)"),
                                        QStringLiteral("file"));
    const QCommandLineOption discover(QStringLiteral("ibnetdiscover"), QStringLiteral("save what ibnetdiscover prints there"),
                                      QStringLiteral("file"));
    const QCommandLineOption congestion(QStringLiteral("congestion"), QStringLiteral("measure routing congestion"));
    const QCommandLineOption lfts(QStringLiteral("lfts"),
                                  QStringLiteral("with --congestion: these tables (opensm-lfts.dump format) instead of OpenSM's"),
                                  QStringLiteral("file"));
    const QCommandLineOption shifts(QStringLiteral("shifts"), QStringLiteral("shift permutations to measure (0: all; default 64)"),
                                    QStringLiteral("n"), QStringLiteral("64"));
    const QCommandLineOption keep(QStringLiteral("keep"), QStringLiteral("keep the work files (logs, OpenSM's dumps) there"),
                                  QStringLiteral("dir"));
    const QCommandLineOption timeout(QStringLiteral("timeout"), QStringLiteral("seconds for OpenSM and for ibnetdiscover (default 600)"),
                                     QStringLiteral("s"), QStringLiteral("600"));
    parser.addOptions({routing, partitions, discover, congestion, lfts, shifts, keep, timeout});
    parser.process(app);
    if (parser.positionalArguments().size() != 1) {
        std::fprintf(stderr, "ibfabric: give one topology file (--help)\n");
        return 2;
    }
    bool shiftsOk = false, timeoutOk = false;
    const int shiftCount = parser.value(shifts).toInt(&shiftsOk);
    const int timeoutS = parser.value(timeout).toInt(&timeoutOk);
    if (!shiftsOk || shiftCount < 0 || !timeoutOk || timeoutS <= 0) {
        std::fprintf(stderr, "ibfabric: --shifts takes a whole number >= 0, --timeout one > 0\n");
        return 2;
    }
    const QString topology = parser.positionalArguments().first();
    if (!QFile::exists(topology)) {
        std::fprintf(stderr, "ibfabric: %s not found\n", qPrintable(topology));
        return 2;
    }
    if (const QString why = ibFabricMissing(); !why.isEmpty()) {
        std::fprintf(stderr, "ibfabric: cannot run here: %s\n", qPrintable(why));
        return kSkipReturnCode;
    }

    IbFabricOptions options;
    options.routing = parser.value(routing);
    options.partitions = parser.value(partitions);
    options.discover = parser.isSet(discover);
    options.keepDir = parser.value(keep);
    options.timeoutS = timeoutS;
    const IbFabricReport report = runIbFabric(topology, options);
    QJsonObject out = report.toJson();
    out.insert(QStringLiteral("topology"), topology);
    out.insert(QStringLiteral("routing"), options.routing);
    if (options.discover) {
        QFile f(parser.value(discover));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(report.ibnetdiscover.toUtf8()) < 0) {
            std::fprintf(stderr, "ibfabric: cannot write %s\n", qPrintable(parser.value(discover)));
            return 2;
        }
        out.insert(QStringLiteral("ibnetdiscover_errors"), report.ibnetdiscoverErrors);
    }
    if (parser.isSet(congestion)) {
        const bool given = parser.isSet(lfts);
        const QString tables = given ? readText(parser.value(lfts)) : report.openSmLfts;
        const IbCongestion c = measureCongestion(parseIbTopology(readText(topology)), parseLftDump(tables), shiftCount);
        out.insert(QStringLiteral("congestion"), congestionJson(c, given ? QStringLiteral("given") : QStringLiteral("opensm")));
    }
    std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    return report.subnetUp ? 0 : 1;
}
