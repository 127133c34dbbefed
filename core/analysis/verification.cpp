#include "analysis/verification.h"

namespace cplan {

Result<VerificationAnalysis> analyzeVerification(const Design &plan, const std::string &asBuiltPath, const Catalog &catalog)
{
    auto found = loadAsBuilt(asBuiltPath, catalog);
    if (!found)
        return found.error();
    VerificationAnalysis out;
    out.result = verifyAsBuilt(plan, *found, catalog);
    out.asBuilt = std::move(*found);
    return out;
}

} // namespace cplan
