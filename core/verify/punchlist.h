#pragma once

#include "verify/verify.h"

#include <string>
#include <vector>

namespace cplan {

// What a technician carries after a verification: one row per action.
//   replace  a planned cable that was not found (absent or dead): install it, ends A and B
//   move     a misconnected cable: end A is right, the other end is at `nowAt`; move it to B
//   remove   a cable found but not planned, between A and B
//   check    a cable at the right ports running below plan (reseat, clean, replace), or a
//            node whose part is not the planned one (A is the node)
// Ends carry the rack and the port label as on the cable plan; the label is the cable's.
struct PunchRow
{
    int row = 0;
    std::string action;
    std::string cableLabel;
    std::string cableId;         // the plan's link id (the as-built's for remove)
    VerifyEnd a, b, nowAt;
    std::string note;
};

std::vector<PunchRow> punchList(const VerifyResult &result);
std::string punchListCsv(const std::vector<PunchRow> &rows);

} // namespace cplan
