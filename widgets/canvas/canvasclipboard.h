#pragma once

#include <QCoreApplication>
#include <QPointF>

class QMimeData;

namespace cplan {

class CanvasScene;

// MIME type of a design fragment on the clipboard (YAML, as a design file).
inline const char *const kDesignMimeType = "application/x-cluster-planner-design";

// Copy and paste of design fragments (Tiled's ClipboardManager): the selected nodes with the
// links among them travel as a small design in YAML; a paste adds them with fresh ids as one
// undo step and selects them.
class CanvasClipboard
{
    Q_DECLARE_TR_FUNCTIONS(cplan::CanvasClipboard)

public:
    explicit CanvasClipboard(CanvasScene *scene)
        : m_scene(scene)
    {}

    // The selection as MIME data (caller owns it); nullptr when no node is selected.
    QMimeData *copySelection() const;
    // Pastes a design fragment with fresh ids, centred on `at` (scene position), moved down and
    // right by grid steps while a copy would sit on a node (repeated pastes cascade); returns
    // false when the data holds no design.
    bool paste(const QMimeData *mime, QPointF at);

    // The same through the system clipboard.
    void copyToClipboard() const;
    bool pasteFromClipboard(QPointF at);

private:
    CanvasScene *m_scene;
};

} // namespace cplan
