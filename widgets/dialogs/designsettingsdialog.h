#pragma once

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace cplan {

class Document;
class ExchangeRatesBox;

// File ▸ Design settings: the design's name and the assumptions its figures rest on (currency,
// electricity price, PUE, TCO years, routing engine, MTU), the quote's terms (spares, discount) and
// the exchange rates of the price book. OK pushes one undo step: SetDesignSettings and/or
// AddExchangeRate.
class DesignSettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit DesignSettingsDialog(Document *document, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *currencyCombo() const { return m_currency; }
    QDoubleSpinBox *electricitySpin() const { return m_electricity; }
    QDoubleSpinBox *pueSpin() const { return m_pue; }
    QSpinBox *tcoYearsSpin() const { return m_tcoYears; }
    QDoubleSpinBox *sparesSpin() const { return m_spares; }
    QDoubleSpinBox *discountSpin() const { return m_discount; }
    // The design's MTU in bytes; its minimum (shown as "Not stated") leaves the MTU unset.
    QSpinBox *mtuSpin() const { return m_mtu; }
    ExchangeRatesBox *ratesBox() const { return m_rates; }
    // Pushes the edit (nothing when nothing changed); what OK does. False with `error` when the
    // price book refuses the rate typed (nothing is pushed then).
    bool apply(QString *error = nullptr);

private:
    Document *m_document;
    QLineEdit *m_name;
    QComboBox *m_currency, *m_routing, *m_loadBalancing;
    QDoubleSpinBox *m_electricity, *m_pue, *m_spares, *m_discount;
    QSpinBox *m_tcoYears, *m_mtu;
    ExchangeRatesBox *m_rates;
};

} // namespace cplan
