#pragma once

#include "schedule/job.h"
#include "schedule/pool.h"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace cplan {

// How a job's GPUs are chosen among the servers it may use.
enum class Placement {
    FirstFit,       // lowest server index that fits; multi-server: free servers first
    BestFit,        // the server (and GPU) left with the least free capacity
    Random,         // a random server (and GPU) that fits; multi-server: random servers
    TopoPack,       // lowest switch subtree that fits, best fit among those (Slurm tree)
    Fragmentation,  // least growth of expected fragmentation (FGD, Weng et al. ATC '23)
};
const char *toString(Placement placement);
std::optional<Placement> placementFromString(std::string_view text);

// GPUs (and CPU, memory) a job holds on one server.
struct ServerShare
{
    int server = -1;
    std::vector<std::uint16_t> gpus;   // whole GPUs held: their indices on the server, ascending
    int sharedGpu = -1;                // the GPU a fractional job shares, or -1
    int milli = 0;                     // its share of that GPU
    double cpuMilli = 0.0;
    double memoryMib = 0.0;
    int wholeGpus() const { return int(gpus.size()); }
};
using Allocation = std::vector<ServerShare>;

// Which servers a job may use: its tenant's partition (or the unassigned servers) and its GPU
// types. Jobs with the same eligibility share one class.
struct JobClass
{
    std::vector<int> servers;
    // Quick-reject aggregates, kept up to date on every change.
    std::int64_t freeWhole = 0;               // fully free GPUs
    std::vector<int> serversByFullFree;       // histogram: servers with k fully free GPUs
    std::vector<int> gpusByFreeDecile;        // histogram: GPUs by free milli / 100 (0..10)
    std::int64_t capacityMilli = 0;
};

// The workload mix the fragmentation measure is taken against (FGD's "target workload"):
// task shapes with their popularity.
struct WorkloadMix
{
    struct Shape
    {
        int gpus = 1;
        int milli = 1000;
        double cpuMilli = 0, memoryMib = 0;
        double weight = 0;
        bool multiServer = false;
    };
    std::vector<Shape> shapes;
    static WorkloadMix fromJobs(const std::vector<Job> &jobs);
};

// The free and used capacity of every server, the placement strategies and the
// fragmentation measure. Used by the time-driven simulator and by capacity mode.
// Servers hold 0 .. kMaxGpusPerServer GPUs (checkPool); nothing here has a smaller limit.
// clusterstate.cpp: capacity and job classes; placement.cpp: placements; fragmentation.cpp: FGD.
class ClusterState
{
public:
    ClusterState(const Pool &pool, std::uint64_t seed);

    const Pool &pool() const { return m_pool; }
    // The class of servers a job may use (partition: tenant index, -1 = unassigned servers,
    // -2 = every server). Returns its index; creates it on first use.
    int classFor(int partition, const std::vector<std::string> &gpuTypes);
    const JobClass &jobClass(int c) const { return m_classes[std::size_t(c)]; }
    // The most GPU capacity (milli) a job of this class could ever get.
    bool couldEverFit(const Job &job, int cls) const;

    // A placement for the job in the class, or nullopt when it does not fit now.
    std::optional<Allocation> place(const Job &job, int cls, Placement placement, int topoLevel = -1, bool topoRequired = false);
    // True when place() finds room for the job exactly when its class has job.gpus fully free
    // GPUs, wherever they are: whole GPUs, not confined to one server or topology block.
    bool fitsByCount(const Job &job, Placement placement, int topoLevel, bool topoRequired) const;
    // Exactly on the named servers (pool indices), or nullopt when they lack the room.
    std::optional<Allocation> placeOn(const Job &job, const std::vector<int> &servers);
    void allocate(const Allocation &a);
    void release(const Allocation &a);
    // Servers taken out of placement (migration planning); false by default.
    void setExcluded(int server, bool excluded) { m_excluded[std::size_t(server)] = excluded; }

    std::int64_t capacityMilli() const { return m_capacityMilli; }
    std::int64_t allocatedMilli() const { return m_allocatedMilli; }
    int fullFree(int server) const { return m_fullFree[std::size_t(server)]; }
    int freeMilli(int server, int gpu) const { return m_free[m_offset[std::size_t(server)] + std::size_t(gpu)]; }
    std::int64_t serverFreeMilli(int server) const { return m_serverFree[std::size_t(server)]; }
    double cpuFreeMilli(int server) const { return m_cpuFree[std::size_t(server)]; }
    double memoryFreeMib(int server) const { return m_memFree[std::size_t(server)]; }

    // FGD's target workload; set before placing with Placement::Fragmentation.
    void setWorkload(const WorkloadMix &mix);
    // Free GPU capacity (milli) that no shape of `mix` could use, over all servers; CPU and
    // memory of the shapes count. Cached per server and updated on change when
    // trackFragmentation() was called with the mix.
    void trackFragmentation(const WorkloadMix &mix);
    std::int64_t unusableMilli() const { return m_unusableTotal; }
    std::int64_t unusableMilli(const WorkloadMix &mix) const;

    std::mt19937_64 &rng() { return m_rng; }
    std::uint64_t uniform(std::uint64_t n);   // platform-independent draw in [0, n)

private:
    using Score = std::tuple<double, double, double>;   // lexicographic, lower is better
    struct Choice
    {
        Score score;
        int server = -1;
        int gpu = -1;
    };

    bool fitsCpu(int server, const Job &job, double share) const;
    bool fitsOneServer(const Job &job, int server) const;
    void update(int server, int sign);
    double fgdNodeTerm(int fullFree) const;
    // FGD's expected fragmentation of a server in a given state (free milli per GPU, CPU and
    // memory left): shapes that no longer fit its CPU or memory see all its free GPU capacity
    // as fragments.
    double fgdFragmentation(int server, double cpuAfter, double memAfter, const std::uint16_t *free) const;
    double fgdCurrent(int server);
    std::int64_t unusableOn(int server, const WorkloadMix &mix) const;
    std::optional<Allocation> placeSingle(const Job &job, const JobClass &cls, Placement placement);
    std::optional<Allocation> placeSingleRandom(const Job &job, const JobClass &cls);
    Allocation singleAllocation(const Job &job, int server, int gpu) const;
    Score scoreCpuOnly(const Job &job, int server, Placement placement);
    Score scoreWhole(const Job &job, int server, Placement placement, const std::vector<std::int64_t> &leafFree);
    void chooseSharedGpu(const Job &job, int server, Placement placement, Choice &best);
    std::vector<std::int64_t> leafBlockFree(const JobClass &cls) const;
    std::optional<Allocation> placeMulti(const Job &job, const JobClass &cls, Placement placement, int topoLevel, bool topoRequired);
    std::optional<Allocation> takeWhole(const Job &job, const std::vector<int> &servers) const;
    std::vector<int> packedOrder(std::vector<int> servers) const;
    std::optional<std::vector<int>> topoBlock(const Job &job, const std::vector<int> &cand, int topoLevel, bool topoRequired) const;
    ServerShare wholeShare(const Job &job, int server, int gpus) const;

    const Pool &m_pool;
    std::vector<std::size_t> m_offset;     // per server, into m_free
    std::vector<std::uint16_t> m_free;     // per GPU, free milli
    std::vector<int> m_fullFree;
    std::vector<std::int64_t> m_serverFree;
    std::vector<double> m_cpuFree, m_memFree;
    std::vector<std::uint8_t> m_excluded;
    std::int64_t m_capacityMilli = 0, m_allocatedMilli = 0;
    int m_maxGpus = 0;
    std::vector<std::uint16_t> m_scratchFree;   // one server's free milli, for trial placements

    std::vector<JobClass> m_classes;
    std::vector<std::string> m_classKeys;
    std::vector<std::vector<int>> m_serverClasses;   // classes holding each server

    // FGD tables: psi(free milli) per GPU, and the whole-GPU term per fully-free count.
    std::vector<double> m_psi;
    std::vector<double> m_wholeTerm;
    bool m_haveWorkload = false;
    WorkloadMix m_workload;
    std::vector<std::uint32_t> m_shapesByCpu, m_shapesByMem;   // GPU shapes, largest request first
    std::vector<double> m_fgdCache;   // per server, NaN = stale

    WorkloadMix m_fragMix;
    bool m_trackFrag = false;
    std::vector<std::int64_t> m_unusable;
    std::int64_t m_unusableTotal = 0;

    std::mt19937_64 m_rng;
};

} // namespace cplan
