#pragma once

#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse C++20 concepts in the standard headers
#include "analysis/training.h"
#endif

#include "breakdownbar.h"

#include "enginedock.h"

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;
class QVBoxLayout;

namespace cplan {

class Document;
class EngineJobs;

// How fast a model trains on the design as it is, and what a token costs: the step time and
// where it goes, tokens/s, MFU, memory per GPU against HBM, days to train, cost and energy per
// million tokens, and the plan (searched, or the one given). Every figure comes from one engine
// call, analyzeTraining (core/analysis/training.h), run as a job of the window's EngineJobs on
// a snapshot; an edit refreshes it after a short pause (only while it is shown).
class TrainingView : public EngineDock
{
    Q_OBJECT

public:
    struct Result
    {
        QString error;                     // the model cannot be read, no plan is legal
        std::optional<TrainingAnalysis> analysis;
    };

    explicit TrainingView(Document *document, QWidget *parent = nullptr);
    ~TrainingView() override;

    // A built-in model id (llama3-70b) or a model file.
    void setModel(const QString &idOrFile);
    void setTokens(const QString &tokens);    // "15T"
    void setGpus(int gpus);                   // 0: every GPU
    // Fixed parallelism (0 = searched); `automatic` searches all of it.
    void setParallelism(bool automatic, int tp = 0, int pp = 0, int dp = 0, int cp = 0, int ep = 0, int vp = 0);
    QString model() const { return m_model; }
    // The request the form describes; an error when the form cannot be read.
    ::cplan::Result<TrainingRequest> request() const;
    // The same with its model read (a built-in id or a model file): the job the dock runs, for
    // the report to run it too.
    ::cplan::Result<TrainingRequest> requestWithModel() const;

    void refresh() override;
    const Result *result() const { return m_result.get(); }
    QString summaryText() const;
    QTableWidget *figuresTable() const { return m_figures; }
    const BreakdownBar *breakdownBar() const { return m_bar; }
    // The GUI thread's share of the last refresh (the snapshot and showing the result), ms.
    double lastGuiMs() const { return m_snapshotMs + m_showMs; }

protected:
    bool hasResult() const override { return bool(m_result); }

private:
    void addForm(QVBoxLayout *layout);
    QWidget *parallelismRow();
    void connectControls();
    void onFinished(std::shared_ptr<Result> result);
    void showAnalysis(const TrainingAnalysis &a);
    static QString missingText(const TrainingAnalysis &a, bool withPrices);
    void chooseModelFile();

    QComboBox *m_modelBox, *m_precision, *m_recompute, *m_neighbour;
    QLineEdit *m_tokens;
    QSpinBox *m_gpus;
    QCheckBox *m_auto;
    std::vector<std::pair<QString, QSpinBox *>> m_plan;   // TP, PP, DP, CP, EP, VP
    QLabel *m_status, *m_summary, *m_memory, *m_unknown;
    BreakdownBar *m_bar;
    QTableWidget *m_figures;
    QString m_model = QStringLiteral("llama3-70b");
    double m_snapshotMs = 0, m_showMs = 0;
    std::shared_ptr<Result> m_result;
};

} // namespace cplan
