#pragma once

// What cplan's network commands (route, simulate, fail, export nccl-expect, verify-perf) share:
// option parsing and the JSON of metrics, planes and collectives.

#include "analysis/network.h"
#include "util/error.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <optional>
#include <string>

namespace cplan::cli::net {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0);
std::string fmt(double v, int decimals);

// --engine: empty = the design's setting (the engine's default).
Result<std::optional<RoutingEngine>> engineOption(const std::string &engine);
// --pattern and --bytes as the engine's workload.
Result<WorkloadSpec> workloadOption(const std::string &pattern, const std::string &bytes, bool ideal, std::uint64_t seed);
// --algo and --proto (NCCL_ALGO / NCCL_PROTO lists, comma-separated) as overrides.
Result<nccl::Overrides> ncclOverrides(const std::string &algo, const std::string &proto);
// A workload the fabric cannot run, as the error the user sees.
int failWorkload(const TrafficResult &t, const std::string &design);

nlohmann::ordered_json metricsJson(const NetworkAnalysis &n);
// The generator's leaf blocking asked against built, and why (analysis/blockingasked.h), into
// the metrics when the design has a generator's record.
void addGeneratorBlocking(nlohmann::ordered_json &metrics, const Design &design);
void printMetrics(const nlohmann::ordered_json &mj);
// Each plane of a multi-plane design: its own subnet's figures.
nlohmann::ordered_json planesJson(const NetworkAnalysis &n);
// One collective as nccl-tests prints it: size, time, algbw, busbw (null when unknown), NCCL's
// algorithm and protocol, why, and `unknown` (the figures that were missing).
nlohmann::ordered_json collectiveJson(const CollectiveEstimate &c);

} // namespace cplan::cli::net
