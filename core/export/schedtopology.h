#pragma once

// How workload schedulers see a design's fabric: the one model behind the Slurm tree and block
// topology.conf files and the Kubernetes node labels (Kueue, Topograph), so that the three
// agree on which servers are "close".
//
// Level 0 holds the leaf-level domains. A server cabled to one leaf sits under that leaf. A
// rail-optimised server is cabled to several leaves (HCA r to the leaf of rail r), and schedulers
// take each node under exactly one leaf-level switch (Slurm's tree plugin warns "Multiple leaf
// switches contain nodes" and then places no job larger than a leaf), so the leaves that share
// servers form one domain: the scalable unit (or, without a common group, a numbered rail
// group). Level k > 0 joins the level k-1 domains through the switches one tier up (spines, then
// cores): a pod, or the whole fabric.
//
// Planes (independent copies of the fabric, each server's HCAs split over them): a server is in
// every plane, and a scheduler takes each node under one leaf-level entry, so the topology
// describes each server once. It is built from plane 1's links, whose switches stand for the
// same switches of every plane: the generator makes the planes identical (the same servers under
// the same leaves, SUs and pods in each), so a server's neighbours are the same in every plane.
// Listing every plane's switches would put each node under P leaf-level switches, which Slurm's
// tree plugin refuses (above), or join the planes' switches into entries P times larger for no
// gain in what the scheduler learns. The other planes are checked: a plane that groups the
// servers differently from plane 1 is named in `planesDiffering` (and in the files' comments).
#include "model/design.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;

struct SchedDomain
{
    std::string name;                      // Slurm switch name and label value (hostlist-safe)
    std::vector<std::uint32_t> switches;   // design node indices it stands for, sorted
    std::vector<std::uint32_t> members;    // level 0: servers (node indices); above: domains one level down
    int level = 0;
    bool named = false;                    // the name is a design group's id (SU, pod)
    // Level 0 with several leaves: every server is cabled to every leaf of the domain (a full
    // rail-optimised unit) rather than to some of them.
    bool everyServerOnEveryLeaf = false;
    std::vector<std::uint32_t> servers;    // every server below, sorted
};

struct SchedTopologyOptions
{
    // Links the topology is built from; empty = every link (plane 1's on a multi-plane design).
    std::function<bool(const Link &)> link;
};

struct SchedulerTopology
{
    std::vector<std::vector<SchedDomain>> levels;   // levels[0] = leaf-level domains
    std::vector<int> leafDomainOf;   // per design node: its level-0 domain (servers, leaf switches), or -1
    std::vector<std::uint32_t> servers;      // every server, in design order
    std::vector<std::uint32_t> unattached;   // servers cabled to no switch
    std::vector<std::vector<int>> serverDomain;   // [level][node]: the server's domain there, or -1
    // Per switch: the switches of a lower tier cabled to it, and of a higher tier (sorted).
    std::vector<std::vector<std::uint32_t>> lowerSwitches, upperSwitches;

    int planes = 0;                          // the design's planes (0: one fabric); built from plane 1
    std::vector<int> planesDiffering;        // planes whose servers group otherwise than plane 1's

    // The domain of `server` at `level`, or nullptr (no such level above it).
    const SchedDomain *domainOf(std::uint32_t server, std::size_t level) const;
};

SchedulerTopology schedulerTopology(const Design &design, const SchedTopologyOptions &options = {});

// Comment lines ("# ...") for the exports: how the planes are described, and any plane that
// groups the servers differently. Empty for a design without planes.
std::string schedulerPlanesComment(const SchedulerTopology &t);

// Servers sharing one NVLink domain, in design order: a server whose part's NVLink domain
// (the catalog's nvlink_domain, in GPUs) holds more GPUs than the server has shares it with the
// next servers of its rack and part (a tray of an NVL72 rack); otherwise (a DGX, an NVL72 rack
// modelled as one system, no figure) the server is its own domain.
struct NvlinkDomain
{
    std::string name;
    std::vector<std::uint32_t> servers;
    int gpus = 0;   // GPUs of its servers
};
std::vector<NvlinkDomain> nvlinkDomains(const Design &design, const Catalog &catalog,
                                        const std::vector<std::uint32_t> &servers);

} // namespace cplan
