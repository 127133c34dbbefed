#pragma once

#include "document.h"

#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace cplan {

class CanvasScene;

// Properties of the selection. A single node's properties are editable; every edit is one
// SetNodeProperty (typing merges into one undo step). Links and multiple selections are shown.
class Inspector : public QWidget
{
    Q_OBJECT

public:
    Inspector(Document *document, CanvasScene *scene, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *partCombo() const { return m_part; }
    QSpinBox *tierSpin() const { return m_tier; }
    QLineEdit *rackEdit() const { return m_rack; }
    std::string currentNode() const { return m_node; }

    void refresh();

private:
    void push(NodeProperty property, const QVariant &value);

    Document *m_document;
    CanvasScene *m_scene;
    std::string m_node;
    bool m_updating = false;
    QLabel *m_title;
    QWidget *m_nodeForm;
    QLabel *m_id, *m_figures, *m_hcas, *m_other;
    QLineEdit *m_name, *m_rack, *m_group;
    QComboBox *m_part;
    QSpinBox *m_tier;
};

} // namespace cplan
