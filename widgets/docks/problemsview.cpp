#include "problemsview.h"

#include "canvasscene.h"
#include "l10n.h"

#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <set>

namespace cplan {

static constexpr int kObjectsRole = Qt::UserRole + 1;

ProblemList problemList(const AnalysisResult &result)
{
    ProblemList list;
    auto count = [&](const Finding &f) {
        list.errors += f.severity == Severity::Error ? 1 : 0;
        list.warnings += f.severity == Severity::Warning ? 1 : 0;
    };
    for (const Finding &f : result.findings) {
        list.design.push_back(&f);
        count(f);
    }
    if (!result.failed.empty()) {
        std::set<std::pair<std::string, std::string>> normal;
        for (const Finding &f : result.findings)
            normal.emplace(f.code, f.message);
        for (const Finding &f : result.findingsWithFailures)
            if (!normal.count({f.code, f.message})) {
                list.failures.push_back(&f);
                count(f);
            }
    }
    return list;
}

ProblemsView::ProblemsView(CanvasScene *scene, QWidget *parent)
    : QWidget(parent)
    , m_scene(scene)
    , m_summary(new QLabel(this))
    , m_tree(new QTreeWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_tree);
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Severity"), tr("Code"), tr("Message")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_tree->setWordWrap(false);
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        m_scene->selectObjects(item->data(0, kObjectsRole).toStringList());
    });
    m_summary->setText(tr("No analysis yet"));
}

void ProblemsView::setResult(const AnalysisResult &result)
{
    m_tree->setUpdatesEnabled(false);
    m_tree->clear();
    const ProblemList problems = problemList(result);
    QList<QTreeWidgetItem *> items;
    auto add = [&](const Finding &f, const QString &prefix) {
        QString sev;
        QIcon icon;
        switch (f.severity) {
        case Severity::Error: sev = tr("error"); icon = style()->standardIcon(QStyle::SP_MessageBoxCritical); break;
        case Severity::Warning: sev = tr("warning"); icon = style()->standardIcon(QStyle::SP_MessageBoxWarning); break;
        case Severity::Info: sev = tr("note"); icon = style()->standardIcon(QStyle::SP_MessageBoxInformation); break;
        }
        auto *item = new QTreeWidgetItem({sev, QString::fromStdString(f.code), prefix + findingText(f)});
        item->setIcon(0, icon);
        item->setToolTip(2, findingText(f));
        QStringList objects;
        for (const std::string &o : f.objects)
            objects << QString::fromStdString(o);
        item->setData(0, kObjectsRole, objects);
        items << item;
    };
    // A huge broken design can have tens of thousands of findings; show the first ones (the
    // counts are of all of them).
    constexpr std::size_t kMax = 2000;
    for (std::size_t i = 0; i < problems.design.size() && i < kMax; ++i)
        add(*problems.design[i], QString());
    for (std::size_t i = 0; i < problems.failures.size() && i < kMax; ++i)
        add(*problems.failures[i], tr("[with failures] "));
    m_tree->addTopLevelItems(items);
    m_tree->resizeColumnToContents(0);
    m_tree->resizeColumnToContents(1);
    m_tree->setUpdatesEnabled(true);
    QString summary = tr("%n error(s)", "", problems.errors) + QStringLiteral(", ") + tr("%n warning(s)", "", problems.warnings);
    if (problems.design.size() > kMax || problems.failures.size() > kMax)
        summary += QStringLiteral(" ") + tr("(first %1 shown)").arg(kMax);
    m_summary->setText(summary);
    emit countsChanged(problems.errors, problems.warnings);
}

QString ProblemsView::summaryText() const
{
    return m_summary->text();
}

} // namespace cplan
