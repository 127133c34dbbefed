#pragma once

#include "util/error.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan {

// One transfer between endpoints 0..N-1 (the caller maps them to HCA ports and routes them).
struct Demand
{
    std::uint32_t src = 0;
    std::uint32_t dst = 0;
    double bytes = 0.0;
};

enum class PatternKind {
    AllToAll,      // "alltoall": every ordered pair, N(N-1) flows
    Shift,         // "shift:K": i -> (i+K) mod N ("ring" = shift:1)
    Permutation,   // "permutation": a seeded random derangement (nobody sends to itself)
    Incast,        // "incast:M": endpoints 1..M -> endpoint 0
    Uniform,       // "uniform:F": every endpoint sends F flows to seeded uniform random others
    Pair,          // "pair:S,D": one flow
};

struct PatternSpec
{
    PatternKind kind = PatternKind::AllToAll;
    std::uint32_t k = 1;        // shift K, incast M, uniform F
    std::uint32_t src = 0;      // pair
    std::uint32_t dst = 0;      // pair
    std::string toString() const;   // canonical name, parses back to the same spec
};

// "alltoall" (also "all-to-all"), "shift:K", "ring", "permutation", "incast:M", "uniform[:F]",
// "pair:S,D". Errors name the text and list the accepted forms.
Result<PatternSpec> parsePattern(std::string_view text);

// The demands of a pattern over `endpoints` endpoints, `bytes` each. Random patterns use
// std::mt19937_64 seeded with `seed` and are identical on every platform. Errors: a pattern
// that does not fit (shift K not in 1..N-1, incast M >= N, pair out of range, N < 2).
Result<std::vector<Demand>> generateTraffic(const PatternSpec &spec, std::uint32_t endpoints,
                                            double bytes, std::uint64_t seed = 1);

// How many demands generateTraffic would return, or its error, without generating them.
Result<std::uint64_t> checkPattern(const PatternSpec &spec, std::uint32_t endpoints, double bytes);

// The same demands, in the same order, one at a time (for patterns too big to hold: all-to-all
// over 16,384 endpoints is 268M demands). visit returns false to stop; then so does this.
// A pattern that does not fit visits nothing.
bool forEachDemand(const PatternSpec &spec, std::uint32_t endpoints, double bytes, std::uint64_t seed,
                   const std::function<bool(const Demand &)> &visit);

// How many demands generateTraffic would return, without generating them (0 for a pattern that
// does not fit): what a run will cost is known before it starts.
std::uint64_t patternFlowCount(const PatternSpec &spec, std::uint32_t endpoints);

} // namespace cplan
