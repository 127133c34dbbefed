#include "inspector.h"

#include "canvasscene.h"
#include "commands.h"
#include "l10n.h"

#include "catalog/catalog.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace cplan {

static QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// Part and cable names are long ("ndr-fiber-sm-100m: ..."): a combo of them sizes to a short
// name, not to its longest item, or showing a link widened the whole dock.
static QComboBox *shortCombo(QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(14);
    return combo;
}

Inspector::Inspector(Document *document, CanvasScene *scene, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_scene(scene)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    layout->addWidget(m_title);
    layout->addWidget(createNodeForm());
    layout->addWidget(createLinkForm());
    m_other = new QLabel(this);
    m_other->setWordWrap(true);
    m_other->setTextFormat(Qt::RichText);
    layout->addWidget(m_other);
    layout->addStretch(1);

    connectEdits();
    connect(scene, &QGraphicsScene::selectionChanged, this, &Inspector::refresh);
    connect(document, &Document::changed, this, &Inspector::onChanged);
    refresh();
}

// One node's properties: id, name, part, tier, group, rack, MTU, HCAs and its figures.
QWidget *Inspector::createNodeForm()
{
    m_nodeForm = new QWidget(this);
    auto *form = new QFormLayout(m_nodeForm);
    form->setContentsMargins(0, 0, 0, 0);
    m_id = new QLabel(m_nodeForm);
    m_id->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_name = new QLineEdit(m_nodeForm);
    m_part = shortCombo(m_nodeForm);
    m_tier = new QSpinBox(m_nodeForm);
    m_tier->setRange(0, 3);
    m_group = new QLineEdit(m_nodeForm);
    m_rack = new QLineEdit(m_nodeForm);
    m_mtu = new QSpinBox(m_nodeForm);
    m_mtu->setRange(kMinMtu - 1, kMaxMtu);   // the minimum: no MTU of its own
    m_mtu->setSuffix(tr(" bytes"));
    m_mtu->setKeyboardTracking(false);       // one edit per value typed, not per digit
    m_mtu->setToolTip(tr("The MTU configured on this node's ports, where it differs from the design's "
                         "(File ▸ Design settings)."));
    m_hcas = new QLabel(m_nodeForm);
    m_hcas->setWordWrap(true);
    m_figures = new QLabel(m_nodeForm);
    m_figures->setWordWrap(true);
    form->addRow(tr("Id"), m_id);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Part"), m_part);
    form->addRow(tr("Tier"), m_tier);
    form->addRow(tr("Group"), m_group);
    form->addRow(tr("Rack"), m_rack);
    form->addRow(tr("MTU"), m_mtu);
    form->addRow(tr("HCAs"), m_hcas);
    form->addRow(m_figures);
    return m_nodeForm;
}

// One link's cable and length.
QWidget *Inspector::createLinkForm()
{
    m_linkForm = new QWidget(this);
    auto *linkForm = new QFormLayout(m_linkForm);
    linkForm->setContentsMargins(0, 0, 0, 0);
    m_cable = shortCombo(m_linkForm);
    m_length = new QDoubleSpinBox(m_linkForm);
    m_length->setRange(0, 2000);
    m_length->setDecimals(1);
    m_length->setSingleStep(0.5);
    m_length->setSuffix(tr(" m"));
    m_length->setSpecialValueText(tr("unknown"));
    linkForm->addRow(tr("Cable"), m_cable);
    linkForm->addRow(tr("Length"), m_length);
    return m_linkForm;
}

// Each edit becomes an undo command on the document.
void Inspector::connectEdits()
{
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString &t) { push(NodeProperty::Name, t); });
    connect(m_group, &QLineEdit::textEdited, this, [this](const QString &t) { push(NodeProperty::Group, t); });
    connect(m_rack, &QLineEdit::textEdited, this, [this](const QString &t) { push(NodeProperty::Rack, t); });
    connect(m_tier, &QSpinBox::valueChanged, this, [this](int v) { push(NodeProperty::Tier, v); });
    connect(m_mtu, &QSpinBox::valueChanged, this, [this](int v) { push(NodeProperty::Mtu, v >= kMinMtu ? v : 0); });
    connect(m_part, &QComboBox::activated, this, [this](int index) { push(NodeProperty::Part, m_part->itemData(index)); });
    connect(m_cable, &QComboBox::activated, this, [this](int index) {
        const std::string cable = m_cable->itemData(index).toString().toStdString();
        // A cable of a fixed length brings its length; "automatic" keeps the run.
        const Part *part = m_document->catalog().find(cable);
        std::optional<double> length = m_length->value() > 0 ? std::optional<double>(m_length->value()) : std::nullopt;
        if (part && part->lengthM)
            length = *part->lengthM;
        pushCable(cable, length);
    });
    connect(m_length, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        const auto l = m_document->design().findLink(m_link);
        if (l)
            pushCable(m_document->design().link(*l).cable, v > 0 ? std::optional<double>(v) : std::nullopt);
    });
}

void Inspector::onChanged(const ChangeEvent &e)
{
    if (m_updating || (m_node.empty() && m_link.empty() && e.type != ChangeEvent::DesignReplaced))
        return;
    auto has = [](const std::vector<std::string> &ids, const std::string &id) {
        return !id.empty() && std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    const Design &design = m_document->design();
    // The design's settings show in a node's MTU field (the design's MTU where it has none).
    bool touches = e.type == ChangeEvent::DesignReplaced || e.type == ChangeEvent::NodesRemoved ||
                   (e.type == ChangeEvent::SettingsChanged && !m_node.empty()) || has(e.nodes, m_node) || has(e.links, m_link);
    // A link added to or removed from the shown node changes its wired ports. Removed links
    // are gone from the design: refresh on any removal while a node is shown.
    if (!touches && !m_node.empty() && e.type == ChangeEvent::LinksRemoved)
        touches = true;
    if (!touches && !m_node.empty() && e.type == ChangeEvent::LinksAdded)
        for (const std::string &id : e.links)
            if (auto l = design.findLink(id)) {
                const Link &link = design.link(*l);
                if (design.node(link.a.node).id == m_node || design.node(link.b.node).id == m_node) {
                    touches = true;
                    break;
                }
            }
    if (touches)
        refresh();
}

void Inspector::pushCable(const std::string &cable, std::optional<double> lengthM)
{
    if (m_updating || m_link.empty())
        return;
    m_updating = true;
    auto *cmd = new SetLinkCable(m_document, m_link, cable, lengthM);
    if (cmd->isNoOp())
        delete cmd;
    else
        m_document->undoStack()->push(cmd);
    m_updating = false;
    refresh();
}

QString Inspector::figuresText() const
{
    return m_node.empty() ? m_other->text() : m_figures->text();
}

void Inspector::push(NodeProperty property, const QVariant &value)
{
    if (m_updating || m_node.empty())
        return;
    m_updating = true;
    auto *cmd = new SetNodeProperty(m_document, m_node, property, value);
    if (cmd->isNoOp())
        delete cmd;
    else
        m_document->undoStack()->push(cmd);
    m_updating = false;
    // Figures (ports, price) may change with the part.
    if (property == NodeProperty::Part)
        refresh();
}

void Inspector::refresh()
{
    m_updating = true;
    const Design &design = m_document->design();
    const Catalog &catalog = m_document->catalog();
    const auto nodes = m_scene->selectedNodeIds();
    const auto links = m_scene->selectedLinkIds();
    m_node.clear();
    m_link.clear();
    m_nodeForm->setVisible(false);
    m_linkForm->setVisible(false);
    m_other->clear();
    if (nodes.size() == 1 && links.empty()) {
        if (auto n = design.findNode(nodes.front()))
            showNode(design.node(*n), *n);
    } else if (links.size() == 1 && nodes.empty()) {
        if (auto l = design.findLink(links.front()))
            showLink(design.link(*l));
    } else if (!nodes.empty() || !links.empty()) {
        m_title->setText(tr("%n node(s)", "", int(nodes.size())) + QStringLiteral(", ") + tr("%n link(s)", "", int(links.size())));
        int gpus = 0;
        for (const std::string &id : nodes)
            if (auto n = design.findNode(id))
                gpus += nodeGpuCount(design.node(*n), catalog);
        m_other->setText(tr("GPUs in the selection: %1").arg(gpus));
    } else {
        m_title->setText(tr("Nothing selected"));
        m_other->setText(tr("Select a switch, server or link on the canvas to see and edit its properties."));
    }
    m_updating = false;
}

void Inspector::showNode(const Node &node, NodeId n)
{
    const Design &design = m_document->design();
    const Catalog &catalog = m_document->catalog();
    m_node = node.id;
    const Part *part = catalog.find(node.part);
    m_title->setText(part ? tr("%1 — %2 %3").arg(qs(node.id), qs(part->vendor), qs(part->model)) : qs(node.id));
    m_id->setText(qs(node.id));
    if (m_name->text() != qs(node.name))
        m_name->setText(qs(node.name));
    m_name->setPlaceholderText(qs(node.id));   // an empty name shows as the id everywhere
    m_part->clear();
    const PartKind kind = part ? part->kind : (node.role == NodeRole::Switch ? PartKind::Switch : PartKind::GpuServer);
    for (const Part *p : catalog.partsOfKind(kind))
        m_part->addItem(qs(p->model + " (" + p->id + ")"), qs(p->id));
    m_part->setCurrentIndex(m_part->findData(qs(node.part)));
    m_tier->setValue(level(node.tier));
    if (m_group->text() != qs(node.group))
        m_group->setText(qs(node.group));
    if (m_rack->text() != qs(node.rack))
        m_rack->setText(qs(node.rack));
    m_mtu->setSpecialValueText(design.settings.mtu ? tr("The design's (%1)").arg(*design.settings.mtu)
                                                   : tr("The design's (not stated)"));
    m_mtu->setValue(node.mtu.value_or(kMinMtu - 1));
    QStringList hcas;
    const auto ports = nodePorts(node, catalog);
    if (node.role != NodeRole::Switch) {
        std::map<std::string, int> byPart;
        std::vector<std::string> fitted = node.hcas;
        if (fitted.empty() && part)
            fitted.assign(std::size_t(part->hcaCount), part->hca);
        for (const std::string &h : fitted)
            byPart[h]++;
        for (auto &[h, c] : byPart)
            hcas << tr("%1 × %2").arg(c).arg(qs(h));
        if (part && part->hcaSlots > 0)
            hcas << tr("%n free slot(s)", "", std::max(0, part->hcaCount + part->hcaSlots - int(fitted.size())));
    }
    m_hcas->setText(hcas.isEmpty() ? tr("—") : hcas.join(QStringLiteral(", ")));
    int used = 0;
    for (const PortInfo &p : ports)
        used += design.linkAt(PortRef{n, p.number}) ? 1 : 0;
    QString figures = tr("Ports wired: %1 of %2").arg(used).arg(ports.size());
    if (const int g = nodeGpuCount(node, catalog))
        figures += QLatin1Char('\n') + tr("GPUs: %1").arg(g);
    if (part) {
        figures += QLatin1Char('\n') + tr("Price: %1").arg(part->unitPrice ? formatMoney(*part->unitPrice, part->currency) : tr("unknown"));
        figures += QLatin1Char('\n') + tr("Power: %1").arg(part->powerW ? tr("%1 W").arg(*part->powerW) : tr("unknown"));
    }
    m_figures->setText(figures);
    m_nodeForm->setVisible(true);
}

void Inspector::showLink(const Link &link)
{
    const Design &design = m_document->design();
    const Catalog &catalog = m_document->catalog();
    m_link = link.id;
    const double speed = linkSpeedGbps(design, link, catalog);
    m_title->setText(tr("Link %1").arg(qs(link.id)));
    m_other->setText(tr("%1 ↔ %2<br>Speed: %3 Gb/s").arg(qs(portDisplayName(design, catalog, link.a)), qs(portDisplayName(design, catalog, link.b))).arg(speed));
    // Cables of the link's speed (or of unknown speed), and "automatic".
    m_cable->clear();
    m_cable->addItem(tr("(automatic)"), QString());
    for (const Part *p : catalog.partsOfKind(PartKind::Cable))
        if (!p->speedGbps || speed <= 0 || std::abs(*p->speedGbps - speed) < 0.5 || p->id == link.cable)
            m_cable->addItem(qs(p->model + " (" + p->id + ")"), qs(p->id));
    m_cable->setCurrentIndex(std::max(0, m_cable->findData(qs(link.cable))));
    m_length->setValue(link.lengthM.value_or(0));
    m_linkForm->setVisible(true);
}

} // namespace cplan
