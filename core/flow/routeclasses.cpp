#include "flow/routeclasses.h"
#include "util/hash.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <unordered_map>

namespace cplan {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

std::uint64_t step(std::uint64_t h, std::uint64_t v)
{
    return mixBits(h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)));
}

// The flow classes of one round: colour -> class, each with its weight, bytes, path (as link
// classes of the round) and longest delay. Open addressing; refuses a class past `limit`.
class ClassTable
{
public:
    explicit ClassTable(std::size_t limit) : m_limit(limit) { rehash(1024); }

    std::size_t size() const { return m_weight.size(); }

    // Adds `weight` flows to the class of `colour`, creating it from the bundle (path: the head,
    // then the tail, as link classes) when new; kNone when that would pass the limit.
    std::uint32_t add(std::uint64_t colour, double weight, double delay, std::uint32_t head, const ListedBundle &b,
                      const std::vector<std::uint32_t> &linkClass)
    {
        std::size_t slot = colour & m_mask;
        while (m_ids[slot] != kNone) {
            if (m_keys[slot] == colour) {
                const std::uint32_t c = m_ids[slot];
                m_weight[c] += weight;
                m_delay[c] = std::max(m_delay[c], delay);
                return c;
            }
            slot = (slot + 1) & m_mask;
        }
        if (size() >= m_limit)
            return kNone;
        const auto c = static_cast<std::uint32_t>(size());
        m_keys[slot] = colour;
        m_ids[slot] = c;
        m_weight.push_back(weight);
        m_bytes.push_back(b.bytes);
        m_delay.push_back(delay);
        m_first.push_back(head);
        m_pathLinks.push_back(linkClass[head]);
        for (std::uint32_t l : b.tail)
            m_pathLinks.push_back(linkClass[l]);
        m_pathOffsets.push_back(static_cast<std::uint32_t>(m_pathLinks.size()));
        if (2 * size() > m_mask)
            rehash(2 * (m_mask + 1));
        return c;
    }

    // The aggregated problem over `linkClasses` link classes of the given capacities.
    void into(RouteClasses &out, std::vector<double> classCapacity, const std::vector<double> &linkCapacity) const
    {
        FlowProblem &p = out.problem;
        p.capacityBps = std::move(classCapacity);
        p.pathOffsets = m_pathOffsets;
        p.pathLinks = m_pathLinks;
        p.bytes = m_bytes;
        p.weight = m_weight;
        out.delayS = m_delay;
        out.firstLinkBps.resize(size(), 0.0);
        for (std::size_t c = 0; c < size(); ++c)
            out.firstLinkBps[c] = linkCapacity[m_first[c]];
    }

private:
    void rehash(std::size_t slots)
    {
        std::vector<std::uint64_t> keys(slots);
        std::vector<std::uint32_t> ids(slots, kNone);
        const std::size_t mask = slots - 1;
        for (std::size_t s = 0; s < m_ids.size(); ++s) {
            if (m_ids[s] == kNone)
                continue;
            std::size_t slot = m_keys[s] & mask;
            while (ids[slot] != kNone)
                slot = (slot + 1) & mask;
            keys[slot] = m_keys[s];
            ids[slot] = m_ids[s];
        }
        m_keys = std::move(keys);
        m_ids = std::move(ids);
        m_mask = mask;
    }

    std::size_t m_limit;
    std::size_t m_mask = 0;
    std::vector<std::uint64_t> m_keys;
    std::vector<std::uint32_t> m_ids;
    std::vector<double> m_weight, m_bytes, m_delay;
    std::vector<std::uint32_t> m_first;                 // head link of the first member
    std::vector<std::uint32_t> m_pathOffsets{0}, m_pathLinks;
};

// Dense link class ids from the links' colours (numbered in the order of their first link);
// returns how many.
std::uint32_t denseClasses(const std::vector<std::uint64_t> &colour, std::vector<std::uint32_t> &linkClass)
{
    std::unordered_map<std::uint64_t, std::uint32_t> ids;
    ids.reserve(colour.size());
    linkClass.resize(colour.size());
    for (std::size_t l = 0; l < colour.size(); ++l)
        linkClass[l] = ids.try_emplace(colour[l], static_cast<std::uint32_t>(ids.size())).first->second;
    return static_cast<std::uint32_t>(ids.size());
}

// Over link classes that carry flows: the most flows on one link over the class mean, minus 1.
double imbalance(const std::vector<std::uint64_t> &flowsOnLink, const std::vector<std::uint32_t> &linkClass,
                 std::uint32_t classes)
{
    std::vector<double> sum(classes, 0.0), most(classes, 0.0), size(classes, 0.0);
    for (std::size_t l = 0; l < linkClass.size(); ++l) {
        const auto n = static_cast<double>(flowsOnLink[l]);
        sum[linkClass[l]] += n;
        most[linkClass[l]] = std::max(most[linkClass[l]], n);
        size[linkClass[l]] += 1.0;
    }
    double worst = 0.0;
    for (std::uint32_t c = 0; c < classes; ++c)
        if (sum[c] > 0.0)
            worst = std::max(worst, most[c] / (sum[c] / size[c]) - 1.0);
    return worst;
}

struct Round
{
    bool cancelled = false;
    bool overflow = false;   // more flow classes than the limit
    std::uint64_t flows = 0;
};

// One round: lists every flow; a flow's colour is its bytes and the link colours along its
// path (the tail's, then its head's); each link sums a hash of the colours crossing it (a
// multiset hash), which gives its next colour. Fills `table` with the round's flow classes.
// Heads of a bundle in a row with one colour are one flow class: added at once.
Round runRound(const FlowLister &list, const std::vector<std::uint64_t> &colour, const std::vector<std::uint32_t> &linkClass,
               std::vector<std::uint64_t> &linkSum, std::vector<std::uint64_t> *flowsOnLink, ClassTable &table,
               const std::function<bool()> &cancelled)
{
    Round r;
    std::uint64_t bundles = 0;
    std::fill(linkSum.begin(), linkSum.end(), 0);
    list([&](const ListedBundle &b) {
        if (++bundles % 4096 == 0 && cancelled && cancelled()) {
            r.cancelled = true;
            return false;
        }
        std::uint64_t tailHash = mixBits(std::bit_cast<std::uint64_t>(b.bytes) ^ 0x5bd1e9955bd1e995ULL);
        for (std::uint32_t l : b.tail)
            tailHash = step(tailHash, colour[l]);
        std::uint64_t tailSum = 0;
        const std::size_t heads = b.heads.size();
        for (std::size_t i = 0; i < heads;) {
            const std::uint64_t c = colour[b.heads[i]];
            const std::uint64_t h = step(tailHash, c);
            const std::uint64_t mark = mixBits(h + 0x2545f4914f6cdd1dULL);
            double delay = 0.0;
            std::size_t j = i;
            for (; j < heads && colour[b.heads[j]] == c; ++j) {
                linkSum[b.heads[j]] += mark;
                if (flowsOnLink)
                    ++(*flowsOnLink)[b.heads[j]];
                if (!b.headDelayS.empty())
                    delay = std::max(delay, b.headDelayS[j]);
            }
            tailSum += mark * (j - i);
            if (table.add(h, double(j - i), delay + b.tailDelayS, b.heads[i], b, linkClass) == kNone) {
                r.overflow = true;
                return false;
            }
            i = j;
        }
        for (std::uint32_t l : b.tail) {
            linkSum[l] += tailSum;
            if (flowsOnLink)
                (*flowsOnLink)[l] += heads;
        }
        r.flows += heads;
        return true;
    });
    return r;
}

} // namespace

RouteClasses findRouteClasses(const std::vector<double> &capacityBps, const FlowLister &list, const RouteClassOptions &options)
{
    RouteClasses out;
    const std::size_t links = capacityBps.size();
    std::vector<std::uint64_t> colour(links);
    for (std::size_t l = 0; l < links; ++l)
        colour[l] = mixBits(std::bit_cast<std::uint64_t>(capacityBps[l]));
    std::vector<std::uint32_t> linkClass;
    std::uint32_t linkClasses = denseClasses(colour, linkClass);
    std::vector<std::uint64_t> linkSum(links), flowsOnLink(links, 0);
    std::optional<ClassTable> kept;        // the last round's classes
    std::vector<std::uint32_t> keptLinkClass;
    std::uint32_t keptLinkClasses = 0;
    for (int round = 0; round < options.maxRounds; ++round) {
        ClassTable table(options.maxClasses);
        const Round r = runRound(list, colour, linkClass, linkSum, round == 0 ? &flowsOnLink : nullptr, table, options.cancelled);
        if (r.cancelled) {
            out.cancelled = true;
            return out;
        }
        if (r.overflow)
            break;   // the last round that fit stands, an approximation
        out.flows = r.flows;
        out.rounds = round + 1;
        kept.emplace(std::move(table));
        keptLinkClass = linkClass;
        keptLinkClasses = linkClasses;
        for (std::size_t l = 0; l < links; ++l)
            colour[l] = step(colour[l], linkSum[l]);
        const std::uint32_t next = denseClasses(colour, linkClass);
        if (next == linkClasses) {   // no link class split: the partition is equitable
            out.exact = true;
            break;
        }
        linkClasses = next;
    }
    if (!kept)
        return out;   // not even the first round fits: no classes (the caller refuses)
    std::vector<double> classCapacity(keptLinkClasses, 0.0);
    out.linkClassSize.assign(keptLinkClasses, 0);
    for (std::size_t l = 0; l < links; ++l) {
        classCapacity[keptLinkClass[l]] += capacityBps[l];
        ++out.linkClassSize[keptLinkClass[l]];
    }
    kept->into(out, std::move(classCapacity), capacityBps);
    out.linkClass = std::move(keptLinkClass);
    out.imbalance = out.exact ? 0.0 : imbalance(flowsOnLink, out.linkClass, keptLinkClasses);
    return out;
}

void spreadLinkFigures(const RouteClasses &classes, const FlowResult &aggregated, FlowResult &perLink)
{
    const std::size_t links = classes.linkClass.size();
    perLink.linkBytes.assign(links, 0.0);
    perLink.linkUtilization.assign(links, 0.0);
    perLink.linkPeakLoadBps.assign(links, 0.0);
    for (std::size_t l = 0; l < links; ++l) {
        const std::uint32_t c = classes.linkClass[l];
        if (c >= aggregated.linkBytes.size())
            continue;
        const double size = classes.linkClassSize[c];
        perLink.linkBytes[l] = aggregated.linkBytes[c] / size;
        perLink.linkUtilization[l] = aggregated.linkUtilization[c];
        perLink.linkPeakLoadBps[l] = aggregated.linkPeakLoadBps[c] / size;
    }
    perLink.maxLinkUtilization = aggregated.maxLinkUtilization;
    perLink.completionS = aggregated.completionS;
    perLink.events = aggregated.events;
    perLink.rerated = aggregated.rerated;
    perLink.classes = aggregated.classes;
    perLink.unfinished = aggregated.unfinished;
    perLink.cancelled = aggregated.cancelled;
}

} // namespace cplan
