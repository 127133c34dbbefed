#pragma once

#include "document.h"

#include <QCoreApplication>
#include <QUndoCommand>
#include <QVariant>

#include <string>
#include <vector>

namespace cplan {

// The undo commands: one per kind of edit (STYLE.md). A command owns what it removed.
// Commands hold ids (strings), never indices or pointers, because both shift on edits.

class AddNodes : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(AddNodes)
public:
    // Appends the nodes (their ids must be unique).
    AddNodes(Document *document, std::vector<Node> nodes, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    std::vector<IndexedNode> m_nodes;
    std::vector<std::string> m_ids;
};

// Removes nodes with every link touching them: one step.
class RemoveNodes : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(RemoveNodes)
public:
    RemoveNodes(Document *document, std::vector<std::string> ids, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    std::vector<std::string> m_ids;
    std::vector<IndexedNode> m_nodes;
    std::vector<IndexedLink> m_links;
};

// Moves nodes; pushed once per drag, on release.
class MoveNodes : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(MoveNodes)
public:
    using Positions = std::vector<std::pair<double, double>>;
    MoveNodes(Document *document, std::vector<std::string> ids, Positions from, Positions to, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    std::vector<std::string> m_ids;
    Positions m_from, m_to;
};

class AddLinks : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(AddLinks)
public:
    // Links with endpoints given as (node id, port); appended in order.
    AddLinks(Document *document, std::vector<IndexedLink> links, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    std::vector<IndexedLink> m_links;
    std::vector<std::string> m_ids;
};

class RemoveLinks : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(RemoveLinks)
public:
    RemoveLinks(Document *document, std::vector<std::string> ids, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    std::vector<std::string> m_ids;
    std::vector<IndexedLink> m_links;
};

// Sets one property of one node. Successive edits of the same property merge (typing in the
// inspector is one undo step).
class SetNodeProperty : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(SetNodeProperty)
public:
    SetNodeProperty(Document *document, std::string id, NodeProperty property, QVariant value, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return 1001; }
    bool mergeWith(const QUndoCommand *other) override;
    bool isNoOp() const { return m_old == m_new; }

private:
    Document *m_document;
    std::string m_node;
    NodeProperty m_property;
    QVariant m_old, m_new;
};

// Sets a link's cable part and run length (an empty cable = chosen automatically). Successive
// edits of the same link merge (typing a length is one undo step).
class SetLinkCable : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(SetLinkCable)
public:
    SetLinkCable(Document *document, std::string link, std::string cable, std::optional<double> lengthM,
                 QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return 1002; }
    bool mergeWith(const QUndoCommand *other) override;
    bool isNoOp() const { return m_oldCable == m_newCable && m_oldLength == m_newLength; }

private:
    Document *m_document;
    std::string m_link;
    std::string m_oldCable, m_newCable;
    std::optional<double> m_oldLength, m_newLength;
};

// Sets the design's name and settings (currency, energy price, PUE, TCO years, ...): one step.
class SetDesignSettings : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(SetDesignSettings)
public:
    SetDesignSettings(Document *document, std::string name, Settings settings, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;
    bool isNoOp() const;

private:
    Document *m_document;
    std::string m_oldName, m_newName;
    Settings m_old, m_new;
};

// Replaces the whole design (generate a fabric, apply a wizard). The command owns the other one.
class ReplaceDesign : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(ReplaceDesign)
public:
    ReplaceDesign(Document *document, Design design, const QString &text, QUndoCommand *parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document *m_document;
    Design m_other;
};

// Builds links with endpoints by node id.
IndexedLink makeLink(const std::string &id, const std::string &nodeA, int portA, const std::string &nodeB, int portB,
                     const std::string &cable = {}, std::optional<double> lengthM = {});

// Pushes a removal of nodes and links as one macro; nothing when both are empty.
void removeObjects(Document *document, const std::vector<std::string> &nodes, const std::vector<std::string> &links);

} // namespace cplan
