#include "designsettingsdialog.h"

#include "commands.h"
#include "document.h"
#include "exchangeratesbox.h"
#include "pricecommands.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

#include <memory>

namespace cplan {

namespace {

// The design's path policy: the fabric's own (no setting) or one by name.
QComboBox *loadBalancingBox(std::optional<LoadBalancing> current, QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->addItem(DesignSettingsDialog::tr("The fabric's own (ECMP on Ethernet, tables on InfiniBand)"), QString());
    for (LoadBalancing p : {LoadBalancing::Lft, LoadBalancing::Adaptive, LoadBalancing::Ecmp, LoadBalancing::EnhancedEcmp,
                            LoadBalancing::Flowlet, LoadBalancing::Spray})
        box->addItem(QString::fromLatin1(toString(p)), QString::fromLatin1(toString(p)));
    if (current)
        box->setCurrentIndex(box->findData(QString::fromLatin1(toString(*current))));
    box->setToolTip(DesignSettingsDialog::tr("How flows take the fabric's equal-cost paths: lft = the routing tables' one route, "
                                             "ar = InfiniBand adaptive routing, ecmp = per-flow hashing (run over several hash "
                                             "seeds), eecmp = ECMP with QP scaling, flowlet, spray = per-packet spraying "
                                             "(Spectrum-X)."));
    return box;
}

// The MTU set on every port unless a node says otherwise; the lowest value means "not stated".
QSpinBox *mtuBox(std::optional<int> current, QWidget *parent)
{
    auto *spin = new QSpinBox(parent);
    spin->setRange(kMinMtu - 1, kMaxMtu);
    spin->setSpecialValueText(DesignSettingsDialog::tr("Not stated"));
    spin->setSuffix(DesignSettingsDialog::tr(" bytes"));
    spin->setValue(current.value_or(kMinMtu - 1));
    spin->setToolTip(DesignSettingsDialog::tr("The MTU configured on the fabric's ports (a node may set its own in the inspector). "
                                              "Validation checks it against each part's largest MTU, across links, and for RoCE "
                                              "(4192 or more carries 4096-byte RoCE payloads). Not stated: nothing is checked."));
    return spin;
}

} // namespace

DesignSettingsDialog::DesignSettingsDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
{
    setWindowTitle(tr("Design settings"));
    const Design &design = document->design();
    const Settings &s = design.settings;
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    m_name = new QLineEdit(QString::fromStdString(design.name), this);
    form->addRow(tr("Name"), m_name);
    m_currency = new QComboBox(this);
    m_currency->setEditable(true);
    m_currency->addItems({QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("CNY"), QStringLiteral("GBP"), QStringLiteral("JPY")});
    m_currency->setCurrentText(QString::fromStdString(s.currency));
    m_currency->setToolTip(tr("Currency of the BOM and its totals. A price in another currency is converted with "
                              "the exchange rates below; without a rate its line stays unknown."));
    form->addRow(tr("Currency"), m_currency);
    m_electricity = new QDoubleSpinBox(this);
    m_electricity->setRange(0, 10);
    m_electricity->setDecimals(3);
    m_electricity->setSingleStep(0.01);
    m_electricity->setValue(s.electricityPricePerKWh);
    m_electricity->setToolTip(tr("Price of one kWh, for the energy part of the TCO."));
    form->addRow(tr("Electricity price per kWh"), m_electricity);
    m_pue = new QDoubleSpinBox(this);
    m_pue->setRange(1.0, 3.0);
    m_pue->setDecimals(2);
    m_pue->setSingleStep(0.05);
    m_pue->setValue(s.pue);
    m_pue->setToolTip(tr("Power usage effectiveness of the data centre: facility power divided by IT power."));
    form->addRow(tr("PUE"), m_pue);
    m_tcoYears = new QSpinBox(this);
    m_tcoYears->setRange(1, 15);
    m_tcoYears->setValue(s.tcoYears);
    m_tcoYears->setSuffix(tr(" years"));
    form->addRow(tr("TCO period"), m_tcoYears);
    m_routing = new QComboBox(this);
    m_routing->addItems({QStringLiteral("ftree"), QStringLiteral("updown"), QStringLiteral("minhop")});
    m_routing->setCurrentText(QString::fromStdString(s.routingEngine));
    m_routing->setToolTip(tr("The OpenSM routing engine the analysis models."));
    form->addRow(tr("Routing engine"), m_routing);
    m_loadBalancing = loadBalancingBox(s.loadBalancing, this);
    form->addRow(tr("Load balancing"), m_loadBalancing);
    m_mtu = mtuBox(s.mtu, this);
    form->addRow(tr("MTU"), m_mtu);

    auto percent = [this](double value, const QString &tip) {
        auto *spin = new QDoubleSpinBox(this);
        spin->setRange(0, 100);
        spin->setDecimals(1);
        spin->setSuffix(QStringLiteral(" %"));
        spin->setValue(value);
        spin->setToolTip(tip);
        return spin;
    };
    m_spares = percent(s.sparesPercent, tr("Spares on cables and transceivers (the parts that fail in the field), as a share of "
                                           "their cost; the quote in the BOM workbook and the report adds them."));
    form->addRow(tr("Spares"), m_spares);
    m_discount = percent(s.discountPercent, tr("Discount off the whole quote (hardware and spares) in the BOM workbook and the "
                                               "report. The Metrics dock's CAPEX stays at list prices."));
    form->addRow(tr("Discount"), m_discount);

    m_rates = new ExchangeRatesBox(document, this);
    layout->addWidget(m_rates);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        QString error;
        if (!apply(&error)) {
            QMessageBox::warning(this, windowTitle(), error);
            return;
        }
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

bool DesignSettingsDialog::apply(QString *error)
{
    std::unique_ptr<AddExchangeRate> rate;
    if (const auto typed = m_rates->typedRate()) {
        rate = AddExchangeRate::create(m_document, *typed, error);
        if (!rate)
            return false;
    }
    Settings s = m_document->design().settings;
    s.currency = m_currency->currentText().trimmed().toUpper().toStdString();
    if (s.currency.empty())
        s.currency = m_document->design().settings.currency;
    s.electricityPricePerKWh = m_electricity->value();
    s.pue = m_pue->value();
    s.tcoYears = m_tcoYears->value();
    s.routingEngine = m_routing->currentText().toStdString();
    s.loadBalancing = loadBalancingFromString(m_loadBalancing->currentData().toString().toStdString());
    s.mtu = m_mtu->value() >= kMinMtu ? std::optional<int>(m_mtu->value()) : std::nullopt;
    s.sparesPercent = m_spares->value();
    s.discountPercent = m_discount->value();
    std::unique_ptr<SetDesignSettings> settings(new SetDesignSettings(m_document, m_name->text().toStdString(), s));
    if (settings->isNoOp())
        settings.reset();
    QUndoStack *stack = m_document->undoStack();
    const bool both = settings && rate;   // one OK, one undo step
    if (both)
        stack->beginMacro(tr("Change design settings"));
    if (settings)
        stack->push(settings.release());
    if (rate)
        stack->push(rate.release());
    if (both)
        stack->endMacro();
    return true;
}

} // namespace cplan
