#include "generate/fattreecanvas.h"

#include "generate/common.h"

#include <algorithm>
#include <cmath>

namespace cplan::gen {

namespace {

// A plane wider than this at Fit, with its tiers as far apart as they go, is a strip: its units wrap.
constexpr double kStripAspect = 4;
// The shape a wrapped plane aims for: a projector's, less the docks beside the canvas.
constexpr double kWrappedAspect = 2;

} // namespace

FatTreeCanvas::FatTreeCanvas(const FatTreeShape &s)
    : m_pods(s.tiers == 3 && s.unitsPerPod > 0), m_unitsPerPod(s.unitsPerPod), m_tiers(std::max(s.tiers, 1)),
      m_suSize(std::max(s.suSize, 1)), m_leavesPerUnit(std::max(s.leavesPerUnit, 1)), m_units(std::max(s.units, 1))
{
    // A unit has a slot per server it can take; a fabric of one unit as wide as its servers (the
    // 8 servers of a 36-port switch centred under it, not in the left quarter of 36 slots).
    m_slots = s.units <= 1 ? std::clamp(s.servers, 1, m_suSize) : m_suSize;
    m_unitWidth = std::max(double(m_slots) * kServerPitch, double(s.leavesPerUnit) * 2 * kServerPitch);
    m_unitsPerRow = m_units;
    m_rowWidth = unitX(m_units - 1) + m_unitWidth;
    // Tiers spread with the fabric's width, so that a fitted view is about 3:1, not a thin strip.
    m_tierPitch = std::clamp(m_rowWidth / (3.0 * m_tiers), kTierPitch, kMaxTierPitch);
    if (m_tiers > 1 && m_rowWidth > kStripAspect * m_tiers * kMaxTierPitch) {
        m_tierPitch = kMaxTierPitch;
        m_unitsPerRow = bestUnitsPerRow(s, m_unitWidth + kUnitGap, m_tierPitch);
        m_rowWidth = 0;
        for (int first = 0; first < m_units; first += m_unitsPerRow)
            m_rowWidth = std::max(m_rowWidth, unitX(std::min(first + m_unitsPerRow, m_units) - 1) + m_unitWidth);
    }
    m_rows = ceilDiv(m_units, m_unitsPerRow);
    m_planeStack = rowBase(m_rows - 1);
}

int FatTreeCanvas::bestUnitsPerRow(const FatTreeShape &s, double unitPitch, double tierPitch)
{
    const int units = std::max(s.units, 1), perPod = s.tiers == 3 ? s.unitsPerPod : 0;
    int best = units;
    double bestScore = 1e300;
    for (int rows = 1; rows <= units; ++rows) {
        const int perRow = ceilDiv(units, rows);
        if (ceilDiv(units, perRow) != rows)
            continue;
        if (perPod > 0 && perPod % perRow != 0 && perRow % perPod != 0)
            continue;
        const double aspect = perRow * unitPitch / (rows * std::max(s.tiers, 1) * tierPitch);
        const double score = std::abs(std::log(aspect / kWrappedAspect));
        if (score < bestScore)
            bestScore = score, best = perRow;
    }
    return best;
}

double FatTreeCanvas::unitX(int unit) const
{
    const int row = unit / m_unitsPerRow, col = unit % m_unitsPerRow;
    double x = col * (m_unitWidth + kUnitGap);
    if (m_pods)
        x += (unit / m_unitsPerPod - (row * m_unitsPerRow) / m_unitsPerPod) * kUnitGap;
    return x;
}

double FatTreeCanvas::serverX(int j) const
{
    return unitX(j / m_suSize) + (j % m_suSize + 0.5) * m_unitWidth / m_slots;
}

double FatTreeCanvas::leafX(int leaf) const
{
    return unitX(leaf / m_leavesPerUnit) + (leaf % m_leavesPerUnit + 0.5) * m_unitWidth / m_leavesPerUnit;
}

double FatTreeCanvas::switchY(Tier tier, int row, int plane) const
{
    return rowBase(row) - level(tier) * m_tierPitch - plane * m_planeStack;
}

double FatTreeCanvas::leafY(int leaf, int plane) const
{
    return switchY(Tier::Leaf, leaf / m_leavesPerUnit / m_unitsPerRow, plane);
}

// A pod's spines spread over its units, in the row above them; a pod of several rows has them
// over its first row (a block of its own there, not one across the rows of other units).
double FatTreeCanvas::podSpineX(int pod, int s, int spines) const
{
    const int first = pod * m_unitsPerPod;
    const int last = std::min(first + m_unitsPerPod, (first / m_unitsPerRow + 1) * m_unitsPerRow) - 1;
    const double x0 = unitX(first), x1 = unitX(last) + m_unitWidth;
    return x0 + (s + 0.5) * (x1 - x0) / spines;
}

double FatTreeCanvas::podSpineY(int pod, int plane) const
{
    return switchY(Tier::Spine, pod * m_unitsPerPod / m_unitsPerRow, plane);
}

} // namespace cplan::gen
