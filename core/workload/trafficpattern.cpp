#include "workload/trafficpattern.h"

#include "util/strings.h"

#include <functional>
#include <limits>
#include <random>

namespace cplan {

namespace {

constexpr const char *kForms = "expected alltoall, shift:K, ring, permutation, incast:M, uniform:F or pair:S,D";

Error patternError(std::string_view text, const std::string &why)
{
    return makeError({}, 0, 0, "pattern '" + std::string(text) + "': " + why);
}

std::optional<std::uint32_t> parseCount(std::string_view s)
{
    const auto v = parseInt(trim(s));
    if (!v || *v < 0 || *v > 0xffffffffLL)
        return std::nullopt;
    return static_cast<std::uint32_t>(*v);
}

// Uniform integer in [0, n) from the raw 64-bit engine output by rejection:
// std::uniform_int_distribution is implementation-defined, this is the same everywhere.
std::uint32_t below(std::mt19937_64 &rng, std::uint32_t n)
{
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t limit = kMax - kMax % n;
    std::uint64_t x = rng();
    while (x >= limit)
        x = rng();
    return static_cast<std::uint32_t>(x % n);
}

} // namespace

std::string PatternSpec::toString() const
{
    switch (kind) {
    case PatternKind::AllToAll: return "alltoall";
    case PatternKind::Shift: return "shift:" + std::to_string(k);
    case PatternKind::Permutation: return "permutation";
    case PatternKind::Incast: return "incast:" + std::to_string(k);
    case PatternKind::Uniform: return "uniform:" + std::to_string(k);
    case PatternKind::Pair: return "pair:" + std::to_string(src) + "," + std::to_string(dst);
    }
    return {};
}

Result<PatternSpec> parsePattern(std::string_view text)
{
    const std::string_view t = trim(text);
    const auto colon = t.find(':');
    const std::string_view name = t.substr(0, colon);
    const bool hasArg = colon != std::string_view::npos;
    const std::string_view arg = hasArg ? t.substr(colon + 1) : std::string_view{};
    PatternSpec spec;

    auto noArg = [&](PatternKind kind) -> Result<PatternSpec> {
        if (hasArg)
            return patternError(text, "takes no argument");
        spec.kind = kind;
        return spec;
    };
    auto countArg = [&](PatternKind kind, const char *what, bool optional) -> Result<PatternSpec> {
        spec.kind = kind;
        if (!hasArg) {
            if (optional)
                return spec;
            return patternError(text, std::string("needs ") + what + " (e.g. '" + std::string(name) + ":1')");
        }
        const auto v = parseCount(arg);
        if (!v || *v == 0)
            return patternError(text, std::string(what) + " must be a positive integer, got '" + std::string(arg) + "'");
        spec.k = *v;
        return spec;
    };

    if (name == "alltoall" || name == "all-to-all" || name == "all2all")
        return noArg(PatternKind::AllToAll);
    if (name == "ring")
        return noArg(PatternKind::Shift);
    if (name == "permutation" || name == "perm")
        return noArg(PatternKind::Permutation);
    if (name == "shift")
        return countArg(PatternKind::Shift, "a shift K", false);
    if (name == "incast")
        return countArg(PatternKind::Incast, "a sender count M", false);
    if (name == "uniform")
        return countArg(PatternKind::Uniform, "a flow count per endpoint F", true);
    if (name == "pair") {
        const auto comma = arg.find(',');
        const auto s = hasArg && comma != std::string_view::npos ? parseCount(arg.substr(0, comma)) : std::nullopt;
        const auto d = s ? parseCount(arg.substr(comma + 1)) : std::nullopt;
        if (!s || !d)
            return patternError(text, "expected pair:S,D with endpoint indices");
        if (*s == *d)
            return patternError(text, "source and destination are the same endpoint");
        spec.kind = PatternKind::Pair;
        spec.src = *s;
        spec.dst = *d;
        return spec;
    }
    if (t.empty())
        return makeError({}, 0, 0, std::string("empty pattern: ") + kForms);
    return patternError(text, std::string("unknown pattern; ") + kForms);
}

Result<std::uint64_t> checkPattern(const PatternSpec &spec, std::uint32_t n, double bytes)
{
    const std::string name = spec.toString();
    if (n < 2)
        return patternError(name, "needs at least 2 endpoints, got " + std::to_string(n));
    if (!(bytes >= 0.0))
        return patternError(name, "bytes must be >= 0");
    if ((spec.kind == PatternKind::Shift || spec.kind == PatternKind::Incast) && (spec.k == 0 || spec.k >= n))
        return patternError(name, std::string(spec.kind == PatternKind::Shift ? "K" : "M") + " must be in 1.."
                                      + std::to_string(n - 1) + " for " + std::to_string(n) + " endpoints");
    if (spec.kind == PatternKind::Pair && (spec.src >= n || spec.dst >= n))
        return patternError(name, "endpoint out of range 0.." + std::to_string(n - 1));
    return patternFlowCount(spec, n);
}

Result<std::vector<Demand>> generateTraffic(const PatternSpec &spec, std::uint32_t n, double bytes,
                                            std::uint64_t seed)
{
    const auto count = checkPattern(spec, n, bytes);
    if (!count)
        return count.error();
    std::vector<Demand> out;
    out.reserve(*count);
    forEachDemand(spec, n, bytes, seed, [&out](const Demand &d) {
        out.push_back(d);
        return true;
    });
    return out;
}

bool forEachDemand(const PatternSpec &spec, std::uint32_t n, double bytes, std::uint64_t seed,
                   const std::function<bool(const Demand &)> &visit)
{
    if (patternFlowCount(spec, n) == 0)
        return true;
    std::mt19937_64 rng(seed);
    switch (spec.kind) {
    case PatternKind::AllToAll:
        for (std::uint32_t s = 0; s < n; ++s)
            for (std::uint32_t d = 0; d < n; ++d)
                if (s != d && !visit({s, d, bytes}))
                    return false;
        return true;
    case PatternKind::Shift:
        for (std::uint32_t s = 0; s < n; ++s)
            if (!visit({s, static_cast<std::uint32_t>((static_cast<std::uint64_t>(s) + spec.k) % n), bytes}))
                return false;
        return true;
    case PatternKind::Permutation: {
        // Sattolo's algorithm: a uniformly random cyclic permutation, hence no fixed point.
        std::vector<std::uint32_t> perm(n);
        for (std::uint32_t i = 0; i < n; ++i)
            perm[i] = i;
        for (std::uint32_t i = n - 1; i > 0; --i)
            std::swap(perm[i], perm[below(rng, i)]);
        for (std::uint32_t s = 0; s < n; ++s)
            if (!visit({s, perm[s], bytes}))
                return false;
        return true;
    }
    case PatternKind::Incast:
        for (std::uint32_t s = 1; s <= spec.k; ++s)
            if (!visit({s, 0, bytes}))
                return false;
        return true;
    case PatternKind::Uniform:
        for (std::uint32_t s = 0; s < n; ++s) {
            for (std::uint32_t i = 0; i < spec.k; ++i) {
                std::uint32_t d = below(rng, n - 1);
                if (d >= s)
                    ++d;   // uniform over the others
                if (!visit({s, d, bytes}))
                    return false;
            }
        }
        return true;
    case PatternKind::Pair:
        return visit({spec.src, spec.dst, bytes});
    }
    return true;
}

std::uint64_t patternFlowCount(const PatternSpec &spec, std::uint32_t n)
{
    if (n < 2)
        return 0;
    switch (spec.kind) {
    case PatternKind::AllToAll: return std::uint64_t(n) * (n - 1);
    case PatternKind::Shift: return spec.k == 0 || spec.k >= n ? 0 : n;
    case PatternKind::Permutation: return n;
    case PatternKind::Incast: return spec.k == 0 || spec.k >= n ? 0 : spec.k;
    case PatternKind::Uniform: return std::uint64_t(n) * spec.k;
    case PatternKind::Pair: return spec.src < n && spec.dst < n ? 1 : 0;
    }
    return 0;
}

} // namespace cplan
