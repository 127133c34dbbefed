// The main window as the window tests drive it: a fresh window per test function at the size a
// laptop shows, designs opened at the zoom the window opens them with, and helpers to read what
// the screen shows (the backing store, ghosts included) and to close the dialogs an action opens.
#pragma once

#include "mainwindow.h"

#include "catalog/catalog.h"

#include <QImage>
#include <QLineF>
#include <QObject>
#include <QPoint>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QTemporaryDir;
class QDialog;
class QFileDialog;

namespace cplan {
class CanvasView;
}

namespace cplan::test {

inline const QString edrSample = QStringLiteral(CPLAN_SOURCE_DIR "/samples/edr-32gpu.cluster.yaml");
inline const QString superpodSample = QStringLiteral(CPLAN_SOURCE_DIR "/samples/dgx-h100-superpod-4su.cluster.yaml");

// Distance in device pixels from a viewport point to a scene line.
double pixelDistance(const CanvasView *view, const QLineF &sceneLine, QPoint p);
// A file dialog answered as the user does: `path` typed into its name field (selectFile() leaves
// the field alone while it has the focus) and accepted; one that does not take the path is
// rejected, as a dialog left up would hang the test.
void chooseFile(QFileDialog *files, const QString &path);

class WindowFixture : public QObject
{
protected:
    // From the suites' initTestCase / init / cleanup.
    void loadCatalog();
    // For suites that change the language or the layout (from initTestCase, before loadCatalog):
    // the settings they write go to `dir`, and translations are noted as main() notes them
    // before any window. restoreLanguage() (from cleanup) goes back to English if one was chosen.
    void isolateSettings(const QTemporaryDir &dir);
    void restoreLanguage();
    // With a store path: the window's prices are editable and go into that store.
    void setUpWindow(const std::string &storePath = {});
    void tearDownWindow();

    QString text() const;
    // Opens a design without dialogs, waits for its analysis and fits it as the window does.
    void open(const QString &file);
    // Closes the next modal dialog that appears (a file dialog, a question); sets its title.
    void closeNextDialog(QString *title);
    // Hands the next modal dialog to `answer` (which accepts or rejects it).
    void answerNextDialog(std::function<void(QDialog *)> answer);
    // The PDF report the window writes (File > Export report), its text on one line; empty, with
    // the reason in *error, when it could not be written or read.
    QString reportText(QString *error) const;
    // View > Language's entry for a language ("简体中文", "English"), or null.
    QAction *languageAction(const QString &label) const;
    // The canvas as the screen shows it: the offscreen platform grabs the window's backing
    // store, what the partial repaints left there (QWidget::grab() would paint afresh).
    QImage grabCanvas() const;

    std::optional<Catalog> m_catalog;
    MainWindow *m_window = nullptr;
};

} // namespace cplan::test
