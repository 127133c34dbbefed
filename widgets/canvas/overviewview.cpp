#include "overviewview.h"

#include "canvasitems.h"
#include "canvaslod.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "document.h"

#include "catalog/catalog.h"

#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QVBoxLayout>

#include <map>
#include <set>
#include <unordered_map>

namespace cplan {

namespace {

constexpr int kPartRole = Qt::UserRole + 1;

// The tile a node belongs to: its pod (directly, or through its scalable unit), else its own
// group; empty for nodes outside any group.
std::string tileOf(const Node &node, const std::unordered_map<std::string, const Group *> &groups)
{
    auto it = groups.find(node.group);
    if (it == groups.end())
        return {};
    const Group *g = it->second;
    if (g->kind != GroupKind::Pod && !g->parent.empty() && groups.count(g->parent))
        return g->parent;
    return g->id;
}

} // namespace

OverviewView::OverviewView(Document *document, CanvasScene *scene, CanvasView *view, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_scene(scene)
    , m_view(view)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_list = new QListWidget(this);
    m_list->setViewMode(QListView::IconMode);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setMovement(QListView::Static);
    m_list->setGridSize(QSize(170, 78));
    m_list->setWordWrap(true);
    m_list->setUniformItemSizes(true);
    m_list->setSpacing(4);
    layout->addWidget(m_list, 1);
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) { showPart(item->data(kPartRole).toString()); });
    connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) { showPart(item->data(kPartRole).toString()); });
    m_refresh.setSingleShot(true);
    m_refresh.setInterval(200);
    connect(&m_refresh, &QTimer::timeout, this, &OverviewView::refresh);
    connect(document, &Document::changed, this, [this](const ChangeEvent &e) {
        // A new design at once (the window shows the overview of a big one as it opens); edits
        // in a burst, once.
        if (e.type == ChangeEvent::DesignReplaced)
            refresh();
        else if (e.type == ChangeEvent::NodesAdded || e.type == ChangeEvent::NodesRemoved ||
                 (e.type == ChangeEvent::NodesChanged && (e.aspects & (ChangeEvent::Properties | ChangeEvent::Topology))))
            m_refresh.start();
    });
    refresh();
}

void OverviewView::refresh()
{
    const Design &design = m_document->design();
    const Catalog &catalog = m_document->catalog();
    std::unordered_map<std::string, const Group *> groups;
    for (const Group &g : design.groups)
        groups[g.id] = &g;
    struct Tile
    {
        int servers = 0, switches = 0, appliances = 0, gpus = 0, units = 0;
    };
    std::map<std::string, Tile> tiles;
    std::map<std::string, std::set<std::string>> units;
    for (const Node &n : design.nodes) {
        const std::string tile = tileOf(n, groups);
        Tile &t = tiles[tile];
        // A management appliance (UFM) is neither a server nor a switch.
        (n.role == NodeRole::Switch ? t.switches : n.role == NodeRole::Management ? t.appliances : t.servers)++;
        t.gpus += nodeGpuCount(n, catalog);
        if (!n.group.empty() && n.group != tile)
            units[tile].insert(n.group);
    }
    QLocale locale;
    m_list->clear();
    for (const auto &[id, t] : tiles) {
        QString title = tr("Outside groups");
        if (!id.empty()) {
            const Group *g = groups.at(id);
            title = QString::fromStdString(g->name.empty() ? g->id : g->name);
        }
        QStringList lines{title};
        if (!units[id].empty())
            lines << tr("%n unit(s)", "", int(units[id].size()));
        if (t.servers)
            lines << tr("%1 servers, %2 GPUs").arg(locale.toString(t.servers), locale.toString(t.gpus));
        if (t.switches)
            lines << tr("%n switch(es)", "", t.switches);
        if (t.appliances)
            lines << tr("%n management appliance(s)", "", t.appliances);
        auto *item = new QListWidgetItem(lines.join(QLatin1Char('\n')), m_list);
        item->setData(kPartRole, QString::fromStdString(id));
        item->setTextAlignment(Qt::AlignCenter);
        item->setToolTip(tr("Click to zoom the canvas onto %1").arg(title));
    }
    m_summary->setText(design.groups.empty() ? tr("This design has no pods or scalable units.")
                                             : tr("Pods and scalable units; click one to zoom onto it."));
}

void OverviewView::showPart(const QString &id)
{
    const Design &design = m_document->design();
    std::unordered_map<std::string, const Group *> groups;
    for (const Group &g : design.groups)
        groups[g.id] = &g;
    const std::string part = id.toStdString();
    // Expand the part's collapsed units first: their nodes are hidden inside a block.
    std::set<QString> expand;
    for (const Node &n : design.nodes)
        if (tileOf(n, groups) == part)   // a unit, or the row of spines outside them (summary view)
            if (const QString unit = m_scene->levelOfDetail()->unitOf(n); !unit.isEmpty() && m_scene->isGroupCollapsed(unit))
                expand.insert(unit);
    for (const QString &g : expand)
        m_scene->setGroupCollapsed(g, false);
    // Where the units are (their items may still be building on a large design).
    QRectF rect;
    for (const Node &n : design.nodes)
        if (tileOf(n, groups) == part) {
            const QRectF r = n.group.empty() ? (m_scene->nodeItem(n.id) ? m_scene->nodeItem(n.id)->sceneBoundingRect() : QRectF())
                                             : m_scene->groupBounds(QString::fromStdString(n.group));
            if (!r.isNull())
                rect = rect.isNull() ? r : rect.united(r);
        }
    if (rect.isNull())
        return;
    m_view->fitRect(rect.adjusted(-40, -40, 40, 40));
}

} // namespace cplan
