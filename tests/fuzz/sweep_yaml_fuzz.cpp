// Fuzzes the sweep file reader (parseSweep), the catalog check and the expansion of what it
// accepts: a bad file must be an error with a message, never a crash, a hang or a huge allocation.
#include "fuzzcatalog.h"
#include "sweep/pareto.h"
#include "sweep/sweeppoints.h"
#include "sweep/sweepspec.h"

#include <cstdlib>
#include <string_view>

using namespace cplan;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char *data, std::size_t size)
{
    if (size > (1u << 20))
        return 0;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto spec = parseSweep(text, "fuzz.sweep.yaml");
    if (!spec) {
        if (spec.error().message.empty() || spec.error().file != "fuzz.sweep.yaml")
            std::abort();
        return 0;
    }
    if (auto checked = checkSweep(*spec, fuzzCatalog()); !checked && checked.error().line <= 0)
        std::abort();
    std::size_t points = 1;
    for (const SweepOption &a : spec->axes)
        points *= a.values.size();
    if (points > 10'000)   // bounded by kMaxSweepPoints; expanding a million is slow, not wrong
        return 0;
    const std::vector<SweepPoint> expanded = expandSweep(*spec);
    if (expanded.size() != points)
        std::abort();
    std::vector<PointResult> results;
    for (const SweepPoint &p : expanded) {
        if (p.id.size() != 16)
            std::abort();
        PointResult r;
        r.index = p.index;
        r.figures = {{"capex", double(p.key.size())}, {"completion_s", double(p.designKey.size())}};
        results.push_back(std::move(r));
    }
    rankSweep(*spec, results);
    return 0;
}
