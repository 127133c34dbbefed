#pragma once

#include "analysis.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace cplan {

class CanvasScene;

// Validation findings (and, in failure mode, what the failures break). Clicking a finding
// selects its objects on the canvas.
class ProblemsView : public QWidget
{
    Q_OBJECT

public:
    ProblemsView(CanvasScene *scene, QWidget *parent = nullptr);
    void setResult(const AnalysisResult &result);
    QTreeWidget *tree() const { return m_tree; }

signals:
    void countsChanged(int errors, int warnings);

private:
    CanvasScene *m_scene;
    QLabel *m_summary;
    QTreeWidget *m_tree;
};

} // namespace cplan
