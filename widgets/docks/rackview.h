#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "export/elevation.h"
#endif

#include <QGraphicsScene>
#include <QWidget>

#include <set>
#include <string>
#include <vector>

class QComboBox;
class QGraphicsView;
class QLabel;
class QListWidget;
class QTimer;

namespace cplan {

class Document;
class DeviceItem;
struct ChangeEvent;

// The racks of one row, side by side as in their elevations (widgets/paint/rackpainter.h). Devices
// are items the user drags to another U or another rack of the row: they snap to whole U and
// to the racks while dragged, and the drop pushes one PlaceNodes (one gesture, one undo step).
// Devices dragged in from the "not in a rack" list drop the same way.
class RackScene : public QGraphicsScene
{
    Q_OBJECT

public:
    explicit RackScene(Document *document, QObject *parent = nullptr);

    // Shows these racks (one row); rebuilds every item.
    void setRacks(std::vector<RackElevation> racks);
    const std::vector<RackElevation> &racks() const { return m_racks; }

    // Where a device's box lands when its top-left corner is proposed at `pos`: snapped to the
    // nearest rack column and to whole U. `rack` and `u` say where that is (-1 / 0 when outside).
    QPointF snap(const QPointF &pos, int heightU, int *rack = nullptr, int *u = nullptr) const;
    // The rack and lowest U under a point of the scene (a drop): -1 / 0 when no rack is there.
    bool placeAt(const QPointF &point, int heightU, int *rack, int *u) const;
    // The box of a device of the given rack column, U and height, in scene coordinates.
    QRectF deviceBox(int rack, int u, int heightU) const;
    // Ends a drag of the selected devices: one PlaceNodes for all of them.
    void dropSelection(DeviceItem *grabbed);

signals:
    void nodeActivated(const QString &id);
    // Why a drop was refused (the U is taken), for the status bar.
    void statusMessage(const QString &message);

protected:
    void dragEnterEvent(QGraphicsSceneDragDropEvent *event) override;
    void dragMoveEvent(QGraphicsSceneDragDropEvent *event) override;
    void dropEvent(QGraphicsSceneDragDropEvent *event) override;

private:
    QRectF column(int rack) const;
    QString obstacle(int rack, int u, int heightU, const std::set<std::string> &placed) const;
    // One entry per device to place: its id, rack column, lowest U and height.
    struct Target
    {
        std::string id;
        int rack, u, heightU;
    };
    bool refuseOverlaps(const std::vector<Target> &targets);
    Document *m_document;
    std::vector<RackElevation> m_racks;
};

// The Racks dock: a row chooser, the row's racks (RackScene) and the devices not in a rack.
class RackView : public QWidget
{
    Q_OBJECT

public:
    explicit RackView(Document *document, QWidget *parent = nullptr);

    QString currentRow() const;
    void setCurrentRow(const QString &row);
    RackScene *scene() const { return m_scene; }
    QGraphicsView *view() const { return m_view; }
    QListWidget *unplacedList() const { return m_unplaced; }
    // Recomputes the elevations now (normally debounced after each change).
    void refresh();
    // Zooms the elevations by `factor` (0: back to a rack's whole height in view).
    void zoomBy(double factor);
    double zoom() const { return m_zoom; }

signals:
    void nodeActivated(const QString &id);
    void statusMessage(const QString &message);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void scheduleRefresh();
    void refreshIfShown();
    void fitRow();

    Document *m_document;
    QComboBox *m_rows;
    QLabel *m_summary;
    QGraphicsView *m_view;
    RackScene *m_scene;
    QListWidget *m_unplaced;
    QTimer *m_timer;
    std::vector<RackElevation> m_all;
    bool m_stale = false; // changed while hidden: refresh when shown
    double m_zoom = 1;    // the user's zoom over a rack's height in view
};

} // namespace cplan
