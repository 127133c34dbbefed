#include "reliability/montecarlo.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <vector>

namespace cplan::reliability {

namespace {

// xoshiro256** (Blackman and Vigna), seeded through splitmix64: fast and the same everywhere.
class Rng
{
public:
    explicit Rng(std::uint64_t seed)
    {
        for (auto &s : m_s) {
            seed += 0x9e3779b97f4a7c15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            s = z ^ (z >> 31);
        }
    }
    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }
    // Uniform in [0, 1).
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4];
};

struct Process
{
    double cumulative = 0;   // events per period, summed up to this class
    double devices = 0, jobDevices = 0;
    bool downsServer = false;
};

Distribution summarise(std::vector<double> v)
{
    Distribution d;
    if (v.empty())
        return d;
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v)
        sum += x;
    // Nearest rank: the smallest value with at least p of the trials at or below it.
    auto rank = [&](double p) {
        const double r = std::ceil(p * double(v.size()));
        return v[std::min(v.size() - 1, r <= 1 ? std::size_t(0) : std::size_t(r) - 1)];
    };
    d.mean = sum / double(v.size());
    d.p5 = rank(0.05);
    d.p50 = rank(0.50);
    d.p95 = rank(0.95);
    d.min = v.front();
    d.max = v.back();
    return d;
}

} // namespace

MonteCarloResult simulateFailures(const FailurePreset &preset, const DeviceCounts &cluster, const DeviceCounts &job,
                                  const MonteCarloOptions &options, const RunControl &control)
{
    std::vector<Process> processes;
    double total = 0;
    for (const FailureClass &c : preset.classes) {
        const double n = at(cluster, c.per);
        if (!c.ratePerDeviceYear || *c.ratePerDeviceYear <= 0 || n <= 0)
            continue;
        total += *c.ratePerDeviceYear * n * options.days / kDaysPerYear;
        processes.push_back({total, n, std::min(n, at(job, c.per)), c.spare == SpareKind::Server});
    }
    MonteCarloResult r;
    std::vector<double> jobCounts, clusterCounts, peaks;
    Rng rng(options.seed);
    std::deque<double> down;   // repair end times, in order (repairs all last repairDays)
    const int trials = std::max(0, options.trials);
    for (int trial = 0; trial < trials; ++trial) {
        if (control.cancelled()) {
            r.cancelled = true;
            break;
        }
        if (trials >= 100 && trial % (trials / 100) == 0)
            control.report(trial * 100 / trials, AnalysisStage::Traffic, "failures");   // "Simulating failures"
        // Time in units of the period: events arrive at rate `total` per period.
        double t = 0;
        std::uint64_t onJob = 0, all = 0;
        std::size_t peak = 0;
        down.clear();
        const double repair = options.repairDays / options.days;
        while (total > 0) {
            t += -std::log1p(-rng.uniform()) / total;
            if (t >= 1.0)
                break;
            const double pick = rng.uniform() * total;
            std::size_t c = 0;
            while (c + 1 < processes.size() && processes[c].cumulative <= pick)
                ++c;
            const Process &p = processes[c];
            ++all;
            if (std::floor(rng.uniform() * p.devices) < p.jobDevices)
                ++onJob;
            if (p.downsServer) {
                while (!down.empty() && down.front() <= t)
                    down.pop_front();
                down.push_back(t + repair);
                peak = std::max(peak, down.size());
            }
        }
        r.events += all;
        jobCounts.push_back(double(onJob));
        clusterCounts.push_back(double(all));
        peaks.push_back(double(peak));
        ++r.trials;
    }
    r.jobInterruptions = summarise(std::move(jobCounts));
    r.clusterFailures = summarise(std::move(clusterCounts));
    r.peakServersDown = summarise(std::move(peaks));
    return r;
}

} // namespace cplan::reliability
