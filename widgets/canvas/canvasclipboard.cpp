#include "canvasclipboard.h"

#include "canvasscene.h"
#include "commands.h"

#include "io/designyaml.h"

#include <QApplication>
#include <QClipboard>
#include <QMimeData>
#include <QRectF>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>
#include <unordered_map>
#include <unordered_set>

namespace cplan {

static QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QMimeData *CanvasClipboard::copySelection() const
{
    const Design &design = m_scene->document()->design();
    const auto nodeIds = m_scene->selectedNodeIds();
    if (nodeIds.empty())
        return nullptr;
    Design fragment;
    fragment.name = "clipboard";
    std::unordered_map<std::uint32_t, std::uint32_t> remap;
    std::unordered_set<std::string> groups;
    for (const std::string &id : nodeIds) {
        const NodeId n = *design.findNode(id);
        remap[n.value] = std::uint32_t(fragment.nodes.size());
        fragment.addNode(design.node(n));
        if (!design.node(n).group.empty())
            groups.insert(design.node(n).group);
    }
    for (const Group &g : design.groups)
        if (groups.count(g.id))
            fragment.groups.push_back(g);
    for (const Link &l : design.links) {
        auto a = remap.find(l.a.node.value), b = remap.find(l.b.node.value);
        if (a == remap.end() || b == remap.end())
            continue;
        Link copy = l;
        copy.a.node = NodeId(a->second);
        copy.b.node = NodeId(b->second);
        fragment.addLink(copy);
    }
    auto *mime = new QMimeData;
    const QByteArray yaml = QByteArray::fromStdString(serializeDesign(fragment));
    mime->setData(QString::fromLatin1(kDesignMimeType), yaml);
    mime->setText(QString::fromUtf8(yaml));
    return mime;
}

// A paste where the nodes are (Ctrl+C, Ctrl+V with the mouse still over them) would hide the
// copies under the originals: they move down and right by two grid steps until no copy is
// within a step of a node, so repeated pastes cascade. Nodes are looked up in cells of a step.
static void cascade(const Design &design, std::vector<Node> &nodes)
{
    constexpr double step = 2 * CanvasScene::kGrid;
    auto cell = [](double x, double y) { return std::pair<long long, long long>(std::llround(std::floor(x / step)), std::llround(std::floor(y / step))); };
    std::map<std::pair<long long, long long>, std::vector<QPointF>> cells;
    for (const Node &n : design.nodes)
        cells[cell(n.x, n.y)].emplace_back(n.x, n.y);
    double shift = 0;
    auto nearNode = [&](const Node &n) {
        const double x = n.x + shift, y = n.y + shift;
        const auto [cx, cy] = cell(x, y);
        for (long long i = cx - 1; i <= cx + 1; ++i)
            for (long long j = cy - 1; j <= cy + 1; ++j)
                if (auto it = cells.find({i, j}); it != cells.end())
                    for (const QPointF &p : it->second)
                        if (std::abs(p.x() - x) < step && std::abs(p.y() - y) < step)
                            return true;
        return false;
    };
    for (std::size_t tries = 0; tries <= design.nodes.size() && std::any_of(nodes.begin(), nodes.end(), nearNode); ++tries)
        shift += step;
    for (Node &n : nodes) {
        n.x += shift;
        n.y += shift;
    }
}

bool CanvasClipboard::paste(const QMimeData *mime, QPointF at)
{
    if (!mime || !mime->hasFormat(QString::fromLatin1(kDesignMimeType)))
        return false;
    Document *document = m_scene->document();
    const QByteArray yaml = mime->data(QString::fromLatin1(kDesignMimeType));
    auto parsed = parseDesign(yaml.toStdString(), "clipboard", &document->catalog());
    if (!parsed || parsed->nodes.empty()) {
        emit m_scene->statusMessage(parsed ? tr("Nothing to paste") : qs(parsed.error().toString()));
        return false;
    }
    const Design &design = document->design();
    Design &fragment = *parsed;
    QRectF box;
    for (const Node &n : fragment.nodes)
        box = box.isNull() ? QRectF(n.x, n.y, 1, 1) : box.united(QRectF(n.x, n.y, 1, 1));
    const QPointF offset = at - box.center();
    std::unordered_set<std::string> taken;
    auto fresh = [&](const std::string &base) {
        for (int k = 2;; ++k) {
            std::string id = base + "-" + std::to_string(k);
            if (!design.findNode(id) && !design.findLink(id) && !taken.count(id)) {
                taken.insert(id);
                return id;
            }
        }
    };
    std::vector<Node> nodes;
    std::vector<std::string> newIds;
    std::unordered_set<std::string> knownGroups;
    for (const Group &g : design.groups)
        knownGroups.insert(g.id);
    constexpr double grid = CanvasScene::kGrid;
    for (Node n : fragment.nodes) {
        // A name equal to the id is not written to the file: it comes back empty.
        const bool sameName = n.name.empty() || n.name == n.id;
        n.id = fresh(n.id);
        if (sameName)
            n.name = n.id;
        n.x = std::round((n.x + offset.x()) / grid) * grid;
        n.y = std::round((n.y + offset.y()) / grid) * grid;
        if (!knownGroups.count(n.group))
            n.group.clear();
        newIds.push_back(n.id);
        nodes.push_back(std::move(n));
    }
    cascade(design, nodes);
    std::vector<IndexedLink> links;
    for (const Link &l : fragment.links)
        links.push_back(makeLink(fresh(l.id), newIds[l.a.node.value], l.a.port, newIds[l.b.node.value], l.b.port, l.cable, l.lengthM));
    auto *stack = document->undoStack();
    stack->beginMacro(tr("Paste %n node(s)", "", int(nodes.size())));
    stack->push(new AddNodes(document, std::move(nodes)));
    if (!links.empty())
        stack->push(new AddLinks(document, std::move(links)));
    stack->endMacro();
    QStringList sel;
    for (const std::string &id : newIds)
        sel << qs(id);
    m_scene->selectObjects(sel);
    return true;
}

void CanvasClipboard::copyToClipboard() const
{
    if (QMimeData *mime = copySelection())
        QApplication::clipboard()->setMimeData(mime);
}

bool CanvasClipboard::pasteFromClipboard(QPointF at)
{
    return paste(QApplication::clipboard()->mimeData(), at);
}

} // namespace cplan
