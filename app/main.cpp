#include "mainwindow.h"

#include "catalog/catalog.h"

#include <QApplication>
#include <QMessageBox>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Cluster Planner"));
    QApplication::setOrganizationName(QStringLiteral("cluster-planner"));

    auto catalog = cplan::loadCatalog();
    if (!catalog) {
        QMessageBox::critical(nullptr, QObject::tr("Cluster Planner"), QString::fromStdString(catalog.error().toString()));
        return 2;
    }
    cplan::MainWindow window(*catalog);
    const QStringList args = QApplication::arguments();
    if (args.size() > 1)
        window.openFile(args.at(1));
    window.show();
    return app.exec();
}
