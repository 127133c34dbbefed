#include "manualdialog.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QSplitter>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>
#include <QVBoxLayout>

namespace cplan {

namespace {

const QString kManualDir = QStringLiteral(":/manual");

QUrl pageUrl(const QString &name)
{
    return QUrl(QStringLiteral("qrc:/manual/") + name);
}

QString readPage(const QString &name)
{
    QFile f(kManualDir + QLatin1Char('/') + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

} // namespace

QStringList ManualDialog::pageNames()
{
    QStringList rest = QDir(kManualDir).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    QStringList names;
    auto take = [&](const QString &n) {
        if (rest.removeAll(n) > 0)
            names.append(n);
    };
    take(QStringLiteral("index.md"));
    // The map's order: "[title](page.md)" links of index.md, first mention wins.
    static const QRegularExpression link(QStringLiteral(R"(\]\(([A-Za-z0-9_-]+\.md)(#[^)]*)?\))"));
    for (auto it = link.globalMatch(readPage(QStringLiteral("index.md"))); it.hasNext();)
        take(it.next().captured(1));
    names.append(rest);
    return names;
}

QString ManualDialog::pageTitle(const QString &name)
{
    const QString text = readPage(name);
    for (QStringView line : QStringView(text).split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("# ")))
            return line.mid(2).trimmed().toString();
    }
    return name;
}

ManualDialog::ManualDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("ManualDialog"));
    setWindowTitle(tr("Cluster Planner manual"));

    m_pages = new QListWidget(this);
    m_pages->setObjectName(QStringLiteral("ManualPages"));
    for (const QString &name : pageNames()) {
        auto *item = new QListWidgetItem(pageTitle(name), m_pages);
        item->setData(Qt::UserRole, name);
        item->setToolTip(name);
    }

    m_text = new QTextBrowser(this);
    m_text->setObjectName(QStringLiteral("ManualText"));
    // Links are ours to follow: a page of the manual is selected in the list, a web link goes
    // to the browser, and a file outside the manual (README.md, core/...) is named, not opened.
    m_text->setOpenLinks(false);
    connect(m_text, &QTextBrowser::anchorClicked, this, &ManualDialog::followLink);

    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->hide();

    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_pages);
    splitter->addWidget(m_text);
    splitter->setStretchFactor(1, 1);
    // The contents list as wide as its longest title ("Deliverables: the files real tools
    // read" was cut, with a scroll bar under it), the page the rest.
    const int listWidth = m_pages->sizeHintForColumn(0) + 2 * m_pages->frameWidth() + 24;
    m_pages->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    splitter->setSizes({listWidth, 760});

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_note);
    layout->addWidget(buttons);

    connect(m_pages, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (!item)
            return;
        m_note->hide();
        const QString name = item->data(Qt::UserRole).toString();
        if (currentPage() != name)
            m_text->setSource(pageUrl(name), QTextDocument::MarkdownResource);
    });
    if (m_pages->count() > 0)
        m_pages->setCurrentRow(0);
    resize(1060, 720);
}

void ManualDialog::showManual(QWidget *parent)
{
    auto *dialog = parent ? parent->findChild<ManualDialog *>(QStringLiteral("ManualDialog"), Qt::FindDirectChildrenOnly)
                          : nullptr;
    if (!dialog) {
        dialog = new ManualDialog(parent);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

bool ManualDialog::openPage(const QString &name)
{
    for (int row = 0; row < m_pages->count(); ++row) {
        if (m_pages->item(row)->data(Qt::UserRole).toString() == name) {
            m_pages->setCurrentRow(row);
            return true;
        }
    }
    return false;
}

QString ManualDialog::currentPage() const
{
    const QUrl source = m_text->source();
    return source.isEmpty() ? QString() : QFileInfo(source.path()).fileName();
}

void ManualDialog::followLink(const QUrl &link)
{
    const QString scheme = link.scheme();
    if (scheme == QLatin1String("http") || scheme == QLatin1String("https") || scheme == QLatin1String("mailto")) {
        QDesktopServices::openUrl(link);
        return;
    }
    if (link.isRelative() && link.path().isEmpty() && link.hasFragment()) {
        m_text->scrollToAnchor(link.fragment());
        return;
    }
    const QUrl target = m_text->source().resolved(link);
    const QString path = target.path();
    if (path.startsWith(QLatin1String("/manual/")) && openPage(path.mid(8))) {
        if (target.hasFragment())
            m_text->scrollToAnchor(target.fragment());
        return;
    }
    m_note->setText(tr("%1 is not part of this manual: it is in the source tree of Cluster Planner.")
                        .arg(link.toString(QUrl::RemoveFragment)));
    m_note->show();
}

} // namespace cplan
