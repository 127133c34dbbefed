#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "generate/fattree.h"
#include "model/design.h"
#endif

#include <QDialog>
#include <QFutureWatcher>
#include <QTimer>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QVBoxLayout;

namespace cplan {

class Catalog;

// The new-fabric wizard: fat-tree parameters with a live preview of the counts and the cost
// (the engine's generateFatTree + computeBom, run off the GUI thread as the user types).
class FabricWizard : public QDialog
{
    Q_OBJECT

public:
    explicit FabricWizard(const Catalog &catalog, QWidget *parent = nullptr);
    ~FabricWizard() override;

    FatTreeSpec spec() const;
    // The generated design (valid after accept()).
    const Design &design() const { return *m_design; }
    bool hasDesign() const { return m_design != nullptr; }
    QString previewText() const;

    void setServers(const QString &part, int count);
    void setSwitch(const QString &part);
    void setRailOnly(bool on);
    void setBlocking(int down, int up);
    // Waits for the preview of the current parameters (tests).
    bool waitForPreview(int timeoutMs);

private:
    struct Preview;
    void addParameterForm(QVBoxLayout *layout);
    void connectPreview();
    void acceptPreviewedDesign();
    void schedulePreview();
    void startPreview();
    void showPreview();
    static QString fatTreeSummary(const FatTreeReport &r, std::size_t links);
    static QString railOnlySummary(const FatTreeReport &r, std::size_t links);

    const Catalog &m_catalog;
    QLineEdit *m_name;
    QComboBox *m_server, *m_switch, *m_tiers;
    QSpinBox *m_count, *m_down, *m_up, *m_rails, *m_suSize, *m_mgmt, *m_planes;
    QCheckBox *m_railOnly;
    QLabel *m_preview;
    QPushButton *m_ok = nullptr;
    QTimer m_debounce;
    QFutureWatcher<std::shared_ptr<Preview>> m_watcher;
    bool m_dirty = false;
    bool m_shown = true; // the last preview started has been shown (its finished signal handled)
    std::shared_ptr<Design> m_design;
};

} // namespace cplan
