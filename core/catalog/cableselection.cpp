// Choosing parts for a link: the cable for a run, the transceivers for a fibre's ends.
#include "catalog/catalog.h"

#include <cctype>
#include <cmath>
#include <optional>
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

// The part that `keyOf` ranks first among those it ranks (nullopt: not a candidate); the
// catalog's order breaks ties.
template <class KeyOf>
const Part *bestPart(const std::vector<Part> &parts, KeyOf keyOf)
{
    const Part *best = nullptr;
    decltype(keyOf(parts.front()).value()) bestKey{};
    for (const Part &p : parts)
        if (auto key = keyOf(p); key && (!best || *key < bestKey)) {
            best = &p;
            bestKey = *key;
        }
    return best;
}

bool transceiverFits(const Part &p, double speedGbps, int linksPerEnd)
{
    return p.kind == PartKind::Transceiver && sameSpeed(p.speedGbps, speedGbps) && p.linksPerEnd == linksPerEnd;
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

    return bestPart(m_parts, [&](const Part &p) -> std::optional<std::tuple<int, int, double, double>> {
        if (p.kind != PartKind::Cable || !p.media || !p.lengthM || !sameSpeed(p.speedGbps, q.speedGbps) || p.protocol != q.protocol)
            return std::nullopt;
        if (*p.lengthM + 1e-9 < q.lengthM || (p.reachM && *p.reachM + 1e-9 < q.lengthM))
            return std::nullopt;
        if (!cagesMatch(p) || (!q.splitterAllowed && p.splitter))
            return std::nullopt;
        if (q.form != CableForm::Any && p.cableForm() != q.form)
            return std::nullopt;
        return std::make_tuple(mediaRank(*p.media), p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), *p.lengthM);
    });
}

const Part *Catalog::chooseTransceiver(double speedGbps, int linksPerEnd) const
{
    // Without a fibre to say which fabric, the optics are InfiniBand's (as before Ethernet
    // parts came): an Ethernet fibre asks the overload below.
    return bestPart(m_parts, [&](const Part &p) -> std::optional<std::tuple<int, double, double>> {
        if (!transceiverFits(p, speedGbps, linksPerEnd) || p.protocol != Protocol::InfiniBand)
            return std::nullopt;
        return std::make_tuple(p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), -p.reachM.value_or(0.0));
    });
}

const Part *Catalog::chooseTransceiver(double speedGbps, int linksPerEnd, const Part &fiber) const
{
    return bestPart(m_parts, [&](const Part &p) -> std::optional<std::tuple<int, double, double>> {
        // The fibre's fabric decides the optics' (an Ethernet fibre carries -T optics).
        if (!transceiverFits(p, speedGbps, linksPerEnd) || p.protocol != fiber.protocol)
            return std::nullopt;
        if (!fiber.fiberMode.empty() && p.fiberMode != fiber.fiberMode)
            return std::nullopt;
        if (fiber.lengthM && p.reachM && *p.reachM + 1e-9 < *fiber.lengthM)
            return std::nullopt;
        // Shortest reach that does the job: the cheaper optics, as a rule.
        return std::make_tuple(p.unitPrice ? 0 : 1, p.unitPrice.value_or(0.0), p.reachM.value_or(1e12));
    });
}

} // namespace cplan
