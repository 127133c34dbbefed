#include "analysis/keyfigures.h"

#include "analysis/design.h"
#include "analysis/reliability.h"
#include "analysis/training.h"
#include "cost/coverage.h"
#include "schedule/scheduler.h"
#include "util/message.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cplan {

namespace {

using C = FigureCost;
using U = Unit;
constexpr Sense kMin = Sense::Minimize, kMax = Sense::Maximize;

} // namespace

const std::vector<KeyFigureInfo> &keyFigureTable()
{
    // The sweep's figures keep their relative order: it is the order of its --json keys, its
    // tables and its results store.
    static const std::vector<KeyFigureInfo> table = {
        {"capex", U::Money, kMin, C::Design, true, CPLAN_TR("KeyFigures", "CAPEX"),
         "bill of materials total, design currency (a lower bound while a price is unknown; unknown below 90 % of lines priced)"},
        {"cost_per_gpu", U::Money, kMin, C::Design, true, CPLAN_TR("KeyFigures", "Cost per GPU"),
         "the quote (hardware, spares, discount) / GPUs"},
        {"capex_per_gpu", U::Money, kMin, C::Design, true, CPLAN_TR("KeyFigures", "CAPEX per GPU"),
         "capex / GPUs (before spares and discount)"},
        {"tco", U::Money, kMin, C::Design, false, CPLAN_TR("KeyFigures", "TCO"),
         "capex plus energy over the design's TCO years"},
        {"energy_per_year", U::Money, kMin, C::Design, false, CPLAN_TR("KeyFigures", "Energy per year"),
         "electricity at full power and the design's PUE, per year"},
        {"power_w", U::Watts, kMin, C::Design, true, CPLAN_TR("KeyFigures", "Power"), "power of the parts with a known figure, W"},
        {"rack_units", U::RackUnits, kMin, C::Design, true, CPLAN_TR("KeyFigures", "Rack units"),
         "rack units of the parts with a known height"},
        {"racks", U::Count, kMin, C::Design, true, CPLAN_TR("KeyFigures", "Racks"),
         "racks the design fills (compute, network, management)"},
        {"rack_peak_power_w", U::Watts, kMin, C::Design, false, CPLAN_TR("KeyFigures", "Fullest rack"),
         "the highest nameplate power of one rack, W"},
        {"racks_over_budget", U::Count, kMin, C::Design, false, CPLAN_TR("KeyFigures", "Racks over budget"),
         "racks over a budget of theirs (space, power, cooling, weight)"},
        {"servers", U::Count, kMax, C::Design, false, CPLAN_TR("KeyFigures", "Servers"), "servers (without management appliances)"},
        {"switches", U::Count, kMin, C::Design, true, CPLAN_TR("KeyFigures", "Switches"), "switches (all tiers and planes)"},
        {"switches_leaf", U::Count, kMin, C::Design, false, CPLAN_TR("KeyFigures", "Leaf switches"), "leaf switches (all planes)"},
        {"switches_spine", U::Count, kMin, C::Design, false, CPLAN_TR("KeyFigures", "Spine switches"), "spine switches (all planes)"},
        {"switches_core", U::Count, kMin, C::Design, false, CPLAN_TR("KeyFigures", "Core switches"), "core switches (all planes)"},
        {"links", U::Count, kMin, C::Design, false, CPLAN_TR("KeyFigures", "Links"), "links of the design"},
        {"tiers", U::Count, kMin, C::Design, true, CPLAN_TR("KeyFigures", "Tiers"), "switch tiers (leaf, spine, core) with a switch"},
        {"blocking", U::Ratio, kMin, C::Design, true, CPLAN_TR("KeyFigures", "Blocking"),
         "leaf down ports / up ports (1 = non-blocking)"},
        {"gpus", U::Count, kMax, C::Design, true, CPLAN_TR("KeyFigures", "GPUs"), "GPUs in the design"},
        {"bisection_gbps", U::Gbps, kMax, C::Network, true, CPLAN_TR("KeyFigures", "Bisection"),
         "bisection bandwidth, one way, Gb/s"},
        {"bisection_ratio", U::Fraction, kMax, C::Network, true, CPLAN_TR("KeyFigures", "Bisection ratio"),
         "bisection / what half the endpoints inject (1 = full)"},
        {"full_bisection", U::Verdict, kMax, C::Network, false, CPLAN_TR("KeyFigures", "Full bisection"),
         "the bisection reaches what half the endpoints inject"},
        {"oversubscription", U::Ratio, kMin, C::Network, false, CPLAN_TR("KeyFigures", "Oversubscription"),
         "the most oversubscribed tier: down capacity / up capacity"},
        {"non_blocking", U::Verdict, kMax, C::Network, false, CPLAN_TR("KeyFigures", "Non-blocking"),
         "no tier is oversubscribed"},
        {"latency_p50_ns", U::Nanoseconds, kMin, C::Latency, false, CPLAN_TR("KeyFigures", "Latency p50"),
         "median endpoint-to-endpoint latency, ns"},
        {"latency_p99_ns", U::Nanoseconds, kMin, C::Latency, true, CPLAN_TR("KeyFigures", "Latency p99"),
         "99th percentile endpoint-to-endpoint latency, ns"},
        {"completion_s", U::Seconds, kMin, C::Workload, true, CPLAN_TR("KeyFigures", "Workload time"),
         "the workload's completion time, s"},
        {"max_link_utilization", U::Fraction, kMin, C::Workload, false, CPLAN_TR("KeyFigures", "Max link utilization"),
         "the busiest directed link's busy share of the workload"},
        {"mean_busy_link_utilization", U::Fraction, kMin, C::Workload, false,
         CPLAN_TR("KeyFigures", "Mean utilization of busy links"), "mean busy share over the links that carried bytes"},
        {"busbw_gbps", U::GBps, kMax, C::Workload, true, CPLAN_TR("KeyFigures", "Bus bandwidth"),
         "the workload's bus bandwidth (a collective), GB/s"},
        {"allreduce_s", U::Seconds, kMin, C::Workload, true, CPLAN_TR("KeyFigures", "All-reduce time"),
         "ring all-reduce of the sweep's bytes over all GPUs, s"},
        {"alltoall_s", U::Seconds, kMin, C::Workload, true, CPLAN_TR("KeyFigures", "All-to-all time"),
         "all-to-all of the sweep's bytes per flow among all endpoints, s"},
        {"jobs_completed", U::Count, kMax, C::Schedule, false, CPLAN_TR("KeyFigures", "Jobs done"),
         "jobs of the schedule that finished"},
        {"jct_mean_s", U::Seconds, kMin, C::Schedule, true, CPLAN_TR("KeyFigures", "Mean JCT"),
         "mean job completion time of the schedule, s"},
        {"jct_p95_s", U::Seconds, kMin, C::Schedule, true, CPLAN_TR("KeyFigures", "JCT p95"), "95th percentile job completion time, s"},
        {"wait_mean_s", U::Seconds, kMin, C::Schedule, true, CPLAN_TR("KeyFigures", "Mean wait"), "mean queueing time, s"},
        {"makespan_s", U::Seconds, kMin, C::Schedule, true, CPLAN_TR("KeyFigures", "Makespan"), "first submit to last end, s"},
        {"gpu_utilization", U::Fraction, kMax, C::Schedule, true, CPLAN_TR("KeyFigures", "GPU utilization"),
         "allocated GPU time / capacity over the makespan"},
        {"slowdown_mean", U::Ratio, kMin, C::Schedule, false, CPLAN_TR("KeyFigures", "Mean slowdown"),
         "mean of each job's completion time over its run time alone (1: no wait, full speed)"},
        {"goodput", U::Fraction, kMax, C::Reliability, true, CPLAN_TR("KeyFigures", "Goodput"),
         "share of time a job on every GPU trains: llama3 failure rates, 2,000 GB checkpoints at 50 GB/s, Daly's interval"},
        {"spares_cost", U::Money, kMin, C::Reliability, true, CPLAN_TR("KeyFigures", "Spares cost"),
         "spares for 99 % over a 3-day repair at llama3's failure rates, design currency"},
        {"tokens_per_s", U::Count, kMax, C::Training, true, CPLAN_TR("KeyFigures", "Tokens per second"),
         "training tokens per second of the sweep's model on every GPU, parallelism searched"},
        {"days", U::Count, kMin, C::Training, true, CPLAN_TR("KeyFigures", "Days to train"),
         "days to train the sweep's tokens at that rate"},
        {"cost_per_mtoken", U::Money, kMin, C::Training, true, CPLAN_TR("KeyFigures", "Cost per million tokens"),
         "CAPEX over 4 years + energy at the design's price and PUE, per million tokens, design currency"},
    };
    return table;
}

const KeyFigureInfo *findKeyFigure(std::string_view id)
{
    for (const KeyFigureInfo &f : keyFigureTable())
        if (id == f.id)
            return &f;
    return nullptr;
}

const char *unitSymbol(Unit unit)
{
    switch (unit) {
    case Unit::Watts: return "W";
    case Unit::RackUnits: return "U";
    case Unit::Gbps: return "Gb/s";
    case Unit::GBps: return "GB/s";
    case Unit::Nanoseconds: return "ns";
    case Unit::Seconds: return "s";
    case Unit::Count:
    case Unit::Money:
    case Unit::Fraction:
    case Unit::Ratio:
    case Unit::Verdict: break;
    }
    return "";
}

const KeyFigure *KeyFigures::find(std::string_view id) const
{
    for (const KeyFigure &f : figures)
        if (f.id() == id)
            return &f;
    return nullptr;
}

std::optional<double> KeyFigures::value(std::string_view id) const
{
    const KeyFigure *f = find(id);
    return f ? f->value : std::nullopt;
}

namespace {

// Figures by id while they are computed; put in table order at the end.
class Collector
{
public:
    void exact(const char *id, double v) { set(id, v, Completeness::Exact); }
    void partial(const char *id, double v, bool complete) { set(id, v, complete ? Completeness::Exact : Completeness::LowerBound); }
    void optional(const char *id, const std::optional<double> &v, bool complete)
    {
        if (v)
            partial(id, *v, complete);
        else
            set(id, std::nullopt, Completeness::Unknown);
    }
    void unknown(const char *id) { set(id, std::nullopt, Completeness::Unknown); }
    // A cost figure over the BOM's lines: unknown below kMinPricedLineShare of them priced.
    void priced(const char *id, const std::optional<double> &v, bool complete, const PriceCoverage &coverage)
    {
        const bool enough = coverage.enoughForTotal();
        optional(id, enough ? v : std::nullopt, complete && coverage.complete());
        m_figures.back().priced = PricedLines{coverage.pricedLines, coverage.lines};
        if (!enough)
            m_figures.back().pricedPart = v;
    }

    KeyFigures done()
    {
        KeyFigures out;
        for (const KeyFigureInfo &info : keyFigureTable())
            for (const KeyFigure &f : m_figures)
                if (f.info == &info)
                    out.figures.push_back(f);
        return out;
    }

private:
    void set(const char *id, std::optional<double> v, Completeness c) { m_figures.push_back({findKeyFigure(id), v, c}); }
    std::vector<KeyFigure> m_figures;
};

int tierCount(const std::map<std::string, int> &switches, const char *tier)
{
    const auto it = switches.find(tier);
    return it == switches.end() ? 0 : it->second;
}

void costFigures(const CostAnalysis &cost, Collector &c)
{
    const BomTotals &t = cost.bom.totals;
    const PriceCoverage priced = priceCoverage(cost.bom);
    c.priced("capex", t.capex, t.capexComplete, priced);
    c.priced("cost_per_gpu", cost.pricing.totalPerGpu, t.capexComplete, priced);   // the quote's
    c.priced("capex_per_gpu", t.capexPerGpu, t.capexComplete, priced);
    c.priced("tco", t.tco, t.capexComplete && t.powerComplete, priced);
    c.partial("energy_per_year", t.energyPerYear, t.powerComplete);
    c.partial("power_w", t.powerW, t.powerComplete);
    c.partial("rack_units", t.rackUnits, t.rackUnitsComplete);
    const BomCounts &n = cost.bom.counts;
    c.exact("racks", n.racks);
    c.exact("servers", n.servers);
    c.exact("gpus", t.gpus);
    int switches = 0, tiers = 0;
    for (const auto &[tier, count] : n.switches)
        switches += count;
    for (const char *tier : {"leaf", "spine", "core"}) {
        c.exact((std::string("switches_") + tier).c_str(), tierCount(n.switches, tier));
        tiers += tierCount(n.switches, tier) > 0 ? 1 : 0;
    }
    c.exact("switches", switches);
    c.exact("tiers", tiers);
}

void rackFigures(const std::vector<RackBudget> &racks, Collector &c)
{
    if (racks.empty())
        return;
    const RackBudget *peak = &racks.front();
    int over = 0;
    std::size_t known = 0;   // budgets known (power, cooling, weight, space), over every rack
    for (const RackBudget &b : racks) {
        if (b.nameplateW > peak->nameplateW)
            peak = &b;
        over += b.overPower() || b.overCooling() || b.overWeight() || b.overSpace() ? 1 : 0;
        known += std::size_t(b.powerBudgetW.has_value()) + std::size_t(b.coolingW.has_value()) +
                 std::size_t(b.weightLimitKg.has_value()) + std::size_t(b.capacityU.has_value());
    }
    c.partial("rack_peak_power_w", peak->nameplateW, peak->unknownNameplate.empty());
    // No budget known: no rack can be said to be within one. Some unknown: a rack may be over one.
    if (known == 0)
        c.unknown("racks_over_budget");
    else
        c.partial("racks_over_budget", over, known == 4 * racks.size());
}

void networkFigures(const NetworkAnalysis &n, Collector &c)
{
    if (const std::optional<FabricMetrics> &m = n.metrics) {
        c.exact("bisection_gbps", m->bisectionGbps);
        if (m->halfInjectionGbps > 0)
            c.exact("bisection_ratio", m->bisectionGbps / m->halfInjectionGbps);
        c.exact("full_bisection", m->bisectionGbps + kFullBisectionToleranceGbps >= m->halfInjectionGbps ? 1 : 0);
        double worst = 0;
        for (const TierLoad &t : m->tiers)
            if (t.upGbps > 0)
                worst = std::max(worst, t.oversubscription);
        if (worst > 0)
            c.exact("oversubscription", worst);
        c.exact("non_blocking", isNonBlocking(worst) ? 1 : 0);
    }
    if (n.latency && n.latency->stats.pairs) {
        c.exact("latency_p50_ns", n.latency->stats.p50Ns);
        c.exact("latency_p99_ns", n.latency->stats.p99Ns);
    }
}

void trafficFigures(const TrafficResult &t, Collector &c)
{
    if (t.issue != TrafficResult::Issue::None) {
        c.unknown("completion_s");
        return;
    }
    if (t.collective && !t.collective->known) {   // an unknown stays unknown, never 0 s
        c.unknown("completion_s");
        c.unknown("busbw_gbps");
        return;
    }
    c.exact("completion_s", t.completionS);
    c.exact("max_link_utilization", t.maxLinkUtilization);
    c.exact("mean_busy_link_utilization", t.meanBusyLinkUtilization);
    if (t.collective)
        c.exact("busbw_gbps", t.collective->busbwGBps);
}

void namedTraffic(const char *id, const TrafficResult *t, Collector &c)
{
    if (!t)
        return;
    if (t->issue != TrafficResult::Issue::None || (t->collective && !t->collective->known))
        c.unknown(id);
    else
        c.exact(id, t->completionS);
}

// Goodput unknown when the job cannot fail or no checkpoint was given; the spares' cost a lower
// bound while a spare's price is unknown, unknown when a spare is priced in another currency.
void reliabilityFigures(const ReliabilityAnalysis &a, const std::string &currency, Collector &c)
{
    if (a.checkpoint)
        c.exact("goodput", a.checkpoint->goodput);
    else
        c.unknown("goodput");
    double total = 0;
    bool complete = a.spares.unknown.empty();
    for (const reliability::SpareLine &l : a.spares.lines) {
        if (l.spares <= 0)
            continue;
        if (!currency.empty() && l.bom.total && l.bom.currency != currency)
            return c.unknown("spares_cost");
        if (l.bom.total)
            total += *l.bom.total;
        else
            complete = false;
    }
    c.partial("spares_cost", total, complete);
}

// Unknown when no plan is legal or a figure the step-time model needs is missing; days without a
// token count and the cost without every price and power figure are unknown too (never zero).
void trainingFigures(const TrainingAnalysis &a, Collector &c)
{
    const training::StepEstimate &e = a.search.best;
    if (e.valid && e.known && e.tokensPerS > 0)
        c.exact("tokens_per_s", e.tokensPerS);
    else
        c.unknown("tokens_per_s");
    c.optional("days", a.days, true);
    c.optional("cost_per_mtoken", a.costPerMToken, true);
}

} // namespace

bool isNonBlocking(double ratio)
{
    return ratio <= 1 + kNonBlockingTolerance;
}

std::string ratioNumber(double ratio)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", std::round(ratio * 100) / 100);
    std::string s = text;
    while (s.find('.') != std::string::npos && (s.back() == '0' || s.back() == '.'))
        s.pop_back();
    return s;
}

bool isBlockingFigure(std::string_view id)
{
    return id == "blocking" || id == "oversubscription";
}

Message blockingWording(double ratio)
{
    if (isNonBlocking(ratio))
        return {CPLAN_TR("Engine", "non-blocking (1:1)"), {}};
    return {CPLAN_TR("Engine", "%1:1"), {ratioNumber(ratio)}};
}

KeyFigures keyFigures(const KeyFigureSources &s)
{
    Collector c;
    if (s.cost)
        costFigures(*s.cost, c);
    if (s.racks)
        rackFigures(*s.racks, c);
    if (s.links)
        c.exact("links", *s.links);
    if (s.blocking)
        c.exact("blocking", *s.blocking);
    if (s.network)
        networkFigures(*s.network, c);
    if (s.traffic)
        trafficFigures(*s.traffic, c);
    namedTraffic("allreduce_s", s.allreduce, c);
    namedTraffic("alltoall_s", s.alltoall, c);
    if (const ScheduleResult *r = s.schedule) {
        c.exact("jct_mean_s", r->jct.mean);
        c.exact("jct_p95_s", r->jct.p95);
        c.exact("wait_mean_s", r->wait.mean);
        c.exact("makespan_s", r->makespanS);
        c.exact("gpu_utilization", r->gpuUtilization);
        c.exact("jobs_completed", double(r->completed));
        c.exact("slowdown_mean", r->slowdown.mean);
    }
    if (s.reliability)
        reliabilityFigures(*s.reliability, s.cost ? s.cost->bom.currency : std::string(), c);
    if (s.training)
        trainingFigures(*s.training, c);
    return c.done();
}

KeyFigures keyFigures(const DesignAnalysis &a, const TrafficResult *traffic)
{
    KeyFigureSources s;
    s.cost = &a.cost;
    s.racks = &a.racks;
    s.links = a.counts.links;
    s.network = a.network ? &*a.network : nullptr;
    s.traffic = traffic;
    return keyFigures(s);
}

} // namespace cplan
