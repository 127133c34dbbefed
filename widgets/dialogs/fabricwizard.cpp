#include "fabricwizard.h"

#include "enginejob.h"
#include "l10n.h"

#include "catalog/catalog.h"
#include "cost/bom.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cplan {

namespace {

QSpinBox *spinBox(QWidget *parent, int from, int to, const QString &automatic = {})
{
    auto *s = new QSpinBox(parent);
    s->setRange(from, to);
    s->setSpecialValueText(automatic);
    return s;
}

// Servers with GPUs or HCAs, or switches with their ports: the catalog's parts to pick from.
QComboBox *partCombo(const Catalog &catalog, PartKind kind, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    for (const Part *p : catalog.partsOfKind(kind)) {
        if (kind == PartKind::Switch)
            combo->addItem(QStringLiteral("%1 (%2, %3 × %4 Gb/s)")
                               .arg(QString::fromStdString(p->model), QString::fromStdString(p->id))
                               .arg(p->ports)
                               .arg(p->portSpeedGbps.value_or(0)),
                           QString::fromStdString(p->id));
        else if (p->gpuCount > 0 || p->hcaCount > 0)
            combo->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(p->model), QString::fromStdString(p->id)),
                           QString::fromStdString(p->id));
    }
    return combo;
}

} // namespace

struct FabricWizard::Preview
{
    bool ok = false;
    QString error;
    FatTreeReport report;
    Bom bom;
    std::shared_ptr<Design> design;
    std::size_t links = 0;
};

namespace {
const QString kPreviewJob = QStringLiteral("wizard-preview");
}

FabricWizard::FabricWizard(const Catalog &catalog, QWidget *parent, EngineJobs *jobs)
    : QDialog(parent)
    , m_catalog(catalog)
    , m_engine(jobs ? jobs : new EngineJobs(this))
{
    setWindowTitle(tr("New fat-tree fabric"));
    auto *layout = new QVBoxLayout(this);
    addParameterForm(layout);
    // The preview scrolls: a design's notes (racks, cables, roundings) may be longer than the room.
    m_preview = new QLabel(this);
    m_preview->setWordWrap(true);
    m_preview->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_preview->setTextFormat(Qt::RichText);
    m_preview->setMargin(4);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_preview);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumHeight(150);
    layout->addWidget(scroll, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Generate"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &FabricWizard::acceptPreviewedDesign);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connectPreview();
    restoreValues();
    schedulePreview();
    resize(520, 620);
}

// Ethernet's options: the NIC every server gets (the switch decides the fabric's protocol), the
// servers' port speed (switch ports broken out to it), dual-ToR, the taper between pods.
void FabricWizard::addEthernetRows(QFormLayout *form)
{
    m_hca = new QComboBox(this);
    m_hca->addItem(tr("the server's own"), QString());
    for (const Part *p : m_catalog.partsOfKind(PartKind::Hca))
        m_hca->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(p->model), QString::fromStdString(p->id)),
                       QString::fromStdString(p->id));
    m_hostSpeed = new QComboBox(this);
    m_hostSpeed->addItem(tr("automatic"), 0);
    for (int gbps : {800, 400, 200, 100})
        m_hostSpeed->addItem(QStringLiteral("%1G").arg(gbps), gbps);
    m_dualTor = new QCheckBox(tr("Dual-ToR: each NIC's ports on two ToRs"), this);
    m_podTaper = spinBox(this, 1, 64);
    m_podTaper->setSuffix(QStringLiteral(" : 1"));
    form->addRow(tr("NIC"), m_hca);
    form->addRow(tr("Server port speed"), m_hostSpeed);
    form->addRow(QString(), m_dualTor);
    form->addRow(tr("Taper between pods"), m_podTaper);
}

// The fat-tree parameters: name, server and count, switch, tiers, blocking, rails, SU size, planes,
// management appliances, Ethernet's options.
void FabricWizard::addParameterForm(QVBoxLayout *layout)
{
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_name = new QLineEdit(tr("New fabric"), this);
    m_server = partCombo(m_catalog, PartKind::GpuServer, this);
    m_count = spinBox(this, 1, 200000);
    m_count->setValue(32);
    m_switch = partCombo(m_catalog, PartKind::Switch, this);
    m_tiers = new QComboBox(this);
    m_tiers->addItem(tr("automatic"), 0);
    m_tiers->addItem(tr("2 tiers"), 2);
    m_tiers->addItem(tr("3 tiers"), 3);
    m_down = spinBox(this, 1, 64);
    m_up = spinBox(this, 1, 64);
    m_rails = spinBox(this, 0, kMaxHcasPerServer, tr("automatic"));
    m_suSize = spinBox(this, 0, 4096, tr("automatic"));
    m_mgmt = spinBox(this, 0, 64);
    m_planes = spinBox(this, 1, kMaxPlanes);
    m_railOnly = new QCheckBox(tr("Rail-only: a network per rail, no spine"), this);
    m_railOnly->setToolTip(tr("Each rail its own network; cross-rail traffic goes through the servers' NVLink. "
                              "The preview says what the rail-optimized fat tree would need."));
    auto *blocking = new QHBoxLayout;
    blocking->addWidget(m_down);
    blocking->addWidget(new QLabel(QStringLiteral(":"), this));
    blocking->addWidget(m_up);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Server"), m_server);
    form->addRow(tr("Servers"), m_count);
    form->addRow(tr("Switch"), m_switch);
    form->addRow(tr("Tiers"), m_tiers);
    form->addRow(tr("Leaf blocking (down : up)"), blocking);
    form->addRow(tr("Rails"), m_rails);
    form->addRow(tr("Servers per scalable unit"), m_suSize);
    form->addRow(tr("Planes (independent fabrics)"), m_planes);
    form->addRow(QString(), m_railOnly);
    form->addRow(tr("Management appliances"), m_mgmt);
    addEthernetRows(form);
}

// Every parameter change restarts the preview after a short pause.
void FabricWizard::connectPreview()
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &FabricWizard::startPreview);
    for (QSpinBox *s : {m_count, m_down, m_up, m_rails, m_suSize, m_mgmt, m_planes, m_podTaper})
        connect(s, &QSpinBox::valueChanged, this, &FabricWizard::schedulePreview);
    for (QComboBox *c : {m_server, m_switch, m_tiers, m_hca, m_hostSpeed})
        connect(c, &QComboBox::currentIndexChanged, this, &FabricWizard::schedulePreview);
    connect(m_dualTor, &QCheckBox::toggled, this, &FabricWizard::schedulePreview);
    connect(m_railOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_planes->setEnabled(!on);   // rail-only makes its own planes, one per rail
        schedulePreview();
    });
}

// "Generate": the design of the current parameters' preview (waiting for it if it is still
// running); the dialog stays open when the parameters give no fabric.
void FabricWizard::acceptPreviewedDesign()
{
    if (isPreviewing() || m_dirty || m_debounce.isActive())
        waitForPreview(30000);
    const std::shared_ptr<Preview> p = m_dirty ? nullptr : m_last;
    if (p && p->ok) {
        m_design = p->design;
        m_design->name = m_name->text().toStdString();
        saveValues();
        accept();
    }
}

// The wizard opens with the values of the last fabric generated (QSettings), else a 32-server
// DGX H100 tree on QM9700 switches.
void FabricWizard::restoreValues()
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("fabricWizard"));
    m_name->setText(settings.value(QStringLiteral("name"), m_name->text()).toString());
    setServers(settings.value(QStringLiteral("server"), QStringLiteral("dgx-h100")).toString(),
               settings.value(QStringLiteral("servers"), 32).toInt());
    setSwitch(settings.value(QStringLiteral("switch"), QStringLiteral("qm9700")).toString());
    if (const int i = m_tiers->findData(settings.value(QStringLiteral("tiers"), 0)); i >= 0)
        m_tiers->setCurrentIndex(i);
    setBlocking(settings.value(QStringLiteral("blockingDown"), 1).toInt(), settings.value(QStringLiteral("blockingUp"), 1).toInt());
    m_rails->setValue(settings.value(QStringLiteral("rails"), 0).toInt());
    m_suSize->setValue(settings.value(QStringLiteral("suSize"), 0).toInt());
    m_planes->setValue(settings.value(QStringLiteral("planes"), 1).toInt());
    m_mgmt->setValue(settings.value(QStringLiteral("managementAppliances"), 0).toInt());
    setRailOnly(settings.value(QStringLiteral("railOnly"), false).toBool());
    setNic(settings.value(QStringLiteral("nic")).toString());
    setHostPortSpeed(settings.value(QStringLiteral("hostPortSpeed"), 0).toInt());
    setDualTor(settings.value(QStringLiteral("dualTor"), false).toBool());
    setPodTaper(settings.value(QStringLiteral("podTaper"), 1).toInt());
}

void FabricWizard::saveValues() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("fabricWizard"));
    settings.setValue(QStringLiteral("name"), m_name->text());
    settings.setValue(QStringLiteral("server"), m_server->currentData());
    settings.setValue(QStringLiteral("servers"), m_count->value());
    settings.setValue(QStringLiteral("switch"), m_switch->currentData());
    settings.setValue(QStringLiteral("tiers"), m_tiers->currentData());
    settings.setValue(QStringLiteral("blockingDown"), m_down->value());
    settings.setValue(QStringLiteral("blockingUp"), m_up->value());
    settings.setValue(QStringLiteral("rails"), m_rails->value());
    settings.setValue(QStringLiteral("suSize"), m_suSize->value());
    settings.setValue(QStringLiteral("planes"), m_planes->value());
    settings.setValue(QStringLiteral("managementAppliances"), m_mgmt->value());
    settings.setValue(QStringLiteral("railOnly"), m_railOnly->isChecked());
    settings.setValue(QStringLiteral("nic"), m_hca->currentData());
    settings.setValue(QStringLiteral("hostPortSpeed"), m_hostSpeed->currentData());
    settings.setValue(QStringLiteral("dualTor"), m_dualTor->isChecked());
    settings.setValue(QStringLiteral("podTaper"), m_podTaper->value());
}

FabricWizard::~FabricWizard() = default;   // a preview in progress is dropped (its context is gone)

bool FabricWizard::isPreviewing() const
{
    return m_job && m_engine->isRunning(m_job);
}

void FabricWizard::cancelPreview()
{
    m_debounce.stop();
    if (isPreviewing())
        m_engine->cancel(m_job);
    m_job = 0;
    m_shown = true;
}

void FabricWizard::reject()
{
    cancelPreview();
    QDialog::reject();
}

void FabricWizard::setServers(const QString &part, int count)
{
    const int i = m_server->findData(part);
    if (i >= 0)
        m_server->setCurrentIndex(i);
    m_count->setValue(count);
}

void FabricWizard::setSwitch(const QString &part)
{
    const int i = m_switch->findData(part);
    if (i >= 0)
        m_switch->setCurrentIndex(i);
}

void FabricWizard::setBlocking(int down, int up)
{
    m_down->setValue(down);
    m_up->setValue(up);
}

void FabricWizard::setRailOnly(bool on)
{
    m_railOnly->setChecked(on);
}

void FabricWizard::setNic(const QString &hca)
{
    m_hca->setCurrentIndex(std::max(0, m_hca->findData(hca)));
}

void FabricWizard::setHostPortSpeed(int gbps)
{
    m_hostSpeed->setCurrentIndex(std::max(0, m_hostSpeed->findData(gbps)));
}

void FabricWizard::setDualTor(bool on)
{
    m_dualTor->setChecked(on);
}

void FabricWizard::setPodTaper(int down)
{
    m_podTaper->setValue(down);
}

FatTreeSpec FabricWizard::spec() const
{
    FatTreeSpec s;
    s.name = m_name->text().toStdString();
    s.servers = {{m_server->currentData().toString().toStdString(), m_count->value()}};
    s.switchPart = m_switch->currentData().toString().toStdString();
    s.tiers = m_tiers->currentData().toInt();
    s.blockingDown = m_down->value();
    s.blockingUp = m_up->value();
    s.rails = m_rails->value();
    s.suSize = m_suSize->value();
    s.mgmtNodes = m_mgmt->value();
    s.railOnly = m_railOnly->isChecked();
    s.planes = s.railOnly ? 1 : m_planes->value();
    s.hcaOverride = m_hca->currentData().toString().toStdString();
    s.hostPortSpeedGbps = m_hostSpeed->currentData().toInt();
    s.dualTor = m_dualTor->isChecked();
    s.podOversubDown = m_podTaper->value();
    return s;
}

void FabricWizard::schedulePreview()
{
    m_dirty = true;
    m_debounce.start();
    m_preview->setText(m_preview->text().isEmpty() ? tr("Computing…") : m_preview->text());
}

void FabricWizard::startPreview()
{
    // One generator at a time: one that was cancelled cannot stop (generateFatTree has no
    // cancel) and runs on; try again shortly.
    if (m_engine->workersRunning(kPreviewJob) > 0) {
        m_debounce.start();
        return;
    }
    m_dirty = false;
    m_shown = false;
    EngineJobs::Spec job;
    job.kind = kPreviewJob;
    job.title = tr("Previewing the fabric");
    job.context = this;
    // A copy of the catalog: the window's prices may change while the generator runs.
    auto work = [s = spec(), snapshot = JobSnapshot::catalogOf(m_catalog)](JobControl &) {
        const Catalog &catalog = *snapshot.catalog;
        auto p = std::make_shared<Preview>();
        auto generated = generateFatTree(s, catalog, &p->report);
        if (!generated) {
            p->error = errorText(generated.error());
            return p;
        }
        p->design = std::make_shared<Design>(std::move(*generated));
        p->bom = computeBom(*p->design, catalog);
        p->links = p->design->links.size();
        p->ok = true;
        return p;
    };
    m_job = m_engine->start(std::move(job), std::move(work), [this](std::shared_ptr<Preview> p) { showPreview(std::move(p)); });
}

// The fat tree: tiers, rails, units, the counts (over all planes).
QString FabricWizard::fatTreeSummary(const FatTreeReport &r, std::size_t links)
{
    QLocale l;
    QString text = tr("<b>%1 tiers</b>, %2 rails, %3 scalable units of %4 servers<br>"
                      "Leaves %5, spines %6, cores %7 — %8 links<br>"
                      "Leaf ports: %9 down, %10 up<br>")
                       .arg(r.tiers)
                       .arg(r.rails)
                       .arg(r.scalableUnits)
                       .arg(r.suSize)
                       .arg(l.toString(r.leaves), l.toString(r.spines), l.toString(r.cores), l.toString(qlonglong(links)))
                       .arg(r.leafDown)
                       .arg(r.leafUp);
    if (r.planes > 1)
        text += tr("%1 planes, each its own subnet; the switch counts are over all planes<br>").arg(r.planes);
    return text;
}

// Rail-only: the engine's first note (what it saves against the fat tree of the same servers, what
// each rail's network is and what the choice costs), then the counts over all rails.
QString FabricWizard::railOnlySummary(const FatTreeReport &r, std::size_t links)
{
    QLocale l;
    QString lead = r.notes.empty() ? QString() : engineText(r.notes.front());
    if (!lead.isEmpty())
        lead[0] = lead[0].toUpper();
    return QStringLiteral("<p style='margin-bottom:6px'>%1</p>").arg(lead.toHtmlEscaped())
           + tr("Over all rails: leaves %1, spines %2, cores %3 — %4 links<br>"
                "Leaf ports: %5 down, %6 up; in each rail's network %7 scalable units of %8 servers<br>")
                 .arg(l.toString(r.leaves), l.toString(r.spines), l.toString(r.cores), l.toString(qlonglong(links)))
                 .arg(r.leafDown)
                 .arg(r.leafUp)
                 .arg(r.scalableUnits)
                 .arg(r.suSize);
}

void FabricWizard::showPreview(std::shared_ptr<Preview> preview)
{
    m_shown = true;
    m_job = 0;
    m_last = std::move(preview);
    const Preview *p = m_last.get();
    if (m_ok)
        m_ok->setEnabled(p->ok);
    if (!p->ok) {
        m_preview->setText(QStringLiteral("<span style='color:#b00020'>%1</span>").arg(p->error.toHtmlEscaped()));
        return;
    }
    QLocale l;
    const FatTreeReport &r = p->report;
    // Rail-only leads with what it saves against the fat tree and what it costs: the point of it.
    QString text = r.railOnly ? railOnlySummary(r, p->links) : fatTreeSummary(r, p->links);
    // The blocking asked for against what was built, and why they differ (the engine's sentence).
    if (!r.blocking.format.empty())
        text += tr("<b>Blocking</b>: %1<br>").arg(engineText(r.blocking).toHtmlEscaped());
    const BomTotals &t = p->bom.totals;
    text += tr("GPUs <b>%1</b> · CAPEX <b>%2</b>%3 · CAPEX per GPU <b>%4</b> · power %5 kW")
                .arg(l.toString(t.gpus), formatMoneyShort(t.capex, QString::fromStdString(p->bom.currency)), t.capexComplete ? QString() : tr(" (some prices unknown)"),
                     t.capexPerGpu ? formatMoney(*t.capexPerGpu, p->bom.currency) : tr("n/a"), l.toString(t.powerW / 1000, 'f', 1));
    for (std::size_t i = r.railOnly ? 1 : 0; i < r.notes.size(); ++i)
        text += QStringLiteral("<br><i>") + engineText(r.notes[i]).toHtmlEscaped() + QStringLiteral("</i>");
    m_preview->setText(text);
}

QString FabricWizard::previewText() const
{
    return m_preview->text();
}

bool FabricWizard::waitForPreview(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (m_debounce.isActive()) {
            m_debounce.stop();
            startPreview();
        }
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        // Finished is not enough: the result must have been shown (the watcher's signal handled).
        if (!m_dirty && !m_debounce.isActive() && !isPreviewing() && m_shown)
            return true;
    }
    return false;
}

} // namespace cplan
