#include "analysis/exportformats.h"

#include "analysis/ncclchecks.h"
#include "export/deliverables.h"
#include "export/ethernetlinks.h"
#include "export/lldpexport.h"
#include "export/p2p.h"
#include "util/atomicfile.h"

#include <algorithm>
#include <cctype>

namespace cplan {

namespace {

const ExportFormat kFormats[] = {
    {"ibnetdiscover", "ibnetdiscover / ibsim topology (switches, one CA per HCA, GUIDs, LIDs, speeds; one plane's subnet with "
                      "--plane N)", ".topo", &ibnetdiscoverFile, nullptr, &ibnetdiscoverFile},
    {"partitions", "OpenSM partitions.conf: a P_Key per tenant, members by HCA port GUID, default partition for management "
                   "(one plane's subnet with --plane N)", "-partitions.conf", &partitionsFile, nullptr, &partitionsFile},
    {"slurm", "Slurm topology.conf for the tree plugin (SwitchName= with Nodes= or Switches=; a rail-optimised "
              "unit's leaves as one leaf-level switch)", "-topology.conf", &slurmTopologyFile},
    {"slurm-block", "Slurm topology.conf for the block plugin, Slurm 23.11 or later (BlockName= per NVLink domain, "
                    "BlockSizes=)", "-block-topology.conf", &slurmBlockFile},
    {"k8s-labels", "Kubernetes node labels per server as YAML (NVLink domain, leaf, spine, core; Topograph's keys, see "
                   "--label-key) and Kueue's Topology", "-labels.yaml", &nodeLabelsFile},
    {"graphml", "GraphML (Boost.Graph writer): nodes and links with their properties", ".graphml", &graphmlFile},
    {"dot", "Graphviz DOT (Boost.Graph writer), tiers ranked top to bottom", ".dot", &dotFile},
    {"cable-plan", "cable plan CSV, one row per physical cable: cable id, label, links, from/to device, port, rack and U, type, "
                   "length, transceivers", "-cables.csv", &cablePlanFile},
    {"p2p", "NVIDIA's point-to-point sheet, one row per physical cable: A and Z side rack, U, name and port, cable type and "
            "length (CSV, or XLSX when the output ends in .xlsx)", "-p2p.xlsx", &p2pCsvFile, &writeP2pWorkbook},
    {"ndt", "UFM NDT topology CSV, one row per link: StartDevice, StartPort, StartDeviceLocation, EndDevice, EndPort, "
            "EndDeviceLocation, U height, LinkType, Speed (Mb/s), Cable Type, Cable Length", "-ndt.csv", &ndtCsvFile},
    {"avd-p2p", "Arista AVD's fabric documentation point-to-point links CSV (FABRIC-p2p-links.csv: Type, Node, Node "
                "Interface, Leaf IP Address, Peer Type, Peer Node, Peer Interface, Peer IP Address), switch-switch and switch-NIC "
                "links of an Ethernet fabric, a /31 each from 10.240.0.0/12", "-p2p-links.csv", &avdP2pLinksCsv},
    {"p2p-ethernet", "NVIDIA's Ethernet P2P sheet as the UFM Cable Validation Tool (Mission Control) reads it: A-/Z- Rack, U, "
                     "Node Name, Type (Host/Switch), Port (swpNsM, railN), one row per link of an Ethernet fabric",
     "-p2p-ethernet.csv", &p2pEthernetCsv},
    {"lldp-json", "the LLDP neighbour tables the built Ethernet fabric shows, lldpctl -f json per switch in one file keyed by "
                  "switch name (what cplan verify reads back as the as-built)", "-lldp.json", &lldpNeighborsJson},
    {"nccl-expect", "the nccl-tests figures the plan predicts (CSV): single server, two servers, all servers; all_reduce, "
                    "all_gather, alltoall, 1 MiB to 8 GiB; busbw, a floor, NCCL's algorithm; cplan verify-perf checks logs",
     "-nccl-expect.csv", &ncclExpectFile},
};

bool endsWithXlsx(const std::string &path)
{
    if (path.size() < 5)
        return false;
    std::string tail = path.substr(path.size() - 5);
    std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return tail == ".xlsx";
}

} // namespace

std::span<const ExportFormat> exportFormats()
{
    return kFormats;
}

const ExportFormat *findExportFormat(std::string_view name)
{
    for (const ExportFormat &f : kFormats)
        if (name == f.name)
            return &f;
    return nullptr;
}

Status writeExport(const ExportFormat &format, const Design &design, const Catalog &catalog, const std::string &path, int plane)
{
    if (format.writeXlsx && endsWithXlsx(path))
        return format.writeXlsx(path, design, catalog);
    auto text = format.writePlane ? format.writePlane(design, catalog, plane) : format.write(design, catalog);
    if (!text)
        return text.error();
    return writeFileAtomically(path, *text);
}

} // namespace cplan
