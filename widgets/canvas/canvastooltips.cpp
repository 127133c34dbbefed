#include "canvastooltips.h"

#include "canvasitems.h"
#include "canvasscene.h"
#include "l10n.h"

#include "catalog/catalog.h"

#include <QLocale>

namespace cplan {

static QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString CanvasToolTips::forItem(const CanvasScene &scene, const QGraphicsItem *item)
{
    if (!item)
        return {};
    if (item->type() == NodeItemType)
        return forNode(scene, static_cast<const NodeItem *>(item)->nodeId());
    if (item->type() == LinkItemType) {
        auto *li = static_cast<const LinkItem *>(item);
        return forLink(scene, li->linkId(), li->speedGbps(), li->utilization());
    }
    if (item->type() == GroupItemType)
        return tr("Collapsed group %1 — double-click to expand").arg(static_cast<const GroupItem *>(item)->title());
    return {};
}

QString CanvasToolTips::forNode(const CanvasScene &scene, const std::string &id)
{
    const Design &design = scene.document()->design();
    const Catalog &catalog = scene.catalog();
    auto n = design.findNode(id);
    if (!n)
        return {};
    QLocale locale;
    const Node &node = design.node(*n);
    const Part *part = catalog.find(node.part);
    const auto ports = nodePorts(node, catalog);
    int used = 0;
    for (const PortInfo &p : ports)
        used += design.linkAt(PortRef{*n, p.number}) ? 1 : 0;
    QString t = QStringLiteral("<b>%1</b> — %2<br>").arg(qs(node.name.empty() ? node.id : node.name).toHtmlEscaped(), part ? qs(part->vendor + " " + part->model).toHtmlEscaped() : qs(node.part));
    t += tr("Ports: %1 of %2 wired").arg(used).arg(ports.size());
    if (!ports.empty())
        t += tr(", %1 Gb/s").arg(ports.front().speedGbps);
    if (const int g = nodeGpuCount(node, catalog))
        t += QStringLiteral("<br>") + tr("GPUs: %1 × %2").arg(g).arg(part ? qs(part->gpu) : QString());
    if (part) {
        t += QStringLiteral("<br>") + tr("Price: %1").arg(part->unitPrice ? formatMoney(*part->unitPrice, part->currency) : tr("unknown"));
        t += QStringLiteral("<br>") + tr("Power: %1").arg(part->powerW ? tr("%1 W").arg(locale.toString(*part->powerW, 'f', 0)) : tr("unknown"));
    }
    if (!node.group.empty() || !node.rack.empty())
        t += QStringLiteral("<br>") + tr("Group %1, rack %2").arg(qs(node.group), qs(node.rack));
    if (scene.failedObjects().count(node.id))
        t += QStringLiteral("<br><b>") + tr("FAILED") + QStringLiteral("</b>");
    return t;
}

QString CanvasToolTips::forLink(const CanvasScene &scene, const std::string &id, double speedGbps, double utilization)
{
    const Design &design = scene.document()->design();
    auto l = design.findLink(id);
    if (!l)
        return {};
    const Link &link = design.link(*l);
    const Catalog &catalog = scene.catalog();
    QString t = QStringLiteral("<b>%1</b>: %2 ↔ %3<br>").arg(qs(link.id), qs(portDisplayName(design, catalog, link.a)),
                                                            qs(portDisplayName(design, catalog, link.b)));
    t += tr("Speed: %1 Gb/s").arg(speedGbps);
    t += QStringLiteral("<br>") + tr("Cable: %1%2").arg(link.cable.empty() ? tr("(automatic)") : qs(link.cable),
                                                        link.lengthM ? tr(", %1 m").arg(*link.lengthM) : QString());
    if (utilization >= 0)
        t += QStringLiteral("<br>") + tr("Utilization: %1 %").arg(utilization * 100, 0, 'f', 1);
    if (scene.failedObjects().count(link.id))
        t += QStringLiteral("<br><b>") + tr("FAILED") + QStringLiteral("</b>");
    return t;
}

} // namespace cplan
