#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "model/design.h"
#endif

#include <QObject>
#include <QString>
#include <QUndoStack>
#include <QVariant>

#include <string>
#include <vector>

namespace cplan {

class Catalog;

// What an edit touched (Tiled's change events): a type, the ids involved and a bitmask of the
// aspects that changed, so views update only the touched items and analysis skips pure moves.
struct ChangeEvent
{
    enum Type { NodesAdded, NodesRemoved, NodesChanged, LinksAdded, LinksRemoved, LinksChanged, SettingsChanged, DesignReplaced };
    enum Aspect {
        Topology = 1 << 0,    // nodes or links added or removed, parts changed
        Geometry = 1 << 1,    // positions only
        Properties = 1 << 2,  // names, racks, groups, tiers, HCAs
        Prices = 1 << 3,      // part prices in the catalog (the user's price book), not the design
        Everything = 0xff,
    };

    Type type = DesignReplaced;
    int aspects = Everything;
    std::vector<std::string> nodes;   // node ids (for NodesRemoved: the ids that were removed)
    std::vector<std::string> links;   // link ids

    bool affectsAnalysis() const { return aspects & (Topology | Properties | Prices); }
};

// The node properties the inspector edits, one undoable SetNodeProperty each.
enum class NodeProperty { Name, Part, Role, Tier, Group, Rack, Hcas, Mtu };   // Mtu: int, 0 = the design's

// A node with the position it had (or gets) in Design::nodes, so that undo restores the order
// and a serialized design is byte-identical after undo.
struct IndexedNode
{
    std::uint32_t index = 0;
    Node node;
};

// A link with its position and its endpoints by node id (node indices shift when nodes go).
struct IndexedLink
{
    std::uint32_t index = 0;
    Link link;
    std::string nodeA, nodeB;
};

// The open design: owns the model and the undo stack (Tiled's pattern). Every edit is a
// QUndoCommand pushed on undoStack(); the commands call the primitives below, which emit one
// changed() each. The modified flag is the stack's clean state.
class Document : public QObject
{
    Q_OBJECT

public:
    explicit Document(const Catalog &catalog, QObject *parent = nullptr);

    const Design &design() const { return m_design; }
    const Catalog &catalog() const { return m_catalog; }
    QUndoStack *undoStack() { return &m_undoStack; }

    QString fileName() const { return m_fileName; }
    void setFileName(const QString &fileName);
    bool isModified() const { return !m_undoStack.isClean(); }
    // Increases with every change that affects analysis; results carry the revision they are for.
    quint64 revision() const { return m_revision; }

    // Loads a design; on error returns false with the message (file:line:column) and leaves
    // this document untouched.
    bool load(const QString &fileName, QString *error);
    // Replaces everything without undo (recovery, new document). Marks the stack clean unless
    // `modified` is set.
    // `indexed`: the design's lookups are already built (reindex() on the thread that loaded it:
    // a 300,000-link design takes a third of a second).
    void reset(Design design, const QString &fileName, bool modified = false, bool indexed = false);
    bool save(const QString &fileName, QString *error);

    // --- primitives for undo commands (widgets never call these directly) -----------------
    void insertNodes(std::vector<IndexedNode> nodes);               // ascending indices
    std::vector<IndexedNode> takeNodes(const std::vector<std::string> &ids); // must have no links
    void insertLinks(std::vector<IndexedLink> links);               // ascending indices
    std::vector<IndexedLink> takeLinks(const std::vector<std::string> &ids);
    void moveNodes(const std::vector<std::string> &ids, const std::vector<std::pair<double, double>> &positions);
    void setNodeProperty(const std::string &id, NodeProperty property, const QVariant &value);
    void setLinkCable(const std::string &id, const std::string &cable, std::optional<double> lengthM);
    void setDesignSettings(const std::string &name, const Settings &settings);
    // Puts nodes in racks at U positions (an empty rack takes a node out of its rack; an empty
    // U leaves it unplaced in the rack): one change for the whole gesture.
    struct Placement
    {
        std::string rack;
        std::optional<int> u;
        bool operator==(const Placement &) const = default;
    };
    void placeNodes(const std::vector<std::string> &ids, const std::vector<Placement> &placements);
    Placement placement(const std::string &id) const;
    QVariant nodeProperty(const std::string &id, NodeProperty property) const;
    void swapDesign(Design &design);

    // --- the user's price book ---------------------------------------------------------------
    // The window's catalog, writable (the same object as catalog()), and the user store it was
    // loaded from: AddPrices writes the store and sets the part's price in this catalog. A
    // document without it (tests, tools) shows prices read-only.
    void enablePriceEditing(Catalog *catalog, std::string storePath);
    bool canEditPrices() const { return m_writableCatalog != nullptr; }
    const std::string &storePath() const { return m_storePath; }
    Catalog *writableCatalog() const { return m_writableCatalog; }
    // Primitive for AddPrices: part prices changed in the catalog (one changed(), aspect Prices).
    void notifyPricesChanged();

    // Links touching any of these nodes (ids), in design order.
    std::vector<std::string> linksOfNodes(const std::vector<std::string> &nodeIds) const;

signals:
    void changed(const cplan::ChangeEvent &event);
    void modifiedChanged(bool modified);
    void fileNameChanged(const QString &fileName);

private:
    void emitChanged(ChangeEvent event);

    const Catalog &m_catalog;
    Catalog *m_writableCatalog = nullptr;
    std::string m_storePath;
    Design m_design;
    QUndoStack m_undoStack;
    QString m_fileName;
    quint64 m_revision = 0;
};

} // namespace cplan
