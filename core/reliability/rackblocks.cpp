#include "reliability/rackblocks.h"

#include <cmath>
#include <cstdio>

namespace cplan::reliability {

namespace {

double binomialPmf(int n, int k, double p)
{
    if (p <= 0)
        return k == 0 ? 1.0 : 0.0;
    if (p >= 1)
        return k == n ? 1.0 : 0.0;
    const double logC = std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0);
    return std::exp(logC + k * std::log(p) + (n - k) * std::log1p(-p));
}

std::string percent(double share)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", share * 100.0);
    return buf;
}

} // namespace

double usableShare(int trays, int blockTrays, double lambda)
{
    if (trays <= 0 || blockTrays <= 0 || blockTrays > trays)
        return 0.0;
    double expected = 0;
    for (int a = 0; a <= trays; ++a)
        expected += binomialPmf(trays, a, 1.0 - lambda) * double((a / blockTrays) * blockTrays);
    return expected / double(trays);
}

BlockAdvice adviseBlockSize(int trays, double lambda, double keep)
{
    BlockAdvice advice;
    advice.trays = trays;
    advice.lambda = lambda;
    advice.keep = keep;
    for (int s = 1; s <= trays; ++s) {
        const double share = usableShare(trays, s, lambda);
        advice.sizes.push_back({s, share});
        if (share >= keep)
            advice.recommended = s;
    }
    return advice;
}

std::string blockAdviceComment(const BlockAdvice &a)
{
    if (a.sizes.empty())
        return {};
    std::string out = "# Failed trays (cplan reliability): with each of a domain's " + std::to_string(a.trays) +
                      " trays out " + percent(a.lambda) + " of the time,\n# the expected usable share of the trays for " +
                      "jobs in blocks of s trays (exact binomial) is\n#  ";
    for (const BlockChoice &c : a.sizes)
        out += " s=" + std::to_string(c.blockTrays) + ": " + percent(c.usableShare) + (c.blockTrays % 6 == 0 ? "\n#  " : ";");
    if (out.back() == ';')
        out.back() = '\n';
    else
        out.resize(out.size() - 3);
    out += "# The largest block that keeps at least " + percent(a.keep) + " of the trays usable: " +
           std::to_string(a.recommended) + " trays.\n";
    return out;
}

} // namespace cplan::reliability
