#include "perfcomparedialog.h"

#include "document.h"

#include "analysis/ncclchecks.h"
#include "catalog/catalog.h"
#include "model/design.h"
#include "nccl/tuning.h"

#include <QApplication>
#include <QColor>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QScopeGuard>
#include <QScreen>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace cplan {

namespace {

// Tints that read on a light and on a dark palette: the row's colour shows through.
const QColor kBelowTint(220, 40, 40, 70);
const QColor kWithinTint(40, 170, 70, 55);

QTableWidgetItem *numberItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString gbps(double value)
{
    return QLocale().toString(value, 'f', 2);
}

} // namespace

PerfCompareDialog::PerfCompareDialog(std::vector<PerfCheck> checks, QWidget *parent)
    : QDialog(parent)
    , m_checks(std::move(checks))
    , m_summary(new QLabel(this))
{
    setWindowTitle(tr("Measured performance against the plan"));
    setAttribute(Qt::WA_DeleteOnClose);
    setModal(false);

    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    m_summary->setWordWrap(true);
    m_summary->setText(summary());

    auto *tabs = new QTabWidget(this);
    tabs->setTabBarAutoHide(true);   // one log: no tab bar
    tabs->setDocumentMode(true);
    for (const PerfCheck &c : m_checks)
        tabs->addTab(logPage(c), QFileInfo(QString::fromStdString(c.file)).fileName());

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(tabs, 1);
    layout->addWidget(buttons);

    // As wide as the widest table and tall enough for all its rows, as far as the screen allows;
    // scrolled to the judged rows (the large sizes, at the end) when they do not all fit.
    int width = 0, tableHeight = 0, hinted = 0;
    for (QTableWidget *t : std::as_const(m_tables)) {
        const int frame = 2 * t->frameWidth();
        width = std::max(width, t->horizontalHeader()->length() + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + frame);
        tableHeight = std::max(tableHeight, t->horizontalHeader()->sizeHint().height() + t->verticalHeader()->length() + frame);
        hinted = std::max(hinted, t->sizeHint().height());
    }
    const QMargins margins = layout->contentsMargins();
    const int available = screen() ? screen()->availableGeometry().height() * 9 / 10 : 800;
    resize(std::max(width + margins.left() + margins.right(), 560),
           std::clamp(sizeHint().height() - hinted + tableHeight, 320, available));
}

void PerfCompareDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    for (QTableWidget *t : std::as_const(m_tables))
        t->scrollToBottom();   // nccl-tests go from small to large sizes
}

PerfCompareDialog::~PerfCompareDialog() = default;

int PerfCompareDialog::rowsBelow() const
{
    int n = 0;
    for (const PerfCheck &c : m_checks)
        for (const PerfRow &r : c.rows)
            n += r.verdict == PerfVerdict::Below;
    return n;
}

QString PerfCompareDialog::summary() const
{
    const QString size = sizeText(kPerfJudgedBytes);
    const QString percent = QLocale().toString(kPerfTolerance * 100, 'g', 3);
    const int n = rowsBelow();
    if (n == 0)
        return tr("No row of %1 or more is over %2 % below the plan.").arg(size, percent);
    if (n == 1)
        return tr("1 row of %1 or more is over %2 % below the plan.").arg(size, percent);
    return tr("%1 rows of %2 or more are over %3 % below the plan.").arg(QLocale().toString(n), size, percent);
}

QString PerfCompareDialog::sizeText(double bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    double value = bytes;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    const bool whole = std::abs(value - std::round(value)) < 1e-9;
    return QStringLiteral("%1 %2").arg(QLocale().toString(value, 'f', whole ? 0 : 1), QLatin1String(units[unit]));
}

QString PerfCompareDialog::verdictText(PerfVerdict verdict)
{
    switch (verdict) {
    case PerfVerdict::Within:
        return tr("within");
    case PerfVerdict::Below:
        return tr("below");
    case PerfVerdict::Above:
        return tr("above");
    case PerfVerdict::Small:
        return tr("not judged");
    case PerfVerdict::Unknown:
        break;
    }
    return tr("unknown");
}

QWidget *PerfCompareDialog::logPage(const PerfCheck &c)
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 6, 0, 0);
    const QString file = QString::fromStdString(c.file);
    const QString text = tr("%1: %2 on %n server(s) × %3 GPUs", "", int(c.servers))
                             .arg(QFileInfo(file).fileName(), QString::fromStdString(c.collective), QLocale().toString(c.gpusPerServer));
    auto *header = new QLabel(text, page);
    header->setToolTip(file);
    header->setWordWrap(true);
    header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(header);
    if (!c.note.empty()) {
        auto *note = new QLabel(tr("No prediction: %1").arg(QString::fromStdString(c.note)), page);
        note->setWordWrap(true);
        note->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(note);
    }
    QTableWidget *t = table(c);
    layout->addWidget(t, 1);
    m_tables << t;
    return page;
}

QTableWidget *PerfCompareDialog::table(const PerfCheck &c)
{
    auto *t = new QTableWidget(int(c.rows.size()), ColumnCount);
    t->setHorizontalHeaderLabels(
        {tr("Size"), tr("Measured busbw (GB/s)"), tr("Predicted busbw (GB/s)"), tr("Verdict"), tr("NCCL (plan)")});
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 8);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setWordWrap(false);
    for (int i = 0; i < int(c.rows.size()); ++i) {
        const PerfRow &r = c.rows[std::size_t(i)];
        const bool known = r.predicted && r.predicted->known;
        QTableWidgetItem *size = numberItem(sizeText(r.bytes));
        size->setData(Qt::UserRole, r.bytes);
        size->setData(Qt::UserRole + 1, r.line);
        size->setToolTip(
            tr("%1 bytes, line %2 of the log").arg(QLocale().toString(qulonglong(r.bytes)), QLocale().toString(r.line)));
        QTableWidgetItem *predicted = numberItem(known ? gbps(r.predicted->busbwGBps) : tr("unknown"));
        auto *algorithm = new QTableWidgetItem;
        if (known) {
            algorithm->setText(QStringLiteral("%1/%2").arg(QLatin1String(nccl::toString(r.predicted->algorithm)),
                                                           QLatin1String(nccl::toString(r.predicted->protocol))));
            algorithm->setToolTip(QString::fromStdString(r.predicted->why));
        } else if (r.predicted) {
            predicted->setToolTip(QString::fromStdString(unknownText(*r.predicted)));
        }
        QTableWidgetItem *const items[] = {size, numberItem(gbps(r.measuredBusbwGBps)), predicted,
                                           new QTableWidgetItem(verdictText(r.verdict)), algorithm};
        for (int col = 0; col < ColumnCount; ++col) {
            QTableWidgetItem *item = items[col];
            if (r.verdict == PerfVerdict::Below || r.verdict == PerfVerdict::Within)
                item->setBackground(r.verdict == PerfVerdict::Below ? kBelowTint : kWithinTint);
            t->setItem(i, col, item);
        }
    }
    t->resizeColumnsToContents();
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

PerfCompareDialog *PerfCompareDialog::fromFiles(const Design &design, const Catalog &catalog, const QStringList &files, QWidget *parent,
                                                QString *error)
{
    std::vector<NcclTestLog> logs;
    for (const QString &path : files) {
        auto log = readNcclTestsLog(path.toStdString());
        if (!log) {
            if (error)
                *error = QString::fromStdString(log.error().toString());
            return nullptr;
        }
        logs.push_back(std::move(*log));
    }
    auto checks = checkMeasuredPerformance(design, catalog, logs);
    if (!checks) {
        if (error)
            *error = QString::fromStdString(checks.error().toString());
        return nullptr;
    }
    return new PerfCompareDialog(std::move(*checks), parent);
}

void PerfCompareDialog::compare(const Document *document, QWidget *window)
{
    // The logs are usually beside the design.
    const QString folder = document->fileName().isEmpty() ? QString() : QFileInfo(document->fileName()).absolutePath();
    const QStringList files = QFileDialog::getOpenFileNames(window, tr("Compare with measured performance"), folder,
                                                            tr("nccl-tests output (*.log *.txt);;All files (*)"));
    if (files.isEmpty())
        return;
    QString error;
    PerfCompareDialog *dialog = nullptr;
    {
        // Tens of milliseconds: on this thread, with a wait cursor.
        QApplication::setOverrideCursor(Qt::WaitCursor);
        const auto restore = qScopeGuard([] { QApplication::restoreOverrideCursor(); });
        dialog = fromFiles(document->design(), document->catalog(), files, window, &error);
    }
    if (!dialog) {
        QMessageBox::warning(window, tr("Compare with measured performance"),
                             tr("Could not compare with the measured performance:\n%1").arg(error));
        return;
    }
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

} // namespace cplan
