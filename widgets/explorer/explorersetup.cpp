#include "explorersetup.h"

#include "catalog/catalog.h"
#include "sweep/figures.h"
#include "sweep/sweepspec.h"

#include "explorermodel.h"
#include "explorerseed.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace cplan {

namespace {

QStringList splitValues(const QString &text)
{
    QStringList out;
    for (const QString &v : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!v.trimmed().isEmpty())
            out << v.trimmed();
    return out;
}

QString quoted(const QString &v)
{
    QString escaped = v;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QStringList checkedIds(const QListWidget *list)
{
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked)
            out << list->item(i)->data(Qt::UserRole).toString();
    return out;
}

void checkIds(QListWidget *list, const QStringList &ids)
{
    for (int i = 0; i < list->count(); ++i)
        list->item(i)->setCheckState(ids.contains(list->item(i)->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
}

QListWidgetItem *checkItem(QListWidget *list, const QString &text, const QString &id, const QString &tip)
{
    auto *item = new QListWidgetItem(text, list);
    item->setData(Qt::UserRole, id);
    item->setToolTip(tip);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
    return item;
}

} // namespace

ExplorerSetup::ExplorerSetup(const Catalog &catalog, QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(buildForm(catalog), tr("Alternatives"));
    auto *textPage = new QWidget(m_tabs);
    auto *textLayout = new QVBoxLayout(textPage);
    m_fileLabel = new QLabel(textPage);
    m_fileLabel->setWordWrap(true);
    m_text = new QPlainTextEdit(textPage);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_text->setFont(mono);
    textLayout->addWidget(m_fileLabel);
    textLayout->addWidget(m_text);
    m_tabs->addTab(textPage, tr("Sweep file"));
    layout->addWidget(m_tabs);
    connect(m_text, &QPlainTextEdit::textChanged, this, &ExplorerSetup::changed);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ExplorerSetup::changed);
    syncText();
}

QWidget *ExplorerSetup::buildForm(const Catalog &catalog)
{
    auto *page = new QWidget(this);
    auto *form = new QFormLayout(page);
    m_server = new QComboBox(page);
    for (const Part *p : catalog.partsOfKind(PartKind::GpuServer))
        if (p->gpuCount > 0)
            m_server->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(p->id), QString::fromStdString(p->model)),
                              QString::fromStdString(p->id));
    m_servers = new QSpinBox(page);
    m_servers->setRange(1, 100000);
    m_servers->setValue(128);
    m_switches = new QListWidget(page);
    for (const Part *p : catalog.partsOfKind(PartKind::Switch))
        checkItem(m_switches, QStringLiteral("%1 (%2)").arg(QString::fromStdString(p->id), QString::fromStdString(p->model)),
                  QString::fromStdString(p->id), QString::fromStdString(p->vendor + " " + p->model));
    checkIds(m_switches, explorerDefaultSwitches());
    m_switches->setMaximumHeight(110);
    m_blocking = new QLineEdit(QStringLiteral("1:1, 2:1"), page);
    m_rails = new QLineEdit(QStringLiteral("auto"), page);
    m_tiers = new QLineEdit(QStringLiteral("auto"), page);
    m_pattern = new QComboBox(page);
    m_pattern->setEditable(true);
    m_pattern->addItems({QString(), QStringLiteral("alltoall"), QStringLiteral("allreduce"), QStringLiteral("shift:1")});
    m_pattern->setCurrentText(QStringLiteral("alltoall"));
    m_bytes = new QLineEdit(QStringLiteral("1MiB"), page);
    m_objectives = new QListWidget(page);
    for (const FigureInfo &f : sweepFigures())
        checkItem(m_objectives, figureTitle(f.id), QString::fromLatin1(f.id), QString::fromLatin1(f.what));
    checkIds(m_objectives, {QStringLiteral("capex"), QStringLiteral("completion_s")});
    m_blocking->setToolTip(tr("Comma-separated values; each is one alternative (e.g. 1:1, 2:1)"));
    m_rails->setToolTip(m_blocking->toolTip());
    m_tiers->setToolTip(m_blocking->toolTip());
    form->addRow(tr("GPU server:"), m_server);
    form->addRow(tr("Servers:"), m_servers);
    form->addRow(tr("Switch models:"), m_switches);
    form->addRow(tr("Blocking ratios:"), m_blocking);
    form->addRow(tr("Rails:"), m_rails);
    form->addRow(tr("Tiers:"), m_tiers);
    form->addRow(tr("Workload pattern:"), m_pattern);
    form->addRow(tr("Bytes per flow:"), m_bytes);
    form->addRow(tr("Objectives:"), m_objectives);
    auto sync = [this] { syncText(); };
    connect(m_server, &QComboBox::currentIndexChanged, this, sync);
    connect(m_servers, &QSpinBox::valueChanged, this, sync);
    connect(m_switches, &QListWidget::itemChanged, this, sync);
    connect(m_objectives, &QListWidget::itemChanged, this, sync);
    connect(m_pattern, &QComboBox::currentTextChanged, this, sync);
    for (QLineEdit *e : {m_blocking, m_rails, m_tiers, m_bytes})
        connect(e, &QLineEdit::textChanged, this, sync);
    return page;
}

QString ExplorerSetup::formText() const
{
    QStringList fixed{QStringLiteral("server: ") + quoted(m_server->currentData().toString()),
                      QStringLiteral("servers: %1").arg(m_servers->value())};
    QStringList axes;
    auto option = [&](const QString &name, const QStringList &values, const QString &byDefault) {
        if (values.size() == 1 && values.front() != byDefault)
            fixed << name + QStringLiteral(": ") + quoted(values.front());
        else if (values.size() > 1) {
            QStringList q;
            for (const QString &v : values)
                q << quoted(v);
            axes << name + QStringLiteral(": [") + q.join(QStringLiteral(", ")) + QLatin1Char(']');
        }
    };
    option(QStringLiteral("switch"), checkedIds(m_switches), QString());
    option(QStringLiteral("blocking"), splitValues(m_blocking->text()), QStringLiteral("1:1"));
    option(QStringLiteral("rails"), splitValues(m_rails->text()), QStringLiteral("auto"));
    option(QStringLiteral("tiers"), splitValues(m_tiers->text()), QStringLiteral("auto"));
    QString text = QStringLiteral("format: %1\nfixed: {%2}\n").arg(QString::fromLatin1(kSweepFormat), fixed.join(QStringLiteral(", ")));
    if (!axes.isEmpty())
        text += QStringLiteral("axes: {%1}\n").arg(axes.join(QStringLiteral(", ")));
    const QString pattern = m_pattern->currentText().trimmed();
    if (!pattern.isEmpty())
        text += QStringLiteral("workload: {pattern: %1, bytes: %2}\n").arg(quoted(pattern), quoted(m_bytes->text().trimmed()));
    const QStringList objectives = checkedIds(m_objectives);
    // The training objectives need a model: Llama 3 70B and 15T tokens (edit them in the Sweep file tab).
    for (const char *id : {"tokens_per_s", "days", "cost_per_mtoken"})
        if (objectives.contains(QLatin1String(id))) {
            text += QStringLiteral("training: {model: llama3-70b, tokens: 15T}\n");
            break;
        }
    text += QStringLiteral("objectives: [%1]\n").arg(objectives.join(QStringLiteral(", ")));
    return text;
}

void ExplorerSetup::syncText()
{
    // The Sweep file tab follows the form until a file is opened there.
    if (m_file.isEmpty()) {
        const QSignalBlocker block(m_text);
        m_text->setPlainText(formText());
        m_fileLabel->setText(tr("The sweep file the form writes (edit it here, or open one)."));
    }
    emit changed();
}

QString ExplorerSetup::sweepText() const
{
    return m_tabs->currentIndex() == 0 ? formText() : m_text->toPlainText();
}

void ExplorerSetup::setSweepText(const QString &text, const QString &file)
{
    m_file = file;
    m_text->setPlainText(text);
    m_fileLabel->setText(file.isEmpty() ? QString() : tr("Opened %1").arg(file));
    m_tabs->setCurrentIndex(1);
}

void ExplorerSetup::setServers(const QString &server, int count)
{
    m_server->setCurrentIndex(std::max(0, m_server->findData(server)));
    m_servers->setValue(count);
}

void ExplorerSetup::startFrom(const ExplorerSeed &seed)
{
    if (m_server->findData(seed.server) >= 0 && seed.servers > 0)
        setServers(seed.server, seed.servers);
    if (!seed.switches.isEmpty())
        setSwitches(seed.switches);
    if (!seed.blocking.isEmpty())
        m_blocking->setText(seed.blocking);
    if (!seed.pattern.isEmpty())
        setWorkload(seed.pattern, seed.bytes.isEmpty() ? m_bytes->text() : seed.bytes);
}

void ExplorerSetup::setSwitches(const QStringList &switches)
{
    checkIds(m_switches, switches);
}

void ExplorerSetup::setAxisValues(const QString &option, const QString &commaSeparated)
{
    if (option == QLatin1String("blocking"))
        m_blocking->setText(commaSeparated);
    else if (option == QLatin1String("rails"))
        m_rails->setText(commaSeparated);
    else if (option == QLatin1String("tiers"))
        m_tiers->setText(commaSeparated);
}

void ExplorerSetup::setWorkload(const QString &pattern, const QString &bytes)
{
    m_pattern->setCurrentText(pattern);
    m_bytes->setText(bytes);
}

void ExplorerSetup::setObjectives(const QStringList &figures)
{
    checkIds(m_objectives, figures);
}

} // namespace cplan
