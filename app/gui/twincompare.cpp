#include "twincompare.h"

#include "enginejob.h"
#include "mainwindow.h"

#include "catalog/catalog.h"
#include "analysis.h"
#include "document.h"
#include "generate/twin.h"
#include "explorertext.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace cplan {

namespace {

// "B vs A": the change in percent and which side the figure's sense prefers.
QString differenceText(const CompareRow &r)
{
    const QString verdict = r.better > 0 ? TwinCompare::tr("Ethernet better") : TwinCompare::tr("InfiniBand better");
    if (r.bounded)   // a lower bound: no difference to give, a side only when the ranges are apart
        return r.better == 0 ? TwinCompare::tr("not known (a lower bound)") : verdict;
    if (!r.delta)
        return QString();
    if (r.better == 0)
        return TwinCompare::tr("same");
    QString text;
    if (r.deltaPercent) {
        const double pct = *r.deltaPercent;
        text = TwinCompare::tr("%1%2 %").arg(pct > 0 ? QStringLiteral("+") : QStringLiteral("−"),
                                             QLocale().toString(std::abs(pct), 'f', std::abs(pct) < 10 ? 1 : 0));
        text += QStringLiteral(", ");
    }
    return text + verdict;
}

QTableWidget *figureTable(const Comparison &c, const std::string &currency, QWidget *parent)
{
    auto *table = new QTableWidget(int(c.rows.size()), 4, parent);
    table->setObjectName(QStringLiteral("twinFigures"));
    table->setHorizontalHeaderLabels({TwinCompare::tr("Figure"), TwinCompare::tr("This design"), TwinCompare::tr("Ethernet twin"),
                                      TwinCompare::tr("Twin vs this")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int i = 0; i < int(c.rows.size()); ++i) {
        const CompareRow &r = c.rows[std::size_t(i)];
        auto cell = [&](const KeyFigure &f) { return f.info ? keyFigureText(f, currency) : QStringLiteral("–"); };
        const QStringList texts{keyFigureLabel(r.info->id), cell(r.a), cell(r.b), differenceText(r)};
        for (int col = 0; col < 4; ++col) {
            auto *item = new QTableWidgetItem(texts[col]);
            if (col > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(i, col, item);
        }
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

TwinCompare::TwinCompare(MainWindow *window, const Catalog &catalog) : QObject(window), m_window(window), m_catalog(catalog)
{
}

void TwinCompare::start()
{
    EngineJobs *jobs = m_window->jobs();
    if (jobs->isRunning(QStringLiteral("twin")))
        return;
    m_window->statusBar()->showMessage(tr("Building the Ethernet twin and comparing…"));
    EngineJobs::Spec spec;
    spec.kind = QStringLiteral("twin");
    spec.title = tr("Comparing with the Ethernet twin");
    spec.context = this;
    JobSnapshot snapshot = JobSnapshot::of(*m_window->document());
    spec.document = m_window->document();
    spec.revision = snapshot.revision;
    auto work = [snapshot](JobControl &control) mutable {
        Outcome out;
        const Design &design = snapshot.design();
        auto twin = ethernetTwin(design, *snapshot.catalog);
        if (!twin) {
            out.error = QString::fromStdString(twin.error().message);
            return out;
        }
        for (const Part &p : twin->parts)   // the broken-out switch the twin carries
            snapshot.catalog->addImportedPart(p);
        auto c = compareDesigns(design, *twin, *snapshot.catalog, {}, control.control());
        if (!c) {
            out.error = QString::fromStdString(c.error().message);
            return out;
        }
        out.twin = std::move(*twin);
        out.comparison = std::move(*c);
        return out;
    };
    jobs->start(std::move(spec), std::move(work), [this](Outcome outcome) { show(std::move(outcome)); });
}

void TwinCompare::show(Outcome outcome)
{
    if (!outcome.error.isEmpty()) {
        m_window->statusBar()->showMessage(tr("No Ethernet twin: %1").arg(outcome.error), 15000);
        QMessageBox::warning(m_window, tr("Compare with the Ethernet twin"), tr("Could not build or compare the Ethernet twin:\n%1").arg(outcome.error));
        emit finished(false, outcome.error);
        return;
    }
    m_twin = std::move(outcome.twin);
    const Comparison &c = *outcome.comparison;
    delete m_dialog;
    auto *d = new QDialog(m_window);
    m_dialog = d;
    d->setObjectName(QStringLiteral("twinCompareDialog"));
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setWindowTitle(tr("%1 and its Ethernet twin").arg(QString::fromStdString(c.a.name)));
    auto *layout = new QVBoxLayout(d);
    auto *head = new QLabel(tr("The same servers and rails on Ethernet (%1), as the generator builds it; each analysed with the same "
                               "workloads (all-reduce and all-to-all at 1 GiB).")
                                .arg(QString::fromStdString(c.b.switchModels.empty() ? std::string() : c.b.switchModels.front())),
                            d);
    head->setWordWrap(true);
    layout->addWidget(head);
    layout->addWidget(figureTable(c, m_window->document()->design().settings.currency, d), 1);
    QString reasons;
    for (const std::string &r : c.reasons)
        reasons += QStringLiteral("• ") + QString::fromStdString(r).toHtmlEscaped() + QStringLiteral("<br>");
    auto *why = new QLabel(tr("<b>Why they differ</b><br>%1").arg(reasons), d);
    why->setObjectName(QStringLiteral("twinReasons"));
    why->setWordWrap(true);
    why->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(why);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, d);
    QPushButton *open = buttons->addButton(tr("Open the twin"), QDialogButtonBox::ActionRole);
    connect(open, &QPushButton::clicked, this, [this] { openTwin(); });
    connect(buttons, &QDialogButtonBox::rejected, d, &QDialog::close);
    layout->addWidget(buttons);
    d->resize(900, 720);
    d->show();
    m_window->statusBar()->showMessage(tr("Compared with the Ethernet twin"), 8000);
    emit finished(true, QString());
}

MainWindow *TwinCompare::openTwin()
{
    if (!m_twin)
        return nullptr;
    auto *w = new MainWindow(m_catalog);
    w->setAttribute(Qt::WA_DeleteOnClose);
    w->document()->reset(*m_twin, QString(), true);
    w->statusBar()->showMessage(tr("The Ethernet twin of %1 (unsaved)").arg(QString::fromStdString(m_window->document()->design().name)));
    w->show();
    w->analysis()->runNow();
    return w;
}

} // namespace cplan
