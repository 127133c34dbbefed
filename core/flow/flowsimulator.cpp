#include "flow/flowsimulator.h"

#include "flow/maxminsolver.h"
#include "util/hash.h"

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
    if (!p.weight.empty() && p.weight.size() != flows)
        return "weight must be empty or have one entry per flow";
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
        if (!p.weight.empty() && (!(p.weight[f] > 0.0) || !std::isfinite(p.weight[f])))
            return "flow " + std::to_string(f) + ": weight must be finite and > 0";
        for (std::uint32_t l : p.path(f))
            if (l >= p.capacityBps.size())
                return "flow " + std::to_string(f) + ": link index out of range";
    }
    return {};
}

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

std::uint64_t pathHash(std::span<const std::uint32_t> path, double start)
{
    std::uint64_t h = mixBits(std::bit_cast<std::uint64_t>(start) + 0x9e3779b97f4a7c15ULL);
    for (std::uint32_t l : path)
        h = mixBits(h ^ (l + 0x9e3779b97f4a7c15ULL + (h << 6)));
    return h;
}

bool samePath(const FlowProblem &p, std::size_t a, std::size_t b)
{
    const auto pa = p.path(a);
    const auto pb = p.path(b);
    return pa.size() == pb.size() && p.start(a) == p.start(b)
           && (pa.empty() || std::memcmp(pa.data(), pb.data(), pa.size_bytes()) == 0);
}

// Groups flows into classes (same path and start): returns classOf per flow. Asks `cancelled`
// every 64k flows; true stops it (stopped set, the classes incomplete).
std::vector<std::uint32_t> aggregate(const FlowProblem &p, bool enabled, std::uint32_t &classCount,
                                     std::vector<std::uint32_t> &representative,
                                     const std::function<bool()> &cancelled, bool &stopped)
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
    // Per slot (open addressing): the class id, and the hash's high half to compare first
    // (a path comparison per probe made this a quarter of an all-to-all's run).
    struct Slot
    {
        std::uint32_t cls = kNone;
        std::uint32_t tag = 0;
    };
    std::vector<Slot> table(size);
    const std::size_t mask = size - 1;
    for (std::size_t f = 0; f < flows; ++f) {
        if (f % 65536 == 65535 && cancelled && cancelled()) {
            stopped = true;
            break;
        }
        const std::uint64_t h = pathHash(p.path(f), p.start(f));
        const auto tag = static_cast<std::uint32_t>(h >> 32);
        std::size_t slot = h & mask;
        for (;;) {
            const std::uint32_t c = table[slot].cls;
            if (c == kNone) {
                const auto id = static_cast<std::uint32_t>(representative.size());
                table[slot] = {id, tag};
                representative.push_back(static_cast<std::uint32_t>(f));
                classOf[f] = id;
                break;
            }
            if (table[slot].tag == tag && samePath(p, representative[c], f)) {
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

// Flows with identical path and start as classes, each class's members ordered by bytes, and
// the classes in start order.
struct FlowClasses
{
    std::uint32_t count = 0;
    std::vector<std::uint32_t> classOf;        // per flow
    std::vector<std::uint32_t> rep;            // per class: a member flow (its path and start)
    std::vector<std::uint32_t> memberOffset;   // CSR: members of class c
    std::vector<std::uint32_t> members;        // flows, by class, each class by bytes
    std::vector<std::uint32_t> startOrder;     // classes by start date
    bool stopped = false;                      // cancelled while grouping: no classes

    FlowClasses(const FlowProblem &p, bool aggregateIdenticalPaths, const std::function<bool()> &cancelled)
    {
        classOf = aggregate(p, aggregateIdenticalPaths, count, rep, cancelled, stopped);
        if (stopped) {
            count = 0;
            rep.clear();
            memberOffset.assign(1, 0);
            return;
        }
        orderMembers(p);
        orderStarts(p);
    }

private:
    void orderMembers(const FlowProblem &p)
    {
        const std::size_t flows = p.flowCount();
        memberOffset.assign(count + 1, 0);
        for (std::uint32_t c : classOf)
            ++memberOffset[c + 1];
        for (std::uint32_t c = 0; c < count; ++c)
            memberOffset[c + 1] += memberOffset[c];
        members.resize(flows);
        std::vector<std::uint32_t> fillPos(memberOffset.begin(), memberOffset.end() - 1);
        for (std::size_t f = 0; f < flows; ++f)
            members[fillPos[classOf[f]]++] = static_cast<std::uint32_t>(f);
        for (std::uint32_t c = 0; c < count; ++c) {
            if (memberOffset[c + 1] - memberOffset[c] > 1)
                std::sort(members.begin() + memberOffset[c], members.begin() + memberOffset[c + 1],
                          [&](std::uint32_t a, std::uint32_t b) {
                              return p.bytes[a] < p.bytes[b] || (p.bytes[a] == p.bytes[b] && a < b);
                          });
        }
    }

    void orderStarts(const FlowProblem &p)
    {
        startOrder.resize(count);
        for (std::uint32_t c = 0; c < count; ++c)
            startOrder[c] = c;
        if (!p.startS.empty())
            std::stable_sort(startOrder.begin(), startOrder.end(), [&](std::uint32_t a, std::uint32_t b) {
                return p.startS[rep[a]] < p.startS[rep[b]];
            });
    }
};

// One run of the event-driven simulation: the classes' state, the solver and the heap of
// predicted finishes. run() alternates re-rating (rerate), finding the next event (nextEvent)
// and completing what finishes by then (completeBatch), then sums the links (sumLinks).
class FlowRun
{
public:
    FlowRun(const FlowProblem &p, const FlowOptions &options)
        : m_p(p)
        , m_tol(options.relTolerance)
        , m_cancelled(options.cancelled)
        , m_cls(p, options.aggregateIdenticalPaths, options.cancelled)
        , m_solver(p.capacityBps)
    {
        if (m_cancelled)
            m_solver.setCancel(&m_cancelled);
        const std::uint32_t classes = m_cls.count;
        m_service.assign(classes, 0.0);
        m_lastUpdate.assign(classes, 0.0);
        m_rate.assign(classes, 0.0);
        m_next.assign(m_cls.memberOffset.begin(), m_cls.memberOffset.end() - 1);
        m_solverId.assign(classes, kNone);
        m_version.assign(classes, 0);
        m_fresh.assign(classes, 0);
        m_solver.reserve(classes, p.pathLinks.size());
        m_solverToClass.reserve(classes);
        m_heap.reserve(classes);

        const std::size_t flows = p.flowCount();
        const std::size_t links = p.capacityBps.size();
        m_r.finishS.assign(flows, kInf);
        m_r.rateAtStartBps.assign(flows, 0.0);
        m_r.linkBytes.assign(links, 0.0);
        m_r.linkUtilization.assign(links, 0.0);
        m_r.linkPeakLoadBps.assign(links, 0.0);
        m_r.classes = classes;
    }

    FlowResult run()
    {
        if (m_cls.stopped) {
            m_r.cancelled = true;
            return std::move(m_r);
        }
        double t = m_cls.count ? m_p.start(m_cls.rep[m_cls.startOrder[0]]) : 0.0;
        startClasses(t + m_tol * t, t);
        while (true) {
            if (m_cancelled && m_cancelled()) {
                m_r.cancelled = true;
                break;
            }
            rerate(t);
            if (m_r.cancelled)
                break;
            const double tNext = nextEvent();
            if (tNext == kInf)
                break;
            const double limit = tNext + m_tol * tNext;
            completeBatch(limit);
            t = tNext;
            startClasses(limit, t);
        }
        if (!m_r.cancelled)
            sumLinks();
        return std::move(m_r);
    }

private:
    static constexpr double kInf = std::numeric_limits<double>::infinity();

    // Finishes the members of class c whose bytes are reached by its service (within tolerance);
    // returns the weight of those left.
    double completeMembers(std::uint32_t c, double when)
    {
        const std::uint32_t end = m_cls.memberOffset[c + 1];
        const double reached = m_service[c] * (1.0 + m_tol);
        while (m_next[c] < end && m_p.bytes[m_cls.members[m_next[c]]] <= reached) {
            m_r.finishS[m_cls.members[m_next[c]]] = when;
            ++m_next[c];
        }
        if (m_p.weight.empty())
            return static_cast<double>(end - m_next[c]);
        double left = 0.0;
        for (std::uint32_t m = m_next[c]; m < end; ++m)
            left += m_p.weight[m_cls.members[m]];
        return left;
    }

    // The classes starting by `limit` enter the solver (zero-byte members and empty paths
    // finish at once).
    void startClasses(double limit, double now)
    {
        while (m_sp < m_cls.count && m_p.start(m_cls.rep[m_cls.startOrder[m_sp]]) <= limit) {
            if (m_sp % 65536 == 65535 && m_cancelled && m_cancelled())
                return;   // the event loop stops at its next question
            const std::uint32_t c = m_cls.startOrder[m_sp++];
            const double t0 = m_p.start(m_cls.rep[c]);
            const auto path = m_p.path(m_cls.rep[c]);
            if (path.empty())   // nothing to cross: done at once
                m_service[c] = kInf;
            const double left = completeMembers(c, t0);   // all when no path, else zero-byte members
            if (left == 0)
                continue;
            m_solverId[c] = m_solver.addFlow(path, left);
            m_solverToClass.push_back(c);
            m_lastUpdate[c] = now;
            m_fresh[c] = 1;
        }
    }

    // Re-rates what the finishes and starts can change (the others keep their rates), banks
    // the bytes the re-rated classes sent at their old rates, re-predicts. A cancel inside the
    // solve leaves its rates incomplete: the run is marked cancelled and nothing is banked.
    void rerate(double t)
    {
        const auto rerated = m_solver.solveLocal();
        if (m_solver.stopped()) {
            m_r.cancelled = true;
            return;
        }
        for (std::uint32_t id : rerated) {
            const std::uint32_t c = m_solverToClass[id];
            m_service[c] += m_rate[c] * (t - m_lastUpdate[c]);
            m_lastUpdate[c] = t;
            m_rate[c] = m_solver.rate(id);
        }
        if (!rerated.empty())
            ++m_r.events;
        m_r.rerated += rerated.size();
        const std::size_t heapBefore = m_heap.size();
        for (std::uint32_t id : rerated)
            predict(m_solverToClass[id], t);
        pushPredictions(heapBefore);
        for (std::uint32_t l : m_solver.affectedLinks())
            m_r.linkPeakLoadBps[l] = std::max(m_r.linkPeakLoadBps[l], m_p.capacityBps[l] - m_solver.residual(l));
    }

    // A re-rated class: its new rate is its members' rate at start when it just started, and
    // its next member's finish is predicted at that rate.
    void predict(std::uint32_t c, double t)
    {
        ++m_version[c];
        if (m_fresh[c]) {
            for (std::uint32_t m = m_next[c]; m < m_cls.memberOffset[c + 1]; ++m)
                m_r.rateAtStartBps[m_cls.members[m]] = m_rate[c];
            m_fresh[c] = 0;
        }
        if (m_rate[c] > 0.0) {
            const double left = std::max(0.0, m_p.bytes[m_cls.members[m_next[c]]] - m_service[c]);
            m_heap.push_back({t + left / m_rate[c], c, m_version[c]});
        }
    }

    // The predictions appended after `heapBefore` into the heap. Many new predictions, or
    // mostly stale ones: drop the stale and heapify in O(n); otherwise sift the few new ones in.
    void pushPredictions(std::size_t heapBefore)
    {
        const std::size_t added = m_heap.size() - heapBefore;
        if (added > heapBefore / 4 || m_heap.size() > 2 * m_solver.activeFlowCount() + 1024) {
            std::erase_if(m_heap, [&](const Prediction &e) { return e.version != m_version[e.cls]; });
            std::make_heap(m_heap.begin(), m_heap.end(), laterThan);
        } else {
            for (std::size_t i = heapBefore + 1; i <= m_heap.size(); ++i)
                std::push_heap(m_heap.begin(), m_heap.begin() + static_cast<std::ptrdiff_t>(i), laterThan);
        }
    }

    // Next event: earliest valid prediction or next start (+inf when there is none).
    double nextEvent()
    {
        while (!m_heap.empty() && m_heap.front().version != m_version[m_heap.front().cls]) {
            std::pop_heap(m_heap.begin(), m_heap.end(), laterThan);
            m_heap.pop_back();
        }
        const double tFinish = m_heap.empty() ? kInf : m_heap.front().t;
        const double tStart = m_sp < m_cls.count ? m_p.start(m_cls.rep[m_cls.startOrder[m_sp]]) : kInf;
        return std::min(tFinish, tStart);
    }

    // A prediction come true (unless stale): its class's next members finish; the class leaves
    // the solver or carries the members left.
    void complete(const Prediction &e)
    {
        if (e.version != m_version[e.cls])
            return;
        const std::uint32_t c = e.cls;
        ++m_version[c];   // this prediction is consumed
        m_service[c] = m_p.bytes[m_cls.members[m_next[c]]];
        m_lastUpdate[c] = e.t;
        const double left = completeMembers(c, e.t);
        if (left == 0)
            m_solver.removeFlow(m_solverId[c]);
        else
            m_solver.setWeight(m_solverId[c], left);
    }

    // Pops the batch of predictions due by `limit`; a batch that is a big share of the heap
    // (symmetric patterns finish by the million) is split off with one linear partition instead
    // of a million cache-missing pops. A batch of a few dozen among a million predictions
    // (uneven loads finish a few classes at a time, thousands of times) is popped: a partition
    // and a re-heapify of the whole heap each time would cost more than everything else.
    void completeBatch(double limit)
    {
        std::size_t popped = 0;
        while (!m_heap.empty() && m_heap.front().t <= limit) {
            if (++popped > 64 && popped > m_heap.size() / 32) {
                const auto mid = std::partition(m_heap.begin(), m_heap.end(),
                                                [&](const Prediction &e) { return e.t <= limit; });
                m_batch.assign(m_heap.begin(), mid);
                m_heap.erase(m_heap.begin(), mid);
                std::make_heap(m_heap.begin(), m_heap.end(), laterThan);
                std::sort(m_batch.begin(), m_batch.end(), [](const Prediction &a, const Prediction &b) {
                    return a.cls < b.cls;
                });
                for (const Prediction &e : m_batch)
                    complete(e);
                return;
            }
            const Prediction e = m_heap.front();
            std::pop_heap(m_heap.begin(), m_heap.end(), laterThan);
            m_heap.pop_back();
            complete(e);
        }
    }

    // Bytes per link: finished members carry all their bytes, unfinished ones what they sent;
    // then the completion and the links' utilization.
    void sumLinks()
    {
        for (std::uint32_t c = 0; c < m_cls.count; ++c) {
            double sum = 0.0;
            for (std::uint32_t m = m_cls.memberOffset[c]; m < m_cls.memberOffset[c + 1]; ++m) {
                const std::uint32_t f = m_cls.members[m];
                if (m < m_next[c]) {
                    sum += m_p.bytes[f] * m_p.flowWeight(f);
                } else {
                    m_r.unfinished += static_cast<std::size_t>(std::llround(m_p.flowWeight(f)));
                    sum += std::min(m_p.bytes[f], std::isfinite(m_service[c]) ? m_service[c] : 0.0) * m_p.flowWeight(f);
                }
            }
            for (std::uint32_t l : m_p.path(m_cls.rep[c]))
                m_r.linkBytes[l] += sum;
        }
        for (double f : m_r.finishS)
            if (std::isfinite(f))
                m_r.completionS = std::max(m_r.completionS, f);
        if (m_r.completionS > 0.0) {
            for (std::size_t l = 0; l < m_p.capacityBps.size(); ++l) {
                if (m_p.capacityBps[l] > 0.0)
                    m_r.linkUtilization[l] = m_r.linkBytes[l] / (m_p.capacityBps[l] * m_r.completionS);
                m_r.maxLinkUtilization = std::max(m_r.maxLinkUtilization, m_r.linkUtilization[l]);
            }
        }
    }

    const FlowProblem &m_p;
    const double m_tol;
    const std::function<bool()> &m_cancelled;   // FlowOptions::cancelled (outlives the run)
    FlowResult m_r;
    const FlowClasses m_cls;
    MaxMinSolver m_solver;
    // Per class.
    std::vector<double> m_service;      // bytes sent by each member so far
    std::vector<double> m_lastUpdate;
    std::vector<double> m_rate;         // per member, since lastUpdate
    std::vector<std::uint32_t> m_next;  // first unfinished member
    std::vector<std::uint32_t> m_solverId;
    std::vector<std::uint32_t> m_version;
    std::vector<std::uint8_t> m_fresh;
    std::vector<std::uint32_t> m_solverToClass;
    std::size_t m_sp = 0;               // classes started, in startOrder
    std::vector<Prediction> m_heap;
    std::vector<Prediction> m_batch;
};

} // namespace

FlowResult simulateFlows(const FlowProblem &p, const FlowOptions &options)
{
    assert(checkFlowProblem(p).empty());
    return FlowRun(p, options).run();
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
        solver.addFlow(path, p.flowWeight(f));
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
