#include "flow/flowsimulator.h"

#include "flow/maxminsolver.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

namespace cplan {

void FlowProblem::addFlow(std::span<const std::uint32_t> links, double flowBytes, double flowStartS)
{
    if (pathOffsets.empty())
        pathOffsets.push_back(0);
    pathLinks.insert(pathLinks.end(), links.begin(), links.end());
    pathOffsets.push_back(static_cast<std::uint32_t>(pathLinks.size()));
    if (flowStartS != 0.0 && startS.size() < bytes.size())
        startS.resize(bytes.size(), 0.0);
    bytes.push_back(flowBytes);
    if (!startS.empty())
        startS.push_back(flowStartS);
}

void FlowProblem::reserve(std::size_t flows, std::size_t totalPathLinks)
{
    pathOffsets.reserve(flows + 1);
    pathLinks.reserve(totalPathLinks);
    bytes.reserve(flows);
}

std::string checkFlowProblem(const FlowProblem &p)
{
    const std::size_t flows = p.bytes.size();
    if (p.pathOffsets.size() != flows + 1 && !(flows == 0 && p.pathOffsets.empty()))
        return "pathOffsets must have flows + 1 entries";
    if (!p.startS.empty() && p.startS.size() != flows)
        return "startS must be empty or have one entry per flow";
    for (std::size_t l = 0; l < p.capacityBps.size(); ++l)
        if (!(p.capacityBps[l] >= 0.0) || !std::isfinite(p.capacityBps[l]))
            return "link " + std::to_string(l) + ": capacity must be finite and >= 0";
    if (flows == 0)
        return {};
    if (p.pathOffsets.front() != 0 || p.pathOffsets.back() != p.pathLinks.size())
        return "pathOffsets must start at 0 and end at pathLinks.size()";
    for (std::size_t f = 0; f < flows; ++f) {
        if (p.pathOffsets[f] > p.pathOffsets[f + 1])
            return "flow " + std::to_string(f) + ": pathOffsets decrease";
        if (!(p.bytes[f] >= 0.0) || !std::isfinite(p.bytes[f]))
            return "flow " + std::to_string(f) + ": bytes must be finite and >= 0";
        if (!p.startS.empty() && (!(p.startS[f] >= 0.0) || !std::isfinite(p.startS[f])))
            return "flow " + std::to_string(f) + ": start must be finite and >= 0";
        const auto path = p.path(f);
        for (std::size_t i = 0; i < path.size(); ++i) {
            if (path[i] >= p.capacityBps.size())
                return "flow " + std::to_string(f) + ": link index out of range";
            for (std::size_t j = 0; j < i; ++j)
                if (path[j] == path[i])
                    return "flow " + std::to_string(f) + ": link used twice on one path";
        }
    }
    return {};
}

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

std::uint64_t mix(std::uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

std::uint64_t pathHash(std::span<const std::uint32_t> path, double start)
{
    std::uint64_t h = mix(std::bit_cast<std::uint64_t>(start) + 0x9e3779b97f4a7c15ULL);
    for (std::uint32_t l : path)
        h = mix(h ^ (l + 0x9e3779b97f4a7c15ULL + (h << 6)));
    return h;
}

bool samePath(const FlowProblem &p, std::size_t a, std::size_t b)
{
    const auto pa = p.path(a);
    const auto pb = p.path(b);
    return pa.size() == pb.size() && p.start(a) == p.start(b)
           && (pa.empty() || std::memcmp(pa.data(), pb.data(), pa.size_bytes()) == 0);
}

// Groups flows into classes (same path and start): returns classOf per flow.
std::vector<std::uint32_t> aggregate(const FlowProblem &p, bool enabled, std::uint32_t &classCount,
                                     std::vector<std::uint32_t> &representative)
{
    const std::size_t flows = p.flowCount();
    std::vector<std::uint32_t> classOf(flows);
    representative.clear();
    if (!enabled) {
        for (std::size_t f = 0; f < flows; ++f) {
            classOf[f] = static_cast<std::uint32_t>(f);
            representative.push_back(static_cast<std::uint32_t>(f));
        }
        classCount = static_cast<std::uint32_t>(flows);
        return classOf;
    }
    const std::size_t size = std::bit_ceil(std::max<std::size_t>(16, flows * 2));
    std::vector<std::uint32_t> table(size, kNone);   // class id per slot (open addressing)
    const std::size_t mask = size - 1;
    for (std::size_t f = 0; f < flows; ++f) {
        std::size_t slot = pathHash(p.path(f), p.start(f)) & mask;
        for (;;) {
            const std::uint32_t c = table[slot];
            if (c == kNone) {
                const auto id = static_cast<std::uint32_t>(representative.size());
                table[slot] = id;
                representative.push_back(static_cast<std::uint32_t>(f));
                classOf[f] = id;
                break;
            }
            if (samePath(p, representative[c], f)) {
                classOf[f] = c;
                break;
            }
            slot = (slot + 1) & mask;
        }
    }
    classCount = static_cast<std::uint32_t>(representative.size());
    return classOf;
}

struct Prediction
{
    double t;
    std::uint32_t cls;
    std::uint32_t version;
};

inline bool laterThan(const Prediction &a, const Prediction &b)   // min-heap comparator
{
    return a.t > b.t || (a.t == b.t && a.cls > b.cls);
}

} // namespace

FlowResult simulateFlows(const FlowProblem &p, const FlowOptions &options)
{
    assert(checkFlowProblem(p).empty());
    const std::size_t flows = p.flowCount();
    const std::size_t links = p.capacityBps.size();
    const double inf = std::numeric_limits<double>::infinity();
    const double tol = options.relTolerance;

    FlowResult r;
    r.finishS.assign(flows, inf);
    r.rateAtStartBps.assign(flows, 0.0);
    r.linkBytes.assign(links, 0.0);
    r.linkUtilization.assign(links, 0.0);
    r.linkPeakLoadBps.assign(links, 0.0);

    // Classes: flows with identical path and start; members ordered by bytes.
    std::uint32_t classes = 0;
    std::vector<std::uint32_t> rep;
    const std::vector<std::uint32_t> classOf = aggregate(p, options.aggregateIdenticalPaths, classes, rep);
    r.classes = classes;
    std::vector<std::uint32_t> memberOffset(classes + 1, 0);
    for (std::uint32_t c : classOf)
        ++memberOffset[c + 1];
    for (std::uint32_t c = 0; c < classes; ++c)
        memberOffset[c + 1] += memberOffset[c];
    std::vector<std::uint32_t> members(flows);
    {
        std::vector<std::uint32_t> fillPos(memberOffset.begin(), memberOffset.end() - 1);
        for (std::size_t f = 0; f < flows; ++f)
            members[fillPos[classOf[f]]++] = static_cast<std::uint32_t>(f);
    }
    for (std::uint32_t c = 0; c < classes; ++c) {
        if (memberOffset[c + 1] - memberOffset[c] > 1)
            std::sort(members.begin() + memberOffset[c], members.begin() + memberOffset[c + 1],
                      [&](std::uint32_t a, std::uint32_t b) {
                          return p.bytes[a] < p.bytes[b] || (p.bytes[a] == p.bytes[b] && a < b);
                      });
    }

    // Per-class state.
    std::vector<double> service(classes, 0.0);   // bytes sent by each member so far
    std::vector<double> lastUpdate(classes, 0.0);
    std::vector<double> rate(classes, 0.0);      // per member, since lastUpdate
    std::vector<std::uint32_t> next(memberOffset.begin(), memberOffset.end() - 1);   // first unfinished
    std::vector<std::uint32_t> solverId(classes, kNone);
    std::vector<std::uint32_t> version(classes, 0);
    std::vector<std::uint8_t> fresh(classes, 0);

    std::vector<std::uint32_t> startOrder(classes);
    for (std::uint32_t c = 0; c < classes; ++c)
        startOrder[c] = c;
    if (!p.startS.empty())
        std::stable_sort(startOrder.begin(), startOrder.end(), [&](std::uint32_t a, std::uint32_t b) {
            return p.startS[rep[a]] < p.startS[rep[b]];
        });

    MaxMinSolver solver(p.capacityBps);
    solver.reserve(classes, p.pathLinks.size());
    std::vector<std::uint32_t> solverToClass;
    solverToClass.reserve(classes);
    std::vector<Prediction> heap;
    heap.reserve(classes);
    std::vector<Prediction> batch;

    // Finishes the members of class c whose bytes are reached by its service (within tolerance).
    auto completeMembers = [&](std::uint32_t c, double when) {
        const std::uint32_t end = memberOffset[c + 1];
        const double reached = service[c] * (1.0 + tol);
        while (next[c] < end && p.bytes[members[next[c]]] <= reached) {
            r.finishS[members[next[c]]] = when;
            ++next[c];
        }
        return end - next[c];
    };

    std::size_t sp = 0;
    auto startClasses = [&](double limit, double now) {
        while (sp < classes && p.start(rep[startOrder[sp]]) <= limit) {
            const std::uint32_t c = startOrder[sp++];
            const double t0 = p.start(rep[c]);
            const auto path = p.path(rep[c]);
            std::uint32_t left = memberOffset[c + 1] - memberOffset[c];
            if (path.empty()) {   // nothing to cross: done at once
                service[c] = inf;
                left = completeMembers(c, t0);
            } else {
                left = completeMembers(c, t0);   // zero-byte members
            }
            if (left == 0)
                continue;
            solverId[c] = solver.addFlow(path, static_cast<double>(left));
            solverToClass.push_back(c);
            lastUpdate[c] = now;
            fresh[c] = 1;
        }
    };

    double t = classes ? p.start(rep[startOrder[0]]) : 0.0;
    startClasses(t + tol * t, t);
    while (true) {
        // Re-rate what the finishes and starts can change (the others keep their rates), bank
        // the bytes the re-rated classes sent at their old rates, re-predict.
        const auto rerated = solver.solveLocal();
        for (std::uint32_t id : rerated) {
            const std::uint32_t c = solverToClass[id];
            service[c] += rate[c] * (t - lastUpdate[c]);
            lastUpdate[c] = t;
            rate[c] = solver.rate(id);
        }
        if (!rerated.empty())
            ++r.events;
        r.rerated += rerated.size();
        const std::size_t heapBefore = heap.size();
        for (std::uint32_t id : rerated) {
            const std::uint32_t c = solverToClass[id];
            ++version[c];
            if (fresh[c]) {
                for (std::uint32_t m = next[c]; m < memberOffset[c + 1]; ++m)
                    r.rateAtStartBps[members[m]] = rate[c];
                fresh[c] = 0;
            }
            if (rate[c] > 0.0) {
                const double left = std::max(0.0, p.bytes[members[next[c]]] - service[c]);
                heap.push_back({t + left / rate[c], c, version[c]});
            }
        }
        // Many new predictions, or mostly stale ones: drop the stale and heapify in O(n);
        // otherwise sift the few new ones in.
        const std::size_t added = heap.size() - heapBefore;
        if (added > heapBefore / 4 || heap.size() > 2 * solver.activeFlowCount() + 1024) {
            std::erase_if(heap, [&](const Prediction &e) { return e.version != version[e.cls]; });
            std::make_heap(heap.begin(), heap.end(), laterThan);
        } else {
            for (std::size_t i = heapBefore + 1; i <= heap.size(); ++i)
                std::push_heap(heap.begin(), heap.begin() + static_cast<std::ptrdiff_t>(i), laterThan);
        }
        for (std::uint32_t l : solver.affectedLinks())
            r.linkPeakLoadBps[l] = std::max(r.linkPeakLoadBps[l], p.capacityBps[l] - solver.residual(l));

        // Next event: earliest valid prediction or next start.
        while (!heap.empty() && heap.front().version != version[heap.front().cls]) {
            std::pop_heap(heap.begin(), heap.end(), laterThan);
            heap.pop_back();
        }
        const double tFinish = heap.empty() ? inf : heap.front().t;
        const double tStart = sp < classes ? p.start(rep[startOrder[sp]]) : inf;
        const double tNext = std::min(tFinish, tStart);
        if (tNext == inf)
            break;
        const double limit = tNext + tol * tNext;
        auto complete = [&](const Prediction &e) {
            if (e.version != version[e.cls])
                return;
            const std::uint32_t c = e.cls;
            ++version[c];   // this prediction is consumed
            service[c] = p.bytes[members[next[c]]];
            lastUpdate[c] = e.t;
            const std::uint32_t left = completeMembers(c, e.t);
            if (left == 0)
                solver.removeFlow(solverId[c]);
            else
                solver.setWeight(solverId[c], static_cast<double>(left));
        };
        // Pop the batch; a batch that is a big share of the heap (symmetric patterns finish
        // by the million) is split off with one linear partition instead of a million
        // cache-missing pops. A batch of a few dozen among a million predictions (uneven loads
        // finish a few classes at a time, thousands of times) is popped: a partition and a
        // re-heapify of the whole heap each time would cost more than everything else.
        std::size_t popped = 0;
        while (!heap.empty() && heap.front().t <= limit) {
            if (++popped > 64 && popped > heap.size() / 32) {
                const auto mid = std::partition(heap.begin(), heap.end(),
                                                [&](const Prediction &e) { return e.t <= limit; });
                batch.assign(heap.begin(), mid);
                heap.erase(heap.begin(), mid);
                std::make_heap(heap.begin(), heap.end(), laterThan);
                std::sort(batch.begin(), batch.end(), [](const Prediction &a, const Prediction &b) {
                    return a.cls < b.cls;
                });
                for (const Prediction &e : batch)
                    complete(e);
                break;
            }
            const Prediction e = heap.front();
            std::pop_heap(heap.begin(), heap.end(), laterThan);
            heap.pop_back();
            complete(e);
        }
        t = tNext;
        startClasses(limit, t);
    }

    // Bytes per link: finished members carry all their bytes, unfinished ones what they sent.
    for (std::uint32_t c = 0; c < classes; ++c) {
        double sum = 0.0;
        for (std::uint32_t m = memberOffset[c]; m < memberOffset[c + 1]; ++m) {
            const std::uint32_t f = members[m];
            if (m < next[c]) {
                sum += p.bytes[f];
            } else {
                ++r.unfinished;
                sum += std::min(p.bytes[f], std::isfinite(service[c]) ? service[c] : 0.0);
            }
        }
        for (std::uint32_t l : p.path(rep[c]))
            r.linkBytes[l] += sum;
    }
    for (double f : r.finishS)
        if (std::isfinite(f))
            r.completionS = std::max(r.completionS, f);
    if (r.completionS > 0.0) {
        for (std::size_t l = 0; l < links; ++l) {
            if (p.capacityBps[l] > 0.0)
                r.linkUtilization[l] = r.linkBytes[l] / (p.capacityBps[l] * r.completionS);
            r.maxLinkUtilization = std::max(r.maxLinkUtilization, r.linkUtilization[l]);
        }
    }
    return r;
}

std::vector<double> maxMinRates(const FlowProblem &p, std::span<const std::uint32_t> activeFlows)
{
    assert(checkFlowProblem(p).empty());
    std::vector<double> rates(p.flowCount(), 0.0);
    MaxMinSolver solver(p.capacityBps);
    std::vector<std::uint32_t> ids;
    auto add = [&](std::uint32_t f) {
        const auto path = p.path(f);
        if (path.empty())
            return;
        solver.addFlow(path);
        ids.push_back(f);
    };
    if (activeFlows.empty()) {
        solver.reserve(p.flowCount(), p.pathLinks.size());
        for (std::uint32_t f = 0; f < p.flowCount(); ++f)
            add(f);
    } else {
        for (std::uint32_t f : activeFlows)
            add(f);
    }
    solver.solve();
    for (std::size_t i = 0; i < ids.size(); ++i)
        rates[ids[i]] = solver.rate(static_cast<MaxMinSolver::FlowId>(i));
    return rates;
}

} // namespace cplan
