#include "wirecheck.h"

#include "catalog/catalog.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace cplan {

static QString gbps(double v)
{
    return WireCheck::tr("%1 Gb/s").arg(v);
}

double assumedRunM(const Node &a, const Node &b)
{
    if (!a.rack.empty() && a.rack == b.rack)
        return 2.0;
    if (!a.group.empty() && a.group == b.group)
        return 5.0;
    return 20.0;
}

WireCheck checkWire(const Design &design, const Catalog &catalog, const std::string &a, int portA, const std::string &b,
                    int portB)
{
    WireCheck check;
    const auto na = design.findNode(a), nb = design.findNode(b);
    if (!na || !nb) {
        check.errors << WireCheck::tr("unknown node");
        return check;
    }
    if (*na == *nb)
        check.errors << WireCheck::tr("both ends are on the same node");
    const Node &nodeA = design.node(*na), &nodeB = design.node(*nb);
    const auto portsA = nodePorts(nodeA, catalog), portsB = nodePorts(nodeB, catalog);
    if (portA < 1 || portA > int(portsA.size()) || portB < 1 || portB > int(portsB.size())) {
        check.errors << WireCheck::tr("no such port");
        return check;
    }
    if (auto l = design.linkAt(PortRef{*na, portA}))
        check.errors << WireCheck::tr("%1:%2 is already wired (%3)")
                            .arg(QString::fromStdString(a))
                            .arg(portA)
                            .arg(QString::fromStdString(design.link(*l).id));
    if (auto l = design.linkAt(PortRef{*nb, portB}))
        check.errors << WireCheck::tr("%1:%2 is already wired (%3)")
                            .arg(QString::fromStdString(b))
                            .arg(portB)
                            .arg(QString::fromStdString(design.link(*l).id));
    const double sa = portsA[std::size_t(portA - 1)].speedGbps, sb = portsB[std::size_t(portB - 1)].speedGbps;
    if (sa > 0 && sb > 0 && std::abs(sa - sb) > 1e-9)
        check.warnings << WireCheck::tr("speed mismatch: %1 to %2, the link runs at %3").arg(gbps(sa), gbps(sb), gbps(std::min(sa, sb)));
    check.speedGbps = (sa > 0 && sb > 0) ? std::min(sa, sb) : std::max(sa, sb);
    if (nodeA.role != NodeRole::Switch && nodeB.role != NodeRole::Switch)
        check.warnings << WireCheck::tr("adapter to adapter (back-to-back) link");
    const double run = assumedRunM(nodeA, nodeB);
    check.lengthM = run;
    if (check.speedGbps > 0) {
        if (const Part *cable = catalog.chooseCable(check.speedGbps, run)) {
            check.cable = cable->id;
            if (cable->lengthM)
                check.lengthM = *cable->lengthM;
        } else {
            check.errors << WireCheck::tr("no cable in the catalog reaches %1 m at %2").arg(run).arg(gbps(check.speedGbps));
        }
    }
    check.ok = check.errors.isEmpty();
    return check;
}

int freeHcaSlots(const Node &node, const Catalog &catalog)
{
    const Part *part = catalog.find(node.part);
    if (!part || part->kind != PartKind::GpuServer)
        return 0;
    const int fitted = node.hcas.empty() ? part->hcaCount : int(node.hcas.size());
    return std::max(0, part->hcaCount + part->hcaSlots - fitted);
}

std::optional<QStringList> hcasWithOneMore(const Node &node, const Catalog &catalog, const std::string &hcaPart)
{
    const Part *hca = catalog.find(hcaPart);
    const Part *part = catalog.find(node.part);
    if (!hca || hca->kind != PartKind::Hca || !part || freeHcaSlots(node, catalog) <= 0)
        return std::nullopt;
    QStringList list;
    if (node.hcas.empty()) {
        for (int i = 0; i < part->hcaCount; ++i)
            list << QString::fromStdString(part->hca);
    } else {
        for (const std::string &h : node.hcas)
            list << QString::fromStdString(h);
    }
    list << QString::fromStdString(hcaPart);
    return list;
}

} // namespace cplan
