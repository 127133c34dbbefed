#include "schedule/capacity.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace cplan {

namespace {

// Our own shuffle and draws: std::shuffle and the std distributions differ between standard
// libraries, and the result must not.
class Draw
{
public:
    explicit Draw(std::uint64_t seed) : m_rng(seed) {}
    std::uint64_t below(std::uint64_t n)
    {
        const std::uint64_t threshold = (0 - n) % n;
        for (;;) {
            const std::uint64_t x = m_rng();
            if (x >= threshold)
                return x % n;
        }
    }
    std::vector<std::uint32_t> shuffled(std::size_t n)
    {
        std::vector<std::uint32_t> order(n);
        for (std::size_t i = 0; i < n; ++i)
            order[i] = std::uint32_t(i);
        for (std::size_t i = n; i > 1; --i)
            std::swap(order[i - 1], order[std::size_t(below(i))]);
        return order;
    }

private:
    std::mt19937_64 m_rng;
};

Status checkOptions(const std::vector<Job> &jobs, const CapacityOptions &options)
{
    if (jobs.empty())
        return makeError("", 0, 0, "capacity mode needs at least one job");
    if (!(options.inflate > 0) || options.inflate > 100)
        return makeError("", 0, 0, "the arrived demand must be above 0 and at most 100 times the capacity");
    std::int64_t traceDemand = 0;
    for (const Job &j : jobs)
        traceDemand += j.gpuDemandMilli();
    if (traceDemand <= 0)
        return makeError("", 0, 0, "the trace asks for no GPUs; capacity mode measures GPU allocation");
    return Ok{};
}

} // namespace

Result<CapacityResult> runCapacity(const Pool &pool, const std::vector<Job> &jobs, const CapacityOptions &options)
{
    if (auto ok = checkOptions(jobs, options); !ok)
        return ok.error();
    if (auto ok = checkPool(pool); !ok)
        return ok.error();
    ClusterState state(pool, options.seed ^ 0x9E3779B97F4A7C15ull);
    const WorkloadMix mix = WorkloadMix::fromJobs(jobs);
    state.setWorkload(mix);
    state.trackFragmentation(mix);
    std::vector<int> cls(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i)
        cls[i] = state.classFor(pool.partitionFor(jobs[i].tenant, options.sharedPool),
                                jobs[i].gpus > 0 ? jobs[i].gpuTypes : std::vector<std::string>{});

    Draw draw(options.seed);
    const std::vector<std::uint32_t> order = draw.shuffled(jobs.size());
    CapacityResult r;
    r.capacityGpus = pool.totalGpus();
    const double capacity = double(state.capacityMilli());
    if (capacity <= 0)
        return makeError("", 0, 0, "the pool has no GPUs");
    const std::int64_t target = std::int64_t(std::ceil(options.inflate * capacity));
    const int lastPct = int(std::floor(options.inflate * 100 + 1e-9));
    auto point = [&](int pct) {
        return CapacityPoint{pct, double(state.allocatedMilli()) * 100.0 / capacity, double(state.unusableMilli()) * 100.0 / capacity};
    };
    std::int64_t arrived = 0;
    int pct = 0;
    std::size_t next = 0;
    while (arrived < target) {
        const std::uint32_t j = next < order.size() ? order[next++] : std::uint32_t(draw.below(jobs.size()));
        const Job &job = jobs[j];
        ++r.arrived;
        arrived += job.gpuDemandMilli();
        auto a = state.place(job, cls[j], options.placement);
        if (a) {
            state.allocate(*a);
            ++r.placed;
        } else {
            ++r.dropped;
        }
        const int now = std::min(lastPct, int(std::floor(double(arrived) * 100.0 / capacity + 1e-9)));
        while (pct < now)
            r.points.push_back(point(++pct));
        if (options.progress && r.arrived % 1024 == 0)
            options.progress(std::min(1.0, double(arrived) / double(target)));
    }
    while (pct < lastPct)
        r.points.push_back(point(++pct));
    r.allocatedPct = double(state.allocatedMilli()) * 100.0 / capacity;
    if (options.progress)
        options.progress(1.0);
    return r;
}

std::vector<CapacityPoint> averageCapacity(const std::vector<CapacityResult> &runs)
{
    std::vector<CapacityPoint> avg;
    if (runs.empty())
        return avg;
    avg = runs.front().points;
    for (std::size_t k = 0; k < avg.size(); ++k) {
        double a = 0, f = 0;
        for (const CapacityResult &r : runs) {
            a += r.points[k].allocatedPct;
            f += r.points[k].fragmentationPct;
        }
        avg[k].allocatedPct = a / double(runs.size());
        avg[k].fragmentationPct = f / double(runs.size());
    }
    return avg;
}

} // namespace cplan
