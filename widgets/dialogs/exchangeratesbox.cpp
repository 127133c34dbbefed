#include "exchangeratesbox.h"

#include "document.h"

#include "catalog/catalog.h"

#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <set>

namespace cplan {

namespace {

// The currencies worth offering first: those catalog prices are in that have no rate yet (an
// imported EUR quote), then the common ones.
QStringList currencySuggestions(const Catalog &catalog)
{
    std::set<std::string> missing;
    for (const Part &p : catalog.parts())
        if (p.unitPrice && !p.currency.empty() && !catalog.rates().known(p.currency))
            missing.insert(p.currency);
    QStringList out;
    for (const std::string &c : missing)
        out << QString::fromStdString(c);
    for (const char *c : {"EUR", "CNY", "GBP", "JPY", "CHF"})
        if (!out.contains(QLatin1String(c)))
            out << QLatin1String(c);
    return out;
}

} // namespace

ExchangeRatesBox::ExchangeRatesBox(Document *document, QWidget *parent)
    : QGroupBox(tr("Exchange rates"), parent)
    , m_document(document)
{
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A price in another currency than the design's is converted with these rates (your price "
                                "book, for every design); without a rate its line stays unknown."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table = new QTableWidget(0, 4, this);
    m_table->setObjectName(QStringLiteral("exchangeRatesTable"));
    m_table->setHorizontalHeaderLabels({tr("Currency"), tr("Value in USD"), tr("Date"), tr("Source")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setMaximumHeight(120);
    layout->addWidget(m_table);
    fillTable();

    m_currency = new QComboBox(this);
    m_currency->setEditable(true);
    m_currency->addItems(currencySuggestions(document->catalog()));
    m_rate = new QDoubleSpinBox(this);
    m_rate->setRange(0, 1e6);
    m_rate->setDecimals(6);
    m_rate->setSpecialValueText(tr("none"));
    m_rate->setSuffix(QStringLiteral(" USD"));
    m_date = new QDateEdit(QDate::currentDate(), this);
    m_date->setCalendarPopup(true);
    m_date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_source = new QLineEdit(this);
    m_source->setPlaceholderText(tr("bank, quote"));
    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(QStringLiteral("1"), this));
    row->addWidget(m_currency);
    row->addWidget(new QLabel(QStringLiteral("="), this));
    row->addWidget(m_rate, 1);
    auto *form = new QFormLayout;
    form->addRow(tr("New rate"), row);
    form->addRow(tr("Date"), m_date);
    form->addRow(tr("Source"), m_source);
    layout->addLayout(form);
    if (!document->canEditPrices()) {
        for (QWidget *w : std::initializer_list<QWidget *>{m_currency, m_rate, m_date, m_source})
            w->setEnabled(false);
        setToolTip(tr("No price book is open: rates can be set with `cplan catalog set-rate`."));
    }
}

void ExchangeRatesBox::fillTable()
{
    const auto &rates = m_document->catalog().rates().all();
    m_table->setRowCount(int(rates.size()));
    const QLocale locale;
    for (int i = 0; i < int(rates.size()); ++i) {
        const ExchangeRate &r = rates[std::size_t(i)];
        const QStringList cells = {QString::fromStdString(r.currency), locale.toString(r.perUsd, 'g', 8),
                                   QString::fromStdString(r.date), QString::fromStdString(r.source)};
        for (int c = 0; c < cells.size(); ++c)
            m_table->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    m_table->resizeColumnsToContents();
}

std::optional<ExchangeRate> ExchangeRatesBox::typedRate() const
{
    if (!m_rate->isEnabled() || m_rate->value() <= 0)
        return std::nullopt;
    ExchangeRate r;
    r.currency = m_currency->currentText().trimmed().toUpper().toStdString();
    r.perUsd = m_rate->value();
    r.date = m_date->date().toString(Qt::ISODate).toStdString();
    r.source = m_source->text().trimmed().toStdString();
    if (r.source.empty())
        r.source = tr("typed into Design settings").toStdString();
    return r;
}

} // namespace cplan
