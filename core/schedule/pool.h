#pragma once

#include "util/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// A server of the GPU pool.
struct PoolServer
{
    std::string id;
    std::string gpuType;        // catalog gpu id ("h100") or the trace's model ("V100M16")
    int gpus = 0;
    double cpuMilli = 0.0;      // 0 = unknown (jobs' CPU requests are not checked)
    double memoryMib = 0.0;     // 0 = unknown
    int tenant = -1;            // index into Pool::tenants of the partition it belongs to, or -1
    std::int32_t designNode = -1; // node index in the design, or -1 (node-list pools)
    // Topology blocks from the bottom up, as Slurm's tree plugin sees them: block[0] = the
    // servers behind the same leaf switches, block[1] = same scalable unit, block[2] = same pod.
    // Block numbers are pool-wide; equal numbers at a level = same switch subtree.
    std::vector<int> blocks;
};

struct PoolTenant
{
    std::string id;
    std::string name;
    std::optional<int> quotaGpus;   // soft quota with borrowing
    int partitionGpus = 0;          // GPUs of the servers assigned to it
};

// The GPU pool: servers with GPUs (mixed types allowed), tenants with their partitions.
struct Pool
{
    std::string name;
    std::vector<PoolServer> servers;
    std::vector<PoolTenant> tenants;
    int levels = 0;             // topology levels in PoolServer::blocks (0 = flat pool)

    int totalGpus() const;
    // The partition a tenant's jobs are confined to (classFor's argument): the tenant's index
    // when its partition has GPUs, -1 (the unassigned servers) for other jobs, and -2 (every
    // server) when no tenant has a partition or the pool is shared.
    int partitionFor(const std::string &tenant, bool sharedPool) const;
    int maxGpusPerServer() const;
    std::optional<int> findTenant(const std::string &idOrName) const;
};

// A pool the scheduler can hold: every server has 0 .. kMaxGpusPerServer GPUs
// (the catalog's bound, model/design.h) and finite, non-negative CPU and memory. Every pool
// builder checks it, and so do the simulations (a pool may also be built in code).
Status checkPool(const Pool &pool);

// The pool of a design: every server (role Server) with its GPUs, in design order; management
// appliances and plain hosts without GPUs are left out. Tenants and their servers come from
// the design. Topology blocks: servers wired to the same set of leaf switches, then the group
// (SU), then the group's parent (pod).
Result<Pool> poolFromDesign(const Design &design, const Catalog &catalog);

} // namespace cplan
