#include "trainingview.h"

#include "document.h"
#include "enginejob.h"
#include "scrollpanel.h"

#include "catalog/catalog.h"
#include "model/design.h"
#include "training/model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace cplan {

using namespace training;

namespace {

QString num(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }

int designGpus(const Design &design, const Catalog &catalog)
{
    int gpus = 0;
    for (const Node &n : design.nodes)
        if (const Part *part = catalog.find(n.part))
            gpus += int(part->gpuCount);
    return gpus;
}

std::shared_ptr<TrainingView::Result> analyse(const Design &design, const Catalog &catalog, const std::string &model,
                                              TrainingRequest request, const RunControl &control)
{
    auto r = std::make_shared<TrainingView::Result>();
    auto m = findModel(model);
    if (!m) {
        r->error = QString::fromStdString(m.error().toString());
        return r;
    }
    request.model = *m;
    auto a = analyzeTraining(design, catalog, request, control);
    if (a && a->search.best.valid) {
        r->analysis = std::move(*a);
        return r;
    }
    r->error = QString::fromStdString(!a ? a.error().message : a->search.why.empty() ? a->search.best.invalid : a->search.why);
    // Every GPU of a design is often an odd count (1,016): a power of two below it splits.
    const int gpus = request.gpus > 0 ? request.gpus : designGpus(design, catalog);
    int fewer = 1;
    while (fewer * 2 <= gpus)
        fewer *= 2;
    if (fewer >= 8 && fewer < gpus)
        r->error += QLatin1Char(' ') + QCoreApplication::translate("cplan::TrainingView", "Try %1 GPUs.").arg(fewer);
    return r;
}

QStringList unknownList(const TrainingAnalysis &a)
{
    QStringList out;
    for (const std::string &s : a.search.best.unknown)
        out << QString::fromStdString(s);
    for (const std::string &s : a.unknown)
        out << QString::fromStdString(s);
    return out;
}

} // namespace

TrainingView::TrainingView(Document *document, QWidget *parent)
    : EngineDock(document, parent)
{
    QVBoxLayout *layout = scrollingLayout(this);
    addForm(layout);
    auto label = [this] {
        auto *l = new QLabel(this);
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return l;
    };
    m_status = label();
    m_summary = label();
    m_memory = label();
    m_bar = new BreakdownBar(this);
    m_figures = new QTableWidget(0, 2, this);
    m_figures->setHorizontalHeaderLabels({tr("Figure"), tr("Value")});
    m_figures->verticalHeader()->hide();
    m_figures->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_figures->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_figures->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_figures->setSelectionMode(QAbstractItemView::NoSelection);
    m_figures->setAlternatingRowColors(true);
    m_figures->setWordWrap(false);
    m_figures->verticalHeader()->setDefaultSectionSize(m_figures->fontMetrics().height() + 6);
    m_unknown = label();
    layout->addWidget(m_status);
    layout->addWidget(m_summary);
    layout->addWidget(new QLabel(tr("Where a step's time goes:"), this));
    layout->addWidget(m_bar);
    layout->addWidget(m_figures);
    layout->addWidget(m_memory);
    layout->addWidget(m_unknown);
    layout->addStretch(1);
    connectControls();
}

TrainingView::~TrainingView() = default;   // a run in progress is cancelled (its context is gone)

void TrainingView::addForm(QVBoxLayout *layout)
{
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_modelBox = new QComboBox(this);
    for (const std::string &id : builtinModelIds())
        m_modelBox->addItem(QString::fromStdString(id), QString::fromStdString(id));
    m_modelBox->addItem(tr("From file…"));
    m_modelBox->setCurrentIndex(std::max(0, m_modelBox->findData(m_model)));
    m_tokens = new QLineEdit(QStringLiteral("15T"), this);
    m_tokens->setPlaceholderText(tr("e.g. 15T, 300B"));
    m_gpus = new QSpinBox(this);
    m_gpus->setRange(0, 100000000);
    m_gpus->setSingleStep(8);
    m_gpus->setSpecialValueText(tr("all GPUs"));
    m_gpus->setGroupSeparatorShown(true);
    m_precision = new QComboBox(this);
    m_precision->addItem(QStringLiteral("BF16"), QStringLiteral("bf16"));
    m_precision->addItem(QStringLiteral("FP8"), QStringLiteral("fp8"));
    m_recompute = new QComboBox(this);
    m_recompute->addItem(tr("searched"));
    m_recompute->addItem(tr("none"), QStringLiteral("none"));
    m_recompute->addItem(tr("selective"), QStringLiteral("selective"));
    m_recompute->addItem(tr("full"), QStringLiteral("full"));
    form->addRow(tr("Model"), m_modelBox);
    form->addRow(tr("Tokens to train"), m_tokens);
    form->addRow(tr("GPUs"), m_gpus);
    form->addRow(tr("Parallelism"), parallelismRow());
    form->addRow(tr("Precision"), m_precision);
    form->addRow(tr("Recompute"), m_recompute);
    m_neighbour = new QComboBox(this);
    m_neighbour->setObjectName(QStringLiteral("neighbourBox"));
    m_neighbour->addItem(tr("none"));
    m_neighbour->addItem(tr("all-reduce on the other servers"), QStringLiteral("allreduce"));
    m_neighbour->addItem(tr("all-to-all on the other servers"), QStringLiteral("alltoall"));
    m_neighbour->setToolTip(tr("Another job on the GPU servers after this one's, sending the whole time: the job's collectives "
                               "get the fabric bandwidth it leaves (give fewer GPUs than the design has)"));
    form->addRow(tr("Neighbour job"), m_neighbour);
}

// "Auto", then TP, PP, DP, CP, EP and VP (each "auto" when 0), enabled when Auto is off.
QWidget *TrainingView::parallelismRow()
{
    auto *row = new QWidget(this);
    auto *grid = new QGridLayout(row);
    grid->setContentsMargins(0, 0, 0, 0);
    m_auto = new QCheckBox(tr("Auto"), row);
    m_auto->setChecked(true);
    m_auto->setToolTip(tr("Search every legal plan for the highest tokens/s that fits in memory"));
    grid->addWidget(m_auto, 0, 0, 1, 6);
    int i = 0;
    for (const char *name : {"TP", "PP", "DP", "CP", "EP", "VP"}) {
        auto *spin = new QSpinBox(row);
        spin->setRange(0, 65536);
        spin->setSpecialValueText(tr("auto"));
        spin->setEnabled(false);
        auto *label = new QLabel(QLatin1String(name), row);
        label->setBuddy(spin);
        grid->addWidget(label, 1 + i / 3, 2 * (i % 3));
        grid->addWidget(spin, 1 + i / 3, 2 * (i % 3) + 1);
        grid->setColumnStretch(2 * (i % 3) + 1, 1);
        m_plan.emplace_back(QLatin1String(name), spin);
        ++i;
    }
    return row;
}

void TrainingView::connectControls()
{
    connect(m_modelBox, &QComboBox::activated, this, [this](int index) {
        if (m_modelBox->itemData(index).isNull())
            chooseModelFile();
        else
            setModel(m_modelBox->itemData(index).toString());
    });
    connect(m_tokens, &QLineEdit::editingFinished, this, &TrainingView::scheduleRefresh);
    connect(m_gpus, &QSpinBox::valueChanged, this, &TrainingView::scheduleRefresh);
    connect(m_auto, &QCheckBox::toggled, this, [this](bool on) {
        for (auto &[name, spin] : m_plan)
            spin->setEnabled(!on);
        scheduleRefresh();
    });
    for (auto &[name, spin] : m_plan)
        connect(spin, &QSpinBox::valueChanged, this, &TrainingView::scheduleRefresh);
    connect(m_precision, &QComboBox::currentIndexChanged, this, &TrainingView::scheduleRefresh);
    connect(m_recompute, &QComboBox::currentIndexChanged, this, &TrainingView::scheduleRefresh);
    connect(m_neighbour, &QComboBox::currentIndexChanged, this, &TrainingView::scheduleRefresh);
}

void TrainingView::chooseModelFile()
{
    if (auto f = askFile(m_modelBox, m_model, tr("Open model"), tr("Models (*.yaml);;All files (*)")))
        setModel(*f);
}

void TrainingView::setModel(const QString &idOrFile)
{
    m_model = idOrFile;
    selectIdOrFile(m_modelBox, idOrFile);
    scheduleRefresh();
}

void TrainingView::setTokens(const QString &tokens)
{
    m_tokens->setText(tokens);
    scheduleRefresh();
}

void TrainingView::setGpus(int gpus)
{
    m_gpus->setValue(gpus);
}

void TrainingView::setParallelism(bool automatic, int tp, int pp, int dp, int cp, int ep, int vp)
{
    const int values[] = {tp, pp, dp, cp, ep, vp};
    for (std::size_t i = 0; i < m_plan.size(); ++i)
        m_plan[i].second->setValue(values[i]);
    m_auto->setChecked(automatic);
    scheduleRefresh();
}

::cplan::Result<TrainingRequest> TrainingView::request() const
{
    TrainingRequest r;
    r.gpus = m_gpus->value();
    const QString tokens = m_tokens->text().trimmed();
    if (!tokens.isEmpty()) {
        const auto t = parseTokenCount(tokens.toStdString());
        if (!t)
            return Error{"", 0, 0, tr("'%1' is not a token count (e.g. 15T, 300B, 2.5e12)").arg(tokens).toStdString()};
        r.tokens = *t;
    }
    SearchSpace &s = r.space;
    s.precision = *precisionFromString(m_precision->currentData().toString().toStdString());
    if (!m_recompute->currentData().isNull())
        s.recompute = *recomputeFromString(m_recompute->currentData().toString().toStdString());
    if (!m_neighbour->currentData().isNull())
        r.neighbour = *parseNeighbour(m_neighbour->currentData().toString().toStdString());
    if (m_auto->isChecked())
        return r;
    auto fixed = [this](int i) -> std::optional<int> {
        const int v = m_plan[std::size_t(i)].second->value();
        return v > 0 ? std::optional<int>(v) : std::nullopt;
    };
    s.tp = fixed(0), s.pp = fixed(1), s.cp = fixed(3), s.ep = fixed(4), s.vp = fixed(5);
    if (s.tp || s.pp)   // a plan written by hand is not sharded (as `cplan train`)
        s.fsdp = false;
    // DP sets the GPUs: TP x PP x CP x DP of them.
    if (const auto dp = fixed(2)) {
        if (!s.tp || !s.pp)
            return Error{"", 0, 0, tr("Give TP and PP with DP (the GPUs are TP × PP × CP × DP).").toStdString()};
        const int gpus = *dp * *s.tp * *s.pp * s.cp.value_or(1);
        if (r.gpus > 0 && r.gpus != gpus)
            return Error{"", 0, 0, tr("TP × PP × CP × DP is %1 GPUs, not the %2 asked for.").arg(gpus).arg(r.gpus).toStdString()};
        s.cp = s.cp.value_or(1);
        r.gpus = gpus;
    }
    return r;
}

::cplan::Result<TrainingRequest> TrainingView::requestWithModel() const
{
    auto r = request();
    if (!r)
        return r;
    auto m = findModel(m_model.toStdString());
    if (!m)
        return m.error();
    r->model = *m;
    return r;
}

void TrainingView::refresh()
{
    QElapsedTimer timer;
    timer.start();
    auto req = request();
    if (!req) {
        markRefreshed();
        cancelJob();
        onFinished(std::make_shared<Result>(Result{QString::fromStdString(req.error().message), std::nullopt}));
        return;
    }
    JobSnapshot snapshot = JobSnapshot::of(*m_document);
    m_status->setText(tr("Computing…"));
    m_status->setVisible(true);
    auto work = [snapshot, model = m_model.toStdString(), request = std::move(*req)](JobControl &job) mutable {
        return analyse(snapshot.design(), *snapshot.catalog, model, std::move(request), job.control());
    };
    startJob(QStringLiteral("training"), tr("Training step time"), snapshot, std::move(work),
             [this](std::shared_ptr<Result> r) { onFinished(std::move(r)); });
    m_snapshotMs = double(timer.nsecsElapsed()) / 1e6;
}

void TrainingView::onFinished(std::shared_ptr<Result> result)
{
    QElapsedTimer timer;
    timer.start();
    m_result = std::move(result);
    const Result &r = *m_result;
    m_status->setText(r.error.isEmpty() ? QString() : tr("Cannot compute: %1").arg(r.error));
    m_status->setVisible(!r.error.isEmpty());
    for (QWidget *w : std::initializer_list<QWidget *>{m_summary, m_bar, m_figures, m_memory, m_unknown})
        w->setVisible(r.error.isEmpty());
    if (r.analysis)
        showAnalysis(*r.analysis);
    m_showMs = double(timer.nsecsElapsed()) / 1e6;
}

QString TrainingView::summaryText() const
{
    return m_summary->text();
}

// What keeps energy (power) or cost (power, prices) from being given: "unknown: no power
// figures and prices (listed below)".
QString TrainingView::missingText(const TrainingAnalysis &a, bool withPrices)
{
    bool power = false, price = false;
    for (const std::string &u : a.unknown) {
        power = power || u.rfind("power of", 0) == 0;
        price = price || u.rfind("price of", 0) == 0;
    }
    price = price && withPrices;
    if (power && price)
        return tr("unknown: no power figures and prices (listed below)");
    if (power)
        return tr("unknown: no power figures (listed below)");
    if (price)
        return tr("unknown: no prices (listed below)");
    return tr("unknown: the step time is not known");
}

void TrainingView::showAnalysis(const TrainingAnalysis &a)
{
    const StepEstimate &e = a.search.best;
    m_summary->setText(tr("%1 on %2 × %3 (%4 × %5). Plan: %6%7.")
                           .arg(QString::fromStdString(a.model.name))
                           .arg(a.gpus)
                           .arg(QString::fromStdString(a.gpuPart))
                           .arg(a.servers)
                           .arg(QString::fromStdString(a.serverPart), QString::fromStdString(e.plan.text()),
                                a.autoParallel ? tr(" (searched: %1 plans priced)").arg(a.search.evaluated) : QString()));
    m_bar->setParts(e.known ? stepBarParts(e.breakdown) : std::vector<StepBarPart>{});
    const QString unknown = tr("unknown");
    const QString money = QStringLiteral(" ") + QString::fromStdString(a.currency);
    std::vector<std::pair<QString, QString>> rows = {
        {tr("Step time"), e.known ? num(e.stepS, 2) + tr(" s") : unknown},
        {tr("Tokens/s"), e.known ? num(e.tokensPerS, 0) : unknown},
        {tr("Tokens/s per GPU"), e.known ? num(e.tokensPerSPerGpu, 1) : unknown},
        {tr("Model TFLOP/s per GPU"), e.known ? num(e.modelTflopsPerGpu, 1) : unknown},
        {tr("MFU"), e.known ? num(100 * e.mfu, 1) + QStringLiteral(" %") : unknown},
        {tr("Memory per GPU"), e.hbmGB ? (e.fits ? tr("%1 GB of %2 GB HBM (fits)") : tr("%1 GB of %2 GB HBM (does not fit)"))
                                                     .arg(num(e.memory.total(), 1), num(*e.hbmGB, 0))
                                       : tr("%1 GB (HBM unknown)").arg(num(e.memory.total(), 1))},
        {tr("Days to train"), a.days ? num(*a.days, 1) : tr("unknown: give the tokens to train")},
        {tr("Days with failures"), a.daysWithFailures ? tr("%1 (goodput %2 %, a checkpoint every %3 min)")
                                                            .arg(num(*a.daysWithFailures, 1), num(100 * *a.goodput, 1),
                                                                 num(*a.checkpointIntervalS / 60, 0))
                                                      : tr("unknown")},
        {tr("Energy per million tokens"), a.energyKWhPerMToken ? num(*a.energyKWhPerMToken, 2) + tr(" kWh") : missingText(a, false)},
        {tr("Cost per million tokens"), a.costPerMToken ? num(*a.costPerMToken, 2) + money : missingText(a, true)},
    };
    if (!a.neighbour.empty())
        rows.push_back({tr("Beside a neighbour job"), tr("%1 on %2 servers: the fabric leaves the job %3 % (ring), %4 % (tree), %5 % (all-to-all), "
                                                             "%6 % (SHARP)")
                                                          .arg(QString::fromStdString(a.neighbour))
                                                          .arg(a.neighbourServers)
                                                          .arg(num(100 * a.system.ringFabric, 0), num(100 * a.system.treeFabric, 0),
                                                               num(100 * a.system.allToAllFabric, 0), num(100 * a.system.inNetworkFabric, 0))});
    if (a.powerKW)
        rows.push_back({tr("Power (with PUE %1)").arg(num(a.pue, 2)), num(*a.powerKW, 1) + tr(" kW")});
    m_figures->setRowCount(int(rows.size()));
    for (int row = 0; row < int(rows.size()); ++row) {
        m_figures->setItem(row, 0, new QTableWidgetItem(rows[std::size_t(row)].first));
        m_figures->setItem(row, 1, new QTableWidgetItem(rows[std::size_t(row)].second));
    }
    int h = m_figures->horizontalHeader()->height() + 2 * m_figures->frameWidth();
    for (int r = 0; r < m_figures->rowCount(); ++r)
        h += m_figures->rowHeight(r);
    m_figures->setFixedHeight(h);
    // Memory: what it holds, and whether the plan fits.
    const Memory &m = e.memory;
    QString mem = tr("Memory per GPU: weights %1, gradients %2, optimizer %3, activations %4, reserved %5 GB.")
                      .arg(num(m.weights, 1), num(m.gradients, 1), num(m.optimizer, 1), num(m.activations, 1), num(m.reserved, 1));
    if (e.hbmGB && !e.fits)
        mem = QStringLiteral("<b style='color:#c0392b'>%1</b> ").arg(tr("No plan fits in %1 GB of HBM: this one needs %2 GB per GPU.")
                                                                      .arg(num(*e.hbmGB, 0), num(m.total(), 1)))
              + mem.toHtmlEscaped();
    else
        mem = mem.toHtmlEscaped();
    m_memory->setText(mem);
    const QStringList missing = unknownList(a);
    QString notes = tr("Assumptions: CAPEX written off over %1 years, electricity at %2 %3/kWh, PUE %4.")
                        .arg(num(a.lifeYears, 1), num(a.pricePerKWh, 3), QString::fromStdString(a.currency), num(a.pue, 2));
    if (!missing.isEmpty())
        notes += QLatin1Char('\n') + tr("Not known: %1").arg(missing.join(QStringLiteral("; ")));
    m_unknown->setText(notes);
}

} // namespace cplan
