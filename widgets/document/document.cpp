#include "document.h"

#include "io/designyaml.h"

#include <QStringList>

#include <algorithm>
#include <unordered_set>

namespace cplan {

Document::Document(const Catalog &catalog, QObject *parent)
    : QObject(parent)
    , m_catalog(catalog)
{
    connect(&m_undoStack, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

void Document::enablePriceEditing(Catalog *catalog, std::string storePath)
{
    Q_ASSERT(!catalog || catalog == &m_catalog);
    m_writableCatalog = catalog;
    m_storePath = std::move(storePath);
}

void Document::notifyPricesChanged()
{
    emitChanged(ChangeEvent{ChangeEvent::SettingsChanged, ChangeEvent::Prices, {}, {}});
}

void Document::setFileName(const QString &fileName)
{
    if (m_fileName == fileName)
        return;
    m_fileName = fileName;
    emit fileNameChanged(fileName);
}

bool Document::load(const QString &fileName, QString *error)
{
    auto loaded = loadDesign(fileName.toStdString(), &m_catalog);
    if (!loaded) {
        if (error)
            *error = QString::fromStdString(loaded.error().toString());
        return false;
    }
    reset(std::move(*loaded), fileName);
    return true;
}

void Document::reset(Design design, const QString &fileName, bool modified, bool indexed)
{
    m_undoStack.clear();
    m_design = std::move(design);
    if (!indexed)
        m_design.reindex();
    setFileName(fileName);
    emitChanged(ChangeEvent{ChangeEvent::DesignReplaced, ChangeEvent::Everything, {}, {}});
    if (modified) {
        // A recovered design is unsaved work: make the stack dirty without an undo step.
        m_undoStack.resetClean();
        emit modifiedChanged(true);
    } else {
        m_undoStack.setClean();
        emit modifiedChanged(false);
    }
}

bool Document::save(const QString &fileName, QString *error)
{
    auto saved = saveDesign(m_design, fileName.toStdString());
    if (!saved) {
        if (error)
            *error = QString::fromStdString(saved.error().toString());
        return false;
    }
    setFileName(fileName);
    m_undoStack.setClean();
    return true;
}

void Document::emitChanged(ChangeEvent event)
{
    if (event.affectsAnalysis())
        ++m_revision;
    emit changed(event);
}

void Document::insertNodes(std::vector<IndexedNode> nodes)
{
    if (nodes.empty())
        return;
    ChangeEvent event{ChangeEvent::NodesAdded, ChangeEvent::Topology, {}, {}};
    std::vector<std::pair<std::uint32_t, Node>> added;
    added.reserve(nodes.size());
    for (IndexedNode &in : nodes) {
        event.nodes.push_back(in.node.id);
        added.emplace_back(in.index, std::move(in.node));
    }
    m_design.insertNodes(std::move(added));
    emitChanged(std::move(event));
}

std::vector<IndexedNode> Document::takeNodes(const std::vector<std::string> &ids)
{
    std::vector<IndexedNode> taken;
    std::vector<NodeId> remove;
    for (const std::string &id : ids)
        if (auto n = m_design.findNode(id))
            remove.push_back(*n);
    if (remove.empty())
        return taken;
    std::sort(remove.begin(), remove.end());
    remove.erase(std::unique(remove.begin(), remove.end()), remove.end());
    ChangeEvent event{ChangeEvent::NodesRemoved, ChangeEvent::Topology, {}, {}};
    for (NodeId n : remove) {
        taken.push_back(IndexedNode{n.value, m_design.node(n)});
        event.nodes.push_back(m_design.node(n).id);
    }
    // Design::removeNodes also drops links touching these nodes; commands take those first.
    m_design.removeNodes(remove);
    emitChanged(std::move(event));
    return taken;
}

void Document::insertLinks(std::vector<IndexedLink> links)
{
    if (links.empty())
        return;
    ChangeEvent event{ChangeEvent::LinksAdded, ChangeEvent::Topology, {}, {}};
    std::vector<std::pair<std::uint32_t, Link>> added;
    added.reserve(links.size());
    for (IndexedLink &in : links) {
        auto a = m_design.findNode(in.nodeA);
        auto b = m_design.findNode(in.nodeB);
        Q_ASSERT(a && b);
        if (!a || !b)
            continue;
        in.link.a.node = *a;
        in.link.b.node = *b;
        event.links.push_back(in.link.id);
        added.emplace_back(in.index, std::move(in.link));
    }
    m_design.insertLinks(std::move(added));
    emitChanged(std::move(event));
}

std::vector<IndexedLink> Document::takeLinks(const std::vector<std::string> &ids)
{
    std::vector<IndexedLink> taken;
    std::vector<LinkId> remove;
    for (const std::string &id : ids)
        if (auto l = m_design.findLink(id))
            remove.push_back(*l);
    if (remove.empty())
        return taken;
    std::sort(remove.begin(), remove.end());
    remove.erase(std::unique(remove.begin(), remove.end()), remove.end());
    ChangeEvent event{ChangeEvent::LinksRemoved, ChangeEvent::Topology, {}, {}};
    for (LinkId l : remove) {
        const Link &link = m_design.link(l);
        taken.push_back(IndexedLink{l.value, link, m_design.node(link.a.node).id, m_design.node(link.b.node).id});
        event.links.push_back(link.id);
    }
    m_design.removeLinks(remove);
    emitChanged(std::move(event));
    return taken;
}

void Document::moveNodes(const std::vector<std::string> &ids, const std::vector<std::pair<double, double>> &positions)
{
    ChangeEvent event{ChangeEvent::NodesChanged, ChangeEvent::Geometry, {}, {}};
    for (std::size_t i = 0; i < ids.size() && i < positions.size(); ++i) {
        if (auto n = m_design.findNode(ids[i])) {
            m_design.node(*n).x = positions[i].first;
            m_design.node(*n).y = positions[i].second;
            event.nodes.push_back(ids[i]);
        }
    }
    emitChanged(std::move(event));
}

static QStringList toStringList(const std::vector<std::string> &v)
{
    QStringList list;
    list.reserve(qsizetype(v.size()));
    for (const std::string &s : v)
        list.append(QString::fromStdString(s));
    return list;
}

QVariant Document::nodeProperty(const std::string &id, NodeProperty property) const
{
    auto n = m_design.findNode(id);
    if (!n)
        return {};
    const Node &node = m_design.node(*n);
    switch (property) {
    case NodeProperty::Name: return QString::fromStdString(node.name);
    case NodeProperty::Part: return QString::fromStdString(node.part);
    case NodeProperty::Role: return int(node.role);
    case NodeProperty::Tier: return level(node.tier);
    case NodeProperty::Group: return QString::fromStdString(node.group);
    case NodeProperty::Rack: return QString::fromStdString(node.rack);
    case NodeProperty::Hcas: return toStringList(node.hcas);
    case NodeProperty::Mtu: return node.mtu.value_or(0);
    }
    return {};
}

void Document::setNodeProperty(const std::string &id, NodeProperty property, const QVariant &value)
{
    auto n = m_design.findNode(id);
    if (!n)
        return;
    Node &node = m_design.node(*n);
    int aspects = ChangeEvent::Properties;
    switch (property) {
    case NodeProperty::Name: node.name = value.toString().toStdString(); break;
    case NodeProperty::Part: node.part = value.toString().toStdString(); aspects |= ChangeEvent::Topology; break;
    case NodeProperty::Role: node.role = NodeRole(value.toInt()); aspects |= ChangeEvent::Topology; break;
    case NodeProperty::Tier: node.tier = tierFromLevel(value.toInt()).value_or(Tier::Endpoint); break;
    case NodeProperty::Group: node.group = value.toString().toStdString(); break;
    case NodeProperty::Rack: node.rack = value.toString().toStdString(); break;
    case NodeProperty::Mtu: node.mtu = value.toInt() >= kMinMtu ? std::optional<int>(value.toInt()) : std::nullopt; break;
    case NodeProperty::Hcas: {
        node.hcas.clear();
        const QStringList list = value.toStringList();
        for (const QString &s : list)
            node.hcas.push_back(s.toStdString());
        aspects |= ChangeEvent::Topology;
        break;
    }
    }
    emitChanged(ChangeEvent{ChangeEvent::NodesChanged, aspects, {id}, {}});
}

void Document::setLinkCable(const std::string &id, const std::string &cable, std::optional<double> lengthM)
{
    auto l = m_design.findLink(id);
    if (!l)
        return;
    Link &link = m_design.links[l->value];
    link.cable = cable;
    link.lengthM = lengthM;
    emitChanged(ChangeEvent{ChangeEvent::LinksChanged, ChangeEvent::Properties, {}, {id}});
}

void Document::setDesignSettings(const std::string &name, const Settings &settings)
{
    m_design.name = name;
    m_design.settings = settings;
    emitChanged(ChangeEvent{ChangeEvent::SettingsChanged, ChangeEvent::Properties, {}, {}});
}

void Document::placeNodes(const std::vector<std::string> &ids, const std::vector<Placement> &placements)
{
    std::vector<std::string> touched;
    for (std::size_t i = 0; i < ids.size() && i < placements.size(); ++i)
        if (auto n = m_design.findNode(ids[i])) {
            Node &node = m_design.node(*n);
            node.rack = placements[i].rack;
            node.u = placements[i].u;
            touched.push_back(ids[i]);
        }
    emitChanged(ChangeEvent{ChangeEvent::NodesChanged, ChangeEvent::Properties, std::move(touched), {}});
}

Document::Placement Document::placement(const std::string &id) const
{
    auto n = m_design.findNode(id);
    if (!n)
        return {};
    const Node &node = m_design.node(*n);
    return Placement{node.rack, node.u};
}

void Document::swapDesign(Design &design)
{
    std::swap(m_design, design);
    m_design.reindex();
    emitChanged(ChangeEvent{ChangeEvent::DesignReplaced, ChangeEvent::Everything, {}, {}});
}

std::vector<std::string> Document::linksOfNodes(const std::vector<std::string> &nodeIds) const
{
    std::vector<char> mark(m_design.nodes.size(), 0);
    for (const std::string &id : nodeIds)
        if (auto n = m_design.findNode(id))
            mark[n->value] = 1;
    std::vector<std::string> out;
    for (const Link &l : m_design.links)
        if (mark[l.a.node.value] || mark[l.b.node.value])
            out.push_back(l.id);
    return out;
}

} // namespace cplan
