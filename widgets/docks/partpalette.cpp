#include "partpalette.h"

#include "canvasdrop.h"
#include "l10n.h"

#include "catalog/catalog.h"

#include <QHeaderView>
#include <QIcon>
#include <QLineEdit>
#include <QLocale>
#include <QMimeData>
#include <QVBoxLayout>

namespace cplan {

static constexpr int kPartIdRole = Qt::UserRole + 1;

QMimeData *PartTree::mimeData(const QList<QTreeWidgetItem *> &items) const
{
    if (items.isEmpty())
        return nullptr;
    const QString id = items.first()->data(0, kPartIdRole).toString();
    if (id.isEmpty())
        return nullptr;
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(kPartMimeType), id.toUtf8());
    mime->setText(id);
    return mime;
}

QStringList PartTree::mimeTypes() const
{
    return {QString::fromLatin1(kPartMimeType)};
}

PartPalette::PartPalette(const Catalog &catalog, QWidget *parent)
    : QWidget(parent)
    , m_catalog(catalog)
    , m_search(new QLineEdit(this))
    , m_tree(new PartTree(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_search->setPlaceholderText(tr("Search parts…"));
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);
    layout->addWidget(m_tree);
    m_tree->setHeaderHidden(true);
    m_tree->setDragEnabled(true);
    m_tree->setDragDropMode(QAbstractItemView::DragOnly);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setIconSize(QSize(22, 22));
    m_tree->setRootIsDecorated(true);

    struct Section
    {
        PartKind kind;
        QString title;
        QString icon;
    };
    const Section sections[] = {
        {PartKind::Switch, tr("Switches"), QStringLiteral(":/icons/switch.svg")},
        {PartKind::GpuServer, tr("Servers"), QStringLiteral(":/icons/server.svg")},
        {PartKind::Hca, tr("Adapters (drop onto a server)"), QStringLiteral(":/icons/hca.svg")},
    };
    QLocale locale;
    for (const Section &s : sections) {
        auto *top = new QTreeWidgetItem(m_tree, {s.title});
        top->setFlags(Qt::ItemIsEnabled);
        QFont f = top->font(0);
        f.setBold(true);
        top->setFont(0, f);
        for (const Part *p : catalog.partsOfKind(s.kind)) {
            QString detail;
            if (p->kind == PartKind::Switch)
                detail = tr("%1 × %2 Gb/s").arg(p->ports).arg(p->portSpeedGbps.value_or(0));
            else if (p->kind == PartKind::Hca)
                detail = tr("%1 × %2 Gb/s").arg(std::max(1, p->ports)).arg(p->portSpeedGbps.value_or(0));
            else
                detail = p->gpuCount ? tr("%1 × %2, %3 HCA").arg(p->gpuCount).arg(QString::fromStdString(p->gpu)).arg(p->hcaCount)
                                     : tr("%1 HCA").arg(p->hcaCount);
            // The fabric a part belongs to, where it is not the InfiniBand the palette began with.
            if (p->protocol == Protocol::Ethernet && p->kind != PartKind::GpuServer)
                detail = tr("%1, Ethernet").arg(detail);
            auto *item = new QTreeWidgetItem(top, {QStringLiteral("%1  —  %2").arg(QString::fromStdString(p->model), detail)});
            const bool mgmt = p->management;
            item->setIcon(0, QIcon(mgmt ? QStringLiteral(":/icons/management.svg") : s.icon));
            item->setData(0, kPartIdRole, QString::fromStdString(p->id));
            QString tip = QStringLiteral("<b>%1 %2</b> (%3)<br>%4").arg(QString::fromStdString(p->vendor), QString::fromStdString(p->model),
                                                                         QString::fromStdString(p->id),
                                                                         QString::fromStdString(p->description).toHtmlEscaped());
            if (!p->breakoutGbps.empty()) {
                QStringList speeds;
                for (const double speed : p->breakoutGbps)
                    speeds << locale.toString(speed);
                tip += QStringLiteral("<br>") + tr("A port breaks out into %1 Gb/s lanes").arg(speeds.join(QStringLiteral(", ")));
            }
            if (p->kind == PartKind::Switch || p->kind == PartKind::Hca)
                tip += QStringLiteral("<br>") +
                       (p->maxMtu ? tr("Largest MTU: %1 bytes").arg(*p->maxMtu) : tr("Largest MTU: unknown"));
            tip += QStringLiteral("<br>") + tr("Price: %1").arg(p->unitPrice ? formatMoney(*p->unitPrice, p->currency) : tr("unknown"));
            item->setToolTip(0, tip);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
        }
        top->setExpanded(true);
    }
    connect(m_search, &QLineEdit::textChanged, this, &PartPalette::filter);
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        const QString id = item->data(0, kPartIdRole).toString();
        if (!id.isEmpty())
            emit partActivated(id);
    });
}

QTreeWidgetItem *PartPalette::itemForPart(const QString &partId) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *top = m_tree->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j)
            if (top->child(j)->data(0, kPartIdRole).toString() == partId)
                return top->child(j);
    }
    return nullptr;
}

void PartPalette::filter(const QString &text)
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *top = m_tree->topLevelItem(i);
        int shown = 0;
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem *item = top->child(j);
            const bool match = text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive) ||
                               item->data(0, kPartIdRole).toString().contains(text, Qt::CaseInsensitive);
            item->setHidden(!match);
            shown += match ? 1 : 0;
        }
        top->setHidden(shown == 0);
    }
}

} // namespace cplan
