#pragma once

#include "analysis.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTreeWidget;

namespace cplan {

class CanvasScene;

// The findings the Problems dock lists: the design's, then (with failures) what the failure
// scenario adds. Every count of problems (the dock's summary, the Metrics figure) counts these.
struct ProblemList
{
    std::vector<const Finding *> design;     // the design's findings
    std::vector<const Finding *> failures;   // what the failures add to them
    int errors = 0, warnings = 0;
};
ProblemList problemList(const AnalysisResult &result);

// Validation findings (and, in failure mode, what the failures break). Clicking a finding
// selects its objects on the canvas.
class ProblemsView : public QWidget
{
    Q_OBJECT

public:
    ProblemsView(CanvasScene *scene, QWidget *parent = nullptr);
    void setResult(const AnalysisResult &result);
    QTreeWidget *tree() const { return m_tree; }
    QString summaryText() const;

signals:
    void countsChanged(int errors, int warnings);

private:
    CanvasScene *m_scene;
    QLabel *m_summary;
    QTreeWidget *m_tree;
};

} // namespace cplan
