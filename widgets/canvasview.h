#pragma once

#include <QGraphicsView>
#include <QPair>
#include <QStringList>
#include <QVector>

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
    void zoomBy(double factor);
    double zoom() const;

    // Figures shown in a box on the canvas (presentation mode and exports); empty hides them.
    void setKeyFigures(const QVector<QPair<QString, QString>> &figures, const QString &title = {});
    void setLegendTitle(const QString &title) { m_legendTitle = title; viewport()->update(); }
    void setShowOverlay(bool show) { m_showOverlay = show; viewport()->update(); }
    // Draws the legend and figures into `area` (viewport or export page coordinates).
    void drawOverlay(QPainter *painter, const QRectF &area) const;
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

private:
    CanvasScene *m_scene;
    bool m_panning = false;
    bool m_spaceDown = false;
    QPoint m_lastPan;
    QVector<QPair<QString, QString>> m_figures;
    QString m_figuresTitle;
    QString m_legendTitle;
    bool m_showOverlay = true;
};

} // namespace cplan
