#pragma once

#include "document.h"

#include <QCoreApplication>
#include <QUndoCommand>

#include <string>
#include <vector>

namespace cplan {

// Moves devices between racks and U positions: pushed once per drag in the rack view, on
// release (one gesture, one undo step).
class PlaceNodes : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(PlaceNodes)
public:
    PlaceNodes(Document *document, std::vector<std::string> ids, std::vector<Document::Placement> to, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    // Nothing moves: not worth an undo step.
    bool isNoOp() const { return m_from == m_to; }

private:
    Document *m_document;
    std::vector<std::string> m_ids;
    std::vector<Document::Placement> m_from, m_to;
};

} // namespace cplan
