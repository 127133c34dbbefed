#pragma once

#include <QMainWindow>

namespace cplan {

class Catalog;
class Document;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const Catalog &catalog, QWidget *parent = nullptr);
    bool openFile(const QString &fileName);

private:
    Document *m_document;
};

} // namespace cplan
