#pragma once

#include "document.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace cplan {

class CanvasScene;

// Properties of the selection. A single node's properties are editable, every edit one
// SetNodeProperty (typing merges into one undo step); a single link's cable and length, one
// SetLinkCable. Multiple selections are summed up. Follows edits of the shown object, its
// links included (wiring a port updates "Ports wired").
class Inspector : public QWidget
{
    Q_OBJECT

public:
    Inspector(Document *document, CanvasScene *scene, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *partCombo() const { return m_part; }
    QSpinBox *tierSpin() const { return m_tier; }
    // The node's own MTU; its minimum (shown as the design's) leaves the design's in force.
    QSpinBox *mtuSpin() const { return m_mtu; }
    QLineEdit *rackEdit() const { return m_rack; }
    QComboBox *cableCombo() const { return m_cable; }
    QDoubleSpinBox *lengthSpin() const { return m_length; }
    std::string currentNode() const { return m_node; }
    std::string currentLink() const { return m_link; }
    QString figuresText() const;

    void refresh();

private:
    QWidget *createNodeForm();
    QWidget *createLinkForm();
    void connectEdits();
    void push(NodeProperty property, const QVariant &value);
    void pushCable(const std::string &cable, std::optional<double> lengthM);
    void onChanged(const ChangeEvent &e);
    void showNode(const Node &node, NodeId n);
    void showLink(const Link &link);

    Document *m_document;
    CanvasScene *m_scene;
    std::string m_node, m_link;
    bool m_updating = false;
    QLabel *m_title;
    QWidget *m_nodeForm, *m_linkForm;
    QComboBox *m_cable;
    QDoubleSpinBox *m_length;
    QLabel *m_id, *m_figures, *m_hcas, *m_other;
    QLineEdit *m_name, *m_rack, *m_group;
    QComboBox *m_part;
    QSpinBox *m_tier, *m_mtu;
};

} // namespace cplan
