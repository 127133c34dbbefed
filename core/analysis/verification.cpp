#include "analysis/verification.h"

#include "model/design.h"

namespace cplan {

Result<VerificationAnalysis> analyzeVerification(const Design &plan, const std::string &asBuiltPath, const Catalog &catalog,
                                                 int plane)
{
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

} // namespace cplan
