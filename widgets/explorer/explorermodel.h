#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "sweep/pareto.h"
#include "sweep/sweepspec.h"
#endif

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include "explorertext.h"

#include <vector>

namespace cplan {

// The points of a sweep as a table, one row a point in expansion order: "#", the axes, the
// objectives, "Front" (a mark on the Pareto front) and a note (why skipped, or which constraint
// it breaks). Constraints are the filter: setConstraints ranks the points again through the
// engine's rankSweep (core/sweep/pareto.h), so the front is that of the points that pass.
class ExplorerModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role { SortRole = Qt::UserRole + 1, FeasibleRole, ParetoRole };

    explicit ExplorerModel(QObject *parent = nullptr);

    void setResults(SweepSpec spec, std::vector<PointResult> results);
    void setConstraints(const SweepConstraints &constraints);
    // Ranks points whose objective is a lower bound too (RankOptions); off by default: they are
    // left off the front.
    void setIncludeIncomplete(bool include);
    bool includesIncomplete() const { return m_rank.includeIncomplete; }
    void clear();

    const SweepSpec &spec() const { return m_spec; }
    const std::vector<PointResult> &results() const { return m_results; }
    // The row of the result with this expansion index, or -1.
    int rowOfPoint(std::size_t index) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void ranked();   // results or constraints changed: violations and front are new

private:
    enum class Column { Number, Axis, Objective, Front, Note };
    Column columnKind(int column, int *offset) const;
    void rerank();

    SweepSpec m_spec;
    RankOptions m_rank;
    std::vector<PointResult> m_results;
};

// The table's view of the model: sortable on every column, and with "hide points that break a
// constraint" on, only the feasible ones.
class ExplorerProxy : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit ExplorerProxy(QObject *parent = nullptr);
    void setHideInfeasible(bool hide);
    bool hidesInfeasible() const { return m_hideInfeasible; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool m_hideInfeasible = false;
};

} // namespace cplan
