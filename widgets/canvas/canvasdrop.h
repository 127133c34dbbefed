#pragma once

#include <QCoreApplication>
#include <QPointF>
#include <QString>

#include <string>

class QMimeData;

namespace cplan {

class CanvasScene;

// MIME type of a drag out of the parts palette: a catalog part id.
inline const char *const kPartMimeType = "application/x-cluster-planner-part";

// Placing a catalog part on the canvas (a drop from the palette, or a double-click in it): a
// switch or server becomes a node at the position, on the grid when snapping; an HCA goes into
// the server under the position when it has a free slot. Cables and optics are chosen per link,
// never placed. One undo step; the new node is selected.
class PartDrop
{
    Q_DECLARE_TR_FUNCTIONS(cplan::PartDrop)

public:
    explicit PartDrop(CanvasScene *scene)
        : m_scene(scene)
    {}

    static bool carriesPart(const QMimeData *mime);
    static std::string partOf(const QMimeData *mime);

    // On refusal returns false with why (also shown in the status bar).
    bool place(const std::string &partId, QPointF scenePos, QString *why = nullptr);

private:
    bool addHca(const std::string &partId, const QString &model, QPointF scenePos, QString *why);
    bool refuse(const QString &text, QString *why);

    CanvasScene *m_scene;
};

} // namespace cplan
