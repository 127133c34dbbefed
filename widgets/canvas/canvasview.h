#pragma once

#include <QDeadlineTimer>
#include <QGraphicsView>
#include <QPair>
#include <QStringList>
#include <QVector>

#include <optional>

namespace cplan {

class CanvasScene;

// The canvas view: wheel zoom around the cursor, pan with the middle button (or space + drag),
// rubber-band selection, fit to view; draws the heatmap legend and, in presentation mode, the
// key figures on top.
class CanvasView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit CanvasView(CanvasScene *scene, QWidget *parent = nullptr);

    CanvasScene *canvasScene() const { return m_scene; }
    void fitAll();
    // Shows a scene rectangle whole (level of detail follows the zoom).
    void fitRect(const QRectF &rect);
    // Fit now and again at each resize in the next second: a window switching to or from full
    // screen gets its size from the window system after the switch, and Fit must take that size.
    void fitAllWhileResizing();
    void zoomBy(double factor);
    double zoom() const;
    // Brings a scene rectangle (what Find or a list selected) to the middle of the view, zoomed
    // in first if it would be drawn smaller than kRevealPx across (on a big design at Fit a
    // server is under a pixel); never zooms out.
    void reveal(const QRectF &sceneRect);
    static constexpr double kRevealPx = 64;

    // Figures shown in a box on the canvas (presentation mode and exports); empty hides them.
    void setKeyFigures(const QVector<QPair<QString, QString>> &figures, const QString &title = {});
    // The heatmap legend (bottom left). When it appears or grows while the view is as Fit left
    // it, Fit is done again, so that it takes room beside the drawing instead of covering it.
    void setLegendTitle(const QString &title);
    QString legendTitle() const { return m_legendTitle; }
    // Lines under the legend's scale (the pattern, its size, what 100 % means, the bottleneck).
    void setLegendCaption(const QStringList &lines);
    QStringList legendCaption() const { return m_legendCaption; }
    void setShowOverlay(bool show) { m_showOverlay = show; viewport()->update(); }
    // A line of help at the bottom of the view (presentation mode); never in exports.
    void setHint(const QString &hint) { m_hint = hint; viewport()->update(); }
    QString hint() const { return m_hint; }
    // Where an export puts the drawing and the boxes drawn beside it: the heatmap legend below
    // the drawing and the key figures to its right, so that neither covers a server.
    struct ExportLayout
    {
        QSize page;
        QRectF drawing, legend, figures;   // legend / figures empty when not shown
    };
    ExportLayout exportLayout(QSize drawingSize) const;
    // Draws the legend and figures into `area` (viewport or export page coordinates).
    void drawOverlay(QPainter *painter, const QRectF &area) const;
    void drawLegend(QPainter *painter, const QRectF &box) const;
    void drawFigures(QPainter *painter, const QRectF &box) const;
    QSizeF legendSize() const;
    QSizeF figuresSize() const;
    // Where drawOverlay() puts the legend (bottom left) and the key figures (top right) in `area`;
    // empty when not shown.
    QRectF legendBox(const QRectF &area) const;
    QRectF figuresBox(const QRectF &area) const;
    // Presentation mode: the key figures at a projector's size (values kProjectorFigurePx high).
    void setProjectorSize(bool on);
    bool projectorSize() const { return m_projector; }
    static constexpr int kProjectorFigurePx = 30;
    struct FigureFonts
    {
        QFont label, value, title;
    };
    FigureFonts figureFonts() const;
    // Renders the visible part (or everything) to a file: .png, .svg or .pdf by suffix.
    bool exportTo(const QString &fileName, bool wholeScene, QString *error) const;

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void scrollContentsBy(int dx, int dy) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    static constexpr double kMaxZoom = 12;
    // After the transform changed: antialiasing by zoom, the level of detail follows.
    void viewMoved();

    CanvasScene *m_scene;
    bool m_panning = false;
    bool m_spaceDown = false;
    QPoint m_lastPan;
    QVector<QPair<QString, QString>> m_figures;
    QString m_figuresTitle;
    QString m_legendTitle;
    QStringList m_legendCaption;
    QString m_hint;
    bool m_showOverlay = true;
    bool m_projector = false;
    QDeadlineTimer m_refitUntil;   // expired: a resize keeps the zoom
    // What the last Fit of the whole left (transform and scroll position): a zoom or pan since
    // shows as a difference.
    struct FitState
    {
        QTransform transform;
        QPoint scroll;
        QSizeF legend;   // the room Fit left it
        QSize view;      // the view's own size then (scroll bars and viewport included)
    };
    std::optional<FitState> m_fitted;
    bool stillAsFitLeft() const;
    void legendChanged();
};

} // namespace cplan
