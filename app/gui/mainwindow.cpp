#include "mainwindow.h"

#include "document.h"

#include <QMessageBox>

namespace cplan {

MainWindow::MainWindow(const Catalog &catalog, QWidget *parent)
    : QMainWindow(parent)
    , m_document(new Document(catalog, this))
{
    setWindowTitle(tr("Cluster Planner"));
    resize(1400, 900);
}

bool MainWindow::openFile(const QString &fileName)
{
    QString error;
    if (!m_document->load(fileName, &error)) {
        QMessageBox::critical(this, tr("Cannot open design"), error);
        return false;
    }
    setWindowTitle(tr("%1 - Cluster Planner").arg(QString::fromStdString(m_document->design().name)));
    return true;
}

} // namespace cplan
