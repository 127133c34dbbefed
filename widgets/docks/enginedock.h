#pragma once

#include "enginejob.h"

#include <QTimer>
#include <QWidget>

#include <optional>

class QComboBox;

namespace cplan {

class Document;

// A dock whose figures come from one engine job on the design (the Training and Reliability
// docks): an edit that changes the design's figures refreshes it after half a second, only while
// it is shown (a dock shown after edits refreshes at once); the job runs on the window's
// EngineJobs, on a snapshot, and a result for a design edited since is dropped.
class EngineDock : public QWidget
{
    Q_OBJECT

public:
    explicit EngineDock(Document *document, QWidget *parent = nullptr);

    // The window's job runner (the dock has one of its own until it is given one).
    void setJobs(EngineJobs *jobs);
    // Runs now (an edit runs it after a pause); waits for it (tests, screenshots).
    virtual void refresh() = 0;
    bool waitForResult(int timeoutMs);
    bool isRunning() const;

protected:
    void showEvent(QShowEvent *event) override;
    void scheduleRefresh();
    virtual bool hasResult() const = 0;

    // Starts `work` (JobControl & -> R) as this dock's job on a snapshot of the design; `done`
    // gets its result on the GUI thread unless the design changed meanwhile.
    template<class Work, class Done>
    void startJob(const QString &kind, const QString &title, const JobSnapshot &snapshot, Work work, Done done)
    {
        m_debounce.stop();
        m_stale = false;
        EngineJobs::Spec spec;
        spec.kind = kind;
        spec.title = title;
        spec.context = this;
        spec.document = m_document;
        spec.revision = snapshot.revision;
        spec.quiet = true;   // about a second or less, on every edit: the dock says it is computing
        m_job = m_engine->start(std::move(spec), std::move(work), [this, done = std::move(done)](auto r) mutable {
            m_job = 0;
            done(std::move(r));
        });
    }
    void cancelJob();
    void markRefreshed();

    // A combo box of built-in ids (item data) ending in an entry without data that asks for a
    // file: selects an id or a file, listing a file by its name before that last entry.
    static void selectIdOrFile(QComboBox *box, const QString &idOrFile);
    // Asks for a file for such a box; nullopt (and `current` selected again) when cancelled.
    std::optional<QString> askFile(QComboBox *box, const QString &current, const QString &caption, const QString &filter);

    Document *m_document;

private:
    EngineJobs *m_engine;
    QTimer m_debounce;
    quint64 m_job = 0;
    bool m_stale = true;   // the design or the form changed since the last run
};

} // namespace cplan
