#include "export/deliverables.h"

#include "export/cableplan.h"
#include "export/ethernetlinks.h"
#include "export/graphexport.h"
#include "export/nodelabels.h"
#include "export/partitions.h"
#include "export/slurmtopology.h"
#include "io/ibnetdiscover.h"
#include "model/design.h"
#include "routing/fabric.h"

namespace cplan {

Status checkSubnetPlane(const Design &design, int plane)
{
    const int planes = designPlanes(design);
    if (plane < 0 || plane > planes)
        return Error{"", 0, 0, "plane " + std::to_string(plane) + ": the design has " + std::to_string(planes) + " plane(s)"};
    if (plane == 0 && planes > 0)
        return Error{"", 0, 0, "the design has " + std::to_string(planes) +
                                   " planes, each its own subnet with its own subnet manager: give a plane (--plane N) and "
                                   "write one file per plane"};
    return Ok{};
}

namespace {

// The subnet files are InfiniBand's: an Ethernet fabric has no subnet manager, LIDs or P_Keys.
Status checkInfiniBand(const Design &design, const Catalog &catalog, const std::string &what)
{
    if (checkEthernetFabric(design, catalog, what))
        return Error{"", 0, 0, what + " is InfiniBand's, and the design is an Ethernet fabric (no subnet manager, LIDs or "
                                      "partitions): its links go to automation as avd-p2p or p2p-ethernet, its as-built "
                                      "comes from LLDP (lldp-json)"};
    return Ok{};
}

} // namespace

Result<std::string> ibnetdiscoverFile(const Design &design, const Catalog &catalog, int plane)
{
    if (auto st = checkInfiniBand(design, catalog, "an ibnetdiscover topology"); !st)
        return st.error();
    if (auto st = checkSubnetPlane(design, plane); !st)
        return st.error();
    const Fabric fabric = Fabric::build(design, catalog, plane);
    if (fabric.endpoints().empty())
        return Error{"", 0, 0, "the design has no cabled HCAs: nothing for ibsim/OpenSM to bring up"};
    return exportIbnetdiscover(design, fabric);
}

Result<std::string> ibnetdiscoverFile(const Design &design, const Catalog &catalog)
{
    return ibnetdiscoverFile(design, catalog, 0);
}

Result<std::string> partitionsFile(const Design &design, const Catalog &catalog, int plane)
{
    if (auto st = checkInfiniBand(design, catalog, "OpenSM's partitions.conf"); !st)
        return st.error();
    if (auto st = checkSubnetPlane(design, plane); !st)
        return st.error();
    const Fabric fabric = Fabric::build(design, catalog, plane);
    if (fabric.cas().empty())
        return Error{"", 0, 0, "the design has no HCAs: a partitions.conf would have no members"};
    return writePartitionsConf(design, planPartitions(design, fabric));
}

Result<std::string> partitionsFile(const Design &design, const Catalog &catalog)
{
    return partitionsFile(design, catalog, 0);
}

Result<std::string> slurmTopologyFile(const Design &design, const Catalog &)
{
    bool anySwitch = false;
    for (const Node &n : design.nodes)
        anySwitch = anySwitch || n.role == NodeRole::Switch;
    if (!anySwitch)
        return Error{"", 0, 0, "the design has no switches: Slurm's tree topology needs at least one"};
    return exportSlurmTopology(design);
}

namespace {

bool hasServer(const Design &design)
{
    for (const Node &n : design.nodes)
        if (n.role == NodeRole::Server)
            return true;
    return false;
}

} // namespace

Result<std::string> slurmBlockFile(const Design &design, const Catalog &catalog)
{
    if (!hasServer(design))
        return Error{"", 0, 0, "the design has no servers: Slurm's block topology needs at least one node"};
    return exportSlurmBlockTopology(design, catalog);
}

Result<std::string> nodeLabelsFile(const Design &design, const Catalog &catalog)
{
    return nodeLabelsFile(design, catalog, NodeLabelKeys{});
}

Result<std::string> nodeLabelsFile(const Design &design, const Catalog &catalog, const NodeLabelKeys &keys)
{
    if (!hasServer(design))
        return Error{"", 0, 0, "the design has no servers: there are no nodes to label"};
    return exportNodeLabels(design, catalog, keys);
}

Result<std::string> graphmlFile(const Design &design, const Catalog &catalog)
{
    return exportGraphml(design, catalog);
}

Result<std::string> dotFile(const Design &design, const Catalog &catalog)
{
    return exportDot(design, catalog);
}

Result<std::string> cablePlanFile(const Design &design, const Catalog &catalog)
{
    return cablePlanCsv(cablePlan(design, catalog));
}

} // namespace cplan
