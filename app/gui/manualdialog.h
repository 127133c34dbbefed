#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QListWidget;
class QTextBrowser;
class QUrl;

namespace cplan {

// Help ▸ Manual: the Markdown pages of resources/manual/, built into the program as the Qt
// resource :/manual/ (app/CMakeLists.txt), so the window finds them wherever it is installed.
// The list on the left holds the pages in the order index.md names them; a link between pages
// opens the page it names, a web link opens in the browser. Screenshots are not built in (the
// manual's images point into the source tree), so the viewer shows the text.
class ManualDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ManualDialog(QWidget *parent = nullptr);

    // Opens the window's manual, or raises it when it is open already.
    static void showManual(QWidget *parent);

    // The pages' file names ("index.md", ...): index.md, then as index.md links them, then the
    // rest by name.
    static QStringList pageNames();
    // The page's title: its first heading, else its file name.
    static QString pageTitle(const QString &name);

    // Shows a page by file name; false when the manual has no such page.
    bool openPage(const QString &name);
    QString currentPage() const;

    QListWidget *pageList() const { return m_pages; }
    QTextBrowser *browser() const { return m_text; }

private:
    void followLink(const QUrl &link);

    QListWidget *m_pages = nullptr;
    QTextBrowser *m_text = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace cplan
