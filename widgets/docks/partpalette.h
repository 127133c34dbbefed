#pragma once

#include <QTreeWidget>
#include <QWidget>

class QLineEdit;

namespace cplan {

class Catalog;

// The tree of parts that drags carry their id out of (kPartMimeType).
class PartTree : public QTreeWidget
{
    Q_OBJECT
public:
    using QTreeWidget::QTreeWidget;

protected:
    QMimeData *mimeData(const QList<QTreeWidgetItem *> &items) const override;
    QStringList mimeTypes() const override;
};

// The parts palette: a search box over the catalog grouped by kind (switches, servers, HCAs),
// each part with its icon and key figures; drag a part onto the canvas.
class PartPalette : public QWidget
{
    Q_OBJECT

public:
    explicit PartPalette(const Catalog &catalog, QWidget *parent = nullptr);
    QTreeWidget *tree() const { return m_tree; }
    QTreeWidgetItem *itemForPart(const QString &partId) const;

signals:
    void partActivated(const QString &partId);

private:
    void filter(const QString &text);

    const Catalog &m_catalog;
    QLineEdit *m_search;
    PartTree *m_tree;
};

} // namespace cplan
