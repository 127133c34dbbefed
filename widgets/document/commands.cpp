#include "commands.h"

#include <unordered_set>

namespace cplan {

// --- AddNodes -------------------------------------------------------------------------------

AddNodes::AddNodes(Document *document, std::vector<Node> nodes, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
{
    const auto base = std::uint32_t(document->design().nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        m_ids.push_back(nodes[i].id);
        m_nodes.push_back(IndexedNode{base + std::uint32_t(i), std::move(nodes[i])});
    }
    setText(tr("Add %n node(s)", "", int(m_ids.size())));
}

void AddNodes::redo()
{
    m_document->insertNodes(m_nodes);
}

void AddNodes::undo()
{
    m_document->takeNodes(m_ids);
}

// --- RemoveNodes ----------------------------------------------------------------------------

RemoveNodes::RemoveNodes(Document *document, std::vector<std::string> ids, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_ids(std::move(ids))
{
    setText(tr("Remove %n node(s)", "", int(m_ids.size())));
}

void RemoveNodes::redo()
{
    m_links = m_document->takeLinks(m_document->linksOfNodes(m_ids));
    m_nodes = m_document->takeNodes(m_ids);
}

void RemoveNodes::undo()
{
    m_document->insertNodes(std::move(m_nodes));
    m_document->insertLinks(std::move(m_links));
    m_nodes.clear();
    m_links.clear();
}

// --- MoveNodes ------------------------------------------------------------------------------

MoveNodes::MoveNodes(Document *document, std::vector<std::string> ids, Positions from, Positions to, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_ids(std::move(ids))
    , m_from(std::move(from))
    , m_to(std::move(to))
{
    setText(tr("Move %n node(s)", "", int(m_ids.size())));
}

void MoveNodes::redo()
{
    m_document->moveNodes(m_ids, m_to);
}

void MoveNodes::undo()
{
    m_document->moveNodes(m_ids, m_from);
}

// --- AddLinks -------------------------------------------------------------------------------

AddLinks::AddLinks(Document *document, std::vector<IndexedLink> links, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_links(std::move(links))
{
    const auto base = std::uint32_t(document->design().links.size());
    for (std::size_t i = 0; i < m_links.size(); ++i) {
        m_links[i].index = base + std::uint32_t(i);
        m_ids.push_back(m_links[i].link.id);
    }
    setText(tr("Connect %n link(s)", "", int(m_ids.size())));
}

void AddLinks::redo()
{
    m_document->insertLinks(m_links);
}

void AddLinks::undo()
{
    m_document->takeLinks(m_ids);
}

// --- RemoveLinks ----------------------------------------------------------------------------

RemoveLinks::RemoveLinks(Document *document, std::vector<std::string> ids, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_ids(std::move(ids))
{
    setText(tr("Remove %n link(s)", "", int(m_ids.size())));
}

void RemoveLinks::redo()
{
    m_links = m_document->takeLinks(m_ids);
}

void RemoveLinks::undo()
{
    m_document->insertLinks(std::move(m_links));
    m_links.clear();
}

// --- SetNodeProperty ------------------------------------------------------------------------

static QString propertyName(NodeProperty p)
{
    switch (p) {
    case NodeProperty::Name: return SetNodeProperty::tr("name");
    case NodeProperty::Part: return SetNodeProperty::tr("part");
    case NodeProperty::Role: return SetNodeProperty::tr("role");
    case NodeProperty::Tier: return SetNodeProperty::tr("tier");
    case NodeProperty::Group: return SetNodeProperty::tr("group");
    case NodeProperty::Rack: return SetNodeProperty::tr("rack");
    case NodeProperty::Hcas: return SetNodeProperty::tr("HCAs");
    case NodeProperty::Mtu: return SetNodeProperty::tr("MTU");
    }
    return {};
}

SetNodeProperty::SetNodeProperty(Document *document, std::string id, NodeProperty property, QVariant value, QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_node(std::move(id))
    , m_property(property)
    , m_old(document->nodeProperty(m_node, property))
    , m_new(std::move(value))
{
    setText(tr("Change %1 of %2").arg(propertyName(property), QString::fromStdString(m_node)));
}

void SetNodeProperty::redo()
{
    m_document->setNodeProperty(m_node, m_property, m_new);
}

void SetNodeProperty::undo()
{
    m_document->setNodeProperty(m_node, m_property, m_old);
}

bool SetNodeProperty::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const SetNodeProperty *>(other);
    if (o->m_node != m_node || o->m_property != m_property || m_property == NodeProperty::Hcas)
        return false;
    m_new = o->m_new;
    if (m_old == m_new)
        setObsolete(true);
    return true;
}

// --- SetLinkCable ---------------------------------------------------------------------------

SetLinkCable::SetLinkCable(Document *document, std::string link, std::string cable, std::optional<double> lengthM,
                           QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_link(std::move(link))
    , m_newCable(std::move(cable))
    , m_newLength(lengthM)
{
    const Design &design = document->design();
    if (auto l = design.findLink(m_link)) {
        m_oldCable = design.link(*l).cable;
        m_oldLength = design.link(*l).lengthM;
    }
    setText(tr("Change cable of %1").arg(QString::fromStdString(m_link)));
}

void SetLinkCable::redo()
{
    m_document->setLinkCable(m_link, m_newCable, m_newLength);
}

void SetLinkCable::undo()
{
    m_document->setLinkCable(m_link, m_oldCable, m_oldLength);
}

bool SetLinkCable::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const SetLinkCable *>(other);
    if (o->m_link != m_link)
        return false;
    m_newCable = o->m_newCable;
    m_newLength = o->m_newLength;
    if (isNoOp())
        setObsolete(true);
    return true;
}

// --- SetDesignSettings ----------------------------------------------------------------------

SetDesignSettings::SetDesignSettings(Document *document, std::string name, Settings settings, QUndoCommand *parent)
    : QUndoCommand(tr("Change design settings"), parent)
    , m_document(document)
    , m_oldName(document->design().name)
    , m_newName(std::move(name))
    , m_old(document->design().settings)
    , m_new(std::move(settings))
{
}

void SetDesignSettings::redo()
{
    m_document->setDesignSettings(m_newName, m_new);
}

void SetDesignSettings::undo()
{
    m_document->setDesignSettings(m_oldName, m_old);
}

bool SetDesignSettings::isNoOp() const
{
    return m_oldName == m_newName && m_old == m_new;
}

// --- ReplaceDesign --------------------------------------------------------------------------

ReplaceDesign::ReplaceDesign(Document *document, Design design, const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_other(std::move(design))
{
}

void ReplaceDesign::redo()
{
    m_document->swapDesign(m_other);
}

void ReplaceDesign::undo()
{
    m_document->swapDesign(m_other);
}

// --- helpers --------------------------------------------------------------------------------

IndexedLink makeLink(const std::string &id, const std::string &nodeA, int portA, const std::string &nodeB, int portB,
                     const std::string &cable, std::optional<double> lengthM)
{
    IndexedLink l;
    l.link.id = id;
    l.link.a.port = portA;
    l.link.b.port = portB;
    l.link.cable = cable;
    l.link.lengthM = lengthM;
    l.nodeA = nodeA;
    l.nodeB = nodeB;
    return l;
}

void removeObjects(Document *document, const std::vector<std::string> &nodes, const std::vector<std::string> &links)
{
    if (nodes.empty() && links.empty())
        return;
    // Links that go with the nodes anyway are left to RemoveNodes.
    std::unordered_set<std::string> going;
    for (const std::string &l : document->linksOfNodes(nodes))
        going.insert(l);
    std::vector<std::string> lonely;
    for (const std::string &l : links)
        if (!going.count(l))
            lonely.push_back(l);
    auto *stack = document->undoStack();
    stack->beginMacro(QCoreApplication::translate("cplan::Commands", "Delete %n object(s)", "", int(nodes.size() + links.size())));
    if (!lonely.empty())
        stack->push(new RemoveLinks(document, lonely));
    if (!nodes.empty())
        stack->push(new RemoveNodes(document, nodes));
    stack->endMacro();
}

} // namespace cplan
