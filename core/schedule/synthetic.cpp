#include "schedule/synthetic.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace cplan {

namespace {

class Draw
{
public:
    explicit Draw(std::uint64_t seed) : m_rng(seed) {}
    double uniform() { return double(m_rng() >> 11) * 0x1.0p-53; }          // [0, 1)
    double open() { return (double(m_rng() >> 11) + 0.5) * 0x1.0p-53; }     // (0, 1)
    double exponential(double mean) { return -std::log(open()) * mean; }
    double normal()
    {
        const double u = open(), v = uniform();
        return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * v);
    }
    std::size_t pick(const std::vector<double> &weights)
    {
        double total = 0;
        for (double w : weights)
            total += w;
        double x = uniform() * total;
        for (std::size_t i = 0; i < weights.size(); ++i) {
            if (x < weights[i])
                return i;
            x -= weights[i];
        }
        return weights.size() - 1;
    }

private:
    std::mt19937_64 m_rng;
};

// GPU counts and their shares, after Philly / Helios job-size histograms (most jobs one GPU).
const std::vector<int> kSizes = {1, 2, 4, 8, 16, 32, 64, 128, 256};
const std::vector<double> kSizeWeights = {0.62, 0.09, 0.09, 0.11, 0.04, 0.025, 0.015, 0.007, 0.003};

} // namespace

std::vector<Job> generateSyntheticJobs(const SyntheticSpec &spec)
{
    Draw d(spec.seed);
    const int maxGpus = std::max(1, spec.maxGpus > 0 ? std::min(spec.maxGpus, spec.capacityGpus) : spec.capacityGpus);
    std::vector<double> weights;
    double meanGpus = 0, wsum = 0;
    for (std::size_t i = 0; i < kSizes.size(); ++i) {
        weights.push_back(kSizes[i] <= maxGpus ? kSizeWeights[i] : 0.0);
        meanGpus += weights.back() * kSizes[i];
        wsum += weights.back();
    }
    meanGpus /= wsum;
    const double mu = std::log(spec.medianDurationS);
    const double meanDuration = std::exp(mu + spec.durationSigma * spec.durationSigma / 2);
    const double meanDemand = (1.0 - spec.fractionalShare) * meanGpus + spec.fractionalShare * 0.5;
    const double rate = spec.load * spec.capacityGpus / (meanDemand * meanDuration);   // jobs per second
    std::vector<double> tenantWeights = spec.tenantWeights;
    if (tenantWeights.size() != spec.tenants.size())
        tenantWeights.assign(spec.tenants.size(), 1.0);

    std::vector<Job> jobs;
    jobs.reserve(spec.jobs);
    double t = 0;
    for (std::size_t i = 0; i < spec.jobs; ++i) {
        Job j;
        j.id = "syn-" + std::to_string(i + 1);
        j.submitS = std::round(t);
        t += d.exponential(1.0 / rate);
        if (d.uniform() < spec.fractionalShare) {
            j.gpus = 1;
            j.gpuMilli = 100 * int(1 + d.uniform() * 9);   // 0.1 .. 0.9
            j.kind = JobKind::Inference;
            j.oneServer = true;
        } else {
            j.gpus = kSizes[d.pick(weights)];
            j.oneServer = j.gpus <= spec.serverGpus;
        }
        const double dur = std::exp(mu + spec.durationSigma * d.normal());
        j.durationS = std::round(std::clamp(dur, 60.0, 14 * 86400.0));
        // Communication fraction: data-parallel training across servers talks a lot.
        j.commFraction = j.gpus > spec.serverGpus ? std::round((0.2 + 0.4 * d.uniform()) * 100) / 100
                                                  : std::round(0.3 * d.uniform() * 100) / 100;
        if (!spec.tenants.empty())
            j.tenant = spec.tenants[d.pick(tenantWeights)];
        if (spec.priorities) {
            const double p = d.uniform();
            j.priority = p < 0.6 ? 0 : p < 0.9 ? 1 : 2;
        }
        jobs.push_back(std::move(j));
    }
    return jobs;
}

} // namespace cplan
