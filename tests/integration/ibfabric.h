// The project's harness for the real InfiniBand tools: a topology file (ibnetdiscover / ibsim
// format) comes up in ibsim (Debian ibsim-utils), OpenSM (opensm) configures it once, optionally
// with a partitions.conf, and ibnetdiscover (infiniband-diags) reads it back. Each run has a
// private network namespace (`unshare -n`: root, or unprivileged user namespaces), so runs
// never see each other's simulator.
//
//   CPLAN_REQUIRE(cplan::test::ibFabricMissing());            // skip where it cannot run
//   IbFabricReport r = runIbFabric(topo, {.discover = true});  // r.subnetUp, r.casFound, ...
//   QString seen = ibnetdiscoverOf(topo, &error);              // just what ibnetdiscover prints
//
// The command `ibfabric` (ibfabric_main.cpp) does the same from a shell and prints JSON.
#pragma once

#include "ibtopology.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace cplan::test {

// Why the harness cannot run here (a tool, the umad2sim library, or the rights to make a
// network namespace are missing), for CPLAN_REQUIRE; empty when it can.
QString ibFabricMissing();

struct IbFabricOptions
{
    QString routing = QStringLiteral("ftree");   // OpenSM's routing engine (-R)
    QString partitions;                          // a partitions.conf for OpenSM (-P); empty: none
    bool discover = false;                       // run ibnetdiscover afterwards, keep what it prints
    QString keepDir;                             // keep the work files there; empty: a temporary folder
    int timeoutS = 600;                          // for each of OpenSM and ibnetdiscover
};

struct IbFabricReport
{
    QString failure;   // why the fabric could not be brought up at all; empty when it ran

    // The topology file.
    int casInFile = 0;
    int switchesInFile = 0;
    int linksInFile = 0;

    // What OpenSM found (opensm-subnet.lst) and said (its log).
    bool subnetUp = false;
    int casFound = 0;
    int switchesFound = 0;
    int linksFound = 0;
    int activeLinks = 0;
    QString routingUsed;             // the engine whose tables OpenSM configured ("ftree", "minhop", ...)
    bool routingFellBack = false;    // not the engine asked for
    std::optional<int> ftreeRank;    // ftree: tiers from the roots to the leaves
    std::optional<int> ftreeRoots;
    std::optional<int> ftreeLeaves;
    QStringList errors;              // OpenSM's ERR lines
    QStringList partitionErrors;     // those of them (and other log lines) about partitions
    QStringList ibsimWarnings;       // ibsim's complaints while loading the file
    int openSmExitCode = -1;
    double seconds = 0;

    QString openSmLfts;              // opensm-lfts.dump: OpenSM's forwarding tables
    QString ibnetdiscover;           // what ibnetdiscover printed (options.discover)
    QString ibnetdiscoverErrors;     // and its standard error

    QJsonObject toJson() const;
};

IbFabricReport runIbFabric(const QString &topologyFile, const IbFabricOptions &options = {});

// What the real ibnetdiscover prints for this topology once ibsim and OpenSM have it up;
// empty, with the reason in *error, when the fabric did not come up.
QString ibnetdiscoverOf(const QString &topologyFile, QString *error);

} // namespace cplan::test
