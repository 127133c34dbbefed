#include "windowfixture.h"

#include "analysis.h"
#include "canvasview.h"
#include "document.h"
#include "exporter.h"
#include "i18n.h"
#include "pdftext.h"
#include "retranslate.h"

#include "io/designyaml.h"

#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace cplan::test {

double pixelDistance(const CanvasView *view, const QLineF &sceneLine, QPoint p)
{
    const QLineF l(view->mapFromScene(sceneLine.p1()), view->mapFromScene(sceneLine.p2()));
    const QPointF d = l.p2() - l.p1();
    const double len2 = QPointF::dotProduct(d, d);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(QPointF(p) - l.p1(), d) / len2, 0.0, 1.0) : 0.0;
    return QLineF(QPointF(p), l.p1() + t * d).length();
}

void chooseFile(QFileDialog *files, const QString &path)
{
    const QFileInfo file(path);
    files->setDirectory(file.absolutePath());
    if (auto *name = files->findChild<QLineEdit *>(QStringLiteral("fileNameEdit")))
        name->setText(file.fileName());
    if (files->selectedFiles() == QStringList{file.absoluteFilePath()})
        static_cast<QDialog *>(files)->accept();   // QFileDialog::accept is protected
    else
        files->reject();
}

void WindowFixture::loadCatalog()
{
    QStandardPaths::setTestModeEnabled(true);
    auto c = cplan::loadCatalog(QDir::temp().filePath(QStringLiteral("cplan-tst-window-store.sqlite")).toStdString());
    QVERIFY2(c.ok(), c.ok() ? "" : c.error().toString().c_str());
    m_catalog = std::move(*c);
}

void WindowFixture::setUpWindow(const std::string &storePath)
{
    m_window = storePath.empty() ? new MainWindow(std::as_const(*m_catalog)) : new MainWindow(*m_catalog, storePath);
    m_window->setAutosaveEnabled(false);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QApplication::setActiveWindow(m_window);
    m_window->view()->setFocus();
}

void WindowFixture::tearDownWindow()
{
    if (!m_window)   // a test closed it itself
        return;
    m_window->document()->undoStack()->setClean(); // no unsaved-changes prompt
    delete m_window;
    m_window = nullptr;
}

QString WindowFixture::text() const
{
    return QString::fromStdString(serializeDesign(m_window->document()->design()));
}

void WindowFixture::open(const QString &file)
{
    QString error;
    QVERIFY2(m_window->openFile(file, false, &error), qPrintable(error));
    QVERIFY(m_window->analysis()->waitForIdle(60000));
    // The zoom the window opens a design with.
    m_window->view()->fitAll();
    QApplication::processEvents();
}

void WindowFixture::closeNextDialog(QString *title)
{
    answerNextDialog([title](QDialog *dialog) {
        *title = dialog->windowTitle();
        dialog->reject();
    });
}

void WindowFixture::answerNextDialog(std::function<void(QDialog *)> answer)
{
    auto *timer = new QTimer(this);
    timer->setInterval(50);
    connect(timer, &QTimer::timeout, this, [timer, answer = std::move(answer)] {
        if (auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget())) {
            timer->stop();
            timer->deleteLater();
            answer(dialog);
        }
    });
    timer->start();
}

QImage WindowFixture::grabCanvas() const
{
    // The offscreen platform grabs from the window's backing store: what the partial repaints
    // left there, ghosts included (QWidget::grab() would paint everything afresh).
    QWidget *viewport = m_window->view()->viewport();
    const QPoint origin = viewport->mapTo(m_window, QPoint(0, 0));
    return m_window->screen()->grabWindow(m_window->winId(), origin.x(), origin.y(), viewport->width(), viewport->height()).toImage();
}

QString WindowFixture::reportText(QString *error) const
{
    QTemporaryDir dir;
    if (!dir.isValid()) {
        *error = dir.errorString();
        return {};
    }
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    if (m_window->exporter()->writeReport(pdf, error) <= 0)
        return {};
    const std::optional<QString> text = pdfText(pdf);
    if (!text) {
        *error = QStringLiteral("pdftotext read nothing from ") + pdf;
        return {};
    }
    QString flat = *text;
    return flat.replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QAction *WindowFixture::languageAction(const QString &label) const
{
    if (auto *menu = m_window->findChild<QMenu *>(QStringLiteral("languageMenu")))
        for (QAction *a : menu->actions())
            if (a->text() == label)
                return a;
    return nullptr;
}

void WindowFixture::isolateSettings(const QTemporaryDir &dir)
{
    QVERIFY(dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
    QSettings().clear();
    installNotingTranslator(qApp);
}

void WindowFixture::restoreLanguage()
{
    if (languageSetting() != QLatin1String("system"))
        applyLanguage(QStringLiteral("en"));
}

} // namespace cplan::test
