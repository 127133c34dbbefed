#include "asbuiltoverlay.h"

#include "asbuiltstyle.h"
#include "canvasitems.h"
#include "canvasscene.h"

#include "verify/matchstats.h"

#include <QEvent>
#include <QPainter>
#include <QPen>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cplan {

AsBuiltOverlay::AsBuiltOverlay(CanvasScene *scene) : m_scene(scene)
{
    setZValue(5);   // above the cables, below the nodes' labels
    setAcceptedMouseButtons(Qt::NoButton);
    setFlag(ItemHasNoContents, false);
}

void AsBuiltOverlay::setResult(const VerifyResult &result)
{
    m_marks.clear();
    m_frames.clear();
    for (const CableFinding &c : result.cables) {
        if (c.verdict == CableVerdict::Ok)
            continue;
        if (c.verdict != CableVerdict::Unexpected)
            m_marks.push_back(Mark{c.verdict, c.plannedA.node, c.plannedB.node, c.plannedA.port, c.plannedB.port, false});
        // Where it really is: both ends on the canvas (nodes of the plan, ports it has).
        const bool drawable = c.foundA.inPlan && c.foundB.inPlan && c.foundA.port > 0 && c.foundB.port > 0;
        if ((c.verdict == CableVerdict::Unexpected || c.verdict == CableVerdict::Misconnected) && drawable)
            m_marks.push_back(Mark{c.verdict, c.foundA.node, c.foundB.node, c.foundA.port, c.foundB.port, true});
    }
    for (const NodeFinding &n : result.nodes)
        if (n.verdict != NodeVerdict::Unexpected)
            m_frames.push_back(Frame{n.verdict, n.planNode});
    refresh();
}

void AsBuiltOverlay::clear()
{
    m_marks.clear();
    m_frames.clear();
    refresh();
}

int AsBuiltOverlay::marks(CableVerdict verdict) const
{
    int n = 0;
    for (const Mark &m : m_marks)
        n += m.verdict == verdict && !(verdict == CableVerdict::Misconnected && m.actual);
    return n;
}

bool AsBuiltOverlay::ends(const Mark &m, QPointF &a, QPointF &b) const
{
    const NodeItem *na = m_scene->nodeItem(m.nodeA), *nb = m_scene->nodeItem(m.nodeB);
    if (!na || !nb || !na->isVisible() || !nb->isVisible())
        return false;
    const QPointF pa = m.portA >= 1 && m.portA <= na->portCount() ? na->portScenePos(m.portA) : na->scenePos();
    const QPointF pb = m.portB >= 1 && m.portB <= nb->portCount() ? nb->portScenePos(m.portB) : nb->scenePos();
    a = m_scene->endpointPos(na, pa, pb);
    b = m_scene->endpointPos(nb, pb, pa);
    return true;
}

void AsBuiltOverlay::refresh()
{
    QRectF r;
    for (const Mark &m : m_marks) {
        QPointF a, b;
        if (ends(m, a, b))
            r |= QRectF(a, b).normalized();
    }
    for (const Frame &f : m_frames)
        if (const NodeItem *n = m_scene->nodeItem(f.node))
            r |= n->sceneBoundingRect();
    prepareGeometryChange();
    m_rect = r.adjusted(-20, -20, 20, 20);
    update();
}

void AsBuiltOverlay::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->setRenderHint(QPainter::Antialiasing);
    for (const Mark &m : m_marks) {
        QPointF a, b;
        if (!ends(m, a, b))
            continue;
        QPen pen(AsBuiltStyle::color(m.verdict), 3.5, m.actual ? Qt::DotLine : AsBuiltStyle::penStyle(m.verdict), Qt::RoundCap);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawLine(a, b);
    }
    painter->setBrush(Qt::NoBrush);
    for (const Frame &f : m_frames) {
        const NodeItem *n = m_scene->nodeItem(f.node);
        if (!n || !n->isVisible())
            continue;
        QPen pen(AsBuiltStyle::color(f.verdict), 3, f.verdict == NodeVerdict::Missing ? Qt::DashLine : Qt::SolidLine);
        pen.setCosmetic(true);
        painter->setPen(pen);
        painter->drawRect(n->sceneBoundingRect().adjusted(-4, -4, 4, 4));
    }
}

AsBuiltLegend::AsBuiltLegend(QWidget *parent) : QWidget(parent)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setObjectName(QStringLiteral("AsBuiltLegend"));
}

void AsBuiltLegend::setSummary(const VerifySummary &summary)
{
    m_summary = summary;
    // On the canvas too (a projector shows no dock): the counts then say nothing of the cabling.
    const MatchStats m = matchStats(summary);
    if (m.almostNothingMatched())
        m_warning = AsBuiltStyle::tr("%1 of %2 nodes matched: right fabric or plane?").arg(m.matched).arg(m.planNodes);
    else if (m.partialDump())   // the plan's other nodes read missing (MatchStats::partialDump)
        m_warning = AsBuiltStyle::tr("Dump of %1 of %2 planned nodes: the rest read missing").arg(m.foundNodes).arg(m.planNodes);
    else
        m_warning.clear();
    const QFontMetrics fm(font());
    QFont bold = font();   // the warning is drawn bold
    bold.setBold(true);
    const int w = std::max({fm.horizontalAdvance(AsBuiltStyle::tr("Misconnected (actual)")) + 90,
                            QFontMetrics(bold).horizontalAdvance(m_warning) + 24,
                            fm.horizontalAdvance(AsBuiltStyle::tr("As built vs plan (outdated: the plan changed since)")) + 24});
    setFixedSize(w, (m_warning.isEmpty() ? 6 : 7) * (fm.height() + 4) + 12);
    update();
}

void AsBuiltLegend::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        setSummary(m_summary);
}

void AsBuiltLegend::setOutdated(bool outdated)
{
    m_outdated = outdated;
    update();
}

QString AsBuiltLegend::title() const
{
    return m_outdated ? AsBuiltStyle::tr("As built vs plan (outdated: the plan changed since)") : AsBuiltStyle::tr("As built vs plan");
}

void AsBuiltLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QColor(0xc0, 0xc0, 0xc0));
    p.setBrush(QColor(255, 255, 255, 235));
    p.drawRoundedRect(rect().adjusted(0, 0, -1, -1), 6, 6);
    const QFontMetrics fm(font());
    const int rowH = fm.height() + 4;
    struct Row
    {
        CableVerdict verdict;
        bool actual;
        QString text;
        int count;
    };
    const Row rows[] = {
        {CableVerdict::Missing, false, AsBuiltStyle::name(CableVerdict::Missing), m_summary.missing},
        {CableVerdict::Misconnected, false, AsBuiltStyle::name(CableVerdict::Misconnected), m_summary.misconnected},
        {CableVerdict::Misconnected, true, AsBuiltStyle::tr("Misconnected (actual)"), m_summary.misconnected},
        {CableVerdict::Unexpected, true, AsBuiltStyle::name(CableVerdict::Unexpected), m_summary.unexpected},
        {CableVerdict::Different, false, AsBuiltStyle::name(CableVerdict::Different), m_summary.different},
    };
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(10, 6, width() - 20, rowH), Qt::AlignVCenter, title());
    int y = 6 + rowH;
    for (const Row &r : rows) {
        QPen pen(AsBuiltStyle::color(r.verdict), 3, r.actual ? Qt::DotLine : AsBuiltStyle::penStyle(r.verdict), Qt::RoundCap);
        p.setPen(pen);
        p.drawLine(QPointF(12, y + rowH / 2.0), QPointF(44, y + rowH / 2.0));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(52, y, width() - 60, rowH), Qt::AlignVCenter, r.text + QStringLiteral("  ") + QString::number(r.count));
        y += rowH;
    }
    if (!m_warning.isEmpty()) {
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(QColor(0xb0, 0x20, 0x30));
        p.drawText(QRect(10, y, width() - 20, rowH), Qt::AlignVCenter, m_warning);
    }
}

} // namespace cplan
