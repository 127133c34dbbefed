// Choosing parts for a link: the cable for a run, the transceivers for a fibre's ends.
#include "catalog/catalog.h"

#include <cctype>
#include <cmath>
#include <tuple>

namespace cplan {

namespace {

std::string upper(std::string s)
{
    for (auto &c : s)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

bool sameSpeed(const std::optional<double> &a, double b)
{
    return a && std::fabs(*a - b) < 1e-6;
}

} // namespace

const Part *Catalog::chooseCable(double speedGbps, double lengthM) const
{
    return chooseCable(CableQuery{speedGbps, lengthM, {}, {}});
}

const Part *Catalog::chooseCable(const CableQuery &q) const
{
    auto mediaRank = [](CableMedia m) {
        switch (m) {
        case CableMedia::Dac: return 0;
        case CableMedia::Acc: return 1;
        case CableMedia::Aoc: return 2;
        case CableMedia::Fiber: return 3;
        }
        return 4;
    };
    auto cagesMatch = [&](const Part &p) {
        const std::string a = upper(p.cage);
        const std::string b = upper(p.farCage.empty() ? p.cage : p.farCage);
        const std::string qa = upper(q.cageA), qb = upper(q.cageB);
        if (qa.empty() && qb.empty())
            return true;
        if (qb.empty())
            return qa == a || qa == b;
        if (qa.empty())
            return qb == a || qb == b;
        return (qa == a && qb == b) || (qa == b && qb == a);
    };

    const Part *best = nullptr;
    std::tuple<int, int, double, double, std::size_t> bestKey{};
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const Part &p = m_parts[i];
        if (p.kind != PartKind::Cable || !p.media || !p.lengthM || !sameSpeed(p.speedGbps, q.speedGbps))
            continue;
        if (*p.lengthM + 1e-9 < q.lengthM || (p.reachM && *p.reachM + 1e-9 < q.lengthM))
            continue;
        if (!cagesMatch(p))
            continue;
        if (!q.splitterAllowed && p.splitter)
            continue;
        auto key = std::make_tuple(mediaRank(*p.media), p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), *p.lengthM, i);
        if (!best || key < bestKey) {
            best = &p;
            bestKey = key;
        }
    }
    return best;
}

const Part *Catalog::chooseTransceiver(double speedGbps, int linksPerEnd) const
{
    const Part *best = nullptr;
    std::tuple<int, double, double, std::size_t> bestKey{};
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const Part &p = m_parts[i];
        if (p.kind != PartKind::Transceiver || !sameSpeed(p.speedGbps, speedGbps) || p.linksPerEnd != linksPerEnd)
            continue;
        auto key = std::make_tuple(p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), -p.reachM.value_or(0.0), i);
        if (!best || key < bestKey) {
            best = &p;
            bestKey = key;
        }
    }
    return best;
}

const Part *Catalog::chooseTransceiver(double speedGbps, int linksPerEnd, const Part &fiber) const
{
    const Part *best = nullptr;
    std::tuple<int, double, double, std::size_t> bestKey{};
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const Part &p = m_parts[i];
        if (p.kind != PartKind::Transceiver || !sameSpeed(p.speedGbps, speedGbps) || p.linksPerEnd != linksPerEnd)
            continue;
        if (!fiber.fiberMode.empty() && p.fiberMode != fiber.fiberMode)
            continue;
        if (fiber.lengthM && p.reachM && *p.reachM + 1e-9 < *fiber.lengthM)
            continue;
        // Shortest reach that does the job: the cheaper optics, as a rule.
        auto key = std::make_tuple(p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), p.reachM.value_or(1e12), i);
        if (!best || key < bestKey) {
            best = &p;
            bestKey = key;
        }
    }
    return best;
}

} // namespace cplan
