#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/keyfigures.h"
#include "cost/bom.h"
#endif

#include <QAbstractTableModel>
#include <QStyledItemDelegate>

namespace cplan {

class Document;

// The bill of materials (core Bom) as a table: part, category, description, quantity, unit
// price, total. Unknown prices show as unknown. With a document that can edit prices, a line's
// unit price is editable: the price typed (in the BOM's currency, with its source) goes into the
// user's price book as one undo step (AddPrices).
class BomModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { PartColumn, CategoryColumn, DescriptionColumn, QuantityColumn, UnitPriceColumn, TotalColumn, ColumnCount };

    // setData's value for a typed price: a QVariantMap with these keys (or a plain number).
    static constexpr const char *kPriceKey = "price";
    static constexpr const char *kSourceKey = "source";

    using QAbstractTableModel::QAbstractTableModel;
    void setBom(const Bom &bom);
    const Bom &bom() const { return m_bom; }
    void setDocument(Document *document) { m_document = document; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    // A typed price the price book refused (the store could not be written).
    void priceRejected(const QString &message);

private:
    bool priceEditable(const QModelIndex &index) const;
    QVariant lineToolTip(const BomLine &line, int column) const;

    Bom m_bom;
    KeyFigure m_capex;   // the total row: the key figure, its coverage with it
    Document *m_document = nullptr;
};

// The in-place editor of a BOM unit price: the price and where it comes from, side by side
// (object names "bomPriceEdit" and "bomPriceSourceEdit"); Tab goes from one to the other, Enter
// in either commits.
class BomPriceDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
    void updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

protected:
    bool eventFilter(QObject *object, QEvent *event) override;
};

} // namespace cplan
