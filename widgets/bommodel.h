#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "cost/bom.h"
#endif

#include <QAbstractTableModel>

namespace cplan {

// The bill of materials (core Bom) as a table: part, category, description, quantity, unit
// price, total. Unknown prices show as unknown.
class BomModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { PartColumn, CategoryColumn, DescriptionColumn, QuantityColumn, UnitPriceColumn, TotalColumn, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;
    void setBom(const Bom &bom);
    const Bom &bom() const { return m_bom; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Bom m_bom;
};

} // namespace cplan
