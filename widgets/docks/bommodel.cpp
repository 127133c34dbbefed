#include "bommodel.h"

#include "document.h"
#include "explorertext.h"
#include "l10n.h"
#include "pricecommands.h"

#include "analysis/cost.h"
#include "catalog/catalog.h"
#include "util/utctime.h"

#include <QBrush>
#include <QFont>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QLocale>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace cplan {

void BomModel::setBom(const Bom &bom)
{
    beginResetModel();
    m_bom = bom;
    // The total is the CAPEX key figure: unknown when too few lines are priced (cost/coverage.h).
    CostAnalysis cost;
    cost.bom = bom;
    KeyFigureSources sources;
    sources.cost = &cost;
    const KeyFigures figures = keyFigures(sources);
    m_capex = *figures.find("capex");
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
            return keyFigureText(m_capex, m_bom.currency, MoneyForm::Full);
        return {};
    }
    const BomLine &line = m_bom.lines[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() >= QuantityColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && index.column() >= UnitPriceColumn && !line.unitPrice)
        return QBrush(QColor(170, 90, 0));
    if (role == Qt::BackgroundRole && index.column() == UnitPriceColumn && !line.unitPrice)
        return QBrush(QColor(255, 236, 200));
    if (role == Qt::FontRole && index.column() >= UnitPriceColumn && !line.unitPrice) {
        QFont f;
        f.setItalic(true);
        return f;
    }
    if (role == Qt::ToolTipRole)
        return lineToolTip(line, index.column());
    if (role == Qt::EditRole && index.column() == UnitPriceColumn)
        return line.unitPrice ? QVariant(*line.unitPrice) : QVariant();
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

QVariant BomModel::lineToolTip(const BomLine &line, int column) const
{
    if (column != UnitPriceColumn && column != TotalColumn)
        return {};
    const bool editable = m_document && m_document->canEditPrices() && m_document->catalog().find(line.part);
    QString tip;
    const Part *priced = m_document ? m_document->catalog().find(line.part) : nullptr;
    if (!line.unitPrice && priced && priced->unitPrice && !m_document->catalog().rates().factor(priced->currency, m_bom.currency))
        tip = tr("No %1 rate: the part is priced %2, the BOM is in %3. Enter a rate in File ▸ Design settings ▸ "
                 "Exchange rates; until then the totals leave this line out.")
                  .arg(QString::fromStdString(priced->currency), formatMoney(*priced->unitPrice, priced->currency),
                       QString::fromStdString(m_bom.currency));
    else if (!line.unitPrice)
        tip = tr("Unknown price: the totals leave this line out.");
    else if (line.priceEstimate)
        tip = tr("Estimated price");
    if (const Part *part = m_document ? m_document->catalog().find(line.part) : nullptr; part && line.unitPrice && !part->priceSource.empty())
        tip = (tip.isEmpty() ? QString() : tip + QLatin1Char('\n')) + tr("Source: %1").arg(QString::fromStdString(part->priceSource));
    if (editable && column == UnitPriceColumn)
        tip = (tip.isEmpty() ? QString() : tip + QLatin1Char('\n'))
              + tr("Double-click to type a price in %1 and its source; it goes into your price book (Ctrl+Z undoes it).")
                    .arg(QString::fromStdString(m_bom.currency));
    return tip.isEmpty() ? QVariant() : QVariant(tip);
}

bool BomModel::priceEditable(const QModelIndex &index) const
{
    return index.isValid() && index.column() == UnitPriceColumn && index.row() < int(m_bom.lines.size()) && m_document
           && m_document->canEditPrices() && m_document->catalog().find(m_bom.lines[std::size_t(index.row())].part);
}

Qt::ItemFlags BomModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (priceEditable(index))
        f |= Qt::ItemIsEditable;
    return f;
}

bool BomModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !priceEditable(index))
        return false;
    const QVariantMap map = value.toMap();
    bool ok = false;
    const double price = (map.isEmpty() ? value : map.value(QLatin1String(kPriceKey))).toDouble(&ok);
    if (!ok || !std::isfinite(price) || price < 0)
        return false;
    const BomLine &line = m_bom.lines[std::size_t(index.row())];
    PriceOverride entry;
    entry.partId = line.part;
    entry.unitPrice = price;
    entry.currency = m_bom.currency;
    entry.source = map.value(QLatin1String(kSourceKey)).toString().trimmed().toStdString();
    if (entry.source.empty())
        entry.source = tr("typed into the BOM").toStdString();
    entry.date = todayUtc();
    QString error;
    auto command = AddPrices::create(m_document, {entry},
                                     tr("Set the price of %1").arg(QString::fromStdString(line.part)), &error);
    if (!command) {
        emit priceRejected(error);
        return false;
    }
    m_document->undoStack()->push(command.release());
    return true;
}

// --- BomPriceDelegate -------------------------------------------------------------------------

QWidget *BomPriceDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const
{
    auto *editor = new QWidget(parent);
    editor->setAutoFillBackground(true);
    auto *row = new QHBoxLayout(editor);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(2);
    auto *price = new QLineEdit(editor);
    price->setObjectName(QStringLiteral("bomPriceEdit"));
    price->setPlaceholderText(tr("price"));
    auto *source = new QLineEdit(editor);
    source->setObjectName(QStringLiteral("bomPriceSourceEdit"));
    source->setPlaceholderText(tr("source (quote, price list)"));
    row->addWidget(price, 2);
    row->addWidget(source, 3);
    editor->setFocusProxy(price);
    auto *self = const_cast<BomPriceDelegate *>(this);
    for (QLineEdit *edit : {price, source}) {
        edit->installEventFilter(self);
        connect(edit, &QLineEdit::returnPressed, self, [self, editor] {
            emit self->commitData(editor);
            emit self->closeEditor(editor, QAbstractItemDelegate::NoHint);
        });
    }
    return editor;
}

// The key and focus events of the two fields: Tab goes from the price to its source (the view
// would take it to the next cell and drop what is typed there), Shift+Tab back; Tab in the
// source, Escape and focus leaving the editor do what they do in any editor.
bool BomPriceDelegate::eventFilter(QObject *object, QEvent *event)
{
    auto *edit = qobject_cast<QLineEdit *>(object);
    QWidget *editor = edit ? edit->parentWidget() : nullptr;
    if (!editor)
        return QStyledItemDelegate::eventFilter(object, event);
    auto *price = editor->findChild<QLineEdit *>(QStringLiteral("bomPriceEdit"));
    auto *source = editor->findChild<QLineEdit *>(QStringLiteral("bomPriceSourceEdit"));
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Tab && edit == price) {
            source->setFocus(Qt::TabFocusReason);
            return true;
        }
        if (key == Qt::Key_Backtab && edit == source) {
            price->setFocus(Qt::BacktabFocusReason);
            return true;
        }
        if (key == Qt::Key_Tab || key == Qt::Key_Backtab || key == Qt::Key_Escape)
            return QStyledItemDelegate::eventFilter(editor, event);
    }
    if (event->type() == QEvent::FocusOut)
        return QStyledItemDelegate::eventFilter(editor, event);
    return false;
}

void BomPriceDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *price = editor->findChild<QLineEdit *>(QStringLiteral("bomPriceEdit"));
    const QVariant v = index.data(Qt::EditRole);
    price->setText(v.isValid() ? QLocale().toString(v.toDouble(), 'f', 2) : QString());
    price->selectAll();
}

void BomPriceDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    const QString text = editor->findChild<QLineEdit *>(QStringLiteral("bomPriceEdit"))->text().trimmed();
    bool ok = false;
    double price = QLocale().toDouble(text, &ok);
    if (!ok)
        price = QLocale::c().toDouble(QString(text).remove(QLatin1Char(',')), &ok);
    if (!ok)
        return;   // nothing typed, or not a number: the price stays as it was
    const QString source = editor->findChild<QLineEdit *>(QStringLiteral("bomPriceSourceEdit"))->text();
    model->setData(index, QVariantMap{{QLatin1String(BomModel::kPriceKey), price}, {QLatin1String(BomModel::kSourceKey), source}});
}

void BomPriceDelegate::updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option, const QModelIndex &) const
{
    QRect r = option.rect;
    r.setWidth(std::max(r.width(), 320));
    // Wider than the column: kept inside the view, so the source field is not cut off at its edge.
    if (const QWidget *viewport = editor->parentWidget(); viewport && r.right() >= viewport->width())
        r.moveRight(std::max(viewport->width() - 1, r.width() - 1));
    editor->setGeometry(r);
}

} // namespace cplan
