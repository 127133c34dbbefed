#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace cplan {

// Exact max-min fair rate allocation (progressive filling) over directed links, incremental.
//
// A "flow" here is a path (directed-link indices) with a weight w > 0: w identical flows that
// share the path, each getting rate(id). A link with residual capacity c and unfrozen weight n
// offers the fair share c/n; the link with the smallest share saturates first, freezing its
// flows at that share (a min-heap over link shares, indexed, updated once per touched link).
//
// Incremental: addFlow / removeFlow / setWeight / setCapacity only mark links dirty. solve()
// re-rates the connected components (flows linked by shared links) that contain a dirty link
// and leaves every other rate untouched, which is exact because max-min rates of one component
// do not depend on another. affectedFlows() tells beforehand which flows solve() will re-rate
// (the flow simulator uses it to bank the bytes sent at the old rates).
//
// Local re-rating (solveLocal): max-min rates are the only rates in which every flow has a
// bottleneck, a full link on which no flow gets more (Bertsekas & Gallager, Data Networks,
// 6.5.2). Each flow remembers the link that froze it. A change re-rates the changed flows and
// those whose bottleneck it touched, on the capacity the other flows leave; then it checks the
// others that share links with them and takes in, and fills again with, every flow whose
// bottleneck no longer holds (its link is no longer full, or a re-rated flow now gets more
// there) and every flow that gets more than a re-rated flow on the link that froze it. So a
// flow that finishes re-rates only those it was actually holding back, and the result is the
// same max-min allocation (up to rounding) as a solve of the whole component.
//
// Memory is flat: paths live in one pool, each link keeps a vector of flow ids; removed flows
// are dropped from those vectors lazily, when a later traversal meets them.
class MaxMinSolver
{
public:
    using FlowId = std::uint32_t;

    MaxMinSolver() = default;
    explicit MaxMinSolver(std::vector<double> capacityBps);

    // Snap tolerance: a link share within this relative distance of the current fill level is
    // taken as equal to it, so that symmetric patterns get bit-identical rates.
    static constexpr double kShareSnap = 1e-12;
    // A link is tight (full) when its residual is at most this share of its capacity.
    static constexpr double kTightRel = 1e-9;

    std::size_t linkCount() const { return m_capacity.size(); }
    std::size_t flowCount() const { return m_weight.size(); }   // ids ever handed out
    std::size_t activeFlowCount() const { return m_activeCount; }

    void reserve(std::size_t flows, std::size_t pathLinks);
    // Links must be valid indices; an empty path is allowed (rate 0, inert). A link listed k
    // times takes k × weight × rate (an aggregated flow crossing k links of one class).
    FlowId addFlow(std::span<const std::uint32_t> links, double weight = 1.0);
    void removeFlow(FlowId id);
    void setWeight(FlowId id, double weight);
    void setCapacity(std::uint32_t link, double capacityBps);

    bool isActive(FlowId id) const { return m_active[id] != 0; }
    double weight(FlowId id) const { return m_weight[id]; }
    double rate(FlowId id) const { return m_rate[id]; }   // per unit of weight, bytes/s
    std::span<const std::uint32_t> path(FlowId id) const
    {
        return {m_pathPool.data() + m_pathOffset[id], m_pathLength[id]};
    }
    double capacity(std::uint32_t link) const { return m_capacity[link]; }
    // Load of a link under the current rates (sum of weight × rate of its active flows).
    double linkLoad(std::uint32_t link) const;

    // Flows (active) that the next solve() will re-rate. Stable until the next mutation.
    std::span<const FlowId> affectedFlows();
    // Links of those components (valid after affectedFlows() or solve()).
    std::span<const std::uint32_t> affectedLinks() const { return m_compLinks; }
    // Re-rate the dirty components. Returns the flows that were re-rated.
    std::span<const FlowId> solve();
    // Re-rate everything from scratch (marks all links dirty).
    std::span<const FlowId> solveAll();
    // Re-rate only the flows whose rate the changes since the last solve can alter (see
    // above). Returns the flows that were re-rated (those not listed keep their rates);
    // affectedLinks() then holds the links they use.
    std::span<const FlowId> solveLocal();

    // Residual capacity left on a link by the last solve of its component (after solveLocal,
    // a link that only lost flows, and was not full, may show less than is left).
    double residual(std::uint32_t link) const { return m_residual[link]; }

    // Asked every few thousand flows inside a solve (a solve of millions of flows takes longer
    // than a cancel may wait); true stops it at once, and stopped() says so. A stopped solver
    // has incomplete rates: it is for throwing away. The function must outlive the solver.
    void setCancel(const std::function<bool()> *cancelled) { m_cancelled = cancelled; }
    bool stopped() const { return m_stopped; }

private:
    void markDirty(std::uint32_t link);
    void collectComponents();
    void nextEpoch();
    void fill(bool local);
    bool prepareFill(bool local);
    void freezeOn(std::uint32_t link, double level);
    void commitRates();
    void clearChanges();
    // solveLocal: take a flow into the re-rated set; flows on a link that broke a bottleneck.
    void joinLocal(FlowId f);
    void joinAllOn(std::uint32_t link);
    // Drops the finished flows from a link's list (stable, so the order stays deterministic)
    // and calls visit(flow) on each active one, in order.
    template<class Visit> void forActiveFlowsOn(std::uint32_t link, Visit visit);
    bool joinBroken(std::uint32_t link, bool seed);
    // indexed min-heap over links keyed by fair share
    void heapPush(std::uint32_t link, double key);
    void heapUpdate(std::uint32_t link, double key);
    void heapRemove(std::uint32_t link);
    void siftUp(std::size_t i);
    void siftDown(std::size_t i);

    // links
    std::vector<double> m_capacity;
    std::vector<double> m_residual;
    std::vector<double> m_weightSum;        // unfrozen weight during a fill
    std::vector<std::uint32_t> m_unfrozen;  // unfrozen flow count during a fill
    std::vector<std::vector<FlowId>> m_linkFlows;
    std::vector<std::uint32_t> m_linkMark;  // epoch stamp: in component / dirty
    std::vector<std::uint32_t> m_touchMark;
    std::vector<std::int32_t> m_heapPos;    // -1 = not in heap
    std::vector<std::uint32_t> m_dirtyLinks;
    std::vector<std::uint8_t> m_isDirty;
    std::vector<std::uint8_t> m_forced;     // capacity changed since the last solve
    std::vector<double> m_load;             // sum of weight x rate of the active flows (local: of the others)
    std::vector<std::uint32_t> m_bnCount;   // active flows whose bottleneck it is (local: of the others)
    std::vector<double> m_bnLevel;          // their rate
    std::vector<double> m_sMax;             // local solve: highest re-rated rate on it
    std::vector<double> m_freezeLevel;      // local solve: level at which it froze re-rated flows, or -1

    // flows
    std::vector<std::uint32_t> m_pathPool;
    std::vector<std::uint64_t> m_pathOffset;
    std::vector<std::uint32_t> m_pathLength;
    std::vector<double> m_weight;
    std::vector<double> m_rate;
    std::vector<std::uint8_t> m_active;
    std::vector<std::uint32_t> m_flowMark;  // epoch stamp: in component
    std::vector<std::uint32_t> m_frozenMark;
    std::vector<std::uint32_t> m_bottleneck;   // link that froze it in its last fill
    std::vector<FlowId> m_changedFlows;     // added or re-weighted since the last solve
    std::size_t m_activeCount = 0;

    // scratch
    std::vector<FlowId> m_compFlows;
    std::vector<std::uint32_t> m_compLinks;
    std::vector<std::uint32_t> m_touched;
    std::vector<std::pair<double, std::uint32_t>> m_heap;
    std::uint32_t m_epoch = 0;
    std::uint32_t m_touchEpoch = 0;
    std::uint32_t m_fillEpoch = 0;
    bool m_prepared = false;
    const std::function<bool()> *m_cancelled = nullptr;
    bool m_stopped = false;
    std::size_t m_sinceCheck = 0;
    bool askCancel(std::size_t work);
};

} // namespace cplan
