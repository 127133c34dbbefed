#pragma once

#include "util/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

// The stdout of NVIDIA's nccl-tests (all_reduce_perf, all_gather_perf, reduce_scatter_perf,
// alltoall_perf, broadcast_perf, reduce_perf, sendrecv_perf), read so that measured rows can be
// set against our predictions.
//
// The layout comes from the log's own column header ("#  size  count  type  redop  root  time
// algbw  busbw  #wrong  time ..."), so logs of old nccl-tests (no root or redop column, an
// "error" column instead of "#wrong"), per-iteration columns (-I 1, i_min .. i_cv%), CPU time
// (-C 1: "cputime") and timestamps (-T 1) read the same way. Lines that are not nccl-tests'
// own (NCCL INFO/WARN, launcher and UCX noise, blank lines) are skipped; a line whose first
// field is a number is a data row and must be whole. Prefixes that launchers put on each line
// are taken off: Open MPI's --tag-output "[1,0]<stdout>:", srun --label "  0: ", Hydra's
// -prepend-rank "[0] " and kubectl's RFC 3339 timestamps.

// One measured size: out-of-place figures, then in-place.
struct NcclTestRow
{
    std::uint64_t bytes = 0;   // "size": the larger of the send and receive buffer, bytes
    std::uint64_t count = 0;   // elements, as nccl-tests counts them (per rank for all-gather)
    std::string type;          // "float", "bfloat16", ...
    std::string redop;         // "sum", ...; "none" where the collective has none or the log
                               // has no redop column
    int root = -1;             // -1 where the collective has no root or the log no root column
    double timeUs = 0;         // out-of-place; CPU time when NcclTestLog::cpuTime
    double algbwGBps = 0;
    double busbwGBps = 0;
    std::optional<long> wrong; // #wrong; empty for "N/A" (validation off) and for old logs'
                               // "error" column, which is a maximum deviation, not a count
    double inPlaceTimeUs = 0;
    double inPlaceAlgbwGBps = 0;
    double inPlaceBusbwGBps = 0;
    std::optional<long> inPlaceWrong;
    int line = 0;              // 1-based line in the log
};

struct NcclTestLog
{
    std::string file;
    // "allreduce", "allgather", "reducescatter", "alltoall", "broadcast", "reduce", "sendrecv"
    std::string collective;
    int ranks = 0;                    // distinct ranks in the "#  Rank N ..." lines; 0 if none
    std::vector<std::string> devices; // distinct device names ("NVIDIA H100 80GB HBM3"), first seen first
    std::vector<std::string> hosts;   // distinct host names, first seen first
    std::optional<double> avgBusbwGBps;  // "# Avg bus bandwidth : x" (the last one); empty if absent
    std::optional<long> outOfBounds;     // "# Out of bounds values : n OK"; empty if absent
    bool cpuTime = false;             // the time columns are "cputime" (-C 1)
    std::vector<NcclTestRow> rows;    // in the log's order
};

// The collective names above, in that order.
const std::vector<std::string> &ncclTestCollectives();

// "all_reduce_perf", "all_reduce", "allreduce", "all-reduce" -> "allreduce"; empty if unknown.
std::optional<std::string> ncclTestCollectiveFromName(std::string_view name);

// Which collective a log measured: the log's "# Collective test starting: all_reduce_perf"
// line when it has one (an explicit `collective` that disagrees with it is an error); else
// `collective` when given; else the file name ("all_reduce_perf_8gpu.log", "nccl-allreduce.txt").
// None of them: an error naming the file. Errors carry the file and the line (1-based), e.g.
// "ar.log:17:52: 'busbw' must be a number, got '4x1.2'". A log without any data row is an error.
Result<NcclTestLog> parseNcclTestsLog(std::string_view text, const std::string &fileName,
                                      std::optional<std::string> collective = {});
Result<NcclTestLog> readNcclTestsLog(const std::string &path, std::optional<std::string> collective = {});

} // namespace cplan
