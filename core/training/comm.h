#pragma once

// The communication a training step does, priced by the NCCL model (nccl/collectiverun.h) on
// the design's system: a group of ranks is laid out on servers as Megatron lays it out (rank
// order, stride), and its collective runs on NVLink inside a server and on the NICs with the
// share the fabric gives each algorithm (ring, tree, all-to-all) across servers. Estimates are
// cached per (collective, group size, stride, size bucket): the parallelism search asks the
// same few questions many times.

#include "nccl/tuning.h"
#include "workload/collective.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>

namespace cplan::training {

class Comm
{
public:
    // `system`: the job's GPUs as NCCL sees them (nodes, GPUs and NICs per node, NVLink, NIC
    // speed, SHARP) with the fabric's shares from flow runs on the design (ring and tree from an
    // all-reduce over the job, all-to-all from an all-to-all).
    explicit Comm(nccl::System system);
    Comm(const Comm &other) : m_system(other.m_system) {}

    const nccl::System &system() const { return m_system; }
    int gpusPerNode() const { return int(m_system.gpusPerNode); }

    // Seconds for `kind` over `size` ranks `stride` GPUs apart, `bytes` as nccl-tests counts
    // them; nullopt when the NCCL model lacks a figure (unknown() says which).
    std::optional<double> collective(CollectiveKind kind, int size, int stride, double bytes) const;
    // One pipeline send of `bytes` between neighbouring stages `stride` GPUs apart.
    std::optional<double> send(int stride, double bytes) const;
    std::string unknown() const;

    // The NCCL system of one group (for tests and explanations).
    nccl::System groupSystem(int size, int stride) const;

private:
    nccl::System m_system;
    using Key = std::tuple<int, int, int, int>;
    mutable std::map<Key, std::optional<double>> m_cache;
    mutable std::string m_unknown;
    mutable std::mutex m_mutex;
};

} // namespace cplan::training
