#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "generate/fattree.h"
#include "model/design.h"
#endif

#include <QDialog>
#include <QTimer>

#include <memory>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QVBoxLayout;

namespace cplan {

class Catalog;
class EngineJobs;

// The new-fabric wizard: fat-tree parameters with a live preview of the counts and the cost
// (the engine's generateFatTree + computeBom, a job of the window's EngineJobs on a copy of
// the catalog, run as the user types; closing the wizard cancels it without waiting).
class FabricWizard : public QDialog
{
    Q_OBJECT

public:
    // Without `jobs`, the wizard has a job runner of its own.
    explicit FabricWizard(const Catalog &catalog, QWidget *parent = nullptr, EngineJobs *jobs = nullptr);
    ~FabricWizard() override;

    FatTreeSpec spec() const;
    // The generated design (valid after accept()).
    const Design &design() const { return *m_design; }
    bool hasDesign() const { return m_design != nullptr; }
    QString previewText() const;

    void setServers(const QString &part, int count);
    void setSwitch(const QString &part);
    void setRailOnly(bool on);
    // Ethernet: the NIC fitted to every server (empty: its own), the servers' port speed (0:
    // automatic), dual-ToR, and the taper between pods (down : 1).
    void setNic(const QString &hca);
    void setHostPortSpeed(int gbps);
    void setDualTor(bool on);
    void setPodTaper(int down);
    void setBlocking(int down, int up);
    // Waits for the preview of the current parameters (tests).
    bool waitForPreview(int timeoutMs);
    // Stops the preview in progress at once (reject() does too).
    void cancelPreview();
    bool isPreviewing() const;
    void reject() override;

private:
    struct Preview;
    void addParameterForm(QVBoxLayout *layout);
    void addEthernetRows(QFormLayout *form);
    void connectPreview();
    void acceptPreviewedDesign();
    void restoreValues();     // the last generated fabric's (QSettings)
    void saveValues() const;
    void schedulePreview();
    void startPreview();
    void showPreview(std::shared_ptr<Preview> preview);
    static QString fatTreeSummary(const FatTreeReport &r, std::size_t links);
    static QString railOnlySummary(const FatTreeReport &r, std::size_t links);

    const Catalog &m_catalog;
    QLineEdit *m_name;
    QComboBox *m_server, *m_switch, *m_tiers, *m_hca, *m_hostSpeed;
    QSpinBox *m_count, *m_down, *m_up, *m_rails, *m_suSize, *m_mgmt, *m_planes, *m_podTaper;
    QCheckBox *m_railOnly, *m_dualTor;
    QLabel *m_preview;
    QPushButton *m_ok = nullptr;
    QTimer m_debounce;
    EngineJobs *m_engine;
    quint64 m_job = 0;                   // the preview in progress (EngineJobs::JobId)
    std::shared_ptr<Preview> m_last;     // the last preview shown
    bool m_dirty = false;
    bool m_shown = true; // the last preview started has been shown (its finished signal handled)
    std::shared_ptr<Design> m_design;
};

} // namespace cplan
