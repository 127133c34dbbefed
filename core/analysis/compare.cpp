#include "analysis/compare.h"

#include "analysis/design.h"
#include "analysis/network.h"
#include "catalog/catalog.h"
#include "model/design.h"
#include "util/strings.h"

#include <algorithm>
#include <cmath>

namespace cplan {

namespace {

// The fabric as a buyer names it: protocol and switch parts.
void describeFabric(const Design &design, const Catalog &catalog, CompareSide &side)
{
    bool ib = false, eth = false;
    for (const Node &n : design.nodes) {
        if (n.role != NodeRole::Switch)
            continue;
        const Part *part = catalog.find(n.part);
        if (std::find(side.switchParts.begin(), side.switchParts.end(), n.part) == side.switchParts.end()) {
            side.switchParts.push_back(n.part);
            side.switchModels.push_back(part && !part->model.empty() ? part->model : n.part);
        }
        (part && part->protocol == Protocol::Ethernet ? eth : ib) = true;
    }
    side.protocol = ib && eth ? "InfiniBand and Ethernet" : eth ? "Ethernet" : ib ? "InfiniBand" : "no switches";
}

struct SideRun
{
    CompareSide side;
    DesignAnalysis analysis;
    std::optional<TrainingAnalysis> training;
};

Result<SideRun> runSide(const Design &design, const Catalog &catalog, const CompareRequest &request, const RunControl &control)
{
    SideRun s;
    s.side.name = design.name;
    describeFabric(design, catalog, s.side);
    DesignRequest dr;
    dr.network.workloads = request.workloads.empty() ? defaultCompareWorkloads() : request.workloads;
    if (request.hashSeeds > 0)
        dr.network.hashSeeds = request.hashSeeds;
    dr.network.reachability = false;
    s.analysis = analyzeDesign(design, catalog, dr, control);
    if (s.analysis.networkError)
        return Error{design.name, 0, 0, s.analysis.networkError->message};
    s.side.unpricedParts = int(s.analysis.cost.bom.unknownPrice.size());
    s.side.loadBalancing = toString(defaultLoadBalancing(design, catalog));
    if (s.analysis.network)
        for (const TrafficResult &t : s.analysis.network->traffic) {
            s.side.loadBalancing = toString(t.loadBalancing);
            s.side.seeds = std::max(s.side.seeds, t.seeds);
            CompareSide::Run run{t.workload.name, t.completionS, t.completionMinS, t.completionMaxS, std::nullopt, {}, {}};
            if (t.collective && t.collective->known) {
                run.fabricShare = t.collective->fabricShare;
                run.algorithm = std::string(nccl::toString(t.collective->algorithm)) + "/" + nccl::toString(t.collective->protocol);
                run.why = t.collective->why;
            }
            s.side.runs.push_back(run);
        }
    if (request.training && !control.cancelled()) {
        auto t = analyzeTraining(design, catalog, *request.training, control);
        if (!t)
            return Error{design.name, 0, 0, t.error().message};
        s.training = std::move(*t);
    }
    KeyFigureSources sources;
    sources.cost = &s.analysis.cost;
    sources.racks = &s.analysis.racks;
    sources.links = s.analysis.counts.links;
    if (s.analysis.network) {
        sources.network = &*s.analysis.network;
        // The first workload is "the workload" (completion, bus bandwidth); all-reduce and
        // all-to-all also have figures of their own.
        const std::vector<TrafficResult> &runs = s.analysis.network->traffic;
        sources.traffic = runs.empty() ? nullptr : &runs.front();
        for (const TrafficResult &t : runs) {
            if (t.collective && t.collective->kind == CollectiveKind::AllReduce && !sources.allreduce)
                sources.allreduce = &t;
            else if (t.collective && t.collective->kind == CollectiveKind::AllToAll && !sources.alltoall)
                sources.alltoall = &t;
        }
    }
    if (s.training)
        sources.training = &*s.training;
    s.side.figures = keyFigures(sources);
    return s;
}

} // namespace

CompareRow compareRow(const KeyFigureInfo &info, const KeyFigure *a, const KeyFigure *b)
{
    CompareRow r;
    r.info = &info;
    if (a)
        r.a = *a;
    if (b)
        r.b = *b;
    if (!a || !b || !a->value || !b->value)
        return r;
    r.bounded = a->lowerBound() || b->lowerBound();
    // A lower bound v says "v or more": the difference of two figures is known only when both
    // are exact, and which side is better only when their ranges do not overlap (an exact
    // $25M against "$27M or more" is cheaper; "$6.8M or more" against "$6.9M or more" is not
    // known to be either).
    if (!r.bounded) {
        r.delta = *b->value - *a->value;
        if (*a->value != 0)
            r.deltaPercent = 100.0 * *r.delta / std::abs(*a->value);
    }
    const double eps = 1e-9 * std::max(std::abs(*a->value), std::abs(*b->value));
    const bool bAbove = *b->value - *a->value > eps && !a->lowerBound();   // b's least beyond a's most
    const bool aAbove = *a->value - *b->value > eps && !b->lowerBound();
    if (bAbove || aAbove)
        r.better = bAbove == (info.sense == Sense::Maximize) ? 1 : -1;
    return r;
}

namespace {

std::string percent(double share)
{
    return formatDouble(std::round(share * 1000) / 10) + " %";
}

// The differences in words: what each fabric is, how it balances load, what that cost the
// collectives, which prices are missing.
std::vector<std::string> reasons(const CompareSide &a, const CompareSide &b)
{
    std::vector<std::string> out;
    auto fabric = [](const CompareSide &s) {
        std::string parts;
        for (const std::string &p : s.switchModels)
            parts += (parts.empty() ? "" : ", ") + p;
        return s.protocol + (parts.empty() ? "" : " (" + parts + ")") + ", load balancing " + s.loadBalancing +
               (s.seeds > 1 ? " over " + std::to_string(s.seeds) + " hash seeds (median run)" : "");
    };
    out.push_back("A: " + fabric(a) + "; B: " + fabric(b) + ".");
    for (std::size_t i = 0; i < std::min(a.runs.size(), b.runs.size()); ++i) {
        const CompareSide::Run &ra = a.runs[i], &rb = b.runs[i];
        if (ra.algorithm != rb.algorithm && !ra.algorithm.empty() && !rb.algorithm.empty())
            out.push_back(ra.workload + ": NCCL runs " + ra.algorithm + " on A (" + ra.why + ") and " + rb.algorithm + " on B (" + rb.why +
                          ").");
        if (ra.fabricShare && rb.fabricShare && std::abs(*ra.fabricShare - *rb.fabricShare) > 0.005)
            out.push_back(ra.workload + ": the fabric gives NCCL's algorithm " + percent(*ra.fabricShare) + " of the NIC bandwidth on A, " +
                          percent(*rb.fabricShare) + " on B" +
                          (a.seeds > 1 || b.seeds > 1 ? " (hashed flows collide on uplinks; spraying or adaptive routing would "
                                                        "spread them)"
                                                      : "") +
                          ".");
        for (const CompareSide *s : {&a, &b})
            if (s->seeds > 1) {
                const CompareSide::Run &r = s == &a ? ra : rb;
                if (r.maxS > r.minS * 1.005)
                    out.push_back(r.workload + " on " + (s == &a ? "A" : "B") + ": " + formatDouble(r.minS * 1e3) + " to " +
                                  formatDouble(r.maxS * 1e3) + " ms over the hash seeds; the median is shown.");
            }
    }
    for (const CompareSide *s : {&a, &b})
        if (s->unpricedParts > 0)
            out.push_back(std::string(s == &a ? "A" : "B") + ": " + std::to_string(s->unpricedParts) +
                          " part(s) without a price; its money figures are lower bounds or unknown.");
    return out;
}

} // namespace

std::vector<WorkloadSpec> defaultCompareWorkloads()
{
    std::vector<WorkloadSpec> out;
    for (const char *name : {"allreduce", "nccl-alltoall"}) {
        auto w = parseWorkload(name);
        if (w) {
            w->bytes = kDefaultCollectiveBytes;
            out.push_back(*w);
        }
    }
    return out;
}

Result<Comparison> compareDesigns(const Design &a, const Design &b, const Catalog &catalog, const CompareRequest &request,
                                  const RunControl &control)
{
    auto sa = runSide(a, catalog, request, control);
    if (!sa)
        return sa.error();
    auto sb = runSide(b, catalog, request, control);
    if (!sb)
        return sb.error();
    Comparison c;
    c.a = std::move(sa->side);
    c.b = std::move(sb->side);
    for (const KeyFigureInfo &info : keyFigureTable()) {
        const KeyFigure *fa = c.a.figures.find(info.id), *fb = c.b.figures.find(info.id);
        if (fa || fb)
            c.rows.push_back(compareRow(info, fa, fb));
    }
    c.reasons = reasons(c.a, c.b);
    return c;
}

} // namespace cplan
