#include "differencesview.h"

#include "asbuiltstyle.h"
#include "l10n.h"

#include "verify/matchstats.h"

#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cplan {

namespace {

enum Role { LinksRole = Qt::UserRole + 1, NodesRole };

QIcon swatch(const QColor &color)
{
    QPixmap pm(12, 12);
    pm.fill(color);
    return QIcon(pm);
}

QString fromStd(const std::string &s) { return QString::fromStdString(s); }

QLabel *banner(const QString &name, const QString &style, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setStyleSheet(style);
    label->hide();
    return label;
}

} // namespace

DifferencesView::DifferencesView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("DifferencesView"));
    m_summary = new QLabel(tr("No comparison yet: File ▸ Compare with as-built…"), this);
    m_summary->setWordWrap(true);
    m_punchList = new QPushButton(tr("Export punch list…"), this);
    m_punchList->setObjectName(QStringLiteral("PunchListButton"));
    m_punchList->setToolTip(tr("One row per action for the technicians (replace, move, remove, check), as CSV"));
    m_punchList->setEnabled(false);
    m_clear = new QPushButton(tr("Clear"), this);
    m_clear->setEnabled(false);
    m_matches = new QLabel(this);
    m_matches->setObjectName(QStringLiteral("MatchStats"));
    m_matches->setWordWrap(true);
    m_warning = banner(QStringLiteral("MatchWarning"),
                       QStringLiteral("background: #f8d7da; color: #721c24; border: 1px solid #e4a1a8; padding: 3px;"), this);
    m_outdated = banner(QStringLiteral("ComparisonOutdated"),
                        QStringLiteral("background: #fff3cd; color: #6b4e00; border: 1px solid #e0b84c; padding: 3px;"), this);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Finding"), tr("Cable or node"), tr("Details")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_punchList);
    top->addWidget(m_clear);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_matches);
    layout->addWidget(m_warning);
    layout->addWidget(m_outdated);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) { activate(item); });
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) { activate(item); });
    connect(m_punchList, &QPushButton::clicked, this, &DifferencesView::punchListRequested);
    connect(m_clear, &QPushButton::clicked, this, &DifferencesView::clearRequested);
}

void DifferencesView::setResult(const VerifyResult &result, const QString &source, const QStringList &importNotes,
                                const QString &scope)
{
    m_showAgain = [this, result, source, importNotes, scope] { setResult(result, source, importNotes, scope); };
    m_tree->clear();
    const VerifySummary &s = result.summary;
    const QString file = QFileInfo(source).fileName();
    m_summary->setText(result.agree()
                           ? tr("%1 agrees with the plan: %n cable(s) as planned.", "", s.ok).arg(file)
                           : tr("%1 against the plan: %2 missing, %3 misconnected, %4 unexpected, %5 degraded of %6 planned cables; "
                                "%7 node(s) missing, %8 unexpected, %9 of another part.")
                                 .arg(file)
                                 .arg(s.missing)
                                 .arg(s.misconnected)
                                 .arg(s.unexpected)
                                 .arg(s.different)
                                 .arg(s.planned)
                                 .arg(s.nodesMissing)
                                 .arg(s.nodesUnexpected)
                                 .arg(s.nodesDifferent));
    // How the nodes were found (as `cplan verify` prints it), and a warning when almost none were:
    // then every row below is an artefact of comparing with another fabric or plane.
    const MatchStats m = matchStats(result);
    m_matches->setText(tr("Nodes matched: %1 of %2 planned (by GUID %3, by name %4, by position %5); the as-built has %6.")
                           .arg(m.matched)
                           .arg(m.planNodes)
                           .arg(m.byGuid)
                           .arg(m.byName)
                           .arg(m.byPosition)
                           .arg(m.foundNodes));
    if (!scope.isEmpty())
        m_matches->setText(tr("%1: %2").arg(scope, m_matches->text()));
    m_matches->show();
    m_warning->setText(tr("Only %1 of %2 planned nodes matched — is %3 a dump of this fabric, and of the right plane? "
                          "The rows below then say nothing about the cabling: every planned cable reads missing and every "
                          "cable found unexpected.")
                           .arg(m.matched)
                           .arg(m.planNodes)
                           .arg(file));
    if (m.partialDump())   // the plan's other nodes read missing, with every cable of theirs
        m_warning->setText(engineText(m.partialDumpWording()));
    m_warning->setVisible(m.almostNothingMatched() || m.partialDump());
    m_outdated->hide();
    QList<QTreeWidgetItem *> items;
    for (const CableFinding &c : result.cables) {
        if (c.verdict == CableVerdict::Ok)
            continue;
        const QString swapped = c.swapWith >= 0 && std::size_t(c.swapWith) < result.cables.size()
                                    ? fromStd(result.cables[std::size_t(c.swapWith)].label)
                                    : QString();
        const QString details = AsBuiltStyle::describe(c, swapped);
        auto *item = new QTreeWidgetItem({AsBuiltStyle::name(c.verdict), fromStd(c.label), details});
        item->setIcon(0, swatch(AsBuiltStyle::color(c.verdict)));
        QStringList links, nodes;
        if (!c.plannedLink.empty())
            links << fromStd(c.plannedLink);
        for (const VerifyEnd *e : {&c.foundA, &c.foundB})
            if (c.plannedLink.empty() && e->inPlan)
                nodes << fromStd(e->node);
        item->setData(0, LinksRole, links);
        item->setData(0, NodesRole, nodes);
        item->setToolTip(2, details);
        items << item;
    }
    for (const NodeFinding &n : result.nodes) {
        auto *item = new QTreeWidgetItem({AsBuiltStyle::name(n.verdict), fromStd(n.device), AsBuiltStyle::describe(n)});
        item->setIcon(0, swatch(AsBuiltStyle::color(n.verdict)));
        item->setData(0, LinksRole, QStringList());
        item->setData(0, NodesRole, n.planNode.empty() ? QStringList() : QStringList{fromStd(n.planNode)});
        items << item;
    }
    items << noteItems(importNotes);
    m_tree->addTopLevelItems(items);
    m_tree->resizeColumnToContents(0);
    m_tree->resizeColumnToContents(1);
    m_punchList->setEnabled(!result.agree());
    m_clear->setEnabled(true);
}

void DifferencesView::setOutdated(const QString &why)
{
    m_outdated->setText(why);
    m_outdated->setVisible(!why.isEmpty());
}

QString DifferencesView::summaryText() const
{
    return m_summary->text();
}

QString DifferencesView::matchText() const
{
    return m_matches->isHidden() ? QString() : m_matches->text();
}

QString DifferencesView::warningText() const
{
    return m_warning->isHidden() ? QString() : m_warning->text();
}

void DifferencesView::clear()
{
    m_showAgain = nullptr;
    m_tree->clear();
    m_matches->hide();
    m_warning->hide();
    m_outdated->hide();
    m_summary->setText(tr("No comparison yet: File ▸ Compare with as-built…"));
    m_punchList->setEnabled(false);
    m_clear->setEnabled(false);
}

void DifferencesView::setImportNotes(const QString &source, const QStringList &notes)
{
    clear();
    m_summary->setText(tr("Imported %1: %n note(s) on what the import skipped or inferred.", "", int(notes.size()))
                           .arg(QFileInfo(source).fileName()));
    m_tree->addTopLevelItems(noteItems(notes));
    m_tree->resizeColumnToContents(0);
    m_clear->setEnabled(!notes.isEmpty());
    m_showAgain = [this, source, notes] { setImportNotes(source, notes); };
}

void DifferencesView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    m_tree->setHeaderLabels({tr("Finding"), tr("Cable or node"), tr("Details")});
    const bool outdated = !m_outdated->isHidden();
    const QString why = m_outdated->text();   // the caller's words; the window writes them again
    if (const auto again = m_showAgain)   // a copy: showing again replaces m_showAgain
        again();
    else
        clear();
    if (outdated)
        setOutdated(why);
}

QList<QTreeWidgetItem *> DifferencesView::noteItems(const QStringList &notes) const
{
    QList<QTreeWidgetItem *> items;
    for (const QString &note : notes) {
        auto *item = new QTreeWidgetItem({tr("Import note"), QString(), note});
        item->setForeground(0, palette().color(QPalette::Disabled, QPalette::Text));
        item->setToolTip(2, note);
        items << item;
    }
    return items;
}

void DifferencesView::activate(QTreeWidgetItem *item)
{
    if (!item)
        return;
    const QStringList links = item->data(0, LinksRole).toStringList(), nodes = item->data(0, NodesRole).toStringList();
    if (links.isEmpty() && nodes.isEmpty())
        return;   // an import note, or a node only the as-built has
    emit findingActivated(links, nodes);
}

} // namespace cplan
