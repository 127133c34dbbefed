#pragma once

#include "verify/verify.h"

#include <QStringList>
#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace cplan {

// The Differences dock: what a comparison with the as-built fabric found, one row per cable
// that is not as planned and per node missing, unexpected or of another part, in the colours
// of the canvas overlay, then what the import of the as-built file noted (skipped lines, cut
// records, default descriptions). Activating a row asks for its objects to be selected and
// centred; a button asks for the punch list.
class DifferencesView : public QWidget
{
    Q_OBJECT

public:
    explicit DifferencesView(QWidget *parent = nullptr);

    // `scope`: what of the plan the source was compared with when not the whole ("Plane 2 of 4").
    void setResult(const VerifyResult &result, const QString &source, const QStringList &importNotes = {},
                   const QString &scope = {});
    void clear();
    // What File > Import fabric noted (records and cables skipped, names inferred), without a
    // comparison: one row per note under a line naming the file.
    void setImportNotes(const QString &source, const QStringList &notes);
    // The plan changed after the comparison: the rows stay, under a line that says so.
    void setOutdated(const QString &why);
    // What the dock says above the rows: the summary, how the nodes matched, the warnings.
    QString summaryText() const;
    QString matchText() const;
    QString warningText() const;   // empty when there is none
    QTreeWidget *tree() const { return m_tree; }

signals:
    // What to select: links and nodes of the plan (ids), and the point to centre on.
    void findingActivated(const QStringList &linkIds, const QStringList &nodeIds);
    void clearRequested();
    void punchListRequested();

protected:
    // A language chosen in View > Language: the rows and lines are written again from the result.
    void changeEvent(QEvent *event) override;

private:
    void activate(QTreeWidgetItem *item);
    QList<QTreeWidgetItem *> noteItems(const QStringList &notes) const;

    QLabel *m_summary;
    QLabel *m_matches;
    QLabel *m_warning;
    QLabel *m_outdated;
    QPushButton *m_punchList;
    QPushButton *m_clear;
    QTreeWidget *m_tree;
    std::function<void()> m_showAgain;   // what the dock shows, shown again (empty: nothing)
};

} // namespace cplan
