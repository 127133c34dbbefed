#include "reliability/checkpoint.h"

#include <cmath>

namespace cplan::reliability {

double youngInterval(double deltaS, double mtbiS)
{
    return std::sqrt(2.0 * deltaS * mtbiS);
}

double dalyInterval(double deltaS, double mtbiS)
{
    if (deltaS >= 2.0 * mtbiS)
        return mtbiS;
    const double x = deltaS / (2.0 * mtbiS);
    return std::sqrt(2.0 * deltaS * mtbiS) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - deltaS;
}

double availabilityOptimalInterval(double deltaS, double mtbiS, double restartS)
{
    return deltaS + std::sqrt(2.0 * (mtbiS + restartS) * deltaS + deltaS * deltaS);
}

double goodput(double tauS, double deltaS, double mtbiS, double restartS)
{
    if (!(tauS > 0) || !(mtbiS > 0))
        return 0.0;
    if (std::isinf(mtbiS))
        return tauS / (tauS + deltaS);
    // expm1 keeps precision when (tau + delta) << M.
    return tauS / (mtbiS * std::exp(restartS / mtbiS) * std::expm1((tauS + deltaS) / mtbiS));
}

std::optional<CheckpointPlan> planCheckpoints(double checkpointGB, double storageGBps, double restartS, double mtbiS)
{
    if (!(checkpointGB > 0) || !(storageGBps > 0) || !(restartS >= 0) || !(mtbiS > 0) || std::isinf(mtbiS))
        return std::nullopt;
    CheckpointPlan p;
    p.writeS = checkpointGB / storageGBps;
    p.restartS = restartS;
    p.youngS = youngInterval(p.writeS, mtbiS);
    p.dalyS = dalyInterval(p.writeS, mtbiS);
    p.availabilityS = availabilityOptimalInterval(p.writeS, mtbiS, restartS);
    p.intervalS = p.dalyS;
    p.goodput = goodput(p.intervalS, p.writeS, mtbiS, restartS);
    return p;
}

} // namespace cplan::reliability
