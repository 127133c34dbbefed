#include "training/plan.h"

namespace cplan::training {

const char *toString(Recompute r)
{
    switch (r) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    }
    return "selective";
}

const char *toString(Precision p) { return p == Precision::Fp8 ? "fp8" : "bf16"; }

std::optional<Recompute> recomputeFromString(std::string_view s)
{
    if (s == "none")
        return Recompute::None;
    if (s == "selective")
        return Recompute::Selective;
    if (s == "full")
        return Recompute::Full;
    return std::nullopt;
}

std::optional<Precision> precisionFromString(std::string_view s)
{
    if (s == "bf16")
        return Precision::Bf16;
    if (s == "fp8")
        return Precision::Fp8;
    return std::nullopt;
}

std::string Plan::text() const
{
    return "TP " + std::to_string(tp) + " PP " + std::to_string(pp) + " DP " + std::to_string(dp) + " CP " + std::to_string(cp) +
           " EP " + std::to_string(ep) + " VP " + std::to_string(vp) + (fsdp ? " FSDP" : "") + ", mbs " + std::to_string(microBatch) +
           ", gbs " + std::to_string(globalBatch) + ", seq " + std::to_string(seq) + ", recompute " + toString(recompute) + ", " +
           toString(precision);
}

} // namespace cplan::training
