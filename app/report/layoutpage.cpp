// Page 2: the layout picture with its legend.
#include "layoutpicture.h"
#include "pdfreport.h"
#include "reportpages.h"
#include "reportpainter.h"

#include "model/design.h"

#include <set>

namespace cplan {

using namespace page;

void layoutPage(ReportPainter &painter, const ReportData &data)
{
    QPainter &p = painter.painter();
    const Design &d = data.design;
    painter.newPage(PdfReport::tr("Fabric layout"));
    LayoutPicture(d, data.catalog).draw(p, QRectF(kMargin, kTop + 4, kContentWidth, kBottom - kTop - 40));
    double x = kMargin;
    const double y = kBottom - 20;
    std::set<int> switchTiers;
    for (const Node &node : d.nodes)
        if (node.role == NodeRole::Switch)
            switchTiers.insert(level(switchTier(node.tier)));
    for (int t : switchTiers)
        LayoutPicture::legendItem(p, x, y, LayoutPicture::tierColor(t),
                                  t == 1 ? PdfReport::tr("leaf switch") : t == 2 ? PdfReport::tr("spine switch") : PdfReport::tr("core switch"), false);
    LayoutPicture::legendItem(p, x, y, ink::kServer, PdfReport::tr("server"), false);
    if (data.bom().counts.management > 0)
        LayoutPicture::legendItem(p, x, y, ink::kMgmt, PdfReport::tr("management"), false);
    LayoutPicture::legendItem(p, x, y, ink::kServer, PdfReport::tr("node-leaf link"), true);
    const auto &cables = data.bom().counts.cables;
    auto has = [&](const char *tier) { return cables.count(tier) && cables.at(tier) > 0; };
    if (has("leaf-spine"))
        LayoutPicture::legendItem(p, x, y, ink::kSpine, PdfReport::tr("leaf-spine link"), true);
    if (has("spine-core"))
        LayoutPicture::legendItem(p, x, y, ink::kCore, PdfReport::tr("spine-core link"), true);
    if (has("other"))
        LayoutPicture::legendItem(p, x, y, ink::kMgmt, PdfReport::tr("other switch-to-switch link"), true);
    p.setFont(reportFont(7));
    p.setPen(ink::kMuted);
    p.drawText(QRectF(x, y, kWidth - kMargin - x, 11), Qt::AlignRight | Qt::AlignVCenter,
               PdfReport::tr("%1 nodes, %2 links; groups boxed").arg(d.nodes.size()).arg(d.links.size()));
}

} // namespace cplan
