#pragma once

#include "util/message.h"
#include "verify/verify.h"

namespace cplan {

// How the plan's nodes were found in the as-built fabric, as `cplan verify` prints it and the
// window's Differences dock shows it: matched by GUID, by name, by their place in the tree.
// When almost none matched, every planned cable reads "missing" and every found one
// "unexpected": the dump is most likely of another fabric, or of another plane, and the
// findings say nothing about the cabling. When the dump has only part of the plan's nodes (one
// leaf's ibnetdiscover, another plane), they match but the plan's other nodes read missing with
// every cable of theirs. Both front ends warn on these definitions, in these words.
struct MatchStats
{
    int planNodes = 0;    // the plan's nodes in the comparison (one plane's when a plane is given)
    int foundNodes = 0;   // the as-built's nodes
    int matched = 0, byGuid = 0, byName = 0, byPosition = 0;

    // Matched nodes as a share of the smaller side (a dump of part of the plan still matches).
    double share() const;
    // Fewer than kWrongFabricShare of the nodes matched: the wrong fabric or plane.
    bool almostNothingMatched() const;
    // The dump covers only part of the plan: it has fewer than kPartialDumpShare of the planned
    // nodes, and they matched (not almostNothingMatched(): that warning then says it).
    bool partialDump() const;
    int plannedNotFound() const { return planNodes - matched; }
    // "The as-built fabric has 9 nodes against 179 planned: the 170 others' cables read missing
    // (a partial dump, or another plane?)"; empty unless partialDump().
    Message partialDumpWording() const;
};

inline constexpr double kWrongFabricShare = 0.1;
inline constexpr double kPartialDumpShare = 0.5;

MatchStats matchStats(const VerifySummary &summary);
inline MatchStats matchStats(const VerifyResult &result) { return matchStats(result.summary); }

} // namespace cplan
