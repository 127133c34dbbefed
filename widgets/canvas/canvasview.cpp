#include "canvasview.h"

#include "canvasitems.h"
#include "canvaslod.h"
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

static constexpr double kPad = 10;   // between the view's edge and the boxes drawn over it
static constexpr double kCaptionWidth = 440;   // the heatmap legend's caption wraps at this width

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
    // Zooming and scrolling expand and collapse the units of a large design.
    scene->levelOfDetail()->watch(this);
}

void CanvasView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    // The boxes drawn over the view stay put while the drawing scrolls under them, but the
    // scrolled pixels carried a copy of them along: a trail of the legend when panning. Both
    // places are painted again, and the hint along the bottom edge.
    if (m_showOverlay) {
        const QRectF area = viewport()->rect();
        QRect hint = viewport()->rect();
        hint.setTop(hint.bottom() - 30);
        for (const QRect &r : {legendBox(area).toAlignedRect(), figuresBox(area).toAlignedRect(), m_hint.isEmpty() ? QRect() : hint})
            if (!r.isEmpty()) {
                viewport()->update(r.adjusted(-1, -1, 1, 1));
                viewport()->update(r.translated(dx, dy).adjusted(-1, -1, 1, 1));
            }
    }
    m_scene->levelOfDetail()->viewChanged();
}

void CanvasView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    // Still at the zoom Fit gave it (a dock grown or given back, the window resized): Fit again,
    // so that the legend keeps its room beside the drawing. Only when the view itself changed
    // size: a scroll bar that Fit's zoom showed or hid resizes the viewport alone, and fitting
    // again for that flipped it back and forth, for half a minute on the 102,400-GPU design.
    const bool viewResized = !m_fitted || m_fitted->view != size();
    if (viewResized && (!m_refitUntil.hasExpired() || (m_fitted && m_fitted->transform == transform())))
        fitAll();
    m_scene->levelOfDetail()->viewChanged();
}

double CanvasView::zoom() const
{
    return transform().m11();
}

void CanvasView::zoomBy(double factor)
{
    // Within 0.003-12 (a 100,000-GPU design fits below 0.003: zooming in from there works).
    const double z = zoom() * factor;
    if ((z < 0.003 && factor < 1) || (z > kMaxZoom && factor > 1))
        return;
    scale(factor, factor);
    viewMoved();
}

void CanvasView::viewMoved()
{
    // Antialiasing costs too much when thousands of lines are on screen.
    setRenderHint(QPainter::Antialiasing, zoom() > 0.25);
    m_scene->levelOfDetail()->viewChanged();
}

void CanvasView::reveal(const QRectF &sceneRect)
{
    const double across = std::max(sceneRect.width(), sceneRect.height());
    if (across > 0 && across * zoom() < kRevealPx) {
        const double z = std::min(kRevealPx / across, kMaxZoom);
        setTransform(QTransform::fromScale(z, z));
    }
    centerOn(sceneRect.center());
    viewMoved();
}

void CanvasView::fitAll()
{
    QRectF r = m_scene->contentRect();
    if (r.isEmpty())
        r = QRectF(-400, -300, 800, 600);
    fitRect(r.adjusted(-30, -30, 30, 30));
    m_fitted = FitState{transform(), QPoint(horizontalScrollBar()->value(), verticalScrollBar()->value()), legendSize(), size()};
}

bool CanvasView::stillAsFitLeft() const
{
    return m_fitted && m_fitted->transform == transform() &&
           m_fitted->scroll == QPoint(horizontalScrollBar()->value(), verticalScrollBar()->value());
}

void CanvasView::setLegendTitle(const QString &title)
{
    m_legendTitle = title;
    legendChanged();
}

void CanvasView::setLegendCaption(const QStringList &lines)
{
    m_legendCaption = lines;
    legendChanged();
}

// A legend that appeared (the scene got its heatmap) or grew after Fit covered part of the
// drawing (pre-sales day): Fit again, while the user has not zoomed or panned since.
void CanvasView::legendChanged()
{
    const QSizeF now = legendSize();
    if (stillAsFitLeft() && (now.width() > m_fitted->legend.width() || now.height() > m_fitted->legend.height()))
        fitAll();
    viewport()->update();
}

void CanvasView::fitAllWhileResizing()
{
    m_refitUntil.setRemainingTime(1000);
    fitAll();
}

void CanvasView::fitRect(const QRectF &rect)
{
    // The boxes drawn over the view (key figures top right, legend bottom left) get room of their
    // own beside the drawing, as in exports: each a band above or below it, or a column beside
    // it, whichever leaves the drawing bigger.
    const QSizeF legend = legendSize(), figures = figuresSize();
    const QRectF view = viewport()->rect();
    double best = 0;
    QRectF room = view;
    for (int figuresBeside = 0; figuresBeside < 2; ++figuresBeside)
        for (int legendBeside = 0; legendBeside < 2; ++legendBeside) {
            QRectF r = view;
            if (!figures.isEmpty())
                figuresBeside ? r.setRight(r.right() - figures.width() - 2 * kPad) : r.setTop(r.top() + figures.height() + 2 * kPad);
            if (!legend.isEmpty())
                legendBeside ? r.setLeft(r.left() + legend.width() + 2 * kPad) : r.setBottom(r.bottom() - legend.height() - 2 * kPad);
            if (!m_hint.isEmpty())   // the line of help at the bottom
                r.setBottom(std::min(r.bottom(), view.bottom() - 24));
            const double s = r.width() > 0 && r.height() > 0 ? std::min(r.width() / rect.width(), r.height() / rect.height()) : 0;
            if (s > best) {
                best = s;
                room = r;
            }
        }
    if (rect.isEmpty() || best <= 0) {
        fitInView(rect, Qt::KeepAspectRatio);
    } else {
        setTransform(QTransform::fromScale(best, best));
        const QPointF shift = (room.center() - view.center()) / best;
        // The room left for the boxes may lie past the scene's edge, where the view cannot go:
        // the scene grows to take it in, a few pixels short of the view (no scroll bars for it).
        const QSizeF across = view.size() / best;
        const QRectF shown = QRectF(rect.center() - shift - QPointF(across.width(), across.height()) / 2, across)
                                 .adjusted(4 / best, 4 / best, -4 / best, -4 / best);
        if (room != view && !m_scene->sceneRect().contains(shown))
            m_scene->setSceneRect(m_scene->sceneRect().united(shown));
        centerOn(rect.center() - shift);
    }
    viewMoved();
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
    if (!m_hint.isEmpty()) {
        QFont font = painter->font();
        font.setPixelSize(12);
        painter->setFont(font);
        painter->setPen(QColor(120, 128, 136));
        painter->drawText(QRectF(viewport()->rect()).adjusted(10, 10, -10, -8), Qt::AlignRight | Qt::AlignBottom, m_hint);
    }
    painter->restore();
}

static QFont overlayFont(const QPainter *painter)
{
    QFont font = painter ? painter->font() : QFont();
    font.setPixelSize(12);
    return font;
}

// Widths of the key figures' label and value columns.
static std::pair<double, double> figureColumns(const QVector<QPair<QString, QString>> &figures, const QFont &font, const QFont &bold)
{
    const QFontMetrics fm(font), bfm(bold);
    double labelW = 0, valueW = 0;
    for (const auto &[label, value] : figures) {
        labelW = std::max<double>(labelW, fm.horizontalAdvance(label));
        valueW = std::max<double>(valueW, bfm.horizontalAdvance(value));
    }
    return {labelW, valueW};
}

QSizeF CanvasView::legendSize() const
{
    // Wider when it also shows the failed links' dashes.
    if (!m_scene->hasUtilization())
        return {};
    const QSizeF scale(m_scene->failedObjects().empty() ? 250 : 340, 62);
    if (m_legendCaption.isEmpty())
        return scale;
    const QRect caption = QFontMetrics(overlayFont(nullptr)).boundingRect(QRect(0, 0, int(kCaptionWidth), 10000), Qt::TextWordWrap,
                                                                          m_legendCaption.join(QLatin1Char('\n')));
    return QSizeF(std::max(scale.width(), kCaptionWidth + 20), scale.height() + caption.height() + 6);
}

void CanvasView::setProjectorSize(bool on)
{
    m_projector = on;
    viewport()->update();
}

CanvasView::FigureFonts CanvasView::figureFonts() const
{
    // On a screen as the overlay's other text; on a projector large enough to read across a room.
    FigureFonts f{overlayFont(nullptr), overlayFont(nullptr), overlayFont(nullptr)};
    f.value.setBold(true);
    f.title.setBold(true);
    f.label.setPixelSize(m_projector ? kProjectorFigurePx * 3 / 4 : 12);
    f.value.setPixelSize(m_projector ? kProjectorFigurePx : 12);
    f.title.setPixelSize(m_projector ? kProjectorFigurePx : 14);
    return f;
}

// Heights of the figures' title line (0 without a title) and of one row.
static std::pair<double, double> figureRows(const CanvasView::FigureFonts &f, bool title)
{
    const double row = std::max(QFontMetrics(f.label).height(), QFontMetrics(f.value).height()) + 4;
    return {title ? std::max(24, QFontMetrics(f.title).height() + 6) : 0.0, row};
}

QSizeF CanvasView::figuresSize() const
{
    if (m_figures.isEmpty())
        return {};
    const FigureFonts f = figureFonts();
    const auto [labelW, valueW] = figureColumns(m_figures, f.label, f.value);
    const auto [titleH, rowH] = figureRows(f, !m_figuresTitle.isEmpty());
    const double titleW = std::min<double>(QFontMetrics(f.title).horizontalAdvance(m_figuresTitle) + 28, m_projector ? 1000 : 520);
    const double w = std::max<double>(labelW + valueW + 24 + f.label.pixelSize(), titleW);
    return QSizeF(w, titleH + rowH * m_figures.size() + 12);
}

void CanvasView::drawOverlay(QPainter *painter, const QRectF &area) const
{
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setFont(overlayFont(painter));
    // An empty canvas says how to start.
    if (m_scene->document()->design().nodes.empty()) {
        QFont big = overlayFont(painter);
        big.setPixelSize(16);
        painter->setFont(big);
        painter->setPen(QColor(110, 120, 130));
        painter->drawText(area.adjusted(40, 40, -40, -40), Qt::AlignCenter | Qt::TextWordWrap,
                          tr("Drag switches and servers from the Parts palette onto the canvas,\n"
                             "or generate a fabric with File ▸ New fat-tree fabric… (Ctrl+Shift+N),\n"
                             "or open a design (Ctrl+O)."));
    }
    // Heatmap legend bottom left, key figures top right.
    if (const QRectF legend = legendBox(area); !legend.isEmpty())
        drawLegend(painter, legend);
    if (const QRectF figures = figuresBox(area); !figures.isEmpty())
        drawFigures(painter, figures);
}

QRectF CanvasView::legendBox(const QRectF &area) const
{
    const QSizeF legend = legendSize();
    return legend.isEmpty() ? QRectF() : QRectF(QPointF(area.left() + kPad, area.bottom() - legend.height() - kPad), legend);
}

QRectF CanvasView::figuresBox(const QRectF &area) const
{
    const QSizeF figures = figuresSize();
    return figures.isEmpty() ? QRectF() : QRectF(QPointF(area.right() - figures.width() - kPad, area.top() + kPad), figures);
}

void CanvasView::drawLegend(QPainter *painter, const QRectF &box) const
{
    const QFont font = overlayFont(painter);
    const QFontMetrics fm(font);
    painter->setFont(font);
    painter->setPen(QColor(180, 185, 190));
    painter->setBrush(QColor(255, 255, 255, 235));
    painter->drawRoundedRect(box, 4, 4);
    painter->setPen(QColor(30, 30, 30));
    painter->drawText(box.adjusted(10, 4, -10, 0), Qt::AlignLeft | Qt::AlignTop, m_legendTitle);
    if (!m_scene->failedObjects().empty()) {
        // The failed links' dashes, which are none of the scale's colours.
        const QString failed = tr("failed");
        const double w = fm.horizontalAdvance(failed);
        const double y = box.top() + 4 + fm.ascent() / 2.0 + 1;
        QPen dash(QColor(60, 60, 60), 2, Qt::DashLine);
        painter->setPen(dash);
        painter->drawLine(QPointF(box.right() - 10 - w - 30, y), QPointF(box.right() - 14 - w, y));
        painter->setPen(QColor(30, 30, 30));
        painter->drawText(QPointF(box.right() - 10 - w, box.top() + 4 + fm.ascent()), failed);
    }
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
    if (!m_legendCaption.isEmpty())
        painter->drawText(QRectF(box.left() + 10, bar.bottom() + 22, box.width() - 20, box.bottom() - bar.bottom() - 22),
                          Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_legendCaption.join(QLatin1Char('\n')));
}

void CanvasView::drawFigures(QPainter *painter, const QRectF &box) const
{
    // The same fonts as figuresSize(), which sized the box.
    const FigureFonts f = figureFonts();
    const auto [labelW, valueW] = figureColumns(m_figures, f.label, f.value);
    const auto [titleH, rowH] = figureRows(f, !m_figuresTitle.isEmpty());
    painter->setPen(QColor(180, 185, 190));
    painter->setBrush(QColor(255, 255, 255, 235));
    painter->drawRoundedRect(box, 4, 4);
    double y = box.top() + 6;
    if (!m_figuresTitle.isEmpty()) {
        painter->setFont(f.title);
        painter->setPen(QColor(20, 40, 70));
        painter->drawText(QRectF(box.left() + 12, y, box.width() - 24, titleH - 4), Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetrics(f.title).elidedText(m_figuresTitle, Qt::ElideRight, int(box.width() - 24)));
        y += titleH;
    }
    for (const auto &[label, value] : m_figures) {
        painter->setFont(f.label);
        painter->setPen(QColor(70, 75, 80));
        painter->drawText(QRectF(box.left() + 12, y, labelW, rowH), Qt::AlignLeft | Qt::AlignVCenter, label);
        painter->setFont(f.value);
        painter->setPen(QColor(20, 20, 20));
        painter->drawText(QRectF(box.right() - 12 - valueW, y, valueW, rowH), Qt::AlignRight | Qt::AlignVCenter, value);
        y += rowH;
    }
}

CanvasView::ExportLayout CanvasView::exportLayout(QSize drawingSize) const
{
    ExportLayout l;
    const QSizeF legend = legendSize(), figures = figuresSize();
    const double right = figures.isEmpty() ? 0 : figures.width() + 2 * kPad;
    const double below = legend.isEmpty() ? 0 : legend.height() + 2 * kPad;
    l.drawing = QRectF(QPointF(0, 0), QSizeF(drawingSize));
    l.page = QSize(drawingSize.width() + int(std::ceil(right)),
                   std::max(drawingSize.height(), int(std::ceil(figures.height() + 2 * kPad))) + int(std::ceil(below)));
    if (!legend.isEmpty())
        l.legend = QRectF(QPointF(kPad, l.page.height() - legend.height() - kPad), legend);
    if (!figures.isEmpty())
        l.figures = QRectF(QPointF(l.drawing.right() + kPad, kPad), figures);
    return l;
}

bool CanvasView::exportTo(const QString &fileName, bool wholeScene, QString *error) const
{
    const QRectF source = wholeScene ? m_scene->contentRect().adjusted(-40, -40, 40, 40)
                                     : mapToScene(viewport()->rect()).boundingRect();
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    // Drawing size: the source's aspect, at least 1600 px wide for bitmaps; legend and figures
    // beside it (exportLayout).
    const double aspect = source.height() / std::max(1.0, source.width());
    const int width = wholeScene ? 2400 : std::max(1600, viewport()->width());
    const ExportLayout layout = exportLayout(QSize(width, std::max(200, int(width * aspect))));
    const QSize size = layout.page;
    auto paint = [&](QPainter &p, const QRectF &target) {
        // Page coordinates: the layout's, scaled to the target (a PDF page has its own size).
        p.fillRect(target, QColor(250, 251, 252));
        p.save();
        p.translate(target.topLeft());
        p.scale(target.width() / size.width(), target.height() / size.height());
        p.setRenderHint(QPainter::Antialiasing, true);
        m_scene->render(&p, layout.drawing, source, Qt::KeepAspectRatio);
        if (!layout.legend.isEmpty())
            drawLegend(&p, layout.legend);
        if (!layout.figures.isEmpty())
            drawFigures(&p, layout.figures);
        p.restore();
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
        pdf.setPageOrientation(size.height() < size.width() ? QPageLayout::Landscape : QPageLayout::Portrait);
        pdf.setResolution(150);
        pdf.setTitle(tr("Cluster Planner view"));
        QPainter p;
        if (!p.begin(&pdf)) {
            if (error)
                *error = tr("Cannot write %1").arg(fileName);
            return false;
        }
        // The page keeps the layout's aspect, centred on the paper.
        const QRectF paper = p.viewport();
        const double k = std::min(paper.width() / size.width(), paper.height() / size.height());
        const QSizeF fitted(size.width() * k, size.height() * k);
        paint(p, QRectF(paper.center() - QPointF(fitted.width() / 2, fitted.height() / 2), fitted));
        return p.end();
    }
    if (error)
        *error = tr("Unknown export format '%1' (use .png, .svg or .pdf)").arg(suffix);
    return false;
}

} // namespace cplan
