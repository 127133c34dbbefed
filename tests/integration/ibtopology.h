// Reading what the InfiniBand tools read and write, for the integration harness: topology files
// (ibnetdiscover / ibsim format), OpenSM's opensm-lfts.dump and opensm-subnet.lst, and routing
// congestion over shift permutations. Written independently of core/io and core/routing on
// purpose: the harness is the oracle those are checked against.
#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace cplan::test {

struct IbTopologyNode
{
    QString name;          // as quoted in the file ("S-0002c9...", or "leafA" in ibsim files)
    QString description;   // the node description (ibnetdiscover's `# "leafA"` comment), else the name
    bool isSwitch = false;
    int ports = 0;
    std::map<int, std::pair<QString, int>> links;   // port -> (remote node name, remote port)
};

struct IbTopology
{
    std::vector<IbTopologyNode> nodes;   // in file order
    std::map<QString, std::size_t> index;   // name -> position in nodes

    int cas() const;
    int switches() const;
    int links() const;   // cables: port pairs listed from either end, counted once
    const IbTopologyNode *find(const QString &name) const;
};
IbTopology parseIbTopology(const QString &text);

// opensm-lfts.dump: switch description -> (destination LID -> out port), and CA description ->
// LID (from the dump's "Channel Adapter portguid ...: 'desc'" comments).
struct IbLfts
{
    std::map<QString, std::map<int, int>> switches;
    std::map<QString, int> caLids;
};
IbLfts parseLftDump(const QString &text);

// What OpenSM's opensm-subnet.lst says it found: nodes by GUID and the links between ports.
struct IbSubnetList
{
    int switches = 0;
    int cas = 0;
    int links = 0;         // each link once (the file lists both directions)
    int activeLinks = 0;   // LOG=ACT at both ends
};
IbSubnetList parseSubnetList(const QString &text);

// For shift permutations i -> (i + k) mod N over the CAs in file order, each CA sending on its
// port 1, routes are followed through the LFTs; a directed link's load is the number of routes
// crossing it. shifts = 0 (or >= N − 1): every k in 1..N−1; else `shifts` values of k spread
// evenly over 1..N−1.
struct IbCongestion
{
    int shifts = 0;
    int maxLinkLoad = 0;          // the largest load over every shift
    double meanMaxLinkLoad = 0;   // the mean over shifts of each shift's largest load
    int unroutablePairs = 0;      // routes that hit a missing entry or a loop
    double meanHops = 0;          // links per routed pair, the CA's own cable included
    QString error;                // nothing to measure (no CAs, no tables)
};
IbCongestion measureCongestion(const IbTopology &topology, const IbLfts &lfts, int shifts = 0);

} // namespace cplan::test
