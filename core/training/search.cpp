#include "training/search.h"

#include <algorithm>
#include <vector>

namespace cplan::training {

namespace {

std::vector<int> powersOfTwoUpTo(int limit)
{
    std::vector<int> v;
    for (int x = 1; x <= limit; x *= 2)
        v.push_back(x);
    return v;
}

std::vector<int> divisorsOf(int n, int limit)
{
    std::vector<int> v;
    for (int d = 1; d <= std::min(n, limit); ++d)
        if (n % d == 0)
            v.push_back(d);
    return v;
}

std::vector<int> choices(const std::optional<int> &fixed, std::vector<int> all)
{
    return fixed ? std::vector<int>{*fixed} : all;
}

// Better: fits before not, then known, then faster (or, when neither fits, smaller).
bool better(const StepEstimate &a, const StepEstimate &b)
{
    if (!b.valid)
        return a.valid;
    if (a.fits != b.fits)
        return a.fits;
    if (a.known != b.known)
        return a.known;
    if (!a.fits)
        return a.memory.total() < b.memory.total();
    return a.tokensPerS > b.tokensPerS * (1 + 1e-12);
}

struct Searcher
{
    const Model &m;
    const GpuFigures &gpu;
    const Comm &comm;
    int gpus;
    const SearchSpace &space;
    SearchResult result;
    std::string firstReason;   // why the first refused plan was refused

    void inner(Plan plan)
    {
        const std::vector<Recompute> recomputes = space.recompute ? std::vector{*space.recompute}
                                                                  : std::vector{Recompute::None, Recompute::Selective, Recompute::Full};
        const std::vector<bool> fsdps = space.fsdp ? std::vector{*space.fsdp} : std::vector{false, true};
        const std::vector<int> vps = plan.pp > 1 ? std::vector<int>{1, 2, 3, 4, 5, 6, 8} : std::vector<int>{1};
        for (int vp : choices(space.vp, vps))
            for (int mbs : choices(space.microBatch, powersOfTwoUpTo(8)))
                for (bool fsdp : fsdps)
                    for (Recompute rc : recomputes) {
                        plan.vp = vp;
                        plan.microBatch = mbs;
                        plan.fsdp = fsdp;
                        plan.recompute = rc;
                        if (fsdp && plan.pp > 1 && !space.fsdp)
                            continue;   // FSDP with pipelining is not a Megatron layout worth trying
                        if (const std::string why = checkPlan(m, plan, gpus); !why.empty()) {
                            if (firstReason.empty())
                                firstReason = why;
                            continue;
                        }
                        StepEstimate e = estimateStep(m, gpu, comm, plan);
                        ++result.evaluated;
                        result.fitting += e.fits ? 1 : 0;
                        if (better(e, result.best))
                            result.best = std::move(e);
                    }
    }

    void run()
    {
        const int domain = std::max(1, comm.gpusPerNode());
        for (int tp : choices(space.tp, divisorsOf(gpus, std::min(domain, m.heads))))
            for (int cp : choices(space.cp, powersOfTwoUpTo(16)))
                for (int pp : choices(space.pp, divisorsOf(gpus, m.layers))) {
                    if (gpus % (tp * cp * pp) != 0) {
                        if (firstReason.empty())
                            firstReason = "TP x CP x PP = " + std::to_string(tp * cp * pp) + " does not divide the " + std::to_string(gpus) + " GPUs";
                        continue;
                    }
                    const int dp = gpus / (tp * cp * pp);
                    for (int ep : choices(space.ep, m.moe() ? divisorsOf(dp * cp, m.experts) : std::vector<int>{1})) {
                        Plan plan;
                        plan.tp = tp;
                        plan.cp = cp;
                        plan.pp = pp;
                        plan.dp = dp;
                        plan.ep = ep;
                        plan.globalBatch = space.globalBatch;
                        plan.seq = space.seq;
                        plan.precision = space.precision;
                        inner(plan);
                    }
                }
    }
};

} // namespace

SearchResult searchParallelism(const Model &model, const GpuFigures &gpu, const Comm &comm, int gpus, const SearchSpace &space)
{
    Searcher s{model, gpu, comm, gpus, space, {}, {}};
    s.run();
    if (!s.result.best.valid)
        s.result.why = "no legal parallelism for " + model.name + " on " + std::to_string(gpus) + " GPUs with a global batch of " +
                       std::to_string(space.globalBatch) + (s.firstReason.empty() ? "" : " (" + s.firstReason + ")");
    return s.result;
}

int defaultGlobalBatch(int gpus, int seq)
{
    const long long want = std::max<long long>((4ll << 20) / std::max(1, seq), std::max(1, gpus / 8));
    int g = 1;
    while (g < want && g < (1 << 24))
        g *= 2;
    return g;
}

} // namespace cplan::training
