#include "reliabilityview.h"

#include "document.h"
#include "enginejob.h"
#include "scrollpanel.h"

#include "catalog/catalog.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cplan {

using namespace reliability;

namespace {

QString num(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }

QString joined(const std::vector<std::string> &items)
{
    QStringList out;
    for (const std::string &s : items)
        out << QString::fromStdString(s);
    return out.join(QStringLiteral(", "));
}

QTableWidget *table(const QStringList &headers, QWidget *parent)
{
    auto *t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < headers.size(); ++c)
        t->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::NoSelection);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    return t;
}

void setRow(QTableWidget *t, int row, const QStringList &cells)
{
    for (int c = 0; c < cells.size(); ++c) {
        auto *item = new QTableWidgetItem(cells[c]);
        if (c > 0)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        t->setItem(row, c, item);
    }
}

// Tall enough for its rows, so that the dock scrolls rather than the table.
void fitHeight(QTableWidget *t)
{
    int h = t->horizontalHeader()->height() + 2 * t->frameWidth();
    for (int r = 0; r < t->rowCount(); ++r)
        h += t->rowHeight(r);
    t->setFixedHeight(h);
}

// The engine's answer for the job asked for, and the MTBI of each chart size (one run each,
// without the Monte Carlo's many years: only the expected rates are drawn).
std::shared_ptr<ReliabilityView::Result> analyse(const Design &design, const Catalog &catalog, const std::string &presetId,
                                                 ReliabilityRequest request, const RunControl &control)
{
    auto r = std::make_shared<ReliabilityView::Result>();
    auto preset = findFailurePreset(presetId);
    if (!preset) {
        r->error = QString::fromStdString(preset.error().toString());
        return r;
    }
    r->analysis = analyzeReliability(design, catalog, *preset, request, control);
    if (!r->analysis.error.empty()) {
        r->error = QString::fromStdString(r->analysis.error);
        return r;
    }
    r->designGpus = at(r->analysis.cluster.devices, Unit::Gpu);
    ReliabilityRequest sized = request;
    sized.checkpointGB.reset();
    sized.storageGBps.reset();
    sized.trials = 0;   // the expected rates only
    for (std::uint32_t gpus : ReliabilityView::chartSizes(r->designGpus)) {
        if (control.cancelled())
            break;
        sized.jobGpus = gpus;
        const ReliabilityAnalysis a = analyzeReliability(design, catalog, *preset, sized);
        if (a.error.empty())
            r->sizes.push_back({std::uint32_t(at(a.job.devices, Unit::Gpu)), a.interruptions.mtbiHours});
    }
    return r;
}

} // namespace

std::vector<std::uint32_t> ReliabilityView::chartSizes(double designGpus)
{
    std::vector<std::uint32_t> sizes;
    for (double s = 8; s < designGpus && s < 1e9; s *= 8)
        sizes.push_back(std::uint32_t(s));
    if (designGpus >= 1)
        sizes.push_back(std::uint32_t(designGpus));
    return sizes;
}

ReliabilityView::ReliabilityView(Document *document, QWidget *parent)
    : EngineDock(document, parent)
{
    QVBoxLayout *layout = scrollingLayout(this);
    addForm(layout);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_causes = table({tr("Cause"), tr("Devices"), tr("Per day"), tr("Share")}, this);
    m_unknown = new QLabel(this);
    m_unknown->setWordWrap(true);
    m_chart = new QChartView(this);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(210);
    m_chart->chart()->setTitle(tr("MTBI by job size"));
    m_chart->chart()->setMargins(QMargins(4, 4, 4, 4));
    m_chart->chart()->setBackgroundRoundness(0);
    m_chart->chart()->legend()->hide();
    m_checkpoint = new QLabel(this);
    m_checkpoint->setWordWrap(true);
    m_spares = table({tr("Spare part"), tr("Devices"), tr("In a repair"), tr("Spares"), tr("Total")}, this);
    m_sparesNote = new QLabel(this);
    m_sparesNote->setWordWrap(true);
    layout->addWidget(m_status);
    layout->addWidget(m_summary);
    layout->addWidget(m_checkpoint);
    layout->addWidget(m_causes);
    layout->addWidget(m_unknown);
    layout->addWidget(m_chart);
    layout->addWidget(m_spares);
    layout->addWidget(m_sparesNote);
    layout->addStretch(1);
    connectControls();
}

ReliabilityView::~ReliabilityView() = default;   // a run in progress is cancelled (its context is gone)

// The preset, the job and the checkpoint the figures are for.
void ReliabilityView::addForm(QVBoxLayout *layout)
{
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_presetBox = new QComboBox(this);
    for (const std::string &id : builtinPresetIds())
        m_presetBox->addItem(QString::fromStdString(id), QString::fromStdString(id));
    m_presetBox->addItem(tr("Preset file…"));
    m_presetBox->setCurrentIndex(std::max(0, m_presetBox->findData(m_preset)));
    m_jobGpus = new QSpinBox(this);
    m_jobGpus->setRange(0, 100000000);
    m_jobGpus->setSingleStep(8);
    m_jobGpus->setSpecialValueText(tr("all GPUs"));
    m_jobGpus->setGroupSeparatorShown(true);
    auto spin = [this](double value, double max, int decimals, const QString &suffix) {
        auto *s = new QDoubleSpinBox(this);
        s->setRange(0, max);
        s->setDecimals(decimals);
        s->setValue(value);
        s->setSuffix(suffix);
        s->setGroupSeparatorShown(true);
        return s;
    };
    m_checkpointGB = spin(kDefaultCheckpointGB, 1e9, 0, tr(" GB"));
    m_checkpointGB->setSpecialValueText(tr("none"));
    m_storageGBps = spin(kDefaultStorageGBps, 1e6, 1, tr(" GB/s"));
    m_restartMin = spin(kDefaultRestartMin, 1e5, 1, tr(" min"));
    form->addRow(tr("Failure rates"), m_presetBox);
    form->addRow(tr("Job size"), m_jobGpus);
    form->addRow(tr("Checkpoint size"), m_checkpointGB);
    form->addRow(tr("Storage bandwidth"), m_storageGBps);
    form->addRow(tr("Restart"), m_restartMin);
}

void ReliabilityView::connectControls()
{
    connect(m_presetBox, &QComboBox::activated, this, [this](int index) {
        if (m_presetBox->itemData(index).isNull())
            choosePresetFile();
        else
            setPreset(m_presetBox->itemData(index).toString());
    });
    connect(m_jobGpus, &QSpinBox::valueChanged, this, &ReliabilityView::scheduleRefresh);
    for (QDoubleSpinBox *s : {m_checkpointGB, m_storageGBps, m_restartMin})
        connect(s, &QDoubleSpinBox::valueChanged, this, &ReliabilityView::scheduleRefresh);
}

void ReliabilityView::choosePresetFile()
{
    if (auto f = askFile(m_presetBox, m_preset, tr("Open failure rates"), tr("Failure rates (*.yaml);;All files (*)")))
        setPreset(*f);
}

void ReliabilityView::setPreset(const QString &idOrFile)
{
    m_preset = idOrFile;
    selectIdOrFile(m_presetBox, idOrFile);
    scheduleRefresh();
}

void ReliabilityView::setJobGpus(int gpus)
{
    m_jobGpus->setValue(gpus);
}

void ReliabilityView::setCheckpoint(double checkpointGB, double storageGBps, double restartMin)
{
    m_checkpointGB->setValue(checkpointGB);
    m_storageGBps->setValue(storageGBps);
    m_restartMin->setValue(restartMin);
}

ReliabilityRequest ReliabilityView::request() const
{
    ReliabilityRequest r;
    r.jobGpus = std::uint32_t(m_jobGpus->value());
    if (m_checkpointGB->value() > 0 && m_storageGBps->value() > 0) {
        r.checkpointGB = m_checkpointGB->value();
        r.storageGBps = m_storageGBps->value();
    }
    r.restartMin = m_restartMin->value();
    return r;
}

// Hidden, the view only notes that it is stale: it runs when it is shown.
void ReliabilityView::refresh()
{
    JobSnapshot snapshot = JobSnapshot::of(*m_document);
    m_status->setText(tr("Computing…"));
    m_status->setVisible(true);
    auto work = [snapshot, preset = m_preset.toStdString(), request = request()](JobControl &job) mutable {
        return analyse(snapshot.design(), *snapshot.catalog, preset, request, job.control());
    };
    startJob(QStringLiteral("reliability"), tr("Failures over time"), snapshot, std::move(work),
             [this](std::shared_ptr<Result> r) { onFinished(std::move(r)); });
}

void ReliabilityView::onFinished(std::shared_ptr<Result> result)
{
    m_result = std::move(result);
    const Result &r = *m_result;
    m_status->setText(r.error.isEmpty() ? QString() : tr("Cannot compute: %1").arg(r.error));
    m_status->setVisible(!r.error.isEmpty());
    for (QWidget *w : std::initializer_list<QWidget *>{m_summary, m_causes, m_unknown, m_chart, m_checkpoint, m_spares, m_sparesNote})
        w->setVisible(r.error.isEmpty());
    if (!r.error.isEmpty())
        return;
    showSummary(r);
    showCauses(r.analysis);
    showChart(r);
    showSpares(r.analysis.spares);
}

QString ReliabilityView::summaryText() const
{
    return m_summary->text();
}

QString ReliabilityView::checkpointText() const
{
    return m_checkpoint->text();
}

// The job, its interruptions per day and its MTBI; the checkpoint plan.
void ReliabilityView::showSummary(const Result &r)
{
    const ReliabilityAnalysis &a = r.analysis;
    const InterruptionEstimate &i = a.interruptions;
    QString s = tr("Job of %1 GPUs on %2 servers (%3 links, %4 switches):")
                    .arg(num(at(a.job.devices, Unit::Gpu), 0), num(at(a.job.devices, Unit::Server), 0),
                         num(at(a.job.devices, Unit::Link), 0), num(at(a.job.devices, Unit::Switch), 0));
    s += QLatin1Char(' ') + tr("%1 interruptions per day").arg(num(i.perYear / kDaysPerYear, 2));
    s += QStringLiteral(", ") + tr("MTBI %1").arg(i.mtbiHours ? tr("%1 h").arg(num(*i.mtbiHours, 1)) : tr("unknown"));
    if (!i.unknown.empty())   // the rate is a lower bound, the MTBI an upper one
        s += QLatin1Char(' ') + tr("(without %1: no rate in the preset)").arg(joined(i.unknown));
    s += QLatin1Char('.');
    if (a.blocks)
        s += QLatin1Char(' ') + tr("Rack-scale domains of %1 trays: blocks of %2 trays keep %3 % usable.")
                                    .arg(a.blocks->trays)
                                    .arg(a.blocks->recommended)
                                    .arg(num(a.blocks->sizes[std::size_t(a.blocks->recommended - 1)].usableShare * 100, 1));
    m_summary->setText(s);
    if (const auto &c = a.checkpoint)
        m_checkpoint->setText(tr("Checkpoint every %1 min (Daly; write %2 s, restart %3 min): goodput %4 %.")
                                  .arg(num(c->intervalS / 60, 1), num(c->writeS, 1), num(c->restartS / 60, 1), num(c->goodput * 100, 1)));
    else if (!i.mtbiHours)
        m_checkpoint->setText(tr("Checkpoint interval and goodput: unknown (no failure rate for this job's devices)."));
    else
        m_checkpoint->setText(tr("Checkpoint interval and goodput: unknown (give a checkpoint size and a storage bandwidth)."));
}

void ReliabilityView::showCauses(const ReliabilityAnalysis &a)
{
    const InterruptionEstimate &i = a.interruptions;
    m_causes->setRowCount(int(i.causes.size()));
    int row = 0;
    for (const CauseFigure &c : i.causes)
        setRow(m_causes, row++, {QString::fromStdString(c.name), num(c.devices, 0), num(c.perYear / kDaysPerYear, 3),
                                 i.perYear > 0 ? num(c.perYear / i.perYear * 100, 1) + QStringLiteral(" %") : QString()});
    fitHeight(m_causes);
    m_unknown->setText(i.unknown.empty() ? QString() : tr("Left out (no rate in the preset): %1").arg(joined(i.unknown)));
    m_unknown->setVisible(!i.unknown.empty());
}

// MTBI in hours against job size in GPUs, both on log scales.
void ReliabilityView::showChart(const Result &r)
{
    QChart *chart = m_chart->chart();
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
    auto *line = new QLineSeries;
    auto *dots = new QScatterSeries;
    dots->setMarkerSize(7);
    double lo = 1e300, hi = 0;
    for (const Result::Size &s : r.sizes)
        if (s.mtbiHours && *s.mtbiHours > 0) {
            line->append(s.gpus, *s.mtbiHours);
            dots->append(s.gpus, *s.mtbiHours);
            lo = std::min(lo, *s.mtbiHours);
            hi = std::max(hi, *s.mtbiHours);
        }
    m_chart->setVisible(line->count() > 0);
    chart->addSeries(line);
    chart->addSeries(dots);
    if (line->count() == 0)
        return;
    dots->setColor(line->color());
    auto *x = new QLogValueAxis;
    x->setBase(8);
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setTitleText(tr("GPUs in the job"));
    x->setRange(std::max(1.0, line->at(0).x() / 1.5), line->at(line->count() - 1).x() * 1.5);
    auto *y = new QLogValueAxis;
    y->setBase(10);
    y->setLabelFormat(QStringLiteral("%g"));
    y->setTitleText(tr("MTBI (hours)"));
    y->setRange(std::pow(10.0, std::floor(std::log10(lo))), std::pow(10.0, std::ceil(std::log10(hi) + 1e-9)));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
}

void ReliabilityView::showSpares(const SparesPlan &s)
{
    m_spares->setRowCount(int(s.lines.size()));
    int row = 0;
    for (const SpareLine &l : s.lines)
        setRow(m_spares, row++, {QStringLiteral("%1 (%2)").arg(QString::fromStdString(l.bom.part), QString::fromLatin1(toString(l.kind))),
                                 num(l.devices, 0), num(l.expectedInRepair, 2), QString::number(l.spares),
                                 l.bom.total ? num(*l.bom.total, 0) + QLatin1Char(' ') + QString::fromStdString(l.bom.currency) : tr("unknown")});
    fitHeight(m_spares);
    QString note = tr("Spares for %1 % over a %2-day repair.").arg(num(s.target * 100, 0), num(s.repairDays, 0));
    if (!s.unknown.empty())
        note += QLatin1Char(' ') + tr("None computed for %1 (no rate in the preset).").arg(joined(s.unknown));
    m_sparesNote->setText(note);
}

} // namespace cplan
