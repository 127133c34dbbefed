// The leaf blocking asked for against what the generator built, and why they differ: a leaf's
// ports are whole (the uplinks of a unit's down ports rounded up) and its uplinks must split
// evenly over the spines (a few more where that needs fewer spines).
#include "analysis/keyfigures.h"
#include "generate/common.h"
#include "generate/fattreeshape.h"

#include <string>

namespace cplan::gen {

Message blockingSummary(const FatTreeSpec &spec, const FatTreeShape &s)
{
    if (s.tiers < 2 || s.u <= 0)
        return {};
    const int D = spec.blockingDown, U = spec.blockingUp;
    const std::string asked[] = {std::to_string(D), std::to_string(U)};
    const std::string down = std::to_string(s.d), up = std::to_string(s.u);
    if (1LL * s.d * U == 1LL * s.u * D)
        return {CPLAN_TR("Engine", "asked %1:%2, built as asked (%3 down / %4 up per leaf)"), {asked[0], asked[1], down, up}};
    const std::string built = ratioNumber(double(s.d) / s.u);
    const int least = ceilDiv(s.d * U, D);
    if (s.u > least) {
        const int spines = s.tiers == 2 ? s.spines : s.podSpines;
        return {CPLAN_TR("Engine", "asked %1:%2, built %3:1 (%4 down / %5 up per leaf): the %6 uplinks that %1:%2 needs do not "
                                   "split evenly over the spines and %5 do (%7 spine(s), %8 link(s) from each leaf to each), "
                                   "which saves switches"),
                {asked[0], asked[1], built, down, up, std::to_string(least), std::to_string(spines),
                 std::to_string(spines > 0 ? s.u / spines : 0)}};
    }
    return {CPLAN_TR("Engine", "asked %1:%2, built %3:1 (%4 down / %5 up per leaf): %4 down ports at %1:%2 need %6 uplinks, "
                               "rounded up to %5 as ports are whole (a %7-port leaf takes at most %8 down / %9 up at that ratio)"),
            {asked[0], asked[1], built, down, up, ratioNumber(double(s.d) * U / D), std::to_string(s.k), std::to_string(s.dMax),
             std::to_string(s.uMax)}};
}

} // namespace cplan::gen
