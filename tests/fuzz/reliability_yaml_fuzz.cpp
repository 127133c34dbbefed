// Fuzzes the failure-rate preset reader (parseFailurePreset) and what is computed from what it
// accepts: a bad file must be an error with a message, never a crash, a hang or a NaN answer.
#include "reliability/failurerates.h"
#include "reliability/interruptions.h"
#include "reliability/montecarlo.h"

#include <cmath>
#include <cstdlib>
#include <string_view>

using namespace cplan;
using namespace cplan::reliability;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto preset = parseFailurePreset(text, "fuzz.yaml");
    if (!preset) {
        if (preset.error().message.empty() || preset.error().file != "fuzz.yaml")
            std::abort();
        return 0;
    }
    if (preset->classes.empty() || preset->classes.size() > kMaxFailureClasses)
        std::abort();
    const DeviceCounts devices{64, 8, 64, 100, 10};
    const InterruptionEstimate e = expectedInterruptions(*preset, devices, 30);
    if (!std::isfinite(e.perYear) || e.perYear < 0 || (e.mtbiHours && !(*e.mtbiHours > 0)))
        std::abort();
    MonteCarloOptions o;
    o.trials = 2;
    o.days = 1;   // at most 1000 failures per device-year: a bounded number of draws
    const MonteCarloResult r = simulateFailures(*preset, devices, devices, o);
    if (r.trials != 2 || r.jobInterruptions.mean > r.clusterFailures.mean)
        std::abort();
    return 0;
}
