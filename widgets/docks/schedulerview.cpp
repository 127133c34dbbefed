#include "schedulerview.h"

#include "document.h"
#include "enginejob.h"
#include "schedulercompare.h"
#include "schedulerrun.h"
#include "scheduletext.h"
#include "scrollpanel.h"

#include "catalog/catalog.h"

#include "analysis/scenario.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QValueAxis>
#include <QVBoxLayout>

#include <atomic>

namespace cplan {

bool SchedulerView::engineAvailable()
{
    return true;
}

namespace {

// The trace's file name gives way to the buttons beside it: elided in the middle to the width the
// dock leaves it (a long name made the dock's controls wider than the dock), in full in the tooltip.
class ElidedLabel : public QLabel
{
public:
    using QLabel::QLabel;
    // The text to elide; empty: the label's own text, as set.
    void setElidedText(const QString &text)
    {
        m_full = text;
        setToolTip(text);
        elide();
        updateGeometry();
    }
    QSize minimumSizeHint() const override
    {
        const QSize own = QLabel::minimumSizeHint();
        return m_full.isEmpty() ? own : QSize(fontMetrics().averageCharWidth() * 6, own.height());
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QLabel::resizeEvent(event);
        elide();
    }

private:
    void elide()
    {
        if (!m_full.isEmpty())
            setText(fontMetrics().elidedText(QFileInfo(m_full).fileName(), Qt::ElideMiddle, width()));
    }
    QString m_full;
};

} // namespace

static QChartView *chartView(const QString &title, QWidget *parent)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    QFont f = chart->titleFont();
    f.setBold(true);
    f.setPointSizeF(9);
    chart->setTitleFont(f);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(230);
    return view;
}

SchedulerView::SchedulerView(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_engine(new EngineJobs(this))
{
    connectEngine();
    QVBoxLayout *layout = scrollingLayout(this);
    addScenarioForm(layout);
    layout->addLayout(createRunButtons());
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 100);
    m_progress->setMaximumHeight(14);
    layout->addWidget(m_progress);
    layout->addLayout(createReplayRow());
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_comparison = new SchedulerComparisonView(this);
    layout->addWidget(m_comparison);
    m_utilView = chartView(tr("GPU utilization (%)"), this);
    m_queueView = chartView(tr("Queued jobs"), this);
    layout->addWidget(m_utilView);
    layout->addWidget(m_queueView);
    layout->addStretch(1);

    if (!engineAvailable()) {
        for (QWidget *w : std::initializer_list<QWidget *>{m_runButton, m_policy, m_jobs, m_load, m_traceButton, m_network, m_sharedPool})
            w->setEnabled(false);
        m_summary->setText(tr("The scheduling engine (core/schedule) is not in this build."));
    }
    connectControls();
}

// What to run: the trace or synthetic jobs, the policy, network coupling, the shared pool.
void SchedulerView::addScenarioForm(QVBoxLayout *layout)
{
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_policy = new QComboBox(this);
    for (const std::string &id : policyNames()) {
        const Policy p = *policyFromString(id);
        m_policy->addItem(policyTitle(p), QString::fromStdString(id));
        m_policy->setItemData(m_policy->count() - 1, policyDescription(p), Qt::ToolTipRole);
    }
    m_jobs = new QSpinBox(this);
    m_jobs->setRange(10, 1000000);
    m_jobs->setValue(2000);
    m_load = new QDoubleSpinBox(this);
    m_load->setRange(0.1, 3.0);
    m_load->setSingleStep(0.1);
    m_load->setValue(0.9);
    auto *traceRow = new QHBoxLayout;
    m_traceLabel = new ElidedLabel(tr("synthetic"), this);
    m_traceButton = new QPushButton(tr("Open trace…"), this);
    m_clearTraceButton = new QPushButton(tr("Synthetic"), this);
    m_clearTraceButton->setToolTip(tr("Forget the trace file and run synthetic jobs again"));
    m_clearTraceButton->setEnabled(false);
    traceRow->addWidget(m_traceLabel, 1);
    traceRow->addWidget(m_traceButton);
    traceRow->addWidget(m_clearTraceButton);
    m_network = new QCheckBox(tr("network coupling"), this);
    m_network->setChecked(true);
    m_sharedPool = new QCheckBox(tr("one shared pool"), this);
    m_sharedPool->setToolTip(tr("Ignore the tenants' partitions: every job may use any server, and a tenant's "
                                "partition size becomes its quota."));
    form->addRow(tr("Trace"), traceRow);
    form->addRow(tr("Synthetic jobs"), m_jobs);
    form->addRow(tr("Offered load"), m_load);
    form->addRow(tr("Policy"), m_policy);
    form->addRow(QString(), m_network);
    form->addRow(QString(), m_sharedPool);
}

// Simulate, play and the replay speed.
QLayout *SchedulerView::createRunButtons()
{
    auto *rows = new QVBoxLayout;
    auto *run = new QHBoxLayout;
    m_runButton = new QPushButton(tr("Simulate"), this);
    m_compareButton = new QPushButton(tr("Compare…"), this);
    m_compareButton->setToolTip(tr("Run the jobs twice, as set here and with another policy or pool, and show both side by side"));
    run->addWidget(m_runButton);
    run->addWidget(m_compareButton);
    run->addStretch(1);
    auto *buttons = new QHBoxLayout;
    m_playButton = new QPushButton(tr("Play"), this);
    m_playButton->setCheckable(true);
    m_playButton->setEnabled(false);
    m_speed = new QComboBox(this);
    m_speed->addItem(tr("whole run in 10 s"), 10);
    m_speed->addItem(tr("whole run in 30 s"), 30);
    m_speed->addItem(tr("whole run in 2 min"), 120);
    m_speed->setCurrentIndex(1);
    buttons->addWidget(m_playButton);
    buttons->addWidget(m_speed, 1);
    rows->addLayout(run);
    rows->addLayout(buttons);
    return rows;
}

// The replay position and the simulated clock.
QLayout *SchedulerView::createReplayRow()
{
    auto *clockRow = new QHBoxLayout;
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, 1000);
    m_slider->setEnabled(false);
    m_clock = new QLabel(this);
    clockRow->addWidget(m_slider, 1);
    clockRow->addWidget(m_clock);
    return clockRow;
}

void SchedulerView::connectControls()
{
    connect(m_runButton, &QPushButton::clicked, this, &SchedulerView::run);
    connect(m_compareButton, &QPushButton::clicked, this, &SchedulerView::compare);
    connect(m_playButton, &QPushButton::toggled, this, &SchedulerView::setPlaying);
    connect(m_traceButton, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Open job trace"), QString(), tr("Job traces (*.csv);;All files (*)"));
        if (!f.isEmpty())
            setTraceFile(f);
    });
    connect(m_clearTraceButton, &QPushButton::clicked, this, [this] { setSyntheticJobs(m_jobs->value(), m_load->value()); });
    connect(m_slider, &QSlider::sliderMoved, this, [this](int v) { seek(v / 1000.0); });
    m_timer.setInterval(50);
    connect(&m_timer, &QTimer::timeout, this, &SchedulerView::tick);
    connect(m_document, &Document::changed, this, [this](const ChangeEvent &e) {
        if (e.type == ChangeEvent::DesignReplaced) {
            forgetRun();
        } else if (e.aspects & (ChangeEvent::Topology | ChangeEvent::Properties)) {
            m_runStale = true;
            showSummary();
            m_comparison->setOutdated(tr("Outdated: the design changed after this comparison. Compare again for the design as it is."));
        }
    });
}

void SchedulerView::forgetRun()
{
    cancelRun();
    setPlaying(false);
    m_run.reset();
    m_runStale = false;
    m_cancelled.clear();
    for (QChartView *view : {m_utilView, m_queueView}) {
        view->chart()->removeAllSeries();
        const auto axes = view->chart()->axes();
        for (QAbstractAxis *a : axes) {
            view->chart()->removeAxis(a);
            delete a;
        }
    }
    m_alloc = m_effective = m_queue = nullptr;
    m_slider->setValue(0);
    m_slider->setEnabled(false);
    m_playButton->setEnabled(false);
    m_progress->setValue(0);
    m_clock->clear();
    m_comparison->clear();
    m_summary->setText(tr("No run on this design yet: choose the jobs and a policy, then Simulate."));
    emit busyGpusChanged(0, 0);
    emit busyServersChanged({});
}

void SchedulerView::showSummary()
{
    if (!m_run)
        return;
    QStringList lines;
    const QString at = QLocale().toString(m_run->finishedAt.time(), QLocale::ShortFormat);
    if (!m_cancelled.isEmpty() && !isRunning())
        lines << tr("The run started at %1 was cancelled; shown: the run before it (%2, %3).").arg(m_cancelled, m_run->scenario, at);
    if (m_runStale)
        lines << tr("Outdated: the design changed after this run (%1, %2). Run again for the design as it is.").arg(m_run->scenario, at);
    lines << (m_run->ok ? m_run->summary : m_run->error);
    m_summary->setText(lines.join(QLatin1Char('\n')));
}

const ScheduleResult *SchedulerView::reportableResult() const
{
    return m_run && m_run->ok && !m_runStale && !isRunning() ? m_run->result.get() : nullptr;
}

QString SchedulerView::reportableScenario() const
{
    return reportableResult() ? m_run->scenario : QString();
}

void SchedulerView::setJobs(EngineJobs *jobs)
{
    cancelRun();
    m_engine = jobs;
    connectEngine();
}

// A cancelled run (here or by the window's Cancel) leaves the last run shown.
void SchedulerView::connectEngine()
{
    connect(m_engine, &EngineJobs::jobCancelled, this, [this](EngineJobs::JobId id) {
        if (id != m_job)
            return;
        m_job = 0;
        m_runButton->setEnabled(true);
        m_compareButton->setEnabled(true);
        m_progress->setValue(0);
        if (!m_cancelled.isEmpty())
            showSummary();
        emit statusMessage(tr("Scheduling simulation cancelled"));
    });
}

SchedulerView::~SchedulerView() = default;   // the run in progress is cancelled (its context is gone)

bool SchedulerView::isRunning() const
{
    return m_job && m_engine->isRunning(m_job);
}

void SchedulerView::cancelRun()
{
    if (isRunning())
        m_engine->cancel(m_job);
}

void SchedulerView::setPolicy(const QString &policy)
{
    int i = m_policy->findData(policy);
    if (i < 0)
        i = m_policy->findText(policy);
    if (i >= 0)
        m_policy->setCurrentIndex(i);
}

void SchedulerView::setSyntheticJobs(int jobs, double load)
{
    m_traceFile.clear();
    static_cast<ElidedLabel *>(m_traceLabel)->setElidedText(QString());
    m_traceLabel->setText(tr("synthetic"));
    m_clearTraceButton->setEnabled(false);
    m_jobs->setValue(jobs);
    m_load->setValue(load);
}

void SchedulerView::setTraceFile(const QString &fileName)
{
    m_traceFile = fileName;
    static_cast<ElidedLabel *>(m_traceLabel)->setElidedText(fileName);
    m_clearTraceButton->setEnabled(true);
}

void SchedulerView::setSharedPool(bool shared)
{
    m_sharedPool->setChecked(shared);
}

ScheduleScenario SchedulerView::scenarioFromForm() const
{
    ScheduleScenario scenario;
    scenario.pool.designFile = m_document->fileName().toStdString();
    scenario.jobs.tracePath = m_traceFile.toStdString();
    scenario.jobs.synthetic = m_traceFile.isEmpty() ? std::size_t(m_jobs->value()) : 0;
    scenario.jobs.load = m_load->value();
    scenario.options.policy = policyFromString(m_policy->currentData().toString().toStdString()).value_or(Policy::Fifo);
    scenario.options.network = m_network->isChecked();
    scenario.options.sharedPool = m_sharedPool->isChecked();
    scenario.recordPlacements = true;
    return scenario;
}

// What Simulate and Compare do before their job starts; false while one runs.
bool SchedulerView::beginRun()
{
    if (isRunning())
        return false;
    setPlaying(false);
    m_runButton->setEnabled(false);
    m_compareButton->setEnabled(false);
    m_progress->setValue(0);
    m_runStale = false;   // the run describes the snapshot taken now; later edits make it stale
    m_cancelled = QLocale().toString(QTime::currentTime(), QLocale::ShortFormat);   // until it finishes
    return true;
}

EngineJobs::Spec SchedulerView::runSpec(const QString &title)
{
    EngineJobs::Spec spec;
    spec.kind = QStringLiteral("schedule");
    spec.title = title;
    spec.context = this;
    spec.onProgress = [this](const JobProgress &p) { m_progress->setValue(p.percent); };
    return spec;
}

void SchedulerView::run()
{
    if (!beginRun())
        return;
    // The worker's own design and catalog: the user keeps editing (and pricing) meanwhile.
    auto work = [snapshot = JobSnapshot::of(*m_document), scenario = scenarioFromForm()](JobControl &job) mutable {
        scenario.pool.design = &snapshot.design();
        scenario.pool.catalog = snapshot.catalog.get();
        return runSchedulerScenario(scenario, job.control());
    };
    m_job = m_engine->start(runSpec(tr("Scheduling simulation")), std::move(work),
                            [this](std::shared_ptr<Run> r) { onRunFinished(std::move(r)); });
}

void SchedulerView::compare()
{
    if (isRunning())
        return;
    const ScheduleScenario a = scenarioFromForm();
    SchedulerCompareDialog dialog(a.options.policy, a.options.sharedPool, schedulerVariantText(a), this);
    if (dialog.exec() == QDialog::Accepted)
        compareWith(QString::fromLatin1(toString(dialog.policy())), dialog.sharedPool());
}

void SchedulerView::compareWith(const QString &policy, bool sharedPool)
{
    const std::optional<Policy> p = policyFromString(policy.toStdString());
    if (!p || !beginRun())
        return;
    ScheduleScenario b = scenarioFromForm();
    b.options.policy = *p;
    b.options.sharedPool = sharedPool;
    b.recordPlacements = false;   // only a is replayed
    // Both on one snapshot of the design, one after the other, as one job of the window's runner.
    auto work = [snapshot = JobSnapshot::of(*m_document), a = scenarioFromForm(), b](JobControl &job) mutable {
        for (ScheduleScenario *s : {&a, &b}) {
            s->pool.design = &snapshot.design();
            s->pool.catalog = snapshot.catalog.get();
        }
        return runSchedulerComparison(a, b, job.control());
    };
    m_job = m_engine->start(runSpec(tr("Comparing two scheduling runs")), std::move(work), [this](SchedulerComparison c) {
        onRunFinished(c.a);
        if (c.b) {
            c.b->finishedAt = m_run->finishedAt;
            m_comparison->setRuns(*m_run, *c.b);
        }
    });
}

bool SchedulerView::waitForRun(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (isRunning() && t.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QCoreApplication::processEvents();
    return !isRunning() && m_run && m_run->ok;
}

void SchedulerView::onRunFinished(std::shared_ptr<Run> run)
{
    m_job = 0;
    m_runButton->setEnabled(true);
    m_compareButton->setEnabled(true);
    m_comparison->clear();   // a run of its own; Compare shows the pair again
    m_run = std::move(run);
    m_run->finishedAt = QDateTime::currentDateTime();
    m_cancelled.clear();
    if (!m_run->ok) {
        m_summary->setText(m_run->error);
        emit statusMessage(m_run->error);
        return;
    }
    m_progress->setValue(100);
    showSummary();
    // Charts: series filled progressively during replay.
    auto setup = [this](QChartView *view, std::initializer_list<QLineSeries **> series, std::initializer_list<QString> names,
                        double ymax) {
        QChart *chart = view->chart();
        chart->removeAllSeries();
        const auto axes = chart->axes();
        for (QAbstractAxis *a : axes) {
            chart->removeAxis(a);
            delete a;
        }
        auto *x = new QValueAxis;
        x->setRange(0, std::max(0.01, m_run->makespanS / 3600));
        x->setTitleText(tr("hours"));
        x->setLabelFormat(QStringLiteral("%.1f"));
        auto *y = new QValueAxis;
        y->setRange(0, ymax);
        y->setLabelFormat(QStringLiteral("%d"));
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        auto name = names.begin();
        for (QLineSeries **s : series) {
            *s = new QLineSeries;
            (*s)->setName(*name++);
            chart->addSeries(*s);
            (*s)->attachAxis(x);
            (*s)->attachAxis(y);
        }
        chart->legend()->setVisible(series.size() > 1);
        chart->legend()->setAlignment(Qt::AlignBottom);
    };
    double maxQueue = 1;
    for (const Run::Point &p : m_run->series)
        maxQueue = std::max(maxQueue, p.queued);
    setup(m_utilView, {&m_alloc, &m_effective}, {tr("allocated"), tr("effective (network)")}, 100);
    setup(m_queueView, {&m_queue}, {tr("queued")}, maxQueue * 1.1);
    m_playButton->setEnabled(true);
    m_slider->setEnabled(true);
    seek(0);
    setPlaying(true);
}

void SchedulerView::seek(double share)
{
    if (!m_run || !m_run->ok)
        return;
    showUpTo(m_run->t0 + std::clamp(share, 0.0, 1.0) * m_run->makespanS);
}

void SchedulerView::setPlaying(bool playing)
{
    if (playing && (!m_run || !m_run->ok))
        playing = false;
    if (m_playButton->isChecked() != playing)
        m_playButton->setChecked(playing);
    m_playButton->setText(playing ? tr("Pause") : tr("Play"));
    if (playing) {
        if (m_run && m_nowS >= m_run->t0 + m_run->makespanS)
            seek(0);
        m_timer.start();
    } else {
        m_timer.stop();
    }
}

void SchedulerView::tick()
{
    if (!m_run)
        return;
    const double wallForRun = m_speed->currentData().toDouble();
    const double step = m_run->makespanS * m_timer.interval() / 1000.0 / wallForRun;
    showUpTo(m_nowS + step);
    if (m_nowS >= m_run->t0 + m_run->makespanS)
        setPlaying(false);
}

void SchedulerView::showUpTo(double timeS)
{
    // The replay ends at the makespan: a last tick must not run the clock past it.
    timeS = std::clamp(timeS, m_run->t0, m_run->t0 + m_run->makespanS);
    m_nowS = timeS;
    QList<QPointF> alloc, eff, queue;
    double current = 0;
    const double cap = std::max(1, m_run->capacityGpus);
    for (const Run::Point &p : m_run->series) {
        if (p.t > timeS)
            break;
        const double h = (p.t - m_run->t0) / 3600;
        alloc << QPointF(h, p.alloc / cap * 100);
        eff << QPointF(h, p.effective / cap * 100);
        queue << QPointF(h, p.queued);
        current = p.alloc;
    }
    m_alloc->replace(alloc);
    m_effective->replace(eff);
    m_queue->replace(queue);
    const double share = m_run->makespanS > 0 ? (timeS - m_run->t0) / m_run->makespanS : 1;
    m_slider->setValue(int(std::clamp(share, 0.0, 1.0) * 1000));
    m_clock->setText(tr("t = %1 h, %2 GPUs busy").arg((timeS - m_run->t0) / 3600, 0, 'f', 1).arg(current, 0, 'f', 0));
    emit busyGpusChanged(current, m_run->capacityGpus);
    std::unordered_map<std::string, int> perServer;
    for (const Run::Segment &seg : m_run->segments)
        if (seg.start <= timeS && timeS < seg.end && seg.server >= 0 && std::size_t(seg.server) < m_run->serverIds.size())
            perServer[m_run->serverIds[std::size_t(seg.server)]] += seg.gpus;
    emit busyServersChanged(perServer);
}

QString SchedulerView::summaryText() const
{
    return m_summary->text();
}

QString SchedulerView::clockText() const
{
    return m_clock->text();
}

} // namespace cplan
