#pragma once

#include "verify/verify.h"

#include <string>
#include <vector>

namespace cplan {

class Catalog;
class Design;

// The verification question: does the installed fabric match the plan, cable by cable? The
// as-built side is read from a file (an ibnetdiscover dump or a design); `cplan verify` and the
// window's Compare with as-built... render this one result (see verify/verify.h).
struct VerificationAnalysis
{
    AsBuilt asBuilt;
    VerifyResult result;
};

// `plane` (1-based): the as-built is a dump of that plane of a multi-plane plan (verify.h).
Result<VerificationAnalysis> analyzeVerification(const Design &plan, const std::string &asBuiltPath, const Catalog &catalog,
                                                 int plane = 0);

// The as-built from one or more files: LLDP neighbour tables (a folder of `lldpctl -f json`
// outputs, several files, or one JSON file; verify/lldpasbuilt.h) or, for one path, what the
// overload above reads. LLDP tables show every plane at once, so `plane` is refused with them.
Result<VerificationAnalysis> analyzeVerification(const Design &plan, const std::vector<std::string> &asBuiltPaths,
                                                 const Catalog &catalog, int plane = 0);

// What a dump of each plane shows (the window's plane picker: "Plane 2 — 32 switches, 512 HCAs in
// 512 servers"): index 0 the whole design, p plane p. Switches: the plane's; servers: those cabled
// into it (management appliances included, as in planeView); HCAs: their HCAs with a cable in it.
struct PlaneNodeCounts
{
    int switches = 0, servers = 0, hcas = 0;
};
std::vector<PlaneNodeCounts> planeNodeCounts(const Design &design, const Catalog &catalog);

} // namespace cplan
