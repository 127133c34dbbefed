#pragma once

#include "generate/fattreeshape.h"
#include "model/tier.h"

namespace cplan::gen {

// Where a generated fat tree goes on the canvas (canvas units). Units side by side, their leaves
// above them and, with pods, their pod's spines above those; the top tier (spines of two tiers,
// cores of three) above all; planes stacked above each other, each laid out alike.
//
// A fabric whose units in one row would be a strip at Fit (wider than about 3:1 even with the
// tiers spread as far as kMaxTierPitch) wraps its units into rows of unitsPerRow, the count that
// brings the plane nearest 2:1, a whole number of rows per pod or pods per row. Each row carries
// its units' leaves above it, and the spines of the pods that start in it; the top tier stays
// above the first row. Fabrics
// that fit in one row are laid out as before rows existed.
class FatTreeCanvas
{
public:
    explicit FatTreeCanvas(const FatTreeShape &s);

    static constexpr double kServerPitch = 70;   // a server slot
    static constexpr double kUnitGap = 140;      // between units (and again between pods)
    static constexpr double kTierPitch = 260;    // least vertical distance between tiers
    static constexpr double kMaxTierPitch = 2000;

    int rows() const { return m_rows; }
    int unitsPerRow() const { return m_unitsPerRow; }
    double rowWidth() const { return m_rowWidth; }

    double unitX(int unit) const;
    double serverX(int j) const;
    double leafX(int leaf) const;
    // Spine s of `spines` of pod `pod`: over the pod's units (of its first row).
    double podSpineX(int pod, int s, int spines) const;
    // The top tier's switch i of n, spread over a row.
    double topX(int i, int n) const { return (i + 0.5) * m_rowWidth / n; }

    double serverY(int unit) const { return rowBase(unit / m_unitsPerRow); }
    double leafY(int leaf, int plane) const;
    double podSpineY(int pod, int plane) const;
    double topY(Tier tier, int plane) const { return switchY(tier, 0, plane); }

private:
    double rowBase(int row) const { return m_tiers * m_tierPitch + row * m_tiers * m_tierPitch; }
    double switchY(Tier tier, int row, int plane) const;
    static int bestUnitsPerRow(const FatTreeShape &s, double unitPitch, double tierPitch);

    bool m_pods;
    int m_unitsPerPod, m_tiers, m_suSize, m_leavesPerUnit, m_units;
    int m_slots = 1, m_unitsPerRow = 1, m_rows = 1;
    double m_unitWidth = 0, m_rowWidth = 0, m_tierPitch = 0, m_planeStack = 0;
};

} // namespace cplan::gen
