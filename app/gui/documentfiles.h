#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

class QMenu;
class QWidget;

namespace cplan {

class Catalog;
class Document;
class EngineJobs;

// File handling of the main window: new, open (on a worker thread for big designs), save and
// save as, the unsaved-changes question, recent files, autosave and crash recovery. Dialogs
// are parented to `window`; file code itself never opens one (Document returns errors).
class DocumentFiles : public QObject
{
    Q_OBJECT

public:
    DocumentFiles(Document *document, const Catalog &catalog, EngineJobs *jobs, QWidget *window);

    // Opens a design; a broken file shows its error (file:line) and keeps the current work.
    // `interactive` = false never shows dialogs (screenshots, tests); the error is returned.
    bool openFile(const QString &fileName, bool interactive = true, QString *error = nullptr);
    // The same, parsed as a job of the window's EngineJobs (on a copy of the catalog); emits
    // fileOpened() when done. cancelOpen() stops waiting at once: the current design stays.
    void openFileAsync(const QString &fileName, bool interactive = true);
    bool isOpening() const { return m_opening; }
    void cancelOpen();
    bool saveFile(const QString &fileName, QString *error = nullptr);

    // The File menu's actions (with dialogs).
    void newDesign();
    // File ▸ Close: asks about unsaved changes, then leaves an empty untitled design.
    void closeDesign();
    void open();
    bool save();
    bool saveAs();
    // Asks to save unsaved changes; false when the user cancels. Discard also drops the
    // autosaved copy of that work.
    bool maybeSave();
    // A sample shipped with the program: opened, it becomes an untitled copy.
    static bool isBundledSample(const QString &fileName);

    // The "Open recent" menu this object keeps filled.
    void setRecentMenu(QMenu *menu);

    // Crash recovery: where autosave writes, and whether a recovery file is waiting.
    static QString recoveryFile();
    void autosave();
    bool offerRecovery();   // asks the user; returns true when work was recovered
    void setAutosaveEnabled(bool enabled);
    // A clean exit leaves no recovery file behind.
    void discardRecovery();

signals:
    // A design was loaded from a file (any way) or recovered: the window fits the view.
    void designLoaded(const QString &fileName);
    void fileOpened(bool ok, const QString &error);
    void openingChanged(bool opening);
    void statusMessage(const QString &message, int timeoutMs);

private:
    void announceOpened(const QString &fileName);
    void addRecentFile(const QString &fileName);
    void updateRecentMenu();
    void showOpenError(const QString &message);
    void onOpenCancelled(quint64 job);

    Document *m_document;
    const Catalog &m_catalog;
    EngineJobs *m_jobs;
    quint64 m_job = 0;   // the open in progress (EngineJobs::JobId)
    QWidget *m_window;
    QMenu *m_recentMenu = nullptr;
    QTimer m_autosave;
    bool m_opening = false;
};

} // namespace cplan
