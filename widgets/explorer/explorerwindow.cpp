#include "explorerwindow.h"

#include "explorerchart.h"
#include "explorermodel.h"
#include "explorerrunner.h"
#include "explorersetup.h"
#include "l10n.h"

#include "catalog/catalog.h"
#include "sweep/figures.h"
#include "sweep/pareto.h"
#include "sweep/sweeppoints.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QTableView>
#include <QTime>
#include <QVBoxLayout>

#include <cmath>

namespace cplan {

namespace {

QString durationText(double s)
{
    if (s < 0)
        return QStringLiteral("--:--");
    const long long t = std::llround(s);
    return QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

QDoubleSpinBox *limitBox(double max, int decimals, const QString &suffix, QWidget *parent)
{
    auto *box = new QDoubleSpinBox(parent);
    box->setRange(0, max);
    box->setDecimals(decimals);
    box->setSuffix(suffix);
    box->setSpecialValueText(ExplorerWindow::tr("no limit"));
    box->setGroupSeparatorShown(true);
    return box;
}

std::optional<double> limitOf(const QDoubleSpinBox *box, double scale = 1)
{
    return box->value() > 0 ? std::optional<double>(box->value() * scale) : std::nullopt;
}

} // namespace

ExplorerWindow::ExplorerWindow(const Catalog &catalog, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("DesignExplorer"));
    setWindowTitle(tr("Design explorer"));
    m_runner = new ExplorerRunner(this);
    m_model = new ExplorerModel(this);
    m_proxy = new ExplorerProxy(this);
    m_proxy->setSourceModel(m_model);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(buildLeft());
    split->addWidget(buildRight());
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({330, 870});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);
    connect(m_runner, &ExplorerRunner::progress, this, &ExplorerWindow::onProgress);
    connect(m_runner, &ExplorerRunner::finished, this, &ExplorerWindow::onFinished);
    connect(m_model, &ExplorerModel::ranked, this, &ExplorerWindow::refreshChart);
    connect(m_setup, &ExplorerSetup::changed, this, &ExplorerWindow::markOutdated);
    connect(m_chart, &ExplorerChart::pointClicked, this, [this](int result) {
        selectResult(result);
        emit openDesignRequested(result);
    });
    resize(1200, 760);
    updateButtons();
}

ExplorerWindow::~ExplorerWindow() = default;

QWidget *ExplorerWindow::buildLeft()
{
    auto *left = new QWidget(this);
    auto *layout = new QVBoxLayout(left);
    layout->setContentsMargins(0, 0, 0, 0);
    m_setup = new ExplorerSetup(m_catalog, left);
    auto *files = new QHBoxLayout;
    auto *open = new QPushButton(tr("Open sweep file…"), left);
    auto *save = new QPushButton(tr("Save sweep file…"), left);
    files->addWidget(open);
    files->addWidget(save);
    m_run = new QPushButton(tr("Run sweep"), left);
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"), left);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_run, 1);
    runRow->addWidget(m_cancel);
    m_progress = new QProgressBar(left);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_status = new QLabel(tr("Choose the alternatives, then run the sweep."), left);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addLayout(files);
    layout->addWidget(m_setup, 1);
    layout->addLayout(runRow);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    connect(open, &QPushButton::clicked, this, &ExplorerWindow::openSweepDialog);
    connect(save, &QPushButton::clicked, this, &ExplorerWindow::saveSweepDialog);
    connect(m_run, &QPushButton::clicked, this, [this] {
        QString error;
        if (!startRun(&error))
            m_status->setText(error);
    });
    connect(m_cancel, &QPushButton::clicked, this, &ExplorerWindow::cancelRun);
    return left;
}

QWidget *ExplorerWindow::buildFilter()
{
    // The limits on one row, the two switches under them: on one row they made the window
    // 1,628 px wide at least, off a 1920×1080 screen.
    auto *box = new QWidget(this);
    auto *rows = new QVBoxLayout(box);
    rows->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    auto *switches = new QHBoxLayout;
    rows->addLayout(row);
    rows->addLayout(switches);
    m_budget = limitBox(1e13, 0, QString(), box);
    m_budget->setSingleStep(1e6);
    m_power = limitBox(1e7, 1, tr(" kW"), box);
    m_power->setSingleStep(100);
    m_racks = limitBox(1e6, 0, QString(), box);
    m_blocking = limitBox(64, 2, tr(" : 1"), box);
    m_blocking->setSingleStep(0.5);
    m_hideInfeasible = new QCheckBox(tr("Hide points that break a constraint"), box);
    m_hideInfeasible->setObjectName(QStringLiteral("hideInfeasible"));
    m_includeIncomplete = new QCheckBox(tr("Include incomplete points"), box);
    m_includeIncomplete->setObjectName(QStringLiteral("includeIncomplete"));
    m_includeIncomplete->setToolTip(tr("Rank points whose figures are lower bounds (a part without a price or power figure) "
                                       "on the Pareto front too; by default they are drawn hollow and left off it"));
    m_budget->setObjectName(QStringLiteral("budget"));
    const std::pair<QString, QWidget *> fields[] = {
        {tr("Budget ≤"), m_budget}, {tr("Power ≤"), m_power}, {tr("Racks ≤"), m_racks}, {tr("Blocking ≤"), m_blocking}};
    for (const auto &[label, w] : fields) {
        row->addWidget(new QLabel(label, box));
        row->addWidget(w);
        connect(static_cast<QDoubleSpinBox *>(w), &QDoubleSpinBox::valueChanged, this, &ExplorerWindow::applyFilter);
    }
    row->addStretch(1);
    switches->addWidget(m_hideInfeasible);
    switches->addWidget(m_includeIncomplete);
    switches->addStretch(1);
    connect(m_hideInfeasible, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setHideInfeasible(on);
        refreshChart();
    });
    connect(m_includeIncomplete, &QCheckBox::toggled, m_model, &ExplorerModel::setIncludeIncomplete);
    return box;
}

QWidget *ExplorerWindow::buildRight()
{
    auto *right = new QWidget(this);
    auto *layout = new QVBoxLayout(right);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *axes = new QHBoxLayout;
    m_x = new QComboBox(right);
    m_y = new QComboBox(right);
    for (QComboBox *c : {m_x, m_y})
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    axes->addWidget(new QLabel(tr("Chart:"), right));
    axes->addWidget(m_y);
    axes->addWidget(new QLabel(tr("against"), right));
    axes->addWidget(m_x);
    axes->addStretch(1);
    m_open = new QPushButton(tr("Open design"), right);
    m_report = new QPushButton(tr("Use in report"), right);
    m_report->setToolTip(tr("Open the chosen design with an \"Alternatives considered\" page (this sweep's front and table) in its report"));
    axes->addWidget(m_open);
    axes->addWidget(m_report);
    layout->addLayout(axes);
    layout->addWidget(buildFilter());
    auto *split = new QSplitter(Qt::Vertical, right);
    m_chart = new ExplorerChart(split);
    m_table = new QTableView(split);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(0, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_incompleteNote = new QLabel(right);
    m_incompleteNote->setObjectName(QStringLiteral("incompleteNote"));
    m_incompleteNote->setWordWrap(true);
    m_incompleteNote->hide();
    auto *chartBox = new QWidget(split);
    auto *chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addWidget(m_chart, 1);
    chartLayout->addWidget(m_incompleteNote);
    split->addWidget(chartBox);
    split->addWidget(m_table);
    split->setSizes({460, 260});
    layout->addWidget(split, 1);
    for (QComboBox *c : {m_x, m_y})
        connect(c, &QComboBox::currentIndexChanged, this, &ExplorerWindow::refreshChart);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (current.isValid())
            selectResult(m_proxy->mapToSource(current).row());
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        emit openDesignRequested(m_proxy->mapToSource(index).row());
    });
    connect(m_open, &QPushButton::clicked, this, [this] { emit openDesignRequested(m_selected); });
    connect(m_report, &QPushButton::clicked, this, [this] { emit useInReportRequested(m_selected); });
    return right;
}

bool ExplorerWindow::openSweepFile(const QString &fileName, QString *error)
{
    QFile f(fileName);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("Cannot read %1: %2").arg(fileName, f.errorString());
        return false;
    }
    m_setup->setSweepText(QString::fromUtf8(f.readAll()), fileName);
    return true;
}

void ExplorerWindow::openSweepDialog()
{
    const QString file = QFileDialog::getOpenFileName(this, tr("Open sweep file"), QString(), tr("Sweep files (*.sweep.yaml *.yaml)"));
    QString error;
    if (!file.isEmpty() && !openSweepFile(file, &error))
        QMessageBox::warning(this, tr("Design explorer"), error);
}

void ExplorerWindow::saveSweepDialog()
{
    const QString file = QFileDialog::getSaveFileName(this, tr("Save sweep file"), QStringLiteral("design.sweep.yaml"),
                                                      tr("Sweep files (*.sweep.yaml)"));
    if (file.isEmpty())
        return;
    QSaveFile out(file);
    const QByteArray text = m_setup->sweepText().toUtf8();
    if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size() || !out.commit())
        QMessageBox::warning(this, tr("Design explorer"), tr("Cannot write %1: %2").arg(file, out.errorString()));
}

bool ExplorerWindow::startRun(QString *error)
{
    const QString file = m_setup->sweepFile().isEmpty() ? tr("(the explorer's sweep)") : m_setup->sweepFile();
    auto spec = parseSweep(m_setup->sweepText().toStdString(), file.toStdString());
    if (spec)
        if (auto checked = checkSweep(*spec, m_catalog); !checked)
            spec = checked.error();
    if (!spec) {
        if (error)
            *error = QString::fromStdString(spec.error().toString());
        return false;
    }
    if (!m_runner->start(*spec, m_catalog))
        return false;
    // The file's constraints become the filter's starting values.
    const SweepConstraints &c = spec->constraints;
    for (auto [box, value, scale] : {std::tuple{m_budget, c.budget, 1.0}, std::tuple{m_power, c.powerW, 1e-3},
                                     std::tuple{m_racks, c.racks, 1.0}, std::tuple{m_blocking, c.maxBlocking, 1.0}}) {
        const QSignalBlocker block(box);
        box->setValue(value ? *value * scale : 0);
    }
    m_progress->setValue(0);
    m_status->setText(tr("Running the sweep…"));
    m_selected = -1;
    updateButtons();
    return true;
}

void ExplorerWindow::cancelRun()
{
    m_runner->cancel();
    m_status->setText(tr("Cancelling after the points in progress…"));
}

QString ExplorerWindow::statusText() const
{
    return m_status->text();
}

// The setup changed after a run: the points shown are the old setup's, and the line says so.
void ExplorerWindow::markOutdated()
{
    if (m_outcome.isEmpty() || m_runner->isRunning())
        return;
    m_status->setText(tr("Outdated: these points are of the sweep run at %1; the setup has changed since. Run again for the "
                         "setup as it is.")
                          .arg(m_ranAt) +
                      QLatin1Char('\n') + m_outcome);
}

void ExplorerWindow::onProgress(int done, int total, double etaS)
{
    m_progress->setValue(total > 0 ? 100 * done / total : 0);
    m_status->setText(tr("%1 of %2 points, about %3 left").arg(done).arg(total).arg(durationText(etaS)));
}

void ExplorerWindow::onFinished()
{
    updateButtons();
    if (!m_runner->run()) {
        m_status->setText(m_runner->error());
        return;
    }
    const SweepRun &run = *m_runner->run();
    SweepSpec spec = m_runner->spec();
    spec.constraints = SweepConstraints{limitOf(m_budget), limitOf(m_power, 1000), limitOf(m_racks), limitOf(m_blocking)};
    m_model->setResults(std::move(spec), run.results);
    refreshFigureChoices();
    m_table->resizeColumnsToContents();
    std::size_t front = 0, skipped = 0;
    for (const PointResult &r : m_model->results()) {
        front += r.pareto ? 1 : 0;
        skipped += r.skipped.empty() ? 0 : 1;
    }
    m_progress->setValue(run.cancelled ? m_progress->value() : 100);
    m_status->setText((run.cancelled ? tr("Cancelled: %1 points done in %2 s") : tr("%1 points in %2 s"))
                          .arg(run.results.size())
                          .arg(formatNumber(run.wallS, 1)) +
                      QLatin1Char('\n') + tr("%n on the Pareto front", "", int(front)) +
                      (skipped ? QStringLiteral(", ") + tr("%n skipped (invalid combination)", "", int(skipped)) : QString()));
    m_outcome = m_status->text();
    m_ranAt = QLocale().toString(QTime::currentTime(), QLocale::ShortFormat);
    updateButtons();
}

void ExplorerWindow::refreshFigureChoices()
{
    // The objectives first, then every other figure the points have.
    std::vector<std::string> names = m_model->spec().objectives;
    for (const FigureInfo &f : sweepFigures())
        if (std::find(names.begin(), names.end(), f.id) == names.end())
            for (const PointResult &r : m_model->results())
                if (r.figure(f.id)) {
                    names.emplace_back(f.id);
                    break;
                }
    const std::string x = chartX(), y = chartY();
    for (QComboBox *c : {m_x, m_y}) {
        const QSignalBlocker block(c);
        c->clear();
        for (const std::string &n : names)
            c->addItem(figureTitle(n), QString::fromStdString(n));
    }
    const auto &obj = m_model->spec().objectives;
    setChartFigures(!x.empty() && m_x->findData(QString::fromStdString(x)) >= 0 ? x : obj.empty() ? std::string() : obj.front(),
                    !y.empty() && m_y->findData(QString::fromStdString(y)) >= 0 ? y : obj.size() > 1 ? obj[1] : obj.empty() ? std::string() : obj.front());
}

void ExplorerWindow::setChartFigures(const std::string &x, const std::string &y)
{
    for (auto [c, name] : {std::pair{m_x, &x}, std::pair{m_y, &y}}) {
        const QSignalBlocker block(c);
        c->setCurrentIndex(std::max(0, c->findData(QString::fromStdString(*name))));
    }
    refreshChart();
}

std::string ExplorerWindow::chartX() const
{
    return m_x->currentData().toString().toStdString();
}

std::string ExplorerWindow::chartY() const
{
    return m_y->currentData().toString().toStdString();
}

void ExplorerWindow::applyFilter()
{
    m_model->setConstraints(SweepConstraints{limitOf(m_budget), limitOf(m_power, 1000), limitOf(m_racks), limitOf(m_blocking)});
}

void ExplorerWindow::refreshChart()
{
    const std::vector<std::string> &objectives = m_model->spec().objectives;
    m_chart->setResults(m_model->results(), chartX(), chartY(), !m_proxy->hidesInfeasible(), objectives);
    m_chart->setSelected(m_selected);
    // Why some points are hollow and off the front: the engine's rule (RankOptions).
    int incomplete = 0;
    const std::vector<std::string> ranked = rankedFigures(m_model->spec());   // the objectives and the constrained figures
    for (const PointResult &r : m_model->results())
        incomplete += r.feasible() && incompleteIn(r, ranked) ? 1 : 0;
    m_incompleteNote->setVisible(incomplete > 0);
    if (m_model->includesIncomplete())
        m_incompleteNote->setText(
            tr("%n point(s) have parts without a price or power figure: drawn hollow, ranked by their lower bounds.", "",
               incomplete));
    else
        m_incompleteNote->setText(tr("%n point(s) have parts without a price or power figure: drawn hollow, not on the "
                                     "Pareto front (tick \"Include incomplete points\" to rank them).",
                                     "", incomplete));
}

void ExplorerWindow::selectResult(int result)
{
    m_selected = result >= 0 && std::size_t(result) < m_model->results().size() ? result : -1;
    m_chart->setSelected(m_selected);
    if (m_selected >= 0) {
        const QModelIndex at = m_proxy->mapFromSource(m_model->index(m_selected, 0));
        if (at.isValid() && m_table->currentIndex().row() != at.row()) {
            const QSignalBlocker block(m_table->selectionModel());
            m_table->selectRow(at.row());
            m_table->scrollTo(at);
        }
    }
    updateButtons();
}

Result<Design> ExplorerWindow::designOf(int result) const
{
    if (result < 0 || std::size_t(result) >= m_model->results().size())
        return Error{"", 0, 0, "no point chosen"};
    const PointResult &r = m_model->results()[std::size_t(result)];
    const std::vector<SweepPoint> points = expandSweep(m_model->spec());
    if (r.index >= points.size())
        return Error{"", 0, 0, "the point is not in the sweep"};
    return sweepPointDesign(points[r.index], m_catalog);
}

QString ExplorerWindow::resultTitle(int result) const
{
    if (result < 0 || std::size_t(result) >= m_model->results().size())
        return {};
    QStringList parts;
    for (const SweepSetting &a : m_model->results()[std::size_t(result)].axes)
        parts << QString::fromStdString(a.value);
    return tr("Point %1").arg(m_model->results()[std::size_t(result)].index + 1) +
           (parts.isEmpty() ? QString() : QStringLiteral(": ") + parts.join(QStringLiteral(", ")));
}

void ExplorerWindow::updateButtons()
{
    const bool running = m_runner->isRunning();
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    const bool chosen = !running && m_selected >= 0 && m_model->results()[std::size_t(m_selected)].skipped.empty();
    m_open->setEnabled(chosen);
    m_report->setEnabled(chosen);
}

} // namespace cplan
