#include "analysis/ncclchecks.h"

#include "analysis/network.h"
#include "catalog/catalog.h"
#include "model/design.h"
#include "export/csv.h"

#include <algorithm>
#include <cstdio>

namespace cplan {

namespace {

constexpr double kExpectSizes[] = {double(1u << 20), double(1u << 26), double(1u << 30), double(8ull << 30)};

// GPUs per server of the design's GPU servers (the fewest), 0 without any.
std::uint32_t serverGpus(const Design &design, const Catalog &catalog)
{
    std::uint32_t gpus = 0;
    for (const Node &n : design.nodes)
        if (n.role == NodeRole::Server)
            if (const int g = nodeGpuCount(n, catalog); g > 0)
                gpus = gpus == 0 ? std::uint32_t(g) : std::min(gpus, std::uint32_t(g));
    return gpus;
}

WorkloadSpec collectiveWorkload(CollectiveKind kind, std::uint32_t gpus, const std::vector<double> &sizes,
                                const nccl::Overrides &overrides = {})
{
    WorkloadSpec w;
    w.name = kind == CollectiveKind::AllToAll ? "nccl-alltoall" : toString(kind);
    w.collective = kind;
    w.gpus = gpus;
    w.bytes = sizes.front();
    w.sweepBytes = sizes;
    w.overrides = overrides;
    return w;
}

// Every workload through one analysis (routes computed once).
Result<std::vector<TrafficResult>> runCollectives(const Design &design, const Catalog &catalog, std::vector<WorkloadSpec> workloads)
{
    NetworkRequest request;
    request.reachability = request.metrics = request.latency = false;
    request.workloads = std::move(workloads);
    auto analysis = analyzeNetwork(design, catalog, request);
    if (!analysis)
        return analysis.error();
    return analysis->traffic;
}

const char *testBinary(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce: return "all_reduce_perf";
    case CollectiveKind::AllGather: return "all_gather_perf";
    case CollectiveKind::ReduceScatter: return "reduce_scatter_perf";
    case CollectiveKind::AllToAll: return "alltoall_perf";
    case CollectiveKind::Broadcast: return "broadcast_perf";
    case CollectiveKind::Reduce: return "reduce_perf";
    }
    return "";
}

std::string number(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

} // namespace

Result<std::vector<ExpectedTest>> expectedNcclTests(const Design &design, const Catalog &catalog)
{
    const std::uint32_t g = serverGpus(design, catalog);
    std::uint32_t servers = 0;
    for (const Node &n : design.nodes)
        servers += n.role == NodeRole::Server && nodeGpuCount(n, catalog) > 0;
    if (g == 0)
        return Error{design.name, 0, 0, "the design has no GPU servers: no nccl-tests to expect"};
    std::vector<ExpectedTest> tests;
    const std::vector<double> sizes(std::begin(kExpectSizes), std::end(kExpectSizes));
    std::vector<WorkloadSpec> workloads;
    std::vector<std::uint32_t> counts = {1};
    if (servers >= 2)
        counts.push_back(2);
    if (servers > 2)
        counts.push_back(servers);
    for (std::uint32_t s : counts) {
        for (CollectiveKind k : {CollectiveKind::AllReduce, CollectiveKind::AllGather, CollectiveKind::AllToAll}) {
            ExpectedTest t;
            t.name = s == 1 ? "single server" : s == 2 ? "two servers" : "all servers";
            t.kind = k;
            t.servers = s;
            t.gpusPerServer = g;
            t.command = std::string(s == 1 ? "" : "mpirun -np " + std::to_string(s * g) + " -N " + std::to_string(g) + " ") +
                        testBinary(k) + " -b 1M -e 8G -f 2 -g 1";
            tests.push_back(t);
            workloads.push_back(collectiveWorkload(k, s * g, sizes));
        }
    }
    auto results = runCollectives(design, catalog, workloads);
    if (!results)
        return results.error();
    for (std::size_t i = 0; i < tests.size(); ++i) {
        const TrafficResult &r = (*results)[i];
        if (r.issue != TrafficResult::Issue::None)
            return Error{design.name, 0, 0, r.issueText};
        tests[i].sizes = r.collectiveSweep;
    }
    return tests;
}

Result<std::string> ncclExpectFile(const Design &design, const Catalog &catalog)
{
    auto tests = expectedNcclTests(design, catalog);
    if (!tests)
        return tests.error();
    std::string out = "# nccl-tests figures the plan predicts for " + design.name +
                      " (Cluster Planner, NCCL's cost model on the design's fabric). A measured busbw below floor_gbps (" +
                      number(100 * (1 - kPerfTolerance), 0) +
                      " % of the prediction) is worth a look; cplan verify-perf DESIGN LOGS compares whole logs.\n"
                      "test,command,collective,servers,gpus_per_server,ranks,bytes,algorithm,protocol,busbw_gbps,floor_gbps,why\n";
    for (const ExpectedTest &t : *tests)
        for (const CollectiveEstimate &e : t.sizes) {
            out += csvField(t.name) + "," + csvField(t.command) + "," + toString(t.kind) + "," + std::to_string(t.servers) + "," +
                   std::to_string(t.gpusPerServer) + "," + std::to_string(e.ranks) + "," + number(e.bytes, 0) + ",";
            if (e.known)
                out += std::string(nccl::toString(e.algorithm)) + "," + nccl::toString(e.protocol) + "," + number(e.busbwGBps, 1) + "," +
                       number(e.busbwGBps * (1 - kPerfTolerance), 1) + "," + csvField(e.why) + "\n";
            else
                out += ",,unknown,unknown," + csvField("unknown: " + unknownText(e)) + "\n";
        }
    return out;
}

const char *toString(PerfVerdict v)
{
    switch (v) {
    case PerfVerdict::Within: return "within";
    case PerfVerdict::Below: return "below";
    case PerfVerdict::Above: return "above";
    case PerfVerdict::Unknown: return "unknown";
    case PerfVerdict::Small: return "not judged";
    }
    return "";
}

Result<std::vector<PerfCheck>> checkMeasuredPerformance(const Design &design, const Catalog &catalog,
                                                        const std::vector<NcclTestLog> &logs, const nccl::Overrides &overrides)
{
    const std::uint32_t g = serverGpus(design, catalog);
    std::vector<PerfCheck> checks;
    std::vector<WorkloadSpec> workloads;
    std::vector<std::size_t> workloadOf;   // per log, index into workloads (or npos)
    for (const NcclTestLog &log : logs) {
        PerfCheck c;
        c.file = log.file;
        c.collective = log.collective;
        const auto kind = collectiveFromString(log.collective);
        const std::uint32_t hosts = std::uint32_t(log.hosts.size());
        c.gpusPerServer = hosts > 0 && log.ranks > 0 ? std::uint32_t(log.ranks) / hosts : g;
        c.servers = hosts > 0 ? hosts : (g > 0 && log.ranks > 0 ? (std::uint32_t(log.ranks) + g - 1) / g : 0);
        for (const NcclTestRow &row : log.rows)
            c.rows.push_back({row.line, double(row.bytes), row.busbwGBps, std::nullopt, PerfVerdict::Unknown});
        if (!kind)
            c.note = "the model has no " + log.collective + " (nccl-tests' sendrecv is point to point)";
        else if (log.ranks <= 0 || c.servers == 0)
            c.note = "the log names no ranks (no '#  Rank' lines): the GPUs it ran on are unknown";
        else if (c.gpusPerServer != g || g == 0)
            c.note = "the log ran " + std::to_string(c.gpusPerServer) + " GPUs per server; the design's servers have " + std::to_string(g);
        std::vector<double> sizes;
        for (const PerfRow &r : c.rows)
            sizes.push_back(r.bytes);
        workloadOf.push_back(c.note.empty() && !sizes.empty() ? workloads.size() : std::size_t(-1));
        if (c.note.empty() && !sizes.empty())
            workloads.push_back(collectiveWorkload(*kind, c.servers * g, sizes, overrides));
        checks.push_back(std::move(c));
    }
    auto results = runCollectives(design, catalog, workloads);
    if (!results)
        return results.error();
    for (std::size_t i = 0; i < checks.size(); ++i) {
        if (workloadOf[i] == std::size_t(-1))
            continue;
        const TrafficResult &t = (*results)[workloadOf[i]];
        if (t.issue != TrafficResult::Issue::None)   // e.g. more GPUs than the design has
            return Error{checks[i].file, 0, 0, t.issueText};
        for (std::size_t r = 0; r < checks[i].rows.size() && r < t.collectiveSweep.size(); ++r) {
            PerfRow &row = checks[i].rows[r];
            row.predicted = t.collectiveSweep[r];
            if (!row.predicted->known)
                continue;
            const double p = row.predicted->busbwGBps;
            if (row.bytes < kPerfJudgedBytes) {
                row.verdict = PerfVerdict::Small;
                continue;
            }
            row.verdict = row.measuredBusbwGBps < p * (1 - kPerfTolerance)   ? PerfVerdict::Below
                          : row.measuredBusbwGBps > p * (1 + kPerfTolerance) ? PerfVerdict::Above
                                                                             : PerfVerdict::Within;
        }
    }
    return checks;
}

} // namespace cplan
