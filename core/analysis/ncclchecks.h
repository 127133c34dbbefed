#pragma once

// The installer's side of the NCCL model: the nccl-tests figures to expect on a design (`cplan
// export --format nccl-expect`) and real nccl-tests logs held against the plan (`cplan
// verify-perf`, File ▸ Compare with measured performance). Both ask analyzeNetwork, so the
// figures are the ones `cplan simulate` and the window show.

#include "nccl/collectiverun.h"
#include "util/error.h"
#include "verify/nccltests.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// A measured bus bandwidth this far below the plan is "below" (and above it "above"): the
// tolerance our model holds against published nccl-tests figures (tests/core/nccl).
inline constexpr double kPerfTolerance = 0.10;
// Rows below this size are latency-bound: NCCL's tuning model ranks algorithms there but does not
// claim the launch and synchronisation overheads nccl-tests measures; they are shown, not judged.
inline constexpr double kPerfJudgedBytes = double(64u << 20);

// One test the installer runs, and what the plan predicts for it at each size.
struct ExpectedTest
{
    std::string name;                       // "single server", "two servers", "all servers"
    CollectiveKind kind = CollectiveKind::AllReduce;
    std::uint32_t servers = 0, gpusPerServer = 0;
    std::string command;                    // the nccl-tests binary and options
    std::vector<CollectiveEstimate> sizes;
};

// Single server, two servers (over every rail at once), all servers; all_reduce, all_gather,
// alltoall; 1 MiB to 8 GiB. Errors: the design cannot be routed or has no GPU servers.
Result<std::vector<ExpectedTest>> expectedNcclTests(const Design &design, const Catalog &catalog);
// The same as the CSV file the installer gets (one row per test and size, with the floor).
Result<std::string> ncclExpectFile(const Design &design, const Catalog &catalog);

enum class PerfVerdict { Within, Below, Above, Unknown, Small };
// "within", "below", "above", "unknown", "not judged" (below kPerfJudgedBytes)
const char *toString(PerfVerdict v);

struct PerfRow
{
    int line = 0;                           // in the log
    double bytes = 0;
    double measuredBusbwGBps = 0;           // out-of-place
    std::optional<CollectiveEstimate> predicted;
    PerfVerdict verdict = PerfVerdict::Unknown;
};

struct PerfCheck
{
    std::string file, collective;
    std::uint32_t servers = 0, gpusPerServer = 0;
    std::vector<PerfRow> rows;
    std::string note;                       // why rows are unknown, if they are
};

// Each log's rows against the plan's prediction for the same collective, servers (the log's
// hosts; ranks / GPUs per server when it names none) and size. Error: a log whose ranks do not
// fit the design (more GPUs than it has), with the file named. `overrides`: the NCCL_ALGO /
// NCCL_PROTO the logs ran with (the prediction is then for those; default: NCCL's own choice).
Result<std::vector<PerfCheck>> checkMeasuredPerformance(const Design &design, const Catalog &catalog,
                                                        const std::vector<NcclTestLog> &logs, const nccl::Overrides &overrides = {});

} // namespace cplan
