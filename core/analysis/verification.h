#pragma once

#include "verify/verify.h"

#include <string>

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

} // namespace cplan
