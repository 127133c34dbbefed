#include "bommodel.h"

#include "l10n.h"

#include <QBrush>
#include <QFont>
#include <QLocale>

namespace cplan {

void BomModel::setBom(const Bom &bom)
{
    beginResetModel();
    m_bom = bom;
    endResetModel();
}

int BomModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_bom.lines.size()) + 1; // + the total row
}

int BomModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BomModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    QLocale locale;
    const bool totalRow = index.row() == int(m_bom.lines.size());
    if (totalRow) {
        if (role == Qt::FontRole) {
            QFont f;
            f.setBold(true);
            return f;
        }
        if (role == Qt::TextAlignmentRole && index.column() >= QuantityColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        if (role != Qt::DisplayRole)
            return {};
        if (index.column() == PartColumn)
            return tr("Total (CAPEX)");
        if (index.column() == TotalColumn)
            return m_bom.totals.capexComplete ? formatMoney(m_bom.totals.capex, m_bom.currency)
                                             : tr("≥ %1").arg(formatMoney(m_bom.totals.capex, m_bom.currency));
        return {};
    }
    const BomLine &line = m_bom.lines[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() >= QuantityColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() >= UnitPriceColumn && !line.unitPrice)
        return QBrush(QColor(170, 90, 0));
    if (role == Qt::ToolTipRole && line.priceEstimate && line.unitPrice)
        return tr("Estimated price");
    if (role == Qt::UserRole) // sortable value
        switch (index.column()) {
        case QuantityColumn: return double(line.quantity);
        case UnitPriceColumn: return line.unitPrice.value_or(-1);
        case TotalColumn: return line.total.value_or(-1);
        default: break;
        }
    if (role != Qt::DisplayRole && role != Qt::UserRole)
        return {};
    switch (index.column()) {
    case PartColumn: return QString::fromStdString(line.part);
    case CategoryColumn: return bomCategoryName(line.category);
    case DescriptionColumn: return bomDescription(line);
    case QuantityColumn: return locale.toString(line.quantity);
    case UnitPriceColumn: return line.unitPrice ? formatMoney(*line.unitPrice, line.currency) + (line.priceEstimate ? QStringLiteral(" *") : QString()) : tr("unknown");
    case TotalColumn: return line.total ? formatMoney(*line.total, line.currency) : tr("unknown");
    default: return {};
    }
}

QVariant BomModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PartColumn: return tr("Part");
    case CategoryColumn: return tr("Category");
    case DescriptionColumn: return tr("Description");
    case QuantityColumn: return tr("Qty");
    case UnitPriceColumn: return tr("Unit price");
    case TotalColumn: return tr("Total");
    default: return {};
    }
}

} // namespace cplan
