// Policy names and the percentile summary of a run's outcomes.
#include "schedule/scheduler.h"

#include <algorithm>
#include <cmath>

namespace cplan {

const char *toString(Policy policy)
{
    switch (policy) {
    case Policy::Fifo: return "fifo";
    case Policy::Backfill: return "backfill";
    case Policy::Sjf: return "sjf";
    case Policy::SjfGreedy: return "sjf-greedy";
    case Policy::TopoPack: return "topo-pack";
    case Policy::Random: return "random";
    case Policy::BestFit: return "bestfit";
    case Policy::Fragmentation: return "fragmentation";
    case Policy::Priority: return "priority";
    }
    return "?";
}

std::optional<Policy> policyFromString(std::string_view text)
{
    for (Policy p : {Policy::Fifo, Policy::Backfill, Policy::Sjf, Policy::SjfGreedy, Policy::TopoPack, Policy::Random,
                     Policy::BestFit, Policy::Fragmentation, Policy::Priority})
        if (text == toString(p))
            return p;
    if (text == "easy" || text == "fifo-backfill")
        return Policy::Backfill;
    if (text == "best-fit")
        return Policy::BestFit;
    if (text == "fgd")
        return Policy::Fragmentation;
    return std::nullopt;
}

std::vector<std::string> policyNames()
{
    return {"fifo", "backfill", "sjf", "sjf-greedy", "topo-pack", "random", "bestfit", "fragmentation", "priority"};
}

Placement defaultPlacement(Policy policy)
{
    switch (policy) {
    case Policy::TopoPack: return Placement::TopoPack;
    case Policy::Random: return Placement::Random;
    case Policy::BestFit: return Placement::BestFit;
    case Policy::Fragmentation: return Placement::Fragmentation;
    default: return Placement::FirstFit;
    }
}

Summary summarize(std::vector<double> v)
{
    Summary s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v)
        sum += x;
    s.mean = sum / double(v.size());
    auto rank = [&](double p) {
        std::size_t k = std::size_t(std::ceil(p / 100.0 * double(v.size())));
        return v[std::min(v.size(), std::max<std::size_t>(k, 1)) - 1];
    };
    s.p50 = rank(50);
    s.p95 = rank(95);
    s.p99 = rank(99);
    return s;
}

} // namespace cplan
