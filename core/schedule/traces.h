#pragma once

#include "schedule/job.h"
#include "schedule/pool.h"
#include "util/error.h"

#include <string>
#include <string_view>

namespace cplan {

// Job trace formats.
//  - Ours: CSV with a header; columns in any order, see README ("Job traces").
//  - Philly: the Philly-derived CSV `timestamp,duration,num_gpus,gpu_time,cluster`
//    (timestamp in seconds or "YYYY-MM-DD HH:MM:SS"; the virtual cluster becomes the tenant).
//  - Alibaba: Alibaba GPU trace v2023 pod lists `openb_pod_list_*.csv` (`name, cpu_milli,
//    memory_mib, num_gpu, gpu_milli[, gpu_spec, qos, pod_phase, creation_time,
//    deletion_time, scheduled_time]`). Pods run on one node; files without the time columns
//    (multigpu*) load with hasTimes = false, usable in capacity mode only.
enum class TraceFormat { Ours, Philly, Alibaba };
const char *toString(TraceFormat format);
std::optional<TraceFormat> traceFormatFromString(std::string_view text);
// Guesses from the header line: Alibaba (name,cpu_milli,...), Philly (timestamp,duration,...),
// else ours.
TraceFormat detectTraceFormat(std::string_view text);

// Errors name the file and line (1-based) and the column.
Result<Trace> parseTrace(std::string_view text, const std::string &fileName, TraceFormat format);
Result<Trace> loadTrace(const std::string &path, std::optional<TraceFormat> format = std::nullopt);

// Our CSV, written so that parseTrace reads back the same jobs.
std::string writeTrace(const std::vector<Job> &jobs);

// A pool from Alibaba's node-list CSV (`sn,cpu_milli,memory_mib,gpu,model`). Nodes without
// GPUs are kept (CPU-only tasks run there). No topology, no tenants.
Result<Pool> parseNodeList(std::string_view text, const std::string &fileName);
Result<Pool> loadNodeList(const std::string &path);

} // namespace cplan
