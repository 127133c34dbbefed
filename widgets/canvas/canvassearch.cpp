#include "canvassearch.h"

#include "canvasitems.h"
#include "canvasscene.h"
#include "canvasview.h"
#include "document.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace cplan {

CanvasSearchBar::CanvasSearchBar(CanvasScene *scene, CanvasView *view, QWidget *parent)
    : QWidget(parent)
    , m_scene(scene)
    , m_view(view)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(new QLabel(tr("Find:"), this));
    m_edit = new QLineEdit(this);
    m_edit->setPlaceholderText(tr("server, switch, node:port, link, rack or GUID"));
    m_edit->setClearButtonEnabled(true);
    layout->addWidget(m_edit, 1);
    m_result = new QLabel(this);
    layout->addWidget(m_result);
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setToolTip(tr("Close (Esc)"));
    close->setAutoRaise(true);
    layout->addWidget(close);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    connect(m_edit, &QLineEdit::returnPressed, this, [this] {
        if (m_edit->text() == m_query && !m_hits.empty())
            next();
        else
            find(m_edit->text());
    });
    setVisible(false);
    // "1 of 1: gpu06400" stayed up over the next design (File > New, Open): another design, or
    // nodes and links added or removed, and the hits are forgotten; Return searches again.
    connect(scene->document(), &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.type == ChangeEvent::DesignReplaced || (e.aspects & ChangeEvent::Topology))
            forgetHits();
    });
}

void CanvasSearchBar::forgetHits()
{
    if (NodeItem *old = m_scene->nodeItem(m_highlightedNode))
        old->setHighlightPort(0);
    m_highlightedNode.clear();
    m_hits.clear();
    m_query.clear();
    m_current = 0;
    m_result->clear();
}

void CanvasSearchBar::open()
{
    setVisible(true);
    m_edit->setFocus();
    m_edit->selectAll();
}

int CanvasSearchBar::find(const QString &text)
{
    m_query = text;
    m_hits = searchDesign(m_scene->document()->design(), m_scene->catalog(), text.toStdString());
    m_current = 0;
    if (m_hits.empty()) {
        m_result->setText(text.trimmed().isEmpty() ? QString() : tr("Not found"));
        return 0;
    }
    show(0);
    return int(m_hits.size());
}

void CanvasSearchBar::next()
{
    if (m_hits.empty())
        return;
    show((m_current + 1) % m_hits.size());
}

QString CanvasSearchBar::resultText() const
{
    return m_result->text();
}

void CanvasSearchBar::show(std::size_t index)
{
    m_current = index;
    const SearchHit &hit = m_hits[index];
    if (NodeItem *old = m_scene->nodeItem(m_highlightedNode))
        old->setHighlightPort(0);
    m_highlightedNode.clear();
    m_scene->selectObjects({QString::fromStdString(hit.id)});
    QString what = QString::fromStdString(hit.id);
    const Design &design = m_scene->document()->design();
    if (auto node = design.findNode(hit.id); node && hit.port > 0) {
        what = QString::fromStdString(portDisplayName(design, m_scene->catalog(), PortRef{*node, hit.port}));
        if (NodeItem *item = m_scene->nodeItem(hit.id)) {
            item->setHighlightPort(hit.port);
            m_highlightedNode = hit.id;
        }
    }
    QGraphicsItem *item = m_scene->nodeItem(hit.id);
    if (!item)
        item = m_scene->linkItem(hit.id);
    if (item)
        m_view->reveal(item->sceneBoundingRect());
    m_result->setText(tr("%1 of %2: %3").arg(index + 1).arg(m_hits.size()).arg(what));
}

void CanvasSearchBar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        m_view->setFocus();
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace cplan
