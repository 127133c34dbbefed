#include "cli/networkshared.h"

#include "cli/cli.h"
#include "analysis/blockingasked.h"
#include "util/strings.h"

#include <cstdio>
#include <iostream>
#include <sstream>

namespace cplan::cli::net {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

std::string fmt(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

Result<std::optional<RoutingEngine>> engineOption(const std::string &engine)
{
    if (engine.empty())
        return std::optional<RoutingEngine>();
    auto e = routingEngineFromString(engine);
    if (!e)
        return Error{"--engine", 0, 0, "'" + engine + "' is not a routing engine (ftree, updown, minhop)"};
    return std::optional<RoutingEngine>(*e);
}

Result<WorkloadSpec> workloadOption(const std::string &pattern, const std::string &bytes, bool ideal, std::uint64_t seed)
{
    const auto size = bytes.empty() ? std::optional<double>(1.0) : parseByteSize(bytes);
    if (!size || *size <= 0)
        return Error{"--bytes", 0, 0, "'" + bytes + "' is not a size (e.g. 1M, 64MiB, 1GB)"};
    auto w = parseWorkload(pattern);
    if (!w)
        return Error{"--pattern", 0, 0, w.error().message};
    if (!bytes.empty())   // empty: the workload's default (1 MiB per flow, 1 GiB for a collective)
        w->bytes = *size;
    w->ideal = ideal;
    w->seed = seed;
    return w;
}

int failWorkload(const TrafficResult &t, const std::string &design)
{
    return fail(Error{t.issue == TrafficResult::Issue::NoGpuServers ? design : "--pattern", 0, 0, t.issueText});
}

nlohmann::ordered_json metricsJson(const NetworkAnalysis &n)
{
    const FabricMetrics &m = *n.metrics;
    const LatencyStats &ls = n.latency->stats;
    nlohmann::ordered_json mj;
    mj["bisection_gbps"] = m.bisectionGbps;
    mj["half_injection_gbps"] = m.halfInjectionGbps;
    mj["bisection_ratio"] = m.halfInjectionGbps > 0 ? m.bisectionGbps / m.halfInjectionGbps : 0;
    mj["diameter_switches"] = m.diameterSwitches;
    nlohmann::json tiers = nlohmann::json::array();
    for (const TierLoad &t : m.tiers)
        tiers.push_back({{"tier", t.tier}, {"down_gbps", t.downGbps}, {"up_gbps", t.upGbps}, {"oversubscription", t.oversubscription}});
    mj["tiers"] = tiers;
    mj["latency_ns"] = {{"pairs", ls.pairs}, {"sampled", ls.sampled}, {"min", ls.minNs}, {"mean", ls.meanNs},
                        {"p50", ls.p50Ns}, {"p99", ls.p99Ns}, {"max", ls.maxNs}};
    mj["assumptions"] = nlohmann::json::array();
    for (const Message &a : n.latency->assumptions)
        mj["assumptions"].push_back(a.english());
    return mj;
}

void addGeneratorBlocking(nlohmann::ordered_json &metrics, const Design &design)
{
    if (const std::optional<BlockingAsked> b = blockingAskedVsBuilt(design))
        metrics["blocking"] = b->detail.english();
}

void printMetrics(const nlohmann::ordered_json &mj)
{
    if (mj.contains("blocking"))
        std::cout << "  blocking: " << mj["blocking"].get<std::string>() << '\n';
    std::cout << "  bisection " << fmt(mj["bisection_gbps"].get<double>(), 0) << " Gb/s ("
              << fmt(100 * mj["bisection_ratio"].get<double>(), 1) << "% of full), diameter "
              << mj["diameter_switches"].get<int>() << " switches\n";
    for (const auto &t : mj["tiers"])
        std::cout << "  tier " << t["tier"].get<int>() << ": " << fmt(t["down_gbps"].get<double>(), 0) << " Gb/s down, "
                  << fmt(t["up_gbps"].get<double>(), 0) << " up, oversubscription " << fmt(t["oversubscription"].get<double>(), 2) << '\n';
    const auto &l = mj["latency_ns"];
    std::cout << "  latency ns: min " << fmt(l["min"].get<double>(), 0) << ", p50 " << fmt(l["p50"].get<double>(), 0) << ", p99 "
              << fmt(l["p99"].get<double>(), 0) << ", max " << fmt(l["max"].get<double>(), 0) << '\n';
    for (const auto &s : mj["assumptions"])
        std::cout << "  assumption: " << s.get<std::string>() << '\n';
}

nlohmann::ordered_json planesJson(const NetworkAnalysis &n)
{
    nlohmann::ordered_json planes = nlohmann::json::array();
    for (const PlaneAnalysis &p : n.planes) {
        nlohmann::ordered_json j{{"plane", p.plane}, {"switches", p.switches}, {"endpoints", p.endpoints}};
        if (p.reachability) {
            j["pairs"] = p.reachability->pairs;
            j["unreachable_pairs"] = p.reachability->unreachablePairs;
            j["max_hops"] = p.reachability->maxHops;
        }
        if (p.metrics)
            j["bisection_gbps"] = p.metrics->bisectionGbps;
        if (p.latency)
            j["latency_ns"] = {{"p50", p.latency->stats.p50Ns}, {"p99", p.latency->stats.p99Ns}, {"max", p.latency->stats.maxNs}};
        if (!p.completionS.empty())
            j["completion_s"] = p.completionS.front();
        if (p.failed)
            j["failed"] = true;
        planes.push_back(std::move(j));
    }
    return planes;
}


Result<nccl::Overrides> ncclOverrides(const std::string &algo, const std::string &proto)
{
    nccl::Overrides o;
    auto items = [](const std::string &list) {
        std::vector<std::string> out;
        std::stringstream in(list);
        for (std::string item; std::getline(in, item, ',');)
            if (!item.empty())
                out.push_back(item);
        return out;
    };
    for (const std::string &a : items(algo)) {
        const auto v = nccl::algorithmFromString(a);
        if (!v)
            return Error{"--algo", 0, 0, "'" + a + "' is not an NCCL algorithm (Ring, Tree, NVLS, NVLSTree, CollNetDirect, CollNetChain, PAT, P2P)"};
        o.algorithms.push_back(*v);
    }
    for (const std::string &p : items(proto)) {
        const auto v = nccl::protocolFromString(p);
        if (!v)
            return Error{"--proto", 0, 0, "'" + p + "' is not an NCCL protocol (LL, LL128, Simple)"};
        o.protocols.push_back(*v);
    }
    return o;
}

nlohmann::ordered_json collectiveJson(const CollectiveEstimate &c)
{
    nlohmann::ordered_json j;
    j["bytes"] = c.bytes;
    j["ranks"] = c.ranks;
    if (c.known) {
        j["algorithm"] = nccl::toString(c.algorithm);
        j["protocol"] = nccl::toString(c.protocol);
        j["time_s"] = c.timeS;
        j["algbw_gbps"] = c.algbwGBps;
        j["busbw_gbps"] = c.busbwGBps;
        j["latency_s"] = c.latencyS;
        j["why"] = c.why;
        j["fabric_share"] = c.fabricShare;
    } else {
        j["algorithm"] = nullptr;
        j["protocol"] = nullptr;
        j["time_s"] = nullptr;
        j["algbw_gbps"] = nullptr;
        j["busbw_gbps"] = nullptr;
    }
    j["unknown"] = c.unknown;
    if (!c.refused.empty())
        j["refused"] = c.refused;
    return j;
}

} // namespace cplan::cli::net
