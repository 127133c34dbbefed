#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/reliability.h"
#endif

#include "enginedock.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableWidget;
class QVBoxLayout;

namespace cplan {

class Document;
class EngineJobs;

// Failures over time for the design as it is: a job's interruptions per day and its mean time
// between interruptions (MTBI) by cause, MTBI by job size, the checkpoint interval (Daly) and
// goodput for the checkpoint a user gives, and the spares to hold. Every figure comes from one
// engine call, analyzeReliability (core/analysis/reliability.h), run as a job of the window's
// EngineJobs on a snapshot; an edit refreshes it after a short pause (only while it is shown).
class ReliabilityView : public EngineDock
{
    Q_OBJECT

public:
    // What one run leaves: the analysis of the job asked for and the MTBI of each job size.
    struct Result
    {
        QString error;                       // the preset cannot be read, the job does not fit
        ReliabilityAnalysis analysis;
        struct Size
        {
            std::uint32_t gpus = 0;
            std::optional<double> mtbiHours;
        };
        std::vector<Size> sizes;
        double designGpus = 0;
    };

    explicit ReliabilityView(Document *document, QWidget *parent = nullptr);
    ~ReliabilityView() override;

    // A built-in preset id (llama3) or a preset file.
    void setPreset(const QString &idOrFile);
    void setJobGpus(int gpus);   // 0: every GPU
    void setCheckpoint(double checkpointGB, double storageGBps, double restartMin);
    // The request the form describes (what the next run asks the engine).
    ReliabilityRequest request() const;
    QString preset() const { return m_preset; }

    void refresh() override;
    const Result *result() const { return m_result.get(); }
    QString summaryText() const;
    QString checkpointText() const;
    QTableWidget *causesTable() const { return m_causes; }
    QTableWidget *sparesTable() const { return m_spares; }

    // The job sizes the MTBI chart shows: 8, 64, 512, ... (x8) below the design's GPUs, then all.
    static std::vector<std::uint32_t> chartSizes(double designGpus);

protected:
    bool hasResult() const override { return bool(m_result); }

private:
    void addForm(QVBoxLayout *layout);
    void connectControls();
    void onFinished(std::shared_ptr<Result> result);
    void showSummary(const Result &r);
    void showCauses(const ReliabilityAnalysis &a);
    void showChart(const Result &r);
    void showSpares(const reliability::SparesPlan &s);
    void choosePresetFile();

    QComboBox *m_presetBox;
    QSpinBox *m_jobGpus;
    QDoubleSpinBox *m_checkpointGB, *m_storageGBps, *m_restartMin;
    QLabel *m_status, *m_summary, *m_checkpoint, *m_unknown, *m_sparesNote;
    QTableWidget *m_causes, *m_spares;
    QChartView *m_chart;
    QString m_preset = QStringLiteral("llama3");
    std::shared_ptr<Result> m_result;
};

} // namespace cplan
