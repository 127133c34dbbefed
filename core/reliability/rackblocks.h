#pragma once

#include <string>
#include <vector>

namespace cplan::reliability {

// A rack-scale NVLink domain (GB200 NVL72: 18 compute trays, RA-GB200) serves jobs that ask for
// blocks of s trays. Each tray is unavailable with probability lambda, independently; the
// NVLink switch trays join every compute tray to every other, so any s available trays make a
// block. The usable share is E[floor(A / s) * s] / trays with A ~ Binomial(trays, 1 - lambda),
// summed exactly over A.
double usableShare(int trays, int blockTrays, double lambda);

struct BlockChoice
{
    int blockTrays = 0;
    double usableShare = 0;
};

// Every block size 1..trays with its usable share, and the largest block size whose usable
// share is at least `keep` (the Slurm block size that keeps most GPUs usable): a job of one
// block then runs on trays that stay usable however the failures fall, in expectation.
struct BlockAdvice
{
    int trays = 0;
    double lambda = 0, keep = 0;
    std::vector<BlockChoice> sizes;
    int recommended = 1;
};
BlockAdvice adviseBlockSize(int trays, double lambda, double keep = 0.95);

// "# ..." lines for the Slurm block topology.conf: the usable share by block size at lambda.
std::string blockAdviceComment(const BlockAdvice &advice);

} // namespace cplan::reliability
