#include "explorermodel.h"

#include "explorertext.h"

#include "sweep/figures.h"
#include "sweep/pareto.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>
#include <cmath>

namespace cplan {

ExplorerModel::ExplorerModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ExplorerModel::setResults(SweepSpec spec, std::vector<PointResult> results)
{
    beginResetModel();
    m_spec = std::move(spec);
    m_results = std::move(results);
    rankSweep(m_spec, m_results, m_rank);
    endResetModel();
    emit ranked();
}

void ExplorerModel::setConstraints(const SweepConstraints &constraints)
{
    m_spec.constraints = constraints;
    rerank();
}

void ExplorerModel::setIncludeIncomplete(bool include)
{
    m_rank.includeIncomplete = include;
    rerank();
}

void ExplorerModel::rerank()
{
    rankSweep(m_spec, m_results, m_rank);
    if (!m_results.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    emit ranked();
}

void ExplorerModel::clear()
{
    setResults({}, {});
}

int ExplorerModel::rowOfPoint(std::size_t pointIndex) const
{
    for (std::size_t i = 0; i < m_results.size(); ++i)
        if (m_results[i].index == pointIndex)
            return int(i);
    return -1;
}

int ExplorerModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int ExplorerModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(1 + m_spec.axes.size() + m_spec.objectives.size() + 2);
}

ExplorerModel::Column ExplorerModel::columnKind(int column, int *offset) const
{
    const int axes = int(m_spec.axes.size()), objectives = int(m_spec.objectives.size());
    if (column == 0)
        return Column::Number;
    if (column <= axes) {
        *offset = column - 1;
        return Column::Axis;
    }
    if (column <= axes + objectives) {
        *offset = column - 1 - axes;
        return Column::Objective;
    }
    return column == axes + objectives + 1 ? Column::Front : Column::Note;
}

QVariant ExplorerModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    int offset = 0;
    switch (columnKind(section, &offset)) {
    case Column::Number: return QStringLiteral("#");
    case Column::Axis: return QString::fromStdString(m_spec.axes[std::size_t(offset)].name);
    case Column::Objective: return figureTitle(m_spec.objectives[std::size_t(offset)]);
    case Column::Front: return tr("Front");
    case Column::Note: return tr("Note");
    }
    return {};
}

QVariant ExplorerModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const PointResult &r = m_results[std::size_t(index.row())];
    if (role == FeasibleRole)
        return r.feasible();
    if (role == ParetoRole)
        return r.pareto;
    if (role == Qt::ForegroundRole && !r.feasible())
        return QBrush(QColor(0x8a, 0x94, 0xa3));
    if (role == Qt::FontRole && r.pareto) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole)
        return {};
    int offset = 0;
    switch (columnKind(index.column(), &offset)) {
    case Column::Number: return qulonglong(r.index + 1);
    case Column::Axis: {
        const std::string &name = m_spec.axes[std::size_t(offset)].name;
        for (const SweepSetting &a : r.axes)
            if (a.name == name)
                return QString::fromStdString(a.value);
        return {};
    }
    case Column::Objective: {
        const std::string &name = m_spec.objectives[std::size_t(offset)];
        const auto v = r.figure(name);
        if (!v)
            return role == SortRole ? QVariant(qInf()) : QVariant(QStringLiteral("–"));
        if (role == SortRole)
            return *v;
        const bool lowerBound = std::find(r.incomplete.begin(), r.incomplete.end(), name) != r.incomplete.end();
        return (lowerBound ? QStringLiteral("≥ ") : QString()) + figureText(name, *v);
    }
    case Column::Front: return r.pareto ? QStringLiteral("★") : QString();
    case Column::Note: {
        if (!r.skipped.empty())
            return tr("skipped: %1").arg(QString::fromStdString(r.skipped));
        QStringList broken;
        for (const std::string &v : r.violations)
            broken << QString::fromStdString(v);
        if (r.leftOff)
            broken << tr("not on the front: a part without a price or power figure");
        return broken.join(QStringLiteral("; "));
    }
    }
    return {};
}

ExplorerProxy::ExplorerProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(ExplorerModel::SortRole);
}

void ExplorerProxy::setHideInfeasible(bool hide)
{
    if (hide == m_hideInfeasible)
        return;
    m_hideInfeasible = hide;
    invalidateRowsFilter();
}

bool ExplorerProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    return !m_hideInfeasible || sourceModel()->index(sourceRow, 0, sourceParent).data(ExplorerModel::FeasibleRole).toBool();
}

} // namespace cplan
