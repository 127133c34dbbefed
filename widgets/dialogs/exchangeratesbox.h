#pragma once

#ifndef Q_MOC_RUN
#include "catalog/exchangerates.h"
#endif

#include <QGroupBox>

#include <optional>

class QComboBox;
class QDateEdit;
class QDoubleSpinBox;
class QLineEdit;
class QTableWidget;

namespace cplan {

class Document;

// File ▸ Design settings ▸ Exchange rates: the rates of the user's price book the BOM converts
// prices with (currency, value in US dollars, date, source), and a row to add one. Without a
// price book (a document that cannot edit prices) the rates are shown read-only.
class ExchangeRatesBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit ExchangeRatesBox(Document *document, QWidget *parent = nullptr);

    QComboBox *currencyCombo() const { return m_currency; }
    QDoubleSpinBox *rateSpin() const { return m_rate; }
    QDateEdit *dateEdit() const { return m_date; }
    QLineEdit *sourceEdit() const { return m_source; }
    QTableWidget *table() const { return m_table; }

    // The rate typed in the add row; nothing when no rate was typed (0).
    std::optional<ExchangeRate> typedRate() const;

private:
    void fillTable();

    Document *m_document;
    QTableWidget *m_table;
    QComboBox *m_currency;
    QDoubleSpinBox *m_rate;
    QDateEdit *m_date;
    QLineEdit *m_source;
};

} // namespace cplan
