// What a Slurm tree topology should say about a design, worked out from the design's links
// alone (not from the exporter's model), and the comparison of a topology with it: the same
// for the exported file read back by the test (tst_schedtopology) and for what a real
// slurmctld shows (`scontrol show topology`, tst_slurmctld).
#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <set>
#include <vector>

namespace cplan {
class Design;
}

namespace cplan::test {

// Slurm's hostlist expressions, expanded: "a[1-3,5],b" -> a1 a2 a3 a5 b (zero padding kept
// from the range's first number). Independent of the exporter's compressHostlist.
QStringList expandHostlist(const QString &text);

// One switch as `scontrol show topology` prints it.
struct SlurmSwitch
{
    QString name;
    int level = 0;
    QStringList nodes;      // expanded: every node below it
    QStringList switches;   // expanded
};

// "SwitchName=s1 Level=1 LinkSpeed=1 Nodes=a[1-2] Switches=l[1-2]".
SlurmSwitch parseSwitchLine(const QString &line);

// A topology.conf for the tree plugin read as slurmctld reads it: a switch with Nodes= is at
// level 0; one with Switches= is one above its highest child and has every node below them.
// Lines that are not tree-plugin lines go to *bad.
std::vector<SlurmSwitch> readTreeConf(const QString &text, QStringList *bad);

using NameSet = std::set<QString>;

struct ExpectedTree
{
    QStringList servers;                       // every server (Slurm node), design order
    std::set<NameSet> leafGroups;              // servers that share leaves (transitively)
    std::map<QString, NameSet> belowSwitch;    // switch above the leaves -> servers under it
};
ExpectedTree expectedTree(const Design &design);

// Empty when `shown` places each server under exactly one level-0 switch, groups them as the
// design's leaves do, gives each switch above the leaves the servers below it in the design,
// and adds nothing but a virtual root "fabric" over every server; else what differs.
QString compareTree(const std::vector<SlurmSwitch> &shown, const ExpectedTree &expected);

} // namespace cplan::test
