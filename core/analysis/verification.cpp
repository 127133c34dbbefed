#include "analysis/verification.h"

#include "model/design.h"
#include "verify/lldpasbuilt.h"

namespace cplan {

Result<VerificationAnalysis> analyzeVerification(const Design &plan, const std::string &asBuiltPath, const Catalog &catalog,
                                                 int plane)
{
    if (isLldpAsBuilt(std::vector<std::string>{asBuiltPath}))
        return analyzeVerification(plan, std::vector<std::string>{asBuiltPath}, catalog, plane);
    const int planes = designPlanes(plan);
    if (plane < 0 || plane > planes)
        return Error{"", 0, 0, "plane " + std::to_string(plane) + ": the plan has " + std::to_string(planes) + " plane(s)"};
    auto found = loadAsBuilt(asBuiltPath, catalog);
    if (!found)
        return found.error();
    if (found->fromDump && planes > 0 && plane == 0)
        return Error{asBuiltPath, 0, 0, "the plan has " + std::to_string(planes) +
                                            " planes, each its own subnet, and an ibnetdiscover dump shows one: give the plane it "
                                            "was taken on (--plane N)"};
    VerificationAnalysis out;
    out.result = verifyAsBuilt(plan, *found, catalog, plane);
    out.asBuilt = std::move(*found);
    return out;
}

Result<VerificationAnalysis> analyzeVerification(const Design &plan, const std::vector<std::string> &asBuiltPaths,
                                                 const Catalog &catalog, int plane)
{
    if (!isLldpAsBuilt(asBuiltPaths))
        return asBuiltPaths.empty() ? Result<VerificationAnalysis>(Error{"", 0, 0, "no as-built file given"})
                                    : analyzeVerification(plan, asBuiltPaths.front(), catalog, plane);
    if (plane > 0)
        return Error{asBuiltPaths.front(), 0, 0, "LLDP neighbour tables show every plane at once: verify them without --plane"};
    auto found = loadLldpAsBuilt(asBuiltPaths, plan, catalog);
    if (!found)
        return found.error();
    VerificationAnalysis out;
    out.result = verifyAsBuilt(plan, *found, catalog);
    out.asBuilt = std::move(*found);
    return out;
}

} // namespace cplan
