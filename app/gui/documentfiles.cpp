#include "documentfiles.h"

#include "document.h"
#include "enginejob.h"

#include "catalog/catalog.h"
#include "io/designyaml.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>

#include <memory>

namespace cplan {

DocumentFiles::DocumentFiles(Document *document, const Catalog &catalog, EngineJobs *jobs, QWidget *window)
    : QObject(window)
    , m_document(document)
    , m_catalog(catalog)
    , m_jobs(jobs)
    , m_window(window)
{
    connect(m_jobs, &EngineJobs::jobCancelled, this, &DocumentFiles::onOpenCancelled);
    m_autosave.setInterval(60 * 1000);
    connect(&m_autosave, &QTimer::timeout, this, &DocumentFiles::autosave);
    m_autosave.start();
}

// --- open and save --------------------------------------------------------------------------

void DocumentFiles::showOpenError(const QString &message)
{
    QMessageBox::critical(m_window, tr("Cannot open design"),
                          tr("The file could not be read; your current work is unchanged.\n\n%1").arg(message));
}

// The samples shipped with the program (installed beside the catalog, or the source tree's):
// they open as untitled copies, so that Save asks where instead of overwriting the sample.
bool DocumentFiles::isBundledSample(const QString &fileName)
{
    const QDir catalog(QString::fromStdString(Catalog::builtinDirectory()));
    const QString dir = QFileInfo(fileName).canonicalPath();
    for (const QString &samples : {QStringLiteral("../samples"), QStringLiteral("../../samples")}) {
        const QString candidate = QFileInfo(catalog.filePath(samples)).canonicalFilePath();
        if (!candidate.isEmpty() && candidate == dir)
            return true;
    }
    return false;
}

void DocumentFiles::announceOpened(const QString &fileName)
{
    addRecentFile(QFileInfo(fileName).absoluteFilePath());
    emit designLoaded(fileName);
    if (m_document->fileName().isEmpty())
        emit statusMessage(tr("Opened the sample %1 as an untitled copy: Save asks where to keep it")
                               .arg(QFileInfo(fileName).fileName()), 8000);
    else
        emit statusMessage(tr("Opened %1").arg(fileName), 5000);
}

bool DocumentFiles::openFile(const QString &fileName, bool interactive, QString *error)
{
    QString message;
    if (!m_document->load(fileName, &message)) {
        if (interactive)
            showOpenError(message);
        if (error)
            *error = message;
        return false;
    }
    if (isBundledSample(fileName))
        m_document->setFileName(QString());
    announceOpened(fileName);
    return true;
}

void DocumentFiles::openFileAsync(const QString &fileName, bool interactive)
{
    if (m_opening)
        return;
    m_opening = true;
    emit openingChanged(true);
    emit statusMessage(tr("Opening %1…").arg(fileName), 0);
    EngineJobs::Spec spec;
    spec.kind = QStringLiteral("open");
    spec.title = tr("Opening the design");
    spec.context = this;
    // The parser registers the design's own parts in a copy of the catalog, not in the window's.
    auto work = [snapshot = JobSnapshot::catalogOf(m_catalog), path = fileName.toStdString()](JobControl &) {
        auto loaded = std::make_shared<Result<Design>>(loadDesign(path, snapshot.catalog.get()));
        if (*loaded)
            (*loaded)->reindex();   // here, not on the GUI thread (Document::reset)
        return loaded;
    };
    m_job = m_jobs->start(std::move(spec), std::move(work), [this, fileName, interactive](std::shared_ptr<Result<Design>> loaded) {
        m_job = 0;
        m_opening = false;
        emit openingChanged(false);
        if (!*loaded) {
            const QString message = QString::fromStdString(loaded->error().toString());
            emit statusMessage(QString(), 0);
            if (interactive)
                showOpenError(message);
            emit fileOpened(false, message);
            return;
        }
        m_document->reset(std::move(**loaded), isBundledSample(fileName) ? QString() : fileName, false, true);
        announceOpened(fileName);
        emit fileOpened(true, QString());
    });
}

void DocumentFiles::cancelOpen()
{
    if (m_opening)
        m_jobs->cancel(m_job);   // onOpenCancelled()
}

// Cancelled here or by the window's Cancel: the current design stays.
void DocumentFiles::onOpenCancelled(quint64 job)
{
    if (!m_opening || job != m_job)
        return;
    m_job = 0;
    m_opening = false;
    emit openingChanged(false);
    emit statusMessage(tr("Opening cancelled"), 5000);
    emit fileOpened(false, tr("Opening cancelled"));
}

bool DocumentFiles::saveFile(const QString &fileName, QString *error)
{
    QString message;
    if (!m_document->save(fileName, &message)) {
        if (error)
            *error = message;
        return false;
    }
    addRecentFile(QFileInfo(fileName).absoluteFilePath());
    discardRecovery();
    emit statusMessage(tr("Saved %1").arg(fileName), 5000);
    return true;
}

void DocumentFiles::newDesign()
{
    if (!maybeSave())
        return;
    Design d;
    d.name = tr("Untitled design").toStdString();
    m_document->reset(std::move(d), QString());
    emit designLoaded(QString());   // the view starts afresh, not at the last design's zoom
}

void DocumentFiles::closeDesign()
{
    newDesign();
}

void DocumentFiles::open()
{
    if (!maybeSave())
        return;
    const QString f = QFileDialog::getOpenFileName(m_window, tr("Open design"), QString(),
                                                   tr("Cluster designs (*.cluster.yaml *.yaml);;All files (*)"));
    if (!f.isEmpty())
        openFileAsync(f);
}

bool DocumentFiles::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    QString error;
    if (!saveFile(m_document->fileName(), &error)) {
        QMessageBox::critical(m_window, tr("Cannot save"), error);
        return false;
    }
    return true;
}

bool DocumentFiles::saveAs()
{
    QString f = QFileDialog::getSaveFileName(m_window, tr("Save design"), m_document->fileName(), tr("Cluster designs (*.cluster.yaml)"));
    if (f.isEmpty())
        return false;
    if (!f.endsWith(QLatin1String(".yaml")))
        f += QStringLiteral(".cluster.yaml");
    QString error;
    if (!saveFile(f, &error)) {
        QMessageBox::critical(m_window, tr("Cannot save"), error);
        return false;
    }
    return true;
}

bool DocumentFiles::maybeSave()
{
    if (!m_document->isModified())
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"), tr("The design has unsaved changes. Save them?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
    // Keys for each answer (Qt's Discard has none: Alt+D, as Alt+S saves).
    box.button(QMessageBox::Save)->setText(tr("&Save"));
    box.button(QMessageBox::Discard)->setText(tr("&Discard"));
    const auto answer = QMessageBox::StandardButton(box.exec());
    if (answer == QMessageBox::Save)
        return save();
    if (answer != QMessageBox::Discard)
        return false;
    // Discarded work is gone on purpose: the next start must not offer it for recovery.
    discardRecovery();
    return true;
}

// --- recent files ---------------------------------------------------------------------------

void DocumentFiles::setRecentMenu(QMenu *menu)
{
    m_recentMenu = menu;
    updateRecentMenu();
}

void DocumentFiles::addRecentFile(const QString &fileName)
{
    QSettings settings;
    QStringList files = settings.value(QStringLiteral("recentFiles")).toStringList();
    files.removeAll(fileName);
    files.prepend(fileName);
    while (files.size() > 8)
        files.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), files);
    updateRecentMenu();
}

void DocumentFiles::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &f : files)
        m_recentMenu->addAction(QFileInfo(f).fileName(), this, [this, f] {
            if (maybeSave())
                openFileAsync(f);
        })->setToolTip(f);
    m_recentMenu->setEnabled(!files.isEmpty());
}

// --- autosave and recovery ------------------------------------------------------------------

QString DocumentFiles::recoveryFile()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/recovery.cluster.yaml");
}

void DocumentFiles::setAutosaveEnabled(bool enabled)
{
    if (enabled)
        m_autosave.start();
    else
        m_autosave.stop();
}

void DocumentFiles::discardRecovery()
{
    QFile::remove(recoveryFile());
}

void DocumentFiles::autosave()
{
    if (!m_document->isModified())
        return;
    // Written atomically, so a crash during autosave never leaves a torn recovery file.
    QSaveFile out(recoveryFile());
    if (!out.open(QIODevice::WriteOnly))
        return;
    out.write(QByteArray::fromStdString(serializeDesign(m_document->design())));
    if (out.commit()) {
        QSettings().setValue(QStringLiteral("recoveryOf"), m_document->fileName());
        emit statusMessage(tr("Autosaved"), 2000);
    }
}

bool DocumentFiles::offerRecovery()
{
    const QString f = recoveryFile();
    if (!QFile::exists(f))
        return false;
    const QString original = QSettings().value(QStringLiteral("recoveryOf")).toString();
    const auto answer = QMessageBox::question(
        m_window, tr("Recover unsaved work?"),
        tr("Cluster Planner did not close properly. Unsaved work of %1 was autosaved at %2. Recover it?")
            .arg(original.isEmpty() ? tr("an untitled design") : original, QFileInfo(f).lastModified().toString()),
        QMessageBox::Yes | QMessageBox::No);
    if (answer != QMessageBox::Yes) {
        QFile::remove(f);
        return false;
    }
    auto loaded = loadDesign(f.toStdString(), &m_catalog);
    if (!loaded) {
        QMessageBox::critical(m_window, tr("Cannot recover"), QString::fromStdString(loaded.error().toString()));
        return false;
    }
    m_document->reset(std::move(*loaded), original, true);
    emit designLoaded(original);
    return true;
}

} // namespace cplan
