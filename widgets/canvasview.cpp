#include "canvasview.h"

#include "canvasitems.h"
#include "canvasscene.h"

#include <QFileInfo>
#include <QImage>
#include <QKeyEvent>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QScrollBar>
#include <QSvgGenerator>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace cplan {

CanvasView::CanvasView(CanvasScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
{
    setDragMode(RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setRenderHint(QPainter::Antialiasing, true);
    setOptimizationFlags(DontAdjustForAntialiasing | DontSavePainterState);
    setViewportUpdateMode(SmartViewportUpdate);
    setAcceptDrops(true);
    setMouseTracking(true);
    setFrameShape(QFrame::NoFrame);
    m_legendTitle = tr("Link utilization");
}

double CanvasView::zoom() const
{
    return transform().m11();
}

void CanvasView::zoomBy(double factor)
{
    const double z = zoom() * factor;
    if (z < 0.003 || z > 12)
        return;
    scale(factor, factor);
    // Antialiasing costs too much when thousands of lines are on screen.
    setRenderHint(QPainter::Antialiasing, zoom() > 0.25);
}

void CanvasView::fitAll()
{
    QRectF r = m_scene->contentRect();
    if (r.isEmpty())
        r = QRectF(-400, -300, 800, 600);
    fitInView(r.adjusted(-30, -30, 30, 30), Qt::KeepAspectRatio);
    setRenderHint(QPainter::Antialiasing, zoom() > 0.25);
}

void CanvasView::setKeyFigures(const QVector<QPair<QString, QString>> &figures, const QString &title)
{
    m_figures = figures;
    m_figuresTitle = title;
    viewport()->update();
}

void CanvasView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    zoomBy(std::pow(1.15, steps));
    event->accept();
}

void CanvasView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton || (m_spaceDown && event->button() == Qt::LeftButton)) {
        m_panning = true;
        m_lastPan = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void CanvasView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint d = event->position().toPoint() - m_lastPan;
        m_lastPan = event->position().toPoint();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void CanvasView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning) {
        m_panning = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void CanvasView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceDown = true;
        viewport()->setCursor(Qt::OpenHandCursor);
        return;
    }
    if (event->key() == Qt::Key_Escape)
        m_scene->clearSelection();
    QGraphicsView::keyPressEvent(event);
}

void CanvasView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceDown = false;
        viewport()->unsetCursor();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void CanvasView::drawForeground(QPainter *painter, const QRectF &)
{
    if (!m_showOverlay)
        return;
    painter->save();
    painter->resetTransform();
    drawOverlay(painter, viewport()->rect());
    painter->restore();
}

void CanvasView::drawOverlay(QPainter *painter, const QRectF &area) const
{
    painter->setRenderHint(QPainter::Antialiasing, true);
    QFont font = painter->font();
    font.setPixelSize(12);
    painter->setFont(font);
    const QFontMetrics fm(font);
    const double pad = 10;

    // An empty canvas says how to start.
    if (m_scene->document()->design().nodes.empty()) {
        QFont big = font;
        big.setPixelSize(16);
        painter->setFont(big);
        painter->setPen(QColor(110, 120, 130));
        painter->drawText(area.adjusted(40, 40, -40, -40), Qt::AlignCenter | Qt::TextWordWrap,
                          tr("Drag switches and servers from the Parts palette onto the canvas,\n"
                             "or generate a fabric with File ▸ New fat-tree fabric… (Ctrl+Shift+N),\n"
                             "or open a design (Ctrl+O)."));
        painter->setFont(font);
    }

    // Heatmap legend, bottom left.
    if (m_scene->hasUtilization()) {
        const QRectF box(area.left() + pad, area.bottom() - 62 - pad, 250, 62);
        painter->setPen(QColor(180, 185, 190));
        painter->setBrush(QColor(255, 255, 255, 235));
        painter->drawRoundedRect(box, 4, 4);
        painter->setPen(QColor(30, 30, 30));
        painter->drawText(box.adjusted(10, 4, -10, 0), Qt::AlignLeft | Qt::AlignTop, m_legendTitle);
        const QRectF bar(box.left() + 10, box.top() + 24, box.width() - 20, 12);
        QLinearGradient g(bar.topLeft(), bar.topRight());
        for (int i = 0; i <= 10; ++i)
            g.setColorAt(i / 10.0, utilizationColor(i / 10.0));
        painter->fillRect(bar, g);
        for (int i = 0; i <= 4; ++i) {
            const double x = bar.left() + bar.width() * i / 4.0;
            const QString label = QStringLiteral("%1%").arg(i * 25);
            const double w = fm.horizontalAdvance(label);
            painter->drawText(QPointF(std::clamp(x - w / 2, bar.left(), bar.right() - w), bar.bottom() + 14), label);
        }
    }
    // Key figures, top right.
    if (!m_figures.isEmpty()) {
        QFont bold = font;
        bold.setBold(true);
        const QFontMetrics bfm(bold);
        double labelW = 0, valueW = 0;
        for (const auto &[label, value] : m_figures) {
            labelW = std::max<double>(labelW, fm.horizontalAdvance(label));
            valueW = std::max<double>(valueW, bfm.horizontalAdvance(value));
        }
        const double titleH = m_figuresTitle.isEmpty() ? 0 : 24;
        const double rowH = fm.height() + 4;
        QFont titleFont = bold;
        titleFont.setPixelSize(14);
        const double w = std::max<double>(labelW + valueW + 36, std::min<double>(QFontMetrics(titleFont).horizontalAdvance(m_figuresTitle) + 28, 520));
        const QRectF box(area.right() - w - pad, area.top() + pad, w, titleH + rowH * m_figures.size() + 12);
        painter->setPen(QColor(180, 185, 190));
        painter->setBrush(QColor(255, 255, 255, 235));
        painter->drawRoundedRect(box, 4, 4);
        double y = box.top() + 6;
        if (!m_figuresTitle.isEmpty()) {
            QFont title = bold;
            title.setPixelSize(14);
            painter->setFont(title);
            painter->setPen(QColor(20, 40, 70));
            painter->drawText(QRectF(box.left() + 12, y, box.width() - 24, 20), Qt::AlignLeft | Qt::AlignVCenter,
                              QFontMetrics(title).elidedText(m_figuresTitle, Qt::ElideRight, int(box.width() - 24)));
            y += titleH;
        }
        for (const auto &[label, value] : m_figures) {
            painter->setFont(font);
            painter->setPen(QColor(70, 75, 80));
            painter->drawText(QRectF(box.left() + 12, y, labelW, rowH), Qt::AlignLeft | Qt::AlignVCenter, label);
            painter->setFont(bold);
            painter->setPen(QColor(20, 20, 20));
            painter->drawText(QRectF(box.right() - 12 - valueW, y, valueW, rowH), Qt::AlignRight | Qt::AlignVCenter, value);
            y += rowH;
        }
    }
}

bool CanvasView::exportTo(const QString &fileName, bool wholeScene, QString *error) const
{
    const QRectF source = wholeScene ? m_scene->contentRect().adjusted(-40, -40, 40, 40)
                                     : mapToScene(viewport()->rect()).boundingRect();
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    // Page size: the source's aspect, at least 1600 px wide for bitmaps.
    const double aspect = source.height() / std::max(1.0, source.width());
    const int width = wholeScene ? 2400 : std::max(1600, viewport()->width());
    const QSize size(width, std::max(200, int(width * aspect)));
    auto paint = [&](QPainter &p, const QRectF &target) {
        p.fillRect(target, QColor(250, 251, 252));
        p.setRenderHint(QPainter::Antialiasing, true);
        m_scene->render(&p, target, source, Qt::KeepAspectRatio);
        drawOverlay(&p, target);
    };
    if (suffix == QLatin1String("png") || suffix == QLatin1String("jpg")) {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter p(&image);
        paint(p, QRectF(QPointF(0, 0), QSizeF(size)));
        p.end();
        if (!image.save(fileName)) {
            if (error)
                *error = tr("Cannot write %1").arg(fileName);
            return false;
        }
        return true;
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(fileName);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(tr("Cluster Planner view"));
        QPainter p;
        if (!p.begin(&svg)) {
            if (error)
                *error = tr("Cannot write %1").arg(fileName);
            return false;
        }
        paint(p, QRectF(QPointF(0, 0), QSizeF(size)));
        return p.end();
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(fileName);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        pdf.setPageOrientation(aspect < 1 ? QPageLayout::Landscape : QPageLayout::Portrait);
        pdf.setResolution(150);
        pdf.setTitle(tr("Cluster Planner view"));
        QPainter p;
        if (!p.begin(&pdf)) {
            if (error)
                *error = tr("Cannot write %1").arg(fileName);
            return false;
        }
        const QRect page = p.viewport();
        paint(p, QRectF(page));
        return p.end();
    }
    if (error)
        *error = tr("Unknown export format '%1' (use .png, .svg or .pdf)").arg(suffix);
    return false;
}

} // namespace cplan
