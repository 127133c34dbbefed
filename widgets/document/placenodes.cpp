#include "placenodes.h"

namespace cplan {

PlaceNodes::PlaceNodes(Document *document, std::vector<std::string> ids, std::vector<Document::Placement> to, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_ids(std::move(ids))
    , m_to(std::move(to))
{
    for (const std::string &id : m_ids)
        m_from.push_back(document->placement(id));
    const QString rack = m_to.empty() ? QString() : QString::fromStdString(m_to.front().rack);
    if (m_ids.size() == 1 && !m_to.empty() && m_to.front().u)
        setText(tr("Move %1 to rack %2, U %3").arg(QString::fromStdString(m_ids.front()), rack).arg(*m_to.front().u));
    else
        setText(tr("Move %n device(s) to rack %1", "", int(m_ids.size())).arg(rack));
}

void PlaceNodes::redo()
{
    m_document->placeNodes(m_ids, m_to);
}

void PlaceNodes::undo()
{
    m_document->placeNodes(m_ids, m_from);
}

} // namespace cplan
