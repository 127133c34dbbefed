#pragma once

// Kubernetes node labels for topology-aware scheduling (Kueue's TAS, NVIDIA's Topograph and the
// schedulers that read its labels), as YAML: one entry per server (the Kubernetes node name is
// the server's name in the design, as in Slurm), one label per level of the fabric:
//
//   accelerator  the NVLink domain (nvlinkDomains(): a DGX, an NVL72 rack)
//   leaf         the leaf-level domain of schedulerTopology(): the leaf switch, or the SU whose
//                leaves a rail-optimised server is cabled to (as the Slurm tree export)
//   spine        the servers joined through the spines above them (a pod, or the whole fabric)
//   core         the servers joined through the cores (3-tier fabrics)
//
// Default keys are the ones Topograph's Kubernetes engine writes
// (network.topology.nvidia.com/accelerator, /leaf, /spine, /core); each is configurable, and
// an empty key leaves the level out. A second YAML document is Kueue's Topology object
// (kueue.x-k8s.io/v1alpha1) listing the levels present, highest first, down to
// kubernetes.io/hostname. Values are valid label values (at most 63 characters of
// [A-Za-z0-9._-], alphanumeric at both ends).
//
// Planes: a plane index becomes a link filter of schedulerTopology() (one file per plane);
// the engine has no planes yet.
#include "util/error.h"

#include <string>

namespace cplan {

class Catalog;
class Design;

struct NodeLabelKeys
{
    std::string accelerator = "network.topology.nvidia.com/accelerator";
    std::string leaf = "network.topology.nvidia.com/leaf";
    std::string spine = "network.topology.nvidia.com/spine";
    std::string core = "network.topology.nvidia.com/core";
};

// Sets one key from "LEVEL=KEY" (LEVEL: accelerator, leaf, spine, core; an empty KEY leaves
// the level out). Errors name what is wrong: an unknown level, or a key Kubernetes refuses
// (an optional DNS-subdomain prefix and '/', then a name of at most 63 characters of
// [A-Za-z0-9._-], alphanumeric at both ends).
Result<bool> setNodeLabelKey(NodeLabelKeys &keys, const std::string &assignment);

// `text` as a label value: other characters become '-', the ends are trimmed to alphanumerics,
// and a value longer than 63 characters keeps its first 54 and a hash of the whole.
std::string labelValue(const std::string &text);

std::string exportNodeLabels(const Design &design, const Catalog &catalog, const NodeLabelKeys &keys = {});

} // namespace cplan
