#pragma once

#include <QTimer>
#include <QWidget>

class QLabel;
class QListWidget;

namespace cplan {

class CanvasScene;
class CanvasView;
class Document;

// The design at pod and scalable-unit level, for designs too big to read at Fit (thousands of
// switches side by side make a thin band): one tile per pod (per scalable unit where there
// are no pods) with its servers, switches and GPUs, and one for the switches outside any
// group (core). Clicking a tile zooms the canvas onto that part, expanding its units.
class OverviewView : public QWidget
{
    Q_OBJECT

public:
    OverviewView(Document *document, CanvasScene *scene, CanvasView *view, QWidget *parent = nullptr);

    QListWidget *list() const { return m_list; }
    // Zooms the canvas onto a tile's part (a group id; empty = the nodes outside any group).
    void showPart(const QString &id);
    void refresh();
    // As narrow as the other docks beside it: a grid of tiles would ask for a wide dock.
    QSize sizeHint() const override { return {260, 300}; }

private:
    Document *m_document;
    CanvasScene *m_scene;
    CanvasView *m_view;
    QLabel *m_summary;
    QListWidget *m_list;
    QTimer m_refresh;
};

} // namespace cplan
