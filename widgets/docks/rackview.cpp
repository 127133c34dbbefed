#include "rackview.h"

#include "document.h"
#include "placenodes.h"
#include "rackpainter.h"

#include "analysis/keyfigures.h"
#include "catalog/catalog.h"
#include "physical/racks.h"

#include <QComboBox>
#include <QGraphicsItem>
#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QKeyEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QResizeEvent>
#include <QMimeData>
#include <QPainter>
#include <QSplitter>
#include <QStyleOptionGraphicsItem>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <set>

namespace cplan {

namespace {

constexpr double kColumnH = 560;   // points, as on a printed elevation
const QString kNodeMime = QStringLiteral("application/x-cplan-node-ids");

QString qs(const std::string &s) { return QString::fromStdString(s); }

// A rack's frame, U numbers, title and budget lines; its devices are items of their own.
class RackBackItem : public QGraphicsItem
{
public:
    RackBackItem(const RackElevation &rack, const QRectF &area) : m_rack(rack), m_area(area) { setZValue(-1); }
    QRectF boundingRect() const override { return m_area; }
    void paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *) override { RackPainter::paintRack(*p, m_area, m_rack, false); }

private:
    RackElevation m_rack;
    QRectF m_area;
};

} // namespace

// A device in its rack: dragged, it snaps to whole U and to the racks of the row.
class DeviceItem : public QGraphicsItem
{
public:
    DeviceItem(RackScene *scene, const ElevationItem &item, int rack, const QRectF &box)
        : m_scene(scene), m_item(item), m_rack(rack), m_size(box.size())
    {
        setPos(box.topLeft());
        setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
        setToolTip(RackScene::tr("%1 (%2): rack %3, U %4").arg(qs(item.name), qs(item.model)).arg(qs(scene->racks()[std::size_t(rack)].rack)).arg(item.u));
    }

    const ElevationItem &item() const { return m_item; }
    int rack() const { return m_rack; }
    QRectF boundingRect() const override { return QRectF(QPointF(0, 0), m_size); }

    void paint(QPainter *p, const QStyleOptionGraphicsItem *option, QWidget *) override
    {
        RackPainter::paintDevice(*p, boundingRect(), m_item);
        if (option->state & QStyle::State_Selected) {
            p->setPen(QPen(QColor(0x1f, 0x6f, 0xd0), 1.6));
            p->setBrush(Qt::NoBrush);
            p->drawRect(boundingRect().adjusted(0.5, 0.5, -0.5, -0.5));
        }
    }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override
    {
        if (change == ItemPositionChange && scene())
            return m_scene->snap(value.toPointF(), m_item.heightU);
        return QGraphicsItem::itemChange(change, value);
    }

    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override
    {
        QGraphicsItem::mouseReleaseEvent(event);
        m_scene->dropSelection(this);
    }

    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent *) override { emit m_scene->nodeActivated(qs(m_item.nodeId)); }

private:
    RackScene *m_scene;
    ElevationItem m_item;
    int m_rack;
    QSizeF m_size;
};

// --- RackScene ----------------------------------------------------------------------------------

RackScene::RackScene(Document *document, QObject *parent) : QGraphicsScene(parent), m_document(document) {}

QRectF RackScene::column(int rack) const
{
    return QRectF(rack * (RackPainter::kRackColumnW + RackPainter::kColumnGap), 0, RackPainter::kRackColumnW, kColumnH);
}

QRectF RackScene::deviceBox(int rack, int u, int heightU) const
{
    const RackElevation &r = m_racks[std::size_t(rack)];
    return RackPainter::deviceRect(RackPainter::frameRect(column(rack), r), r, u, heightU);
}

void RackScene::setRacks(std::vector<RackElevation> racks)
{
    clear();
    m_racks = std::move(racks);
    for (std::size_t r = 0; r < m_racks.size(); ++r) {
        addItem(new RackBackItem(m_racks[r], column(int(r))));
        if (m_racks[r].rackScale)
            continue;
        for (const ElevationItem &item : m_racks[r].items)
            addItem(new DeviceItem(this, item, int(r), deviceBox(int(r), item.u, item.heightU)));
    }
    const double w = std::max<double>(1, double(m_racks.size())) * (RackPainter::kRackColumnW + RackPainter::kColumnGap);
    setSceneRect(QRectF(-4, -4, w + 8, kColumnH + 8));
}

QPointF RackScene::snap(const QPointF &pos, int heightU, int *rackOut, int *uOut) const
{
    if (rackOut)
        *rackOut = -1;
    if (uOut)
        *uOut = 0;
    if (m_racks.empty())
        return pos;
    const double stride = RackPainter::kRackColumnW + RackPainter::kColumnGap;
    const double centre = pos.x() + RackPainter::kRackColumnW / 2;
    const int rack = std::clamp(int(std::floor(centre / stride)), 0, int(m_racks.size()) - 1);
    const RackElevation &r = m_racks[std::size_t(rack)];
    if (r.rackScale)
        return pos;
    const QRectF frame = RackPainter::frameRect(column(rack), r);
    const double pitch = frame.height() / std::max(1, r.heightU);
    const double bottom = pos.y() + heightU * pitch;
    const int highest = std::max(1, r.heightU - heightU + 1);
    const int u = std::clamp(int(std::lround((frame.bottom() - bottom) / pitch)) + 1, 1, highest);
    if (rackOut)
        *rackOut = rack;
    if (uOut)
        *uOut = u;
    return deviceBox(rack, u, heightU).topLeft();
}

bool RackScene::placeAt(const QPointF &point, int heightU, int *rack, int *u) const
{
    const double stride = RackPainter::kRackColumnW + RackPainter::kColumnGap;
    const int r = int(std::floor(point.x() / stride));
    if (r < 0 || r >= int(m_racks.size()) || m_racks[std::size_t(r)].rackScale || !column(r).contains(point))
        return false;
    // The device's bottom where the pointer is.
    const RackElevation &rk = m_racks[std::size_t(r)];
    const QRectF frame = RackPainter::frameRect(column(r), rk);
    const double pitch = frame.height() / std::max(1, rk.heightU);
    *rack = r;
    *u = std::clamp(int(std::floor((frame.bottom() - point.y()) / pitch)) + 1, 1, std::max(1, rk.heightU - heightU + 1));
    return true;
}

// The device already in U u..u+heightU-1 of the rack (other than those being placed), or why the
// device does not fit there; empty when the room is free.
QString RackScene::obstacle(int rack, int u, int heightU, const std::set<std::string> &placed) const
{
    const RackElevation &r = m_racks[std::size_t(rack)];
    const QString where = QString::fromStdString(r.rack);
    if (u + heightU - 1 > r.heightU)
        return tr("%1 has no U %2").arg(where).arg(u + heightU - 1);
    for (const ElevationItem &item : r.items)
        if (!placed.count(item.nodeId) && item.u <= u + heightU - 1 && u <= item.u + item.heightU - 1)
            return tr("U %1 of %2 holds %3").arg(std::max(u, item.u)).arg(where, qs(item.name.empty() ? item.nodeId : item.name));
    return {};
}

// Placements that would share a U with a device already there (or with each other) are
// refused whole, with the reason in the status bar: two devices cannot sit in one U.
bool RackScene::refuseOverlaps(const std::vector<Target> &targets)
{
    std::set<std::string> placed;
    for (const Target &t : targets)
        placed.insert(t.id);
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const Target &t = targets[i];
        QString why = obstacle(t.rack, t.u, t.heightU, placed);
        for (std::size_t j = 0; j < i && why.isEmpty(); ++j)
            if (targets[j].rack == t.rack && targets[j].u <= t.u + t.heightU - 1 && t.u <= targets[j].u + targets[j].heightU - 1)
                why = tr("two of the devices would share U %1").arg(std::max(t.u, targets[j].u));
        if (!why.isEmpty()) {
            emit statusMessage(tr("Not placed: %1.").arg(why));
            return true;
        }
    }
    return false;
}

void RackScene::dropSelection(DeviceItem *grabbed)
{
    std::vector<std::string> ids;
    std::vector<Document::Placement> to;
    std::vector<Target> targets;
    for (QGraphicsItem *it : selectedItems()) {
        auto *d = dynamic_cast<DeviceItem *>(it);
        if (!d)
            continue;
        int rack = -1, u = 0;
        snap(d->pos(), d->item().heightU, &rack, &u);
        if (rack < 0 || (rack == d->rack() && u == d->item().u))
            continue;
        ids.push_back(d->item().nodeId);
        to.push_back(Document::Placement{m_racks[std::size_t(rack)].rack, u});
        targets.push_back(Target{d->item().nodeId, rack, u, d->item().heightU});
    }
    if (!ids.empty() && refuseOverlaps(targets))
        ids.clear();
    if (ids.empty()) {
        // Nothing moved (or nowhere to go): back to where the devices stand, after this event.
        if (grabbed && grabbed->pos() != deviceBox(grabbed->rack(), grabbed->item().u, grabbed->item().heightU).topLeft())
            QTimer::singleShot(0, this, [this] { setRacks(m_racks); });
        return;
    }
    m_document->undoStack()->push(new PlaceNodes(m_document, std::move(ids), std::move(to)));
}

void RackScene::dragEnterEvent(QGraphicsSceneDragDropEvent *event)
{
    event->setAccepted(event->mimeData()->hasFormat(kNodeMime));
}

void RackScene::dragMoveEvent(QGraphicsSceneDragDropEvent *event)
{
    int rack = -1, u = 0;
    event->setAccepted(event->mimeData()->hasFormat(kNodeMime) && placeAt(event->scenePos(), 1, &rack, &u));
}

void RackScene::dropEvent(QGraphicsSceneDragDropEvent *event)
{
    const QStringList ids = QString::fromUtf8(event->mimeData()->data(kNodeMime)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    int rack = -1, u = 0;
    if (ids.isEmpty() || !placeAt(event->scenePos(), 1, &rack, &u)) {
        event->ignore();
        return;
    }
    // Several devices stack upwards from the drop point, each by its height (1 U when unknown).
    std::vector<std::string> nodes;
    std::vector<Document::Placement> to;
    std::vector<Target> targets;
    const Design &d = m_document->design();
    for (const QString &id : ids) {
        const auto n = d.findNode(id.toStdString());
        if (!n)
            continue;
        const int h = std::max(1, int(std::lround(deviceHeightU(d.node(*n), m_document->catalog()).value_or(1))));
        nodes.push_back(id.toStdString());
        to.push_back(Document::Placement{m_racks[std::size_t(rack)].rack, u});
        targets.push_back(Target{id.toStdString(), rack, u, h});
        u += h;
    }
    if (!nodes.empty() && refuseOverlaps(targets)) {
        event->ignore();
        return;
    }
    if (!nodes.empty())
        m_document->undoStack()->push(new PlaceNodes(m_document, std::move(nodes), std::move(to)));
    event->acceptProposedAction();
}

// --- RackView -----------------------------------------------------------------------------------

namespace {

// The devices not in a rack (or without a U), dragged from here into a rack.
class UnplacedList : public QListWidget
{
public:
    explicit UnplacedList(QWidget *parent) : QListWidget(parent)
    {
        setDragEnabled(true);
        setSelectionMode(ExtendedSelection);
        setDragDropMode(DragOnly);
    }

protected:
    QStringList mimeTypes() const override { return {kNodeMime}; }
    QMimeData *mimeData(const QList<QListWidgetItem *> &items) const override
    {
        QStringList ids;
        for (const QListWidgetItem *i : items)
            ids << i->data(Qt::UserRole).toString();
        auto *data = new QMimeData;
        data->setData(kNodeMime, ids.join(QLatin1Char('\n')).toUtf8());
        return data;
    }
};

// "2 over a budget"; with budgets unknown (the catalog's rack has none for power, cooling or
// weight), never a "0" that reads as "every rack within its budgets".
QString overBudgetText(const KeyFigure *over)
{
    if (!over || !over->value)
        return RackView::tr("budgets unknown");
    const int n = int(*over->value);
    if (!over->lowerBound())
        return RackView::tr("%1 over a budget").arg(n);
    return n == 0 ? RackView::tr("within the known budgets, others unknown") : RackView::tr("%1 over a budget, others unknown").arg(n);
}

// The row chooser's label of a row ("" is the racks without one).
QString rowLabel(const std::string &row) { return row.empty() ? RackView::tr("(no row)") : qs(row); }

} // namespace

RackView::RackView(Document *document, QWidget *parent) : QWidget(parent), m_document(document)
{
    m_rows = new QComboBox(this);
    m_rows->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_summary = new QLabel(this);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_scene = new RackScene(document, this);
    m_view = new QGraphicsView(m_scene, this);
    m_view->setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    m_view->setDragMode(QGraphicsView::RubberBandDrag);
    m_view->setAcceptDrops(true);
    m_view->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_view->setToolTip(tr("Ctrl+wheel or Ctrl+plus / minus zoom the elevations, Ctrl+0 fits a rack's height"));
    m_view->installEventFilter(this);
    m_view->viewport()->installEventFilter(this);
    m_unplaced = new UnplacedList(this);
    m_unplaced->setToolTip(tr("Devices without a rack or a U: drag them into a rack"));

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Row"), this));
    top->addWidget(m_rows);
    top->addWidget(m_summary, 1);
    auto *side = new QWidget(this);
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("Not in a rack"), side));
    sideLayout->addWidget(m_unplaced);
    // The list is a narrow column beside the racks, which take the rest.
    side->setMaximumWidth(fontMetrics().averageCharWidth() * 36);
    auto *split = new QSplitter(this);
    split->addWidget(m_view);
    split->addWidget(side);
    split->setStretchFactor(0, 5);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(split, 1);

    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(120);
    connect(m_timer, &QTimer::timeout, this, &RackView::refreshIfShown);
    connect(document, &Document::changed, this, [this](const ChangeEvent &) { scheduleRefresh(); });
    connect(m_rows, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
    connect(m_scene, &RackScene::nodeActivated, this, &RackView::nodeActivated);
    connect(m_scene, &RackScene::statusMessage, this, &RackView::statusMessage);
    refresh();
}

QString RackView::currentRow() const { return m_rows->currentData().toString(); }

void RackView::setCurrentRow(const QString &row)
{
    const int i = m_rows->findData(row);
    if (i >= 0)
        m_rows->setCurrentIndex(i);
}

void RackView::scheduleRefresh() { m_timer->start(); }

// Elevations of the 3,560 racks of a 100,000-GPU design take tens of milliseconds on the GUI
// thread: a hidden view (its dock closed or behind another tab) catches up when it is shown.
void RackView::refreshIfShown()
{
    if (isVisible())
        refresh();
    else
        m_stale = true;
}

void RackView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void RackView::refresh()
{
    m_timer->stop();
    m_stale = false;
    const Design &design = m_document->design();
    m_all = rackElevations(design, m_document->catalog());
    // The row chooser: rows in floor order, the current one kept when it still exists.
    const QString keep = currentRow();
    std::vector<std::string> rows;
    std::set<std::string> seen;
    for (const RackElevation &r : m_all)
        if (seen.insert(r.row).second)
            rows.push_back(r.row);
    {
        const QSignalBlocker block(m_rows);
        m_rows->clear();
        for (const std::string &r : rows)
            m_rows->addItem(rowLabel(r), qs(r));
        const int i = m_rows->findData(keep);
        m_rows->setCurrentIndex(i >= 0 ? i : 0);
    }
    const std::string row = currentRow().toStdString();
    std::vector<RackElevation> shown;
    std::vector<RackBudget> budgets;
    for (const RackElevation &r : m_all) {
        budgets.push_back(r.budget);
        if (r.row == row)
            shown.push_back(r);
    }
    m_scene->setRacks(std::move(shown));
    // The rack summary is the key figures' (core/analysis/keyfigures.h), as the Metrics dock's.
    KeyFigureSources sources;
    sources.racks = &budgets;
    const KeyFigures figures = keyFigures(sources);
    m_summary->setText(m_all.empty() ? tr("The design has no racks yet: no node names one.")
                                     : tr("%n rack(s); up to %1 kW (nameplate) in one rack; %2", "", int(m_all.size()))
                                           .arg(QLocale().toString(figures.value("rack_peak_power_w").value_or(0) / 1000.0, 'f', 1))
                                           .arg(overBudgetText(figures.find("racks_over_budget"))));
    // Devices to place: no rack, or a rack but no U (rack-scale systems need none).
    m_unplaced->clear();
    for (const Node &n : design.nodes) {
        const Part *p = m_document->catalog().find(n.part);
        if (p && p->rackScale && !n.rack.empty())
            continue;
        if (n.rack.empty() || !n.u) {
            auto *item = new QListWidgetItem(n.rack.empty() ? qs(n.id) : tr("%1 (in %2, no U)").arg(qs(n.id), qs(n.rack)), m_unplaced);
            item->setData(Qt::UserRole, qs(n.id));
        }
    }
    fitRow();
}

void RackView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitRow();
}

void RackView::fitRow()
{
    // The whole height of a rack in view (times the user's zoom); long rows scroll sideways.
    const QRectF r = m_scene->sceneRect();
    const double scale = std::max(0.2, (m_view->viewport()->height() - 4) / std::max(1.0, r.height())) * m_zoom;
    m_view->setTransform(QTransform::fromScale(scale, scale));
}

void RackView::zoomBy(double factor)
{
    m_zoom = factor > 0 ? std::clamp(m_zoom * factor, 1.0 / 8, 16.0) : 1.0;
    fitRow();
}

// Ctrl+wheel and the canvas's zoom keys (Ctrl+plus, Ctrl+minus, Ctrl+0) zoom the elevations
// while the racks have the focus: the keys are taken before they reach the window's View menu.
bool RackView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel && watched == m_view->viewport()) {
        auto *wheel = static_cast<QWheelEvent *>(event);
        if (!(wheel->modifiers() & Qt::ControlModifier) || wheel->angleDelta().y() == 0)
            return false;
        zoomBy(wheel->angleDelta().y() > 0 ? 1.25 : 0.8);
        return true;
    }
    if ((event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride) && watched == m_view) {
        auto *key = static_cast<QKeyEvent *>(event);
        const bool ctrl = key->modifiers() & Qt::ControlModifier;
        double factor = -1;
        if (key->matches(QKeySequence::ZoomIn) || (ctrl && (key->key() == Qt::Key_Plus || key->key() == Qt::Key_Equal)))
            factor = 1.25;
        else if (key->matches(QKeySequence::ZoomOut) || (ctrl && key->key() == Qt::Key_Minus))
            factor = 0.8;
        else if (ctrl && key->key() == Qt::Key_0)
            factor = 0;   // back to a rack's height
        if (factor < 0)
            return false;
        event->accept();
        if (event->type() == QEvent::KeyPress)
            zoomBy(factor);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace cplan
